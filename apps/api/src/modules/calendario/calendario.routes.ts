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
import type { ControlDb } from '@receptoria/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { type AuditActor, auditActorOf } from '../auditoria/audit-actor';
import {
  addFeriadoPropio,
  type AlCambiarFeriado,
  contarDiasHabiles,
  deleteFeriadoPropio,
  getConfiguracion,
  listFeriados,
  saveConfiguracion,
} from './calendario.service';
import { recalcularPlazos, recalcularPlazosAbiertos } from './plazos.service';
import { plazosRoutes } from './plazos.routes';

/** Changing the calendar: cargo receptor, the permissions module, or the platform admin (as the receiver's data). */
async function requireCalendarioEditor(request: FastifyRequest) {
  if (!canEditReceptor(request.account, request.permissionCodes)) throw new AppError('FORBIDDEN', m.sinPermiso);
}

/** An own holiday added or removed moves the open deadlines whose span it touches. */
function alCambiarFeriado(controlDb: ControlDb, tenantId: number, actor: AuditActor): AlCambiarFeriado {
  return (tx, fecha) => recalcularPlazos(tx, { controlDb, tenantId }, fecha, actor);
}

const FeriadoIdParamsSchema = z.object({ id: idSchema(m.feriadoNoEncontrado) });

/** The legal calendar (issue 24): holidays, settings and the counting of días hábiles. Reading: any user of the receiver. */
export const calendarioRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = [app.authenticate];
  const write = [app.authenticate, requireCalendarioEditor];

  await app.register(plazosRoutes);

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
      const actor = auditActorOf(request);
      const ref = { controlDb: app.controlDb, tenantId: request.auth.tenantId };
      const feriado = await addFeriadoPropio(request.tenantDb, ref, alCambiarFeriado(app.controlDb, request.auth.tenantId, actor), request.body, actor);
      return reply.code(201).send({ ...feriado, message: feriado.tipo === 'no_feriado' ? m.diaHabilAgregado : m.feriadoAgregado });
    },
  );

  app.delete(
    '/calendario/feriados/:id/',
    { onRequest: write, schema: { tags: ['calendario'], params: FeriadoIdParamsSchema, response: { 200: FeriadoEliminadoResponseSchema } } },
    async (request) => {
      const actor = auditActorOf(request);
      const plazos = await deleteFeriadoPropio(request.tenantDb, alCambiarFeriado(app.controlDb, request.auth.tenantId, actor), request.params.id, actor);
      return { message: m.feriadoEliminado, plazos_recalculados: plazos };
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
      const actor = auditActorOf(request);
      const ref = { controlDb: app.controlDb, tenantId: request.auth.tenantId };
      const config = await saveConfiguracion(request.tenantDb, app.controlDb, request.auth.tenantId, request.body, actor, (tx) =>
        recalcularPlazosAbiertos(tx, ref, actor),
      );
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
