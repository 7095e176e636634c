import { ADMIN_USERNAME, commonMessages, ExportarQuerySchema, exportarMessages, todayIso } from '@receptoria/contracts';
import { controlSchema, tenantLocation } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../auditoria/audit-actor';
import { insertAudit } from '../auditoria/auditoria.repository';
import { ExportWriter, safeName } from './exportar.service';

/** Same wait the session check gives a receiver under maintenance. */
const MAINTENANCE_RETRY_SECONDS = 60;

/**
 * GET /exportar/: the receiver's data as a ZIP, streamed. The caller's receiver for users with the
 * permissions module (Usuarios y Permisos); any receiver, by `?receptor=`, for the platform admin.
 */
export const exportarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/exportar/',
    {
      onRequest: [app.authenticate, app.requireModule('config_permisos')],
      schema: {
        tags: ['exportar'],
        description:
          'Every record of a receiver as a ZIP: encargos.xlsx, diligencias.xlsx (with visits), estudios.xlsx (with e-mails and parties), recibos.xlsx and pagos.xlsx where present, auditoria.xlsx, and every stored document in documentos/<rol>/ (PDF, DOCX and, when signed, the signed PDF as <name>-firmado.pdf). Streamed; audited.',
        querystring: ExportarQuerySchema,
      },
    },
    async (request, reply) => {
      const own = request.tenant;
      const wanted = request.query.receptor ?? own.id;
      let tenant = own;
      if (wanted !== own.id) {
        // Another receiver's id is not even confirmed to exist for anyone but the platform admin.
        if (request.account.username !== ADMIN_USERNAME) throw new AppError('NOT_FOUND', exportarMessages.receptorNoEncontrado);
        const [found] = await app.controlDb.select().from(controlSchema.tenants).where(eq(controlSchema.tenants.id, wanted));
        if (!found) throw new AppError('NOT_FOUND', exportarMessages.receptorNoEncontrado);
        if (found.mantenimientoDesde) {
          throw new AppError('UNAVAILABLE', commonMessages.receptorEnMantenimiento, { retryAfterSeconds: MAINTENANCE_RETRY_SECONDS });
        }
        tenant = found;
      }

      const lease = await app.tenantPools.acquire(tenantLocation(app.databaseConfig, tenant));
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        lease.release();
      };
      let writer: ExportWriter;
      try {
        const actor = auditActorOf(request);
        await insertAudit(lease.db, {
          usuarioId: actor.userId,
          usuario: actor.username,
          entidad: 'exportacion',
          entidadId: tenant.id,
          accion: 'exportar',
          cambios: { receptor: { antes: null, despues: tenant.nombre } },
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        writer = await ExportWriter.open(lease.db);
      } catch (error) {
        release();
        throw error;
      }

      writer.archive.on('end', release);
      writer.archive.on('error', release);
      reply.raw.on('close', () => {
        if (!writer.archive.readableEnded) writer.abort();
        release();
      });
      writer.write().then(
        () => request.log.info({ receptor: tenant.id, counts: writer.counts }, 'receiver data exported'),
        (error: unknown) => {
          request.log.error({ err: error, receptor: tenant.id }, 'receiver data export stopped');
          writer.archive.destroy(error instanceof Error ? error : new Error(String(error)));
          release();
        },
      );

      const filename = `receptoria_${safeName(tenant.databaseName, 'receptor')}_${todayIso()}.zip`;
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('access-control-expose-headers', 'content-disposition')
        .header('cache-control', 'no-store')
        .send(writer.archive);
    },
  );
};
