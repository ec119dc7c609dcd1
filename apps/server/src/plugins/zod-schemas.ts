// Route schemas are protocol zod schemas: they validate input (a failure is our 400 with details),
// type the handlers, and feed the OpenAPI document (plugins/openapi.ts).
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { badRequestFromZod } from '../validation.js';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    if (!(schema instanceof z.ZodType)) throw new Error('Route schemas must be zod schemas from @bpm/protocol');
    const zodSchema = schema;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      return result.success ? { value: result.data } : { error: badRequestFromZod(result.error) };
    };
  });
  // Answers are built from typed rows in *.queries.ts; response schemas document them, JSON.stringify sends them.
  app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));
}

/** JSON Schema for the OpenAPI document; schemas that cannot be expressed become `{}` rather than failing. */
export function toJsonSchema(schema: unknown, io: 'input' | 'output'): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
