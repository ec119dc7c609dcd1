// The AppError family: services throw these with the sentence the client shows; the error handler maps them.
import type { ErrorDetail } from '@bpm/protocol';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: ErrorDetail[]) {
    super(400, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'Request body is too large') {
    super(413, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    /** Seconds until the caller may try again; sent as Retry-After. */
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    /** Seconds until the caller may try again; sent as Retry-After. */
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}

/** The request named a host this server does not answer as (docs/security.md "Headers"). */
export class MisdirectedRequestError extends AppError {
  constructor(message: string) {
    super(421, message);
  }
}
