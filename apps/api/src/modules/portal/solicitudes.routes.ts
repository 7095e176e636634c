import {
  ADMIN_USERNAME,
  commonMessages,
  EncargoAdjuntosResponseSchema,
  EncargoCreateSchema,
  IdParamSchema,
  PORTAL_ARCHIVOS,
  PortalConfiguracionInputSchema,
  PortalConfiguracionSchema,
  SolicitudAceptarResponseSchema,
  SolicitudesListResponseSchema,
  SolicitudesQuerySchema,
  SolicitudRechazarSchema,
  SolicitudResponseSchema,
} from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../auditoria/audit-actor';
import { PORTAL_AVISOS_QUEUE, runPortalAvisosTenant } from './portal-avisos';
import { sendPdf } from './portal.routes';
import {
  aceptarSolicitud,
  destinatarioPortal,
  getAdjunto,
  getPortalConfiguracion,
  getSolicitud,
  getSolicitudArchivo,
  listAdjuntos,
  listSolicitudes,
  rechazarSolicitud,
  savePortalConfiguracion,
} from './solicitudes.service';

const tags = ['solicitudes'];
const ArchivoParamsSchema = z.object({ id: IdParamSchema.shape.id, campo: z.enum(PORTAL_ARCHIVOS, { error: 'Archivo no encontrado' }) });
const AdjuntoParamsSchema = z.object({ id: IdParamSchema.shape.id, aid: IdParamSchema.shape.id });

/**
 * The receiver's inbox of portal requests (intake users): list, read, accept into an assignment (Nuevo
 * Encargo's body and rules) or reject; the accepted request's PDFs as the assignment's attachments; and
 * the receiver's portal setting (visit photos shown to firms).
 */
export const solicitudesRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate];

  /**
   * The sender is mailed through the portal outbox: a pg-boss job, or right away when jobs are off. One
   * job per accept or reject, never throttled: a second pass finds the rows the first claimed and skips
   * them, whereas a dropped job would leave the mail to the next minute's pass.
   */
  const avisar = async (request: FastifyRequest) => {
    const tenantId = request.tenant.id;
    try {
      if (app.jobs) await app.jobs.send(PORTAL_AVISOS_QUEUE, { tenantId });
      else await runPortalAvisosTenant(app.controlDb, app.scheduledContext, tenantId);
    } catch (error) {
      // The outbox keeps the mail; the next pass sends it.
      request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'portal mail pass not started');
    }
  };
  // A request sent with an API key has no portal user to mail.
  const avisoDe = (request: FastifyRequest) => async (row: { portalUsuarioId: number | null }) =>
    row.portalUsuarioId === null ? null : destinatarioPortal(app.controlDb, request.tenant.id, row.portalUsuarioId);

  app.get(
    '/solicitudes/',
    { onRequest, schema: { tags, querystring: SolicitudesQuerySchema, response: { 200: SolicitudesListResponseSchema } } },
    async (request) => listSolicitudes(request.tenantDb, request.query),
  );

  app.get(
    '/solicitudes/:id/',
    { onRequest, schema: { tags, params: IdParamSchema, response: { 200: SolicitudResponseSchema } } },
    async (request) => ({ solicitud: await getSolicitud(request.tenantDb, request.params.id) }),
  );

  app.get(
    '/solicitudes/:id/archivos/:campo/',
    { onRequest, schema: { tags, params: ArchivoParamsSchema } },
    async (request, reply) => sendPdf(reply, await getSolicitudArchivo(request.tenantDb, request.params.id, request.params.campo)),
  );

  app.post(
    '/solicitudes/:id/aceptar/',
    {
      onRequest,
      schema: { tags, params: IdParamSchema, body: EncargoCreateSchema, response: { 201: SolicitudAceptarResponseSchema } },
    },
    async (request, reply) => {
      const result = await aceptarSolicitud(request.tenantDb, request.params.id, request.body, auditActorOf(request), avisoDe(request));
      await avisar(request);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/solicitudes/:id/rechazar/',
    { onRequest, schema: { tags, params: IdParamSchema, body: SolicitudRechazarSchema, response: { 200: SolicitudResponseSchema } } },
    async (request) => {
      const solicitud = await rechazarSolicitud(request.tenantDb, request.params.id, request.body.motivo, auditActorOf(request), avisoDe(request));
      await avisar(request);
      return { solicitud };
    },
  );

  app.get(
    '/encargos/:id/adjuntos/',
    { onRequest, schema: { tags, params: IdParamSchema, response: { 200: EncargoAdjuntosResponseSchema } } },
    async (request) => ({ results: await listAdjuntos(request.tenantDb, request.params.id) }),
  );

  app.get(
    '/encargos/:id/adjuntos/:aid/',
    { onRequest, schema: { tags, params: AdjuntoParamsSchema } },
    async (request, reply) => {
      const file = await getAdjunto(request.tenantDb, request.params.id, request.params.aid);
      if (file.mime === 'application/pdf') return sendPdf(reply, file);
      return reply.header('content-type', file.mime).header('cache-control', 'no-store').send(file.content);
    },
  );

  app.get(
    '/portal_configuracion/',
    { onRequest, schema: { tags, response: { 200: PortalConfiguracionSchema } } },
    async (request) => getPortalConfiguracion(request.tenantDb),
  );

  app.put(
    '/portal_configuracion/',
    { onRequest, schema: { tags, body: PortalConfiguracionInputSchema, response: { 200: PortalConfiguracionSchema } } },
    async (request) => {
      // The receiver decides what firms see: its receptor users (and the platform admin).
      if (request.account.cargo !== 'receptor' && request.account.username !== ADMIN_USERNAME) throw new AppError('FORBIDDEN', commonMessages.forbidden);
      return savePortalConfiguracion(request.tenantDb, request.body.compartir_fotos_portal, auditActorOf(request));
    },
  );
};

