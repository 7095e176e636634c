import {
  BuscarPorRolQuerySchema,
  BuscarPorRolResponseSchema,
  CoincidenciasRolResponseSchema,
  EncargoDetailSchema,
  EncargoListQuerySchema,
  EncargoListResponseSchema,
  EncargoModifySchema,
  IdParamSchema,
  ReEncargoSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText, trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { auditActorOf } from '../auditoria/audit-actor';
import { listCoincidenciasRol } from './coincidencias-rol';
import { findByRol, getEncargo, listEncargosJson, modifyEncargo, reEncargo } from './encargos.service';

export const encargosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/encargos/lista/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['encargos'], querystring: EncargoListQuerySchema, response: { 200: EncargoListResponseSchema } },
      serializerCompiler: trustedSerializerCompiler,
    },
    async (request, reply) => sendJsonText(reply, await listEncargosJson(request.tenantDb, request.query)),
  );

  app.get(
    '/encargos/buscar_por_rol/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['encargos'], querystring: BuscarPorRolQuerySchema, response: { 200: BuscarPorRolResponseSchema } },
      serializerCompiler: trustedSerializerCompiler,
    },
    async (request) => findByRol(request.tenantDb, request.query.numero_rol),
  );

  app.get(
    '/encargos/coincidencias_rol/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['encargos'], querystring: BuscarPorRolQuerySchema, response: { 200: CoincidenciasRolResponseSchema } },
      serializerCompiler: trustedSerializerCompiler,
    },
    async (request) => listCoincidenciasRol(request.tenantDb, request.query.numero_rol),
  );

  app.post(
    '/encargos/re_encargo/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['encargos'], body: ReEncargoSchema, response: { 201: EncargoDetailSchema } },
    },
    async (request, reply) => reply.status(201).send(await reEncargo(request.tenantDb, request.body, auditActorOf(request))),
  );

  app.get(
    '/encargos/:id/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['encargos'], params: IdParamSchema, response: { 200: EncargoDetailSchema } },
    },
    async (request) => getEncargo(request.tenantDb, request.params.id),
  );

  app.patch(
    '/encargos/:id/modificar_encargo/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['encargos'],
        params: IdParamSchema,
        body: EncargoModifySchema,
        response: { 200: EncargoDetailSchema },
      },
    },
    async (request) => modifyEncargo(request.tenantDb, request.params.id, request.body, auditActorOf(request)),
  );
};
