import {
  canEditReceptor,
  ValoresUfQuerySchema,
  ValorUfCreateSchema,
  ValorUfSchema,
  valoresUfMessages as m,
} from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { listarValoresUf, registrarValorUf } from './valores-uf.service';

/** Entering a UF value: cargo receptor, the permissions module, or the platform admin. */
async function requireReceptorEditor(request: FastifyRequest) {
  if (!canEditReceptor(request.account, request.permissionCodes)) throw new AppError('FORBIDDEN', m.sinPermiso);
}

/** The receiver's UF history (issue 41 §1): listed by any user, entered by hand by the receiver. */
export const valoresUfRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dashboard'];

  app.get(
    '/indicadores-economicos/uf/',
    { onRequest: [app.authenticate], schema: { tags, querystring: ValoresUfQuerySchema, response: { 200: z.array(ValorUfSchema) } } },
    async (request) => listarValoresUf(request.tenantDb, request.query),
  );

  app.post(
    '/indicadores-economicos/uf/',
    { onRequest: [app.authenticate, requireReceptorEditor], schema: { tags, body: ValorUfCreateSchema, response: { 201: ValorUfSchema } } },
    async (request, reply) => reply.code(201).send(await registrarValorUf(request.tenantDb, request.body, request.account.id)),
  );
};
