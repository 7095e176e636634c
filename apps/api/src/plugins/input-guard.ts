import { INPUT_STRING_MAX, inputMessages, hasNul } from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Longest single string this route accepts (default INPUT_STRING_MAX). */
    maxInputString?: number;
    /** Multipart fields that carry JSON, with their schemas: the security suite fuzzes them. */
    multipartJson?: Record<string, unknown>;
  }
}

const MAX_DEPTH = 32;
const MAX_NODES = 200_000;

interface Limits {
  maxString: number;
  nodes: number;
}

function refuse(message: string): never {
  throw new AppError('BAD_REQUEST', message);
}

function checkString(value: string, limits: Limits) {
  if (value.length > limits.maxString) refuse(inputMessages.textoDemasiadoLargo(limits.maxString));
  if (hasNul(value)) refuse(inputMessages.caracterNoPermitido);
}

function walk(value: unknown, depth: number, limits: Limits): void {
  if (typeof value === 'string') return checkString(value, limits);
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) refuse(inputMessages.demasiadoAnidado);
  if (Buffer.isBuffer(value)) return;
  if (Array.isArray(value)) {
    limits.nodes += value.length;
    if (limits.nodes > MAX_NODES) refuse(inputMessages.demasiadosElementos);
    for (const item of value) walk(item, depth + 1, limits);
    return;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return;
  for (const [key, item] of Object.entries(value)) {
    limits.nodes += 1;
    if (limits.nodes > MAX_NODES) refuse(inputMessages.demasiadosElementos);
    checkString(key, limits);
    walk(item, depth + 1, limits);
  }
}

/**
 * The same limits for a value a route reads itself (such as JSON inside a multipart field): throws a
 * 400 with a Spanish detail when a string is too long, holds NUL, or the value nests too deep.
 */
export function guardInput(value: unknown, maxString: number = INPUT_STRING_MAX): void {
  walk(value, 0, { maxString, nodes: 0 });
}

/**
 * A cheap net under every route, before its schema runs: no string longer than the route allows,
 * no NUL, no absurd nesting — so a contract that forgot a limit still cannot stall the server.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
      const limits: Limits = { maxString: request.routeOptions.config.maxInputString ?? INPUT_STRING_MAX, nodes: 0 };
      try {
        walk(request.params, 0, limits);
        walk(request.query, 0, limits);
        walk(request.body, 0, limits);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    });
  },
  { name: 'input-guard' },
);
