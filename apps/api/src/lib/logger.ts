import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';

/** Field names whose values never reach the log (secrets and personal data). */
const SECRET_KEYS = /^(password.*|.*_?hash|passwordHash|token|tokens|access|refresh|authorization|cookie|set-cookie|username|email|e?mails?|usuario_email|params|parameters|detail|secret|client_secret|rut.*|enlace.*|cuerpo)$/i;
const CENSOR = '[redactado]';

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const clean: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    clean[key] = SECRET_KEYS.test(key) ? CENSOR : scrub(item, depth + 1);
  }
  return clean;
}

/** A failed query's message carries its parameters after 'params:'; keep the SQL, drop the values. */
function scrubMessage(message: unknown): unknown {
  if (typeof message !== 'string') return message;
  const cut = message.indexOf('\nparams:');
  return cut === -1 ? message : `${message.slice(0, cut)}\nparams: ${CENSOR}`;
}

function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return scrub(error);
  const plain: Record<string, unknown> = { type: error.name, message: scrubMessage(error.message), stack: scrubMessage(error.stack) };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause') continue;
    plain[key] = SECRET_KEYS.test(key) ? CENSOR : key === 'query' ? value : scrub(value);
  }
  if (error.cause !== undefined) plain.cause = serializeError(error.cause, depth + 1);
  return plain;
}

/** Request lines without their query string: search terms, RUTs and codes stay out of the log. */
function serializeRequest(request: FastifyRequest) {
  const [path, query] = request.url.split('?', 2);
  return {
    method: request.method,
    url: query === undefined ? path : `${path}?${CENSOR}`,
    remoteAddress: request.ip,
  };
}

export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.passwordHash',
  '*.refresh',
  '*.access',
  '*.token',
  '*.enlace_activacion',
  '*.*.enlace_activacion',
  '*.cuerpo',
];

/** Fastify logger options with redaction; false keeps logging off. */
export function loggerOptions(logger: AppConfig['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: LOG_REDACT_PATHS, censor: CENSOR },
    serializers: { req: serializeRequest as never, err: serializeError as never, error: serializeError as never },
  };
}
