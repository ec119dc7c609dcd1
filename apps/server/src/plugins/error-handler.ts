// The only setErrorHandler: every failure becomes an ErrorBody {statusCode, error, message, details?}.
import { STATUS_CODES } from 'node:http';
import type { ErrorBody, ErrorDetail } from '@bpm/protocol';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError, ServiceUnavailableError, TooManyRequestsError } from '../errors.js';
import { badRequestFromZod } from '../validation.js';

export function errorBody(statusCode: number, message: string, details?: ErrorDetail[]): ErrorBody {
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (details && details.length > 0) body.details = details;
  return body;
}

/** Fastify's own messages for common client mistakes, in the plain words the rest of the API uses. */
function fastifyMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    default:
      return error.message;
  }
}

function sendError(reply: FastifyReply, statusCode: number, message: string, details?: ErrorDetail[]): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(statusCode, message, details));
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | Error, request, reply) => {
      if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError)
        reply.header('Retry-After', String(error.retryAfterSeconds));
      if (error instanceof AppError) return sendError(reply, error.statusCode, error.message, error.details);
      if (error instanceof z.ZodError) {
        const bad = badRequestFromZod(error);
        return sendError(reply, 400, bad.message, bad.details);
      }
      const statusCode = (error as FastifyError).statusCode;
      if (statusCode && statusCode >= 400 && statusCode < 500) {
        return sendError(reply, statusCode, fastifyMessage(error as FastifyError));
      }
      request.log.error({ err: error }, 'Unhandled error');
      return sendError(reply, 500, 'Internal Server Error');
    });
  },
  { name: 'bpm-error-handler' },
);
