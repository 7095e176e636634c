import {
  AgregarEmailsResponseSchema,
  AgregarEmailsSchema,
  AgregarPartesResponseSchema,
  AgregarPartesSchema,
  EstudioCreateSchema,
  EstudioListItemSchema,
  EstudioListQuerySchema,
  EstudioSchema,
  IdParamSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../auditoria/audit-actor';
import { addEmails, addPartes, getEstudio, listEstudios, registerEstudio } from './estudios.service';

export const estudiosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/estudios/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['estudios'], querystring: EstudioListQuerySchema, response: { 200: z.array(EstudioListItemSchema) } },
    },
    async (request) => listEstudios(request.tenantDb, request.query),
  );

  app.post(
    '/estudios/registrar_estudio/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['estudios'], body: EstudioCreateSchema, response: { 201: EstudioSchema } },
    },
    async (request, reply) => reply.status(201).send(await registerEstudio(request.tenantDb, request.body, auditActorOf(request))),
  );

  app.get(
    '/estudios/:id/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['estudios'], params: IdParamSchema, response: { 200: EstudioSchema } },
    },
    async (request) => getEstudio(request.tenantDb, request.params.id),
  );

  app.post(
    '/estudios/:id/agregar_emails/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['estudios'],
        params: IdParamSchema,
        body: AgregarEmailsSchema,
        response: { 201: AgregarEmailsResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addEmails(request.tenantDb, request.params.id, request.body, auditActorOf(request))),
  );

  app.post(
    '/estudios/:id/agregar_partes_demandantes/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['estudios'],
        params: IdParamSchema,
        body: AgregarPartesSchema,
        response: { 201: AgregarPartesResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addPartes(request.tenantDb, request.params.id, request.body, auditActorOf(request))),
  );
};
