import { customType, integer, jsonb, pgTable, primaryKey, serial, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Spreadsheet imports (tenant migration 0036). */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

export const importaciones = pgTable('importaciones', {
  id: uuid('id').primaryKey(),
  /** 'oficina' | 'portal' */
  origen: varchar('origen', { length: 10 }).notNull(),
  estudioId: integer('estudio_id').notNull(),
  portalUsuarioId: integer('portal_usuario_id'),
  creadoPor: varchar('creado_por', { length: 150 }).notNull(),
  archivoNombre: varchar('archivo_nombre', { length: 255 }).notNull(),
  resumen: jsonb('resumen').notNull().default({}),
  creadaEn: timestamp('creada_en', { withTimezone: true }).notNull().defaultNow(),
  confirmadaEn: timestamp('confirmada_en', { withTimezone: true }),
});

export const importacionFilas = pgTable(
  'importacion_filas',
  {
    importacionId: uuid('importacion_id').notNull(),
    n: integer('n').notNull(),
    valores: jsonb('valores').notNull(),
    datos: jsonb('datos'),
    errores: jsonb('errores').notNull().default({}),
    duplicado: varchar('duplicado', { length: 10 }),
    documentos: jsonb('documentos').notNull().default([]),
    encargoId: integer('encargo_id'),
    solicitudId: integer('solicitud_id'),
    motivo: varchar('motivo', { length: 500 }),
  },
  (t) => [primaryKey({ name: 'importacion_filas_pkey', columns: [t.importacionId, t.n] })],
);

export const importacionDocumentos = pgTable('importacion_documentos', {
  id: serial('id').primaryKey(),
  importacionId: uuid('importacion_id').notNull(),
  numeroRol: varchar('numero_rol', { length: 30 }).notNull(),
  campo: varchar('campo', { length: 20 }).notNull(),
  nombre: varchar('nombre', { length: 255 }).notNull(),
  bytes: integer('bytes').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  contenido: bytea('contenido').notNull(),
});

export const importacionMapeos = pgTable('importacion_mapeos', {
  estudioId: integer('estudio_id').primaryKey(),
  mapeo: jsonb('mapeo').notNull().default({}),
  actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
});
