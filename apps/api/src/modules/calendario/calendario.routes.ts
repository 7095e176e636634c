import {
  CalendarioConfiguracionSchema,
  CalendarioConfiguracionUpdateResponseSchema,
  CalendarioConfiguracionUpdateSchema,
  calendarioMessages as m,
  canEditReceptor,
  DiasHabilesQuerySchema,
  DiasHabilesResponseSchema,
  FeriadoEliminadoResponseSchema,
  FeriadoListSchema,
  FeriadoPropioCreateSchema,
  FeriadoPropioResponseSchema,
  FeriadosQuerySchema,
  idSchema,
} from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../auditoria/audit-actor';
import {
  addFeriadoPropio,
  contarDiasHabiles,
  deleteFeriadoPropio,
  getConfiguracion,
  listFeriados,
  saveConfiguracion,
} from './calendario.service';

/** Changing the calendar: cargo receptor, the permissions module, or the platform admin (as the receiver's data). */
async function requireCalendarioEditor(request: FastifyRequest) {
  if (!canEditReceptor(request.account, request.permissionCodes)) throw new AppError('FORBIDDEN', m.sinPermiso);
}

const FeriadoIdParamsSchema = z.object({ id: idSchema(m.feriadoNoEncontrado) });

/** The legal calendar (issue 24): holidays, settings and the counting of días hábiles. Reading: any user of the receiver. */
export const calendarioRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = [app.authenticate];
  const write = [app.authenticate, requireCalendarioEditor];

  app.get(
    '/calendario/feriados/',
    { onRequest: read, schema: { tags: ['calendario'], querystring: FeriadosQuerySchema, response: { 200: FeriadoListSchema } } },
    async (request) =>
      listFeriados(request.tenantDb, app.controlDb, request.auth.tenantId, request.query.anio, request.query.region),
  );

  app.post(
    '/calendario/feriados/',
    { onRequest: write, schema: { tags: ['calendario'], body: FeriadoPropioCreateSchema, response: { 201: FeriadoPropioResponseSchema } } },
    async (request, reply) => {
      const feriado = await addFeriadoPropio(request.tenantDb, request.body, auditActorOf(request));
      return reply.code(201).send({ ...feriado, message: m.feriadoAgregado });
    },
  );

  app.delete(
    '/calendario/feriados/:id/',
    { onRequest: write, schema: { tags: ['calendario'], params: FeriadoIdParamsSchema, response: { 200: FeriadoEliminadoResponseSchema } } },
    async (request) => {
      await deleteFeriadoPropio(request.tenantDb, request.params.id, auditActorOf(request));
      return { message: m.feriadoEliminado };
    },
  );

  app.get(
    '/calendario/configuracion/',
    { onRequest: read, schema: { tags: ['calendario'], response: { 200: CalendarioConfiguracionSchema } } },
    async (request) => getConfiguracion(request.tenantDb, app.controlDb, request.auth.tenantId),
  );

  app.put(
    '/calendario/configuracion/',
    {
      onRequest: write,
      schema: { tags: ['calendario'], body: CalendarioConfiguracionUpdateSchema, response: { 200: CalendarioConfiguracionUpdateResponseSchema } },
    },
    async (request) => {
      const config = await saveConfiguracion(request.tenantDb, app.controlDb, request.auth.tenantId, request.body, auditActorOf(request));
      return { ...config, message: m.configuracionGuardada };
    },
  );

  app.get(
    '/calendario/dias_habiles/',
    { onRequest: read, schema: { tags: ['calendario'], querystring: DiasHabilesQuerySchema, response: { 200: DiasHabilesResponseSchema } } },
    async (request) =>
      contarDiasHabiles(request.tenantDb, app.controlDb, request.auth.tenantId, request.query.desde, request.query.dias),
  );
};
