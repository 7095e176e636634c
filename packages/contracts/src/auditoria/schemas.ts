import { z } from 'zod';
import { ID_MAX, idSchema } from '../common/text';
import { auditoriaMessages as m } from './messages';

/**
 * Optimistic concurrency: every editable record is read with an integer `version`, raised by the
 * database on each change. An edit that sends it back is refused with 409 when it is stale.
 */
export const VersionSchema = z
  .number({ error: m.versionInvalida })
  .int({ error: m.versionInvalida })
  .min(1, { error: m.versionInvalida })
  .max(ID_MAX, { error: m.versionInvalida });

/** Entities whose history is kept. Tenant-database ones, then control-database ones. */
export const AUDIT_ENTIDADES_TENANT = ['encargo', 'estudio', 'diligencia', 'estampado', 'feriado_propio', 'calendario_configuracion', 'plazo', 'visita', 'recibo', 'recibo_configuracion', 'pago', 'honorarios', 'solicitud', 'portal_configuracion', 'firma_configuracion'] as const;
export const AUDIT_ENTIDADES_CONTROL = ['usuario', 'receptor', 'usuario_portal', 'clave_api', 'firma_autoridad'] as const;
export const AUDIT_ENTIDADES = [...AUDIT_ENTIDADES_TENANT, ...AUDIT_ENTIDADES_CONTROL] as const;
export type AuditEntidad = (typeof AUDIT_ENTIDADES)[number];

export const AuditoriaQuerySchema = z.object({
  entidad: z.enum(AUDIT_ENTIDADES, { error: m.entidadInvalida }),
  id: idSchema(),
  page: idSchema().default(1),
  page_size: idSchema().pipe(z.number().max(100, { error: 'Máximo 100 por página' })).default(50),
});
export type AuditoriaQuery = z.infer<typeof AuditoriaQuerySchema>;

export const AuditCambioSchema = z.object({ antes: z.unknown(), despues: z.unknown() });
export type AuditCambio = z.infer<typeof AuditCambioSchema>;

export const AuditRegistroSchema = z.object({
  id: z.number(),
  fecha: z.string(),
  usuario_id: z.number().nullable(),
  usuario: z.string(),
  entidad: z.string(),
  entidad_id: z.number(),
  accion: z.string(),
  cambios: z.record(z.string(), AuditCambioSchema),
  ip: z.string(),
  user_agent: z.string(),
});
export type AuditRegistro = z.infer<typeof AuditRegistroSchema>;

export const AuditoriaResponseSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(AuditRegistroSchema),
});
export type AuditoriaResponse = z.infer<typeof AuditoriaResponseSchema>;

/** An optional `version` for actions that only add (e-mails, parties): checked when sent. */
export const OptionalVersionSchema = z.object({ version: VersionSchema.optional() });

