import type { FastifySerializerCompiler } from 'fastify';

/**
 * For hot read routes whose bodies the repository builds field by field, typed by the contract:
 * plain JSON.stringify instead of re-validating every row with zod on the way out (about a third
 * of the cost of a 20-row page). The zod response schema stays on the route for OpenAPI and types;
 * the route's tests parse its bodies with that schema.
 */
export const trustedSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/**
 * Sends a body the handler already holds as JSON text (a page PostgreSQL wrote as JSON): Fastify
 * passes a string with a JSON content type through without serializing it again. The route keeps
 * its zod response schema for OpenAPI; its tests parse the body with it. The handler must return
 * what this returns (the reply): an async handler that resolves before an asynchronous onSend hook
 * (compression) has finished would otherwise have its answer sent empty.
 */
export function sendJsonText<R extends { type(contentType: string): { send(payload: never): unknown } }>(reply: R, json: string): R {
  reply.type('application/json; charset=utf-8').send(json as never);
  return reply;
}
