import { commonMessages } from '@receptoria/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: commonMessages.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no soportado.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Largo de contenido inválido.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'El cuerpo de la solicitud es demasiado grande.',
};

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
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
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ detail: commonMessages.internal });
    });
  },
  { name: 'error-handler' },
);
