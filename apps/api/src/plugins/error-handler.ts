import { commonMessages } from '@receptoria/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { isDatabaseUnavailable, isInvalidData, uniqueViolation } from '../lib/db-errors';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: commonMessages.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no soportado.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Largo de contenido inválido.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'El cuerpo de la solicitud es demasiado grande.',
  FST_ERR_BAD_URL: commonMessages.invalidUrl,
  FST_ERR_ASYNC_CONSTRAINT: commonMessages.invalidUrl,
  FST_ERR_CTP_INVALID_TYPE: 'Tipo de contenido no soportado.',
};

/** Seconds a client should wait before retrying while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
}

/** Errors raised before routing (bad URL encodings): the same JSON shape as everything else. */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send({ detail: (error.code && FRAMEWORK_MESSAGES[error.code]) ?? commonMessages.invalidUrl });
}

/** The one place where errors become HTTP answers: `{ detail, errors? }`, never internals. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const key = fieldName(issue.instancePath);
          (errors[key] ??= []).push(issue.message ?? commonMessages.validation);
        }
        const messages = [...new Set(Object.values(errors).flat())];
        return reply.status(400).send({ detail: messages.join(', ') || commonMessages.validation, errors });
      }
      if (error instanceof AppError) {
        if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply
          .status(error.statusCode)
          .send(error.errors ? { detail: error.message, errors: error.errors } : { detail: error.message });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ detail: error.message || commonMessages.rateLimited });
      }
      if (status >= 400 && status < 500) {
        const detail =
          (error.code && FRAMEWORK_MESSAGES[error.code]) ??
          (error instanceof SyntaxError ? commonMessages.malformedJson : commonMessages.validation);
        return reply.status(status).send({ detail });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ detail: commonMessages.unavailable });
      }
      if (uniqueViolation(error) !== undefined) {
        return reply.status(409).send({ detail: commonMessages.conflict });
      }
      if (isInvalidData(error)) {
        return reply.status(400).send({ detail: commonMessages.validation });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ detail: commonMessages.internal });
    });
  },
  { name: 'error-handler' },
);
