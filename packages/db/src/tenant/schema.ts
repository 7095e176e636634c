import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  type AnyPgColumn,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** One free-text note per user (spec 01 §2 personal notes). `usuario_id` refers to the control DB user. */
export const apuntesPersonales = pgTable('apuntes_personales', {
  id: serial('id').primaryKey(),
  usuarioId: integer('usuario_id').notNull().unique(),
  texto: text('texto').notNull().default(''),
  fechaActualizacion: timestamp('fecha_actualizacion', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Reference lists (seeded by the lookups migration)

export const tribunales = pgTable('tribunales', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 200 }).notNull().unique(),
  /** Natural order (1° … 30° Juzgado Civil de Santiago, then the other courts). */
  orden: integer('orden').notNull().default(0),
  activo: boolean('activo').notNull().default(true),
});

export const tiposCausa = pgTable('tipos_causa', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 200 }).notNull().unique(),
  orden: integer('orden').notNull().default(0),
  activo: boolean('activo').notNull().default(true),
});

export const tiposEncargo = pgTable('tipos_encargo', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 200 }).notNull().unique(),
  orden: integer('orden').notNull().default(0),
  activo: boolean('activo').notNull().default(true),
});

/** The former lookup list (98 comunas). No longer read: the product's list is Chile's 346 in contracts (CUT codes). */
export const comunas = pgTable('comunas', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull().unique(),
  region: varchar('region', { length: 100 }).notNull(),
  orden: integer('orden').notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Law firms

export const estudios = pgTable(
  'estudios',
  {
    id: serial('id').primaryKey(),
    nombre: varchar('nombre', { length: 200 }).notNull(),
    direccion: varchar('direccion', { length: 300 }).notNull(),
    comuna: varchar('comuna', { length: 100 }).notNull(),
    ciudad: varchar('ciudad', { length: 100 }).notNull(),
    telefono: varchar('telefono', { length: 30 }).notNull(),
    fax: varchar('fax', { length: 30 }).notNull().default(''),
    rutEstudio: varchar('rut_estudio', { length: 12 }).notNull(),
    activo: boolean('activo').notNull().default(true),
    enviarInformesDiarios: boolean('enviar_informes_diarios').notNull().default(false),
    enviarInformesMensuales: boolean('enviar_informes_mensuales').notNull().default(false),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaModificacion: timestamp('fecha_modificacion', { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic-concurrency version, raised by trigger on every UPDATE (engineer H). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('estudios_rut_estudio_key').on(t.rutEstudio),
    index('estudios_nombre_idx').on(sql`lower(${t.nombre})`),
  ],
);

export const EMAIL_TIPOS_DB = ['principal', 'secundario', 'informes', 'cobranza', 'notificaciones'] as const;

export const estudioEmails = pgTable(
  'estudio_emails',
  {
    id: serial('id').primaryKey(),
    estudioId: integer('estudio_id')
      .notNull()
      .references(() => estudios.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    tipo: varchar('tipo', { length: 20, enum: EMAIL_TIPOS_DB }).notNull().default('secundario'),
    activo: boolean('activo').notNull().default(true),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estudio_emails_estudio_email_key').on(t.estudioId, sql`lower(${t.email})`),
    check('estudio_emails_tipo_check', sql`${t.tipo} in ('principal', 'secundario', 'informes', 'cobranza', 'notificaciones')`),
  ],
);

export const PARTE_TIPOS_DB = ['empresa', 'banco', 'persona_natural', 'institucion'] as const;

export const partesDemandantes = pgTable(
  'partes_demandantes',
  {
    id: serial('id').primaryKey(),
    estudioId: integer('estudio_id')
      .notNull()
      .references(() => estudios.id, { onDelete: 'cascade' }),
    nombre: varchar('nombre', { length: 200 }).notNull(),
    tipo: varchar('tipo', { length: 20, enum: PARTE_TIPOS_DB }).notNull().default('empresa'),
    activo: boolean('activo').notNull().default(true),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partes_demandantes_estudio_nombre_key').on(t.estudioId, sql`lower(${t.nombre})`),
    check('partes_demandantes_tipo_check', sql`${t.tipo} in ('empresa', 'banco', 'persona_natural', 'institucion')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Assignments

export const ENCARGO_ESTADOS_DB = ['pendiente', 'preparado', 'listo_para_estampar', 'estampado'] as const;

export const encargos = pgTable(
  'encargos',
  {
    id: serial('id').primaryKey(),
    numeroRol: varchar('numero_rol', { length: 30 }).notNull(),
    estado: varchar('estado', { length: 30, enum: ENCARGO_ESTADOS_DB }).notNull().default('pendiente'),
    fechaEncargo: date('fecha_encargo', { mode: 'string' }).notNull(),
    /** Date the file was filled in or withdrawn from the court. */
    fechaRetiro: date('fecha_retiro', { mode: 'string' }),
    fechaDemanda: date('fecha_demanda', { mode: 'string' }),
    fechaResolucion: date('fecha_resolucion', { mode: 'string' }),
    fechaComparendo: timestamp('fecha_comparendo', { withTimezone: true }),
    fechaPrueba: timestamp('fecha_prueba', { withTimezone: true }),
    /** Whole CLP. */
    cuantia: bigint('cuantia', { mode: 'number' }),
    numeroOperacion: varchar('numero_operacion', { length: 50 }).notNull().default(''),
    rutEjecutado: varchar('rut_ejecutado', { length: 12 }).notNull().default(''),
    rutRepresentanteLegal: varchar('rut_representante_legal', { length: 12 }),
    ejecutados: text('ejecutados').notNull().default(''),
    partes: text('partes').notNull().default(''),
    estudioId: integer('estudio_id')
      .notNull()
      .references(() => estudios.id, { onDelete: 'restrict' }),
    parteDemandanteId: integer('parte_demandante_id').references(() => partesDemandantes.id, {
      onDelete: 'set null',
    }),
    tribunalId: integer('tribunal_id').references(() => tribunales.id, { onDelete: 'restrict' }),
    tipoEncargoId: integer('tipo_encargo_id').references(() => tiposEncargo.id, { onDelete: 'restrict' }),
    tipoCausaId: integer('tipo_causa_id').references(() => tiposCausa.id, { onDelete: 'restrict' }),
    observacionesEncargo: varchar('observaciones_encargo', { length: 60 }).notNull().default(''),
    observacionEncargo: text('observacion_encargo').notNull().default(''),
    observacionRetiro: text('observacion_retiro').notNull().default(''),
    observacionReEncargo: text('observacion_re_encargo').notNull().default(''),
    /** The special reason ('estado especial'); non-empty exactly when the assignment is not realisable. */
    motivoNoRealizable: varchar('motivo_no_realizable', { length: 200 }).notNull().default(''),
    encargoNoRealizable: boolean('encargo_no_realizable').notNull().default(false),
    /** This assignment was re-assigned (a newer one points to it). */
    esReEncargado: boolean('es_re_encargado').notNull().default(false),
    /** This assignment is a re-assignment of encargo_original_id. */
    esReEncargo: boolean('es_re_encargo').notNull().default(false),
    encargoOriginalId: integer('encargo_original_id').references((): AnyPgColumn => encargos.id, {
      onDelete: 'set null',
    }),
    motivoReEncargo: text('motivo_re_encargo').notNull().default(''),
    /** Results and stamps: '' = sin estampar, 'estampado' once a stamp document was generated and opened. */
    estadoEstampado: varchar('estado_estampado', { length: 30 }).notNull().default(''),
    /** Day the stamp was produced (Santiago calendar date). */
    fechaEstampado: date('fecha_estampado', { mode: 'string' }),
    observacionEstampado: text('observacion_estampado').notNull().default(''),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaModificacion: timestamp('fecha_modificacion', { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic-concurrency version, raised by trigger on every UPDATE (engineer H). */
    version: integer('version').notNull().default(1),
    /** Santiago day of the latest diligence (null: none): the work queue's 'waiting since' (kept by trigger too). */
    ultimaDiligenciaDia: date('ultima_diligencia_dia', { mode: 'string' }),
    /** Lower-case, accent-free text of the searchable fields (trigram-indexed where pg_trgm exists). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(translate(numero_rol || ' ' || ejecutados || ' ' || partes || ' ' || rut_ejecutado || ' ' || replace(rut_ejecutado, '-', '') || ' ' || coalesce(rut_representante_legal, '') || ' ' || numero_operacion, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))`,
    ),
  },
  (t) => [
    index('encargos_fecha_idx').on(t.fechaEncargo.desc(), t.id.desc()),
    index('encargos_estado_fecha_idx').on(t.estado, t.fechaEncargo.desc(), t.id.desc()),
    index('encargos_numero_rol_idx').on(t.numeroRol),
    index('encargos_estudio_idx').on(t.estudioId),
    index('encargos_parte_demandante_idx').on(t.parteDemandanteId),
    index('encargos_original_idx').on(t.encargoOriginalId),
    // Collections and reports: 'estampado (or listo_para_estampar) by fecha_estampado'.
    index('encargos_estado_fecha_estampado_idx').on(t.estado, t.fechaEstampado, t.id),
    // Work queue: waiting since the last diligence, else the assignment date (migration 0025).
    index('encargos_cola_espera_idx')
      .on(t.estado, sql`coalesce(${t.ultimaDiligenciaDia}, ${t.fechaEncargo})`, t.id)
      .where(sql`${t.esReEncargado} = false`),
    // Work queue totals: the re-assigned originals of a state (migration 0025).
    index('encargos_re_encargados_idx').on(t.estado).where(sql`${t.esReEncargado}`),
    check('encargos_estado_check', sql`${t.estado} in ('pendiente', 'preparado', 'listo_para_estampar', 'estampado')`),
    check('encargos_no_realizable_check', sql`${t.encargoNoRealizable} = (${t.motivoNoRealizable} <> '')`),
    check('encargos_cuantia_check', sql`${t.cuantia} is null or ${t.cuantia} >= 0`),
  ],
);

/**
 * Assignments per state, kept by the encargos statement triggers (tenant migration 0004) so the count
 * tiles of the pending list never scan the table. Each state's count is spread over 32 shards
 * (the writing connection picks one by its backend pid; tenant migration 0011), so concurrent
 * transactions that create assignments or change their state do not queue on one counter row until
 * they commit; readers sum the shards.
 */
export const encargoTotales = pgTable(
  'encargo_totales',
  {
    estado: varchar('estado', { length: 30, enum: ENCARGO_ESTADOS_DB }).notNull(),
    shard: smallint('shard').notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.estado, t.shard] })],
);

/**
 * How many statements have changed assignments, kept by the same triggers (tenant migration 0013) and
 * spread over the same 32 shards; readers sum them. Their sum grows with every committed change, so
 * counts remembered at one sum are still exact while a later reading gives the same sum.
 */
export const encargosCambios = pgTable('encargos_cambios', {
  shard: smallint('shard').primaryKey(),
  cambios: bigint('cambios', { mode: 'number' }).notNull().default(0),
});

/**
 * How many statements have changed receipts, their items, discounts, boletas, payments, applications or
 * firms (tenant migration 0025, statement triggers), over 32 shards: a firm's account statement remembered
 * at one sum is still exact while a later reading gives the same sum.
 */
export const cobranzaCambios = pgTable('cobranza_cambios', {
  shard: smallint('shard').primaryKey(),
  cambios: bigint('cambios', { mode: 'number' }).notNull().default(0),
});

/** Addresses of an assignment. Their accent-free street and comuna are trigram-indexed for the search (migration 0017, custom SQL). */
export const domicilios = pgTable(
  'domicilios',
  {
    id: serial('id').primaryKey(),
    encargoId: integer('encargo_id')
      .notNull()
      .references(() => encargos.id, { onDelete: 'cascade' }),
    direccion: varchar('direccion', { length: 300 }).notNull(),
    comuna: varchar('comuna', { length: 100 }).notNull(),
    ciudad: varchar('ciudad', { length: 100 }).notNull(),
    esPrincipal: boolean('es_principal').notNull().default(false),
    activo: boolean('activo').notNull().default(true),
    orden: smallint('orden').notNull().default(0),
  },
  (t) => [
    index('domicilios_encargo_idx').on(t.encargoId, t.orden),
    uniqueIndex('domicilios_un_principal_key').on(t.encargoId).where(sql`${t.esPrincipal}`),
  ],
);

export const ALARMA_TIPOS_DB = ['comparendo', 'prueba'] as const;

/** Reminders for a future comparendo or evidence hearing of an assignment. */
export const alarmas = pgTable(
  'alarmas',
  {
    id: serial('id').primaryKey(),
    encargoId: integer('encargo_id')
      .notNull()
      .references(() => encargos.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 20, enum: ALARMA_TIPOS_DB }).notNull(),
    fechaHora: timestamp('fecha_hora', { withTimezone: true }).notNull(),
    mensaje: text('mensaje').notNull().default(''),
    /** Set when the reminder was shown or sent. */
    fechaAviso: timestamp('fecha_aviso', { withTimezone: true }),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alarmas_encargo_tipo_key').on(t.encargoId, t.tipo),
    index('alarmas_fecha_hora_idx').on(t.fechaHora),
    check('alarmas_tipo_check', sql`${t.tipo} in ('comparendo', 'prueba')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Audit trail and optimistic concurrency (engineer H)

/**
 * Append-only record of every change to assignments, firms, results and stamps: who, when, what
 * (field-level before/after) and from where. A trigger (migration auditoria_append_only) refuses
 * UPDATE, DELETE and TRUNCATE, since the app connects with a single role that owns the table.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    /** Control-database user id; null for changes made by the system (seed, jobs). */
    usuarioId: integer('usuario_id'),
    usuario: varchar('usuario', { length: 150 }).notNull().default(''),
    entidad: varchar('entidad', { length: 40 }).notNull(),
    entidadId: integer('entidad_id').notNull(),
    accion: varchar('accion', { length: 40 }).notNull(),
    /** { campo: { antes, despues } } */
    cambios: jsonb('cambios').notNull().default({}),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
  },
  (t) => [index('auditoria_entidad_idx').on(t.entidad, t.entidadId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Results and stamps (issue 6): stamp types, templates, field results (diligencias), stamped documents

/** bytea as a Node Buffer (pg gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/** Result types of a field visit; the stamp (certificate) is worded per type. Seeded by migration. */
export const tiposEstampado = pgTable('tipos_estampado', {
  id: serial('id').primaryKey(),
  codigo: varchar('codigo', { length: 60 }).notNull().unique(),
  nombre: varchar('nombre', { length: 150 }).notNull(),
  /** Fee in whole CLP used when no custom value is given. */
  valorPorDefecto: integer('valor_por_defecto').notNull().default(0),
  orden: integer('orden').notNull().default(0),
  activo: boolean('activo').notNull().default(true),
});

/**
 * Certificate templates. `nombre` is the stored name plantilla_{name}_receptoria. `archivo` holds an
 * uploaded DOCX; while it is null the built-in wording named by `plantilla_base` is used.
 */
export const plantillas = pgTable(
  'plantillas',
  {
    id: serial('id').primaryKey(),
    nombre: varchar('nombre', { length: 200 }).notNull().unique(),
    tipoEstampadoId: integer('tipo_estampado_id').references(() => tiposEstampado.id, { onDelete: 'set null' }),
    plantillaBase: varchar('plantilla_base', { length: 60 }).notNull().default(''),
    archivo: bytea('archivo'),
    googleDocumentId: varchar('google_document_id', { length: 200 }).notNull().default(''),
    googleDocumentUrl: text('google_document_url').notNull().default(''),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaModificacion: timestamp('fecha_modificacion', { withTimezone: true }).notNull().defaultNow(),
    modificadoPor: varchar('modificado_por', { length: 150 }).notNull().default(''),
  },
  (t) => [index('plantillas_tipo_idx').on(t.tipoEstampadoId)],
);

/** Field results of an assignment; the last one (by fecha_diligencia, id) is the current one. */
export const diligencias = pgTable(
  'diligencias',
  {
    id: serial('id').primaryKey(),
    encargoId: integer('encargo_id')
      .notNull()
      .references(() => encargos.id, { onDelete: 'cascade' }),
    tipoEstampadoId: integer('tipo_estampado_id')
      .notNull()
      .references(() => tiposEstampado.id, { onDelete: 'restrict' }),
    fechaDiligencia: timestamp('fecha_diligencia', { withTimezone: true }).notNull(),
    apuntesTerreno: text('apuntes_terreno').notNull(),
    /** 'don', 'doña' or '' (feeds the tratamiento marker). */
    tratamiento: varchar('tratamiento', { length: 10 }).notNull().default(''),
    /** Custom value in whole CLP, null when the type's default applies. */
    valorCobrado: bigint('valor_cobrado', { mode: 'number' }),
    valorFinal: bigint('valor_final', { mode: 'number' }).notNull(),
    motivoCambioValor: text('motivo_cambio_valor').notNull().default(''),
    observaciones: text('observaciones').notNull().default(''),
    /** Who gave the information at the address (feeds <<informante>>), and their relation to the person sought. */
    informante: varchar('informante', { length: 150 }).notNull().default(''),
    informanteRelacion: varchar('informante_relacion', { length: 60 }).notNull().default(''),
    /** False when the date was typed without a time and stored at 09:00 (spec 02 §5): the certificate asks for the hour. */
    horaInformada: boolean('hora_informada').notNull().default(true),
    /**
     * The address the act took place at (issue 23; null before it, or without addresses): its id then and
     * its text, which the certificate prints (addresses are rewritten on edit with new ids).
     */
    domicilioId: integer('domicilio_id'),
    domicilioDireccion: varchar('domicilio_direccion', { length: 300 }),
    domicilioComuna: varchar('domicilio_comuna', { length: 100 }),
    creadoPor: varchar('creado_por', { length: 150 }).notNull().default(''),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    /** The field visit the diligence was saved from (tenant 0029), null when typed without one. */
    visitaUuid: uuid('visita_uuid'),
    /** What was done with the copies: { modo, nombre?, relacion?, detalle? } (feeds <<entrega_copias>>). */
    entregaCopias: jsonb('entrega_copias').$type<{ modo: string; nombre?: string; relacion?: string; detalle?: string }>(),
    /** Art. 43 CPC: whether the person notified signed ('firmo', 'no_quiso', 'no_sabe'), null when not said. */
    firmaNotificado: varchar('firma_notificado', { length: 20 }),
  },
  (t) => [
    index('diligencias_visita_idx').on(t.visitaUuid),
    check('diligencias_firma_check', sql`${t.firmaNotificado} is null or ${t.firmaNotificado} in ('firmo', 'no_quiso', 'no_sabe')`),
    index('diligencias_encargo_idx').on(t.encargoId, t.fechaDiligencia.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('diligencias_fecha_idx').on(t.fechaDiligencia),
    check('diligencias_valor_check', sql`${t.valorFinal} >= 0 and (${t.valorCobrado} is null or ${t.valorCobrado} >= 0)`),
  ],
);

/** Generated stamp documents. The UUID is unguessable: it is the document's public handle. */
export const estampados = pgTable(
  'estampados',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    encargoId: integer('encargo_id').references(() => encargos.id, { onDelete: 'set null' }),
    numeroRol: varchar('numero_rol', { length: 30 }).notNull(),
    tipoEstampadoId: integer('tipo_estampado_id').references(() => tiposEstampado.id, { onDelete: 'set null' }),
    titulo: varchar('titulo', { length: 300 }).notNull(),
    archivoDocx: bytea('archivo_docx'),
    archivoPdf: bytea('archivo_pdf'),
    urlExterna: text('url_externa').notNull().default(''),
    motor: varchar('motor', { length: 10, enum: ['local', 'google'] }).notNull().default('local'),
    creadoPor: varchar('creado_por', { length: 150 }).notNull().default(''),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaNotificacion: timestamp('fecha_notificacion', { withTimezone: true }),
    /** Verification code printed on the certificate (26 base32 characters, no hyphens); null before issue 26. */
    codigoVerificacion: varchar('codigo_verificacion', { length: 26 }),
  },
  (t) => [
    index('estampados_rol_idx').on(t.numeroRol),
    uniqueIndex('estampados_codigo_verificacion_key').on(t.codigoVerificacion),
    index('estampados_encargo_idx').on(t.encargoId),
    check('estampados_motor_check', sql`${t.motor} in ('local', 'google')`),
  ],
);

/**
 * A user's signing certificate (PKCS#12), one per user (`usuario_id` is the control DB user): the file
 * encrypted with AES-256-GCM (TOKEN_ENCRYPTION_KEY); the password is never stored.
 */
export const firmaCertificados = pgTable('firma_certificados', {
  usuarioId: integer('usuario_id').primaryKey(),
  /** 'p12': the file is kept encrypted and this server signs; 'token': the key stays on the receiver's token. */
  tipo: varchar('tipo', { length: 10, enum: ['p12', 'token'] }).notNull().default('p12'),
  /** The PKCS#12 (kind 'p12' only). */
  archivoCifrado: text('archivo_cifrado'),
  /** Kind 'token': the signer's certificate first, then its chain, each DER in base64. */
  certificadosDer: text('certificados_der').array(),
  /** Kind 'token': the agent reported that the token signs with CKM_SHA256_RSA_PKCS_PSS (RSA keys). */
  tokenPss: boolean('token_pss').notNull().default(false),
  nombre: varchar('nombre', { length: 300 }).notNull(),
  rut: varchar('rut', { length: 15 }).notNull().default(''),
  emisor: varchar('emisor', { length: 300 }).notNull(),
  numeroSerie: varchar('numero_serie', { length: 100 }).notNull(),
  huellaSha256: varchar('huella_sha256', { length: 64 }).notNull(),
  validoDesde: timestamp('valido_desde', { withTimezone: true }).notNull(),
  validoHasta: timestamp('valido_hasta', { withTimezone: true }).notNull(),
  cargadoPor: varchar('cargado_por', { length: 150 }).notNull(),
  cargadoEn: timestamp('cargado_en', { withTimezone: true }).notNull().defaultNow(),
});

/** A batch prepared for the receiver's token: each PDF with its signature room, until the token's signatures come back. */
export const firmaLotes = pgTable('firma_lotes', {
  id: uuid('id').primaryKey(),
  usuarioId: integer('usuario_id').notNull(),
  certificadoHuella: varchar('certificado_huella', { length: 64 }).notNull(),
  /** The signature algorithm the batch's CMS declares: 'rsa' (PKCS#1 v1.5), 'rsa-pss' or 'ec'. */
  algoritmo: varchar('algoritmo', { length: 10, enum: ['rsa', 'rsa-pss', 'ec'] }).notNull().default('rsa'),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  venceEn: timestamp('vence_en', { withTimezone: true }).notNull(),
});

export const firmaLoteDocumentos = pgTable(
  'firma_lote_documentos',
  {
    loteId: uuid('lote_id')
      .notNull()
      .references(() => firmaLotes.id, { onDelete: 'cascade' }),
    estampadoId: uuid('estampado_id').notNull(),
    orden: smallint('orden').notNull(),
    /** The PDF with the visible block and the signature dictionary, /Contents still zeros. */
    pdfPreparado: bytea('pdf_preparado'),
    /** The DER SET OF signed attributes the token signs. */
    atributos: bytea('atributos'),
    codigo: varchar('codigo', { length: 26 }),
    fecha: timestamp('fecha', { withTimezone: true }).notNull(),
    estado: varchar('estado', { length: 12, enum: ['pendiente', 'firmado', 'fallido'] }).notNull().default('pendiente'),
    motivo: text('motivo'),
  },
  (t) => [primaryKey({ name: 'firma_lote_documentos_pk', columns: [t.loteId, t.estampadoId] }), check('firma_lote_documentos_estado_check', sql`${t.estado} in ('pendiente', 'firmado', 'fallido')`)],
);

/** The signed PDF of a certificate: a new version beside the unsigned one (evidence, append-only). */
export const estampadoFirmas = pgTable(
  'estampado_firmas',
  {
    id: serial('id').primaryKey(),
    estampadoId: uuid('estampado_id')
      .notNull()
      .references(() => estampados.id, { onDelete: 'restrict' }),
    archivoPdf: bytea('archivo_pdf').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    codigoVerificacion: varchar('codigo_verificacion', { length: 26 }).notNull(),
    firmanteNombre: varchar('firmante_nombre', { length: 300 }).notNull(),
    firmanteRut: varchar('firmante_rut', { length: 15 }).notNull(),
    emisor: varchar('emisor', { length: 300 }).notNull(),
    certificadoSerie: varchar('certificado_serie', { length: 100 }).notNull(),
    certificadoHuella: varchar('certificado_huella', { length: 64 }).notNull(),
    firmadoPor: varchar('firmado_por', { length: 150 }).notNull(),
    firmadoEn: timestamp('firmado_en', { withTimezone: true }).notNull().defaultNow(),
    /** The signer certificate's revocation check at signing (OCSP or CRL): null for signatures made before checks existed. */
    revocacionVerificada: boolean('revocacion_verificada'),
    /** Why it could not be verified (the document was signed under firma_sin_revocacion = firmar_y_marcar). */
    revocacionMotivo: text('revocacion_motivo'),
    /** 'ocsp' or 'crl' when verified. */
    revocacionFuente: varchar('revocacion_fuente', { length: 10 }),
    /** PAdES baseline level reached at signing: B-B (no TSA), B-T, B-LT or B-LTA. */
    nivel: varchar('nivel', { length: 5 }).$type<'B-B' | 'B-T' | 'B-LT' | 'B-LTA'>().notNull().default('B-B'),
    /** When the last timestamp's TSA certificate expires (null for B-B): re-timestamped before then. */
    selloVence: timestamp('sello_vence', { withTimezone: true }),
  },
  (t) => [uniqueIndex('estampado_firmas_estampado_key').on(t.estampadoId), check('estampado_firmas_nivel_check', sql`${t.nivel} in ('B-B', 'B-T', 'B-LT', 'B-LTA')`)],
);

/**
 * A re-timestamped revision of a signed PDF (a document timestamp appended to the previous revision,
 * whose bytes it starts with): append-only, the latest one is the PDF served.
 */
export const estampadoResellos = pgTable(
  'estampado_resellos',
  {
    id: serial('id').primaryKey(),
    firmaId: integer('firma_id')
      .notNull()
      .references(() => estampadoFirmas.id, { onDelete: 'restrict' }),
    archivoPdf: bytea('archivo_pdf').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    nivel: varchar('nivel', { length: 5 }).$type<'B-LT' | 'B-LTA'>().notNull().default('B-LTA'),
    selloVence: timestamp('sello_vence', { withTimezone: true }).notNull(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('estampado_resellos_firma_idx').on(t.firmaId, t.id), check('estampado_resellos_nivel_check', sql`${t.nivel} in ('B-LT', 'B-LTA')`)],
);

/** When a signed certificate was uploaded to the court's system (evidence, append-only). */
export const estampadoSubidas = pgTable(
  'estampado_subidas',
  {
    id: serial('id').primaryKey(),
    estampadoId: uuid('estampado_id')
      .notNull()
      .references(() => estampados.id, { onDelete: 'restrict' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    registradaPor: varchar('registrada_por', { length: 150 }).notNull(),
    registradaEn: timestamp('registrada_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('estampado_subidas_estampado_key').on(t.estampadoId)],
);

// ---------------------------------------------------------------------------------------------
// Automatic reports, Gmail connection, delivery log and alarm reminders (issue 7)

export const INFORME_FRECUENCIAS_DB = ['diario', 'semanal', 'mensual'] as const;

/**
 * Report settings of a firm beyond the two flags Registrar Estudio already stores on the firm
 * (estudios.enviar_informes_diarios / enviar_informes_mensuales are the diario / mensual switches).
 */
export const informesConfiguracion = pgTable('informes_configuracion', {
  estudioId: integer('estudio_id')
    .primaryKey()
    .references(() => estudios.id, { onDelete: 'cascade' }),
  informesActivos: boolean('informes_activos').notNull().default(false),
  semanal: boolean('semanal').notNull().default(false),
  formato: varchar('formato', { length: 10 }).notNull().default('excel'),
  correoRaiz: varchar('correo_raiz', { length: 254 }).notNull().default(''),
  fechaModificacion: timestamp('fecha_modificacion', { withTimezone: true }).notNull().defaultNow(),
});

/** A firm's connected Gmail account; tokens are AES-256-GCM ciphertext (never stored in clear). */
export const gmailConexiones = pgTable('gmail_conexiones', {
  estudioId: integer('estudio_id')
    .primaryKey()
    .references(() => estudios.id, { onDelete: 'cascade' }),
  email: varchar('email', { length: 254 }).notNull(),
  accessTokenCifrado: text('access_token_cifrado').notNull(),
  refreshTokenCifrado: text('refresh_token_cifrado').notNull().default(''),
  expiraEn: timestamp('expira_en', { withTimezone: true }),
  scope: text('scope').notNull().default(''),
  fechaConexion: timestamp('fecha_conexion', { withTimezone: true }).notNull().defaultNow(),
  fechaRenovacion: timestamp('fecha_renovacion', { withTimezone: true }),
});

/** Pending OAuth authorisations: the signed state's nonce, usable once, for a few minutes. */
export const oauthEstados = pgTable('oauth_estados', {
  nonce: varchar('nonce', { length: 64 }).primaryKey(),
  estudioId: integer('estudio_id')
    .notNull()
    .references(() => estudios.id, { onDelete: 'cascade' }),
  usuarioId: integer('usuario_id'),
  expiraEn: timestamp('expira_en', { withTimezone: true }).notNull(),
  fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Delivery log of reports. A scheduled send is unique per (firm, frequency, period start): the row is
 * claimed before the mail goes out, so two workers or a restart never send the same period twice.
 */
export const informesEnvios = pgTable(
  'informes_envios',
  {
    id: serial('id').primaryKey(),
    estudioId: integer('estudio_id')
      .notNull()
      .references(() => estudios.id, { onDelete: 'cascade' }),
    frecuencia: varchar('frecuencia', { length: 10, enum: INFORME_FRECUENCIAS_DB }).notNull(),
    fechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    fechaFin: date('fecha_fin', { mode: 'string' }).notNull(),
    origen: varchar('origen', { length: 12, enum: ['programado', 'manual'] }).notNull(),
    estado: varchar('estado', { length: 12, enum: ['enviando', 'enviado', 'sin_datos', 'fallido'] }).notNull(),
    intentos: integer('intentos').notNull().default(1),
    destinatarios: text('destinatarios').notNull().default(''),
    filas: integer('filas').notNull().default(0),
    totalValor: bigint('total_valor', { mode: 'number' }).notNull().default(0),
    via: varchar('via', { length: 10 }).notNull().default(''),
    archivo: varchar('archivo', { length: 300 }).notNull().default(''),
    messageId: varchar('message_id', { length: 300 }).notNull().default(''),
    error: text('error').notNull().default(''),
    /** Until when the claiming worker owns an 'enviando' row. */
    reclamadoHasta: timestamp('reclamado_hasta', { withTimezone: true }),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    fechaEnvio: timestamp('fecha_envio', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('informes_envios_programado_key')
      .on(t.estudioId, t.frecuencia, t.fechaInicio)
      .where(sql`${t.origen} = 'programado'`),
    index('informes_envios_estudio_idx').on(t.estudioId, t.id.desc().nullsFirst()),
    check('informes_envios_frecuencia_check', sql`${t.frecuencia} in ('diario', 'semanal', 'mensual')`),
    check('informes_envios_estado_check', sql`${t.estado} in ('enviando', 'enviado', 'sin_datos', 'fallido')`),
  ],
);

/** Reminders sent for an alarm: one row per (alarm, kind, alarm time), so each reminder goes once. */
export const alarmaAvisos = pgTable(
  'alarma_avisos',
  {
    id: serial('id').primaryKey(),
    alarmaId: integer('alarma_id')
      .notNull()
      .references(() => alarmas.id, { onDelete: 'cascade' }),
    /** 'dia_antes' (24 h before) or 'dos_horas' (2 h before). */
    aviso: varchar('aviso', { length: 12, enum: ['dia_antes', 'dos_horas'] }).notNull(),
    fechaHora: timestamp('fecha_hora', { withTimezone: true }).notNull(),
    estado: varchar('estado', { length: 12, enum: ['enviado', 'sin_correo', 'fallido'] }).notNull(),
    destinatario: varchar('destinatario', { length: 254 }).notNull().default(''),
    error: text('error').notNull().default(''),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alarma_avisos_key').on(t.alarmaId, t.aviso, t.fechaHora)],
);

// ---------------------------------------------------------------------------------------------
// Collections (issue 8): every collection sheet generated, with its file, so it can be downloaded
// and sent again.

export const planillasCobranza = pgTable(
  'planillas_cobranza',
  {
    id: serial('id').primaryKey(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    /** Control-database user id and username of who generated it. */
    usuarioId: integer('usuario_id').notNull(),
    usuario: varchar('usuario', { length: 150 }).notNull(),
    estudioId: integer('estudio_id').references(() => estudios.id, { onDelete: 'set null' }),
    estudioNombre: varchar('estudio_nombre', { length: 200 }).notNull().default(''),
    /** The filters as sent: { estudio, fechaInicio, fechaFin, fechaEspecifica }. */
    filtros: jsonb('filtros').notNull().default({}),
    /** Column keys, in the sheet's order. */
    columnas: jsonb('columnas').notNull().default([]),
    incluirEncabezado: boolean('incluir_encabezado').notNull().default(false),
    totalEncargos: integer('total_encargos').notNull(),
    /** Whole CLP. */
    valorTotal: bigint('valor_total', { mode: 'number' }).notNull(),
    nombreArchivo: varchar('nombre_archivo', { length: 200 }).notNull(),
    archivo: bytea('archivo').notNull(),
    /** Every mail send: [{ fecha, destinatarios, usuario }]. */
    envios: jsonb('envios').notNull().default([]),
  },
  (t) => [index('planillas_cobranza_fecha_idx').on(t.fechaCreacion.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

// ---------------------------------------------------------------------------------------------
// Intake (issue 11): idempotency keys of new-assignment submissions. A repeated submission with the
// same key gets the assignment the first one created instead of a second one.

export const idempotenciaClaves = pgTable(
  'idempotencia_claves',
  {
    id: serial('id').primaryKey(),
    /** What the key was used for ('nuevo_encargo'). */
    operacion: varchar('operacion', { length: 40 }).notNull(),
    clave: varchar('clave', { length: 100 }).notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    huella: varchar('huella', { length: 64 }).notNull(),
    encargoId: integer('encargo_id').references(() => encargos.id, { onDelete: 'cascade' }),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotencia_claves_operacion_clave_uq').on(t.operacion, t.clave)],
);

// ---------------------------------------------------------------------------------------------
// Legal calendar (issue 24)

/**
 * The receiver's own calendar days: a holiday of its own (an election day, a one-off regional day
 * declared by its own law), or a 'no_feriado' — a day the holiday library lists that did not happen or
 * was moved, counted as a working day.
 */
export const feriadosPropios = pgTable(
  'feriados_propios',
  {
    id: serial('id').primaryKey(),
    fecha: date('fecha', { mode: 'string' }).notNull().unique(),
    nombre: varchar('nombre', { length: 150 }).notNull(),
    /** 'feriado' (a day off of its own) | 'no_feriado' (a library holiday counted as hábil). */
    tipo: varchar('tipo', { length: 20 }).notNull().default('feriado'),
    /** Control DB user who added it. */
    creadoPor: integer('creado_por').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('feriados_propios_tipo_check', sql`${t.tipo} in ('feriado', 'no_feriado')`)],
);

/** The receiver's calendar settings: a single row (id 1), absent until first saved (defaults apply). */
export const calendarioConfiguracion = pgTable(
  'calendario_configuracion',
  {
    id: smallint('id').primaryKey().default(1),
    sabadoHabil: boolean('sabado_habil').notNull().default(true),
    /** ISO 3166-2 region code (CL-RM …); '' = the region of the receiver's office comuna. */
    region: varchar('region', { length: 6 }).notNull().default(''),
    diasSlaSubida: smallint('dias_sla_subida').notNull().default(2),
    fechaModificacion: timestamp('fecha_modificacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('calendario_configuracion_unica', sql`${t.id} = 1`)],
);

/**
 * The deadlines (plazos) the acts start (issue 24): the term to oppose excepciones after a
 * requerimiento de pago, the art. 46 letter after an art. 44 notification, the upload of a generated
 * stamp. Stored as pendiente or cumplido; 'vencido' is read (pendiente with vence before today).
 */
export const plazos = pgTable(
  'plazos',
  {
    id: serial('id').primaryKey(),
    encargoId: integer('encargo_id')
      .notNull()
      .references(() => encargos.id, { onDelete: 'cascade' }),
    /** 'excepciones' | 'carta_art_46' | 'subida_estampado'. */
    tipo: varchar('tipo', { length: 30 }).notNull(),
    /** The act's date (Santiago): counting starts the day after. */
    desde: date('desde', { mode: 'string' }).notNull(),
    dias: integer('dias').notNull(),
    vence: date('vence', { mode: 'string' }).notNull(),
    /** 'pendiente' | 'cumplido'. */
    estado: varchar('estado', { length: 20 }).notNull().default('pendiente'),
    /** The act that started it: 'diligencia:123', 'estampado:<uuid>'. */
    origen: varchar('origen', { length: 80 }).notNull(),
    /** For excepciones: 'comuna_tribunal' | 'territorio_tribunal' | 'fuera_territorio'. */
    lugarRequerimiento: varchar('lugar_requerimiento', { length: 30 }),
    diasTabla: integer('dias_tabla'),
    cumplidoEn: date('cumplido_en', { mode: 'string' }),
    /** Who met it (username), or 'reemplazado' when a later act of the same kind took its place. */
    cumplidoPor: varchar('cumplido_por', { length: 150 }),
    /** What fulfilled it, e.g. the art. 46 letter's tracking number (tenant migration 0029). */
    referencia: varchar('referencia', { length: 100 }),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A range of due dates in the list's order, with the columns the list shows of each deadline: read off
    // the index alone (migration 0028).
    index('plazos_vence_idx').on(t.vence, t.id, t.encargoId, t.estado, t.tipo, t.origen, t.cumplidoEn, t.referencia),
    index('plazos_encargo_idx').on(t.encargoId),
    // The nearest open deadline of each assignment (the work queue; id since migration 0026).
    index('plazos_pendientes_encargo_idx').on(t.encargoId, t.vence, t.id).where(sql`${t.estado} = 'pendiente'`),
    // The work queue's art. 46 letters still to send, soonest due first (migration 0026).
    index('plazos_cartas_art46_pendientes_idx').on(t.vence, t.id).where(sql`${t.tipo} = 'carta_art_46' and ${t.estado} = 'pendiente'`),
  ],
);

/**
 * The assignment's acts, one row each (tenant migration 0029): written in the act's own transaction by
 * the API's ciclo-vida module; never updated (a trigger refuses it). `origen` names the act ('visita:<uuid>',
 * 'estampado:<uuid>', …), so a retried act is recorded once.
 */
export const encargoEventos = pgTable(
  'encargo_eventos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    encargoId: integer('encargo_id')
      .notNull()
      .references(() => encargos.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 30 }).notNull(),
    /** When the act happened (a date-only act: its registration that day, else the end of that day in Santiago). */
    instante: timestamp('instante', { withTimezone: true }).notNull(),
    registradoEn: timestamp('registrado_en', { withTimezone: true }).notNull().defaultNow(),
    actor: varchar('actor', { length: 150 }).notNull().default(''),
    datos: jsonb('datos').notNull().default({}),
    origen: varchar('origen', { length: 120 }).notNull(),
  },
  (t) => [uniqueIndex('encargo_eventos_origen_key').on(t.origen), index('encargo_eventos_encargo_idx').on(t.encargoId, t.instante, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Field work (issue 23): visits at the address, their photos, the art. 46 letters and the day's route.
// Visits, photos and letters are evidence: append-only (tenant migration 0020's triggers refuse UPDATE,
// DELETE and TRUNCATE); a correction is a new visit naming the one it corrects.

/** One attempt at an address, recorded on the phone (or in the office) with a client-made UUID. */
export const visitas = pgTable(
  'visitas',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    encargoId: integer('encargo_id')
      .notNull()
      .references(() => encargos.id, { onDelete: 'restrict' }),
    /**
     * The address visited. No foreign key: an assignment's addresses are rewritten on edit (new ids), so
     * the visit also keeps the address's text, which is what identifies "the same address" afterwards.
     */
    domicilioId: integer('domicilio_id'),
    domicilioDireccion: varchar('domicilio_direccion', { length: 300 }),
    domicilioComuna: varchar('domicilio_comuna', { length: 100 }),
    fechaHora: timestamp('fecha_hora', { withTimezone: true }).notNull(),
    tipo: varchar('tipo', { length: 20 }).notNull(),
    resultado: varchar('resultado', { length: 40 }).notNull(),
    informanteNombre: varchar('informante_nombre', { length: 150 }),
    informanteRelacion: varchar('informante_relacion', { length: 20 }),
    apuntes: text('apuntes').notNull().default(''),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    precisionM: doublePrecision('precision_m'),
    origen: varchar('origen', { length: 10 }).notNull().default('terreno'),
    corrigeA: uuid('corrige_a'),
    /** Control-database user id and name of the author. */
    autorId: integer('autor_id').notNull(),
    autorNombre: varchar('autor_nombre', { length: 150 }).notNull(),
    registradaEn: timestamp('registrada_en', { withTimezone: true }).notNull().defaultNow(),
    /** What was done with the copies (tenant 0029): { modo, nombre?, relacion?, detalle? }. */
    entregaCopias: jsonb('entrega_copias').$type<{ modo: string; nombre?: string; relacion?: string; detalle?: string }>(),
    /** 'femenino' or 'masculino': the informant's relation agrees with it in the certificate. */
    informanteGenero: varchar('informante_genero', { length: 10 }),
  },
  (t) => [
    check('visitas_genero_check', sql`${t.informanteGenero} is null or ${t.informanteGenero} in ('femenino', 'masculino')`),
    index('visitas_encargo_fecha_idx').on(t.encargoId, t.fechaHora, t.id),
    index('visitas_corrige_idx').on(t.corrigeA),
    check('visitas_tipo_check', sql`${t.tipo} in ('busqueda', 'notificacion', 'requerimiento', 'embargo', 'otra')`),
    check(
      'visitas_resultado_check',
      sql`${t.resultado} in ('habido', 'domicilio_confirmado', 'negativa_no_reside', 'negativa_domicilio_incompleto', 'negativa_numeracion_inexistente', 'negativa_desconocido', 'negativa_inmueble_deshabitado', 'notificado_personal', 'notificado_art44', 'notificado_cedula', 'requerido_pago', 'otro')`,
    ),
    check('visitas_relacion_check', sql`${t.informanteRelacion} is null or ${t.informanteRelacion} in ('conserje', 'vecino', 'familiar', 'empleado', 'el_mismo', 'otro')`),
    check('visitas_origen_check', sql`${t.origen} in ('terreno', 'oficina')`),
    check('visitas_apuntes_check', sql`char_length(${t.apuntes}) <= 2000`),
    check('visitas_ubicacion_check', sql`(${t.lat} is null) = (${t.lon} is null) and (${t.lat} is null or (${t.lat} between -90 and 90 and ${t.lon} between -180 and 180))`),
  ],
);

/** Photos of a visit, kept in the tenant database like the generated documents (bytea). */
export const visitaFotos = pgTable(
  'visita_fotos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitaId: integer('visita_id')
      .notNull()
      .references(() => visitas.id, { onDelete: 'restrict' }),
    tipoMime: varchar('tipo_mime', { length: 20 }).notNull(),
    bytes: integer('bytes').notNull(),
    /** SHA-256 of the content: the same photo sent again (an offline retry) is the same photo. */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    contenido: bytea('contenido').notNull(),
    subidaPor: varchar('subida_por', { length: 150 }).notNull(),
    subidaEn: timestamp('subida_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('visita_fotos_contenido_key').on(t.visitaId, t.sha256),
    check('visita_fotos_tipo_check', sql`${t.tipoMime} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);

/** The art. 46 certified letter sent after an art. 44 notification (its record; never edited). */
export const cartasArt46 = pgTable(
  'cartas_art46',
  {
    id: serial('id').primaryKey(),
    encargoId: integer('encargo_id')
      .notNull()
      .references(() => encargos.id, { onDelete: 'restrict' }),
    /** The notification it announces: 'visita:<uuid>' or 'diligencia:<id>'. */
    origen: varchar('origen', { length: 80 }).notNull(),
    fechaNotificacion: date('fecha_notificacion', { mode: 'string' }).notNull(),
    fechaEnvio: date('fecha_envio', { mode: 'string' }).notNull(),
    numeroSeguimiento: varchar('numero_seguimiento', { length: 40 }).notNull(),
    registradaPor: varchar('registrada_por', { length: 150 }).notNull(),
    registradaEn: timestamp('registrada_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cartas_art46_origen_key').on(t.origen), index('cartas_art46_encargo_idx').on(t.encargoId, t.id)],
);

/** Routes a user generated (POST /rutas/generar/): the phone shows today's stops in the latest one's order. */
export const rutasDelDia = pgTable(
  'rutas_del_dia',
  {
    id: serial('id').primaryKey(),
    /** Control-database user id. */
    usuarioId: integer('usuario_id').notNull(),
    /** Santiago date it was generated. */
    fecha: date('fecha', { mode: 'string' }).notNull(),
    domicilioIds: jsonb('domicilio_ids').$type<number[]>().notNull(),
    generadaEn: timestamp('generada_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rutas_del_dia_usuario_idx').on(t.usuarioId, t.fecha, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Fees, receipts and payments (issue 25). Receipt numbers, discounts, boletas, payments and their
// applications are evidence: tenant migration 0022's triggers refuse their deletion and allow only
// the one-way marks (a receipt voided, an item removed, a payment reversed). Corrections are new rows.

/** The receiver's price lists: a firm's (estudio_id) or the general one (null), by stamp type and cuantía band. */
export const tarifas = pgTable(
  'tarifas',
  {
    id: serial('id').primaryKey(),
    estudioId: integer('estudio_id').references(() => estudios.id, { onDelete: 'cascade' }),
    tipoEstampadoId: integer('tipo_estampado_id').references(() => tiposEstampado.id, { onDelete: 'cascade' }),
    /** Whole CLP; the band is [desde, hasta), hasta null = no limit. */
    cuantiaDesde: bigint('cuantia_desde', { mode: 'number' }).notNull().default(0),
    cuantiaHasta: bigint('cuantia_hasta', { mode: 'number' }),
    montoClp: bigint('monto_clp', { mode: 'number' }),
    porcentajeUtm: numeric('porcentaje_utm', { precision: 12, scale: 4, mode: 'number' }),
    /** [{ comuna, monto_clp }] */
    recargos: jsonb('recargos').$type<{ comuna: string; monto_clp: number }[]>().notNull().default([]),
    orden: integer('orden').notNull().default(0),
  },
  (t) => [
    index('tarifas_estudio_idx').on(t.estudioId, t.tipoEstampadoId),
    check('tarifas_monto_check', sql`(${t.montoClp} is null) <> (${t.porcentajeUtm} is null)`),
    check('tarifas_cuantia_check', sql`${t.cuantiaDesde} >= 0 and (${t.cuantiaHasta} is null or ${t.cuantiaHasta} > ${t.cuantiaDesde})`),
  ],
);

/** The official schedule as the receiver confirms it: actuación × cuantía band → % of the UTM. */
export const arancel = pgTable('arancel', {
  id: serial('id').primaryKey(),
  actuacion: varchar('actuacion', { length: 200 }).notNull(),
  cuantiaDesde: bigint('cuantia_desde', { mode: 'number' }).notNull().default(0),
  cuantiaHasta: bigint('cuantia_hasta', { mode: 'number' }),
  porcentajeUtm: numeric('porcentaje_utm', { precision: 12, scale: 4, mode: 'number' }).notNull(),
  orden: integer('orden').notNull().default(0),
});

/** The UTM of a month in pesos: read from the indicator source and cached, or typed by the receiver. */
export const utmMensual = pgTable('utm_mensual', {
  mes: varchar('mes', { length: 7 }).primaryKey(),
  valor: integer('valor').notNull(),
  fuente: varchar('fuente', { length: 12 }).notNull(),
  actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
});

/** Retention rate of the boleta de honorarios per year (Ley 21.133), percent with two decimals. */
export const retencionTasas = pgTable('retencion_tasas', {
  anio: smallint('anio').primaryKey(),
  tasa: numeric('tasa', { precision: 5, scale: 2, mode: 'number' }).notNull(),
});

/**
 * The receiver's receipt numbering: one row (id 1). `siguiente_numero` is taken with UPDATE … RETURNING in
 * the receipt's own transaction, so a rolled-back receipt gives its number back and numbers stay gapless.
 */
export const recibosConfiguracion = pgTable(
  'recibos_configuracion',
  {
    id: smallint('id').primaryKey().default(1),
    numeroInicial: integer('numero_inicial').notNull().default(1),
    siguienteNumero: integer('siguiente_numero').notNull().default(1),
  },
  (t) => [check('recibos_configuracion_fila_check', sql`${t.id} = 1 and ${t.siguienteNumero} >= ${t.numeroInicial}`)],
);

export const recibos = pgTable(
  'recibos',
  {
    id: serial('id').primaryKey(),
    numero: integer('numero').notNull(),
    estudioId: integer('estudio_id')
      .notNull()
      .references(() => estudios.id, { onDelete: 'restrict' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    observaciones: text('observaciones').notNull().default(''),
    creadoPorId: integer('creado_por_id'),
    creadoPor: varchar('creado_por', { length: 150 }).notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    anuladoEn: timestamp('anulado_en', { withTimezone: true }),
    anuladoPor: varchar('anulado_por', { length: 150 }),
    motivoAnulacion: text('motivo_anulacion'),
  },
  (t) => [
    uniqueIndex('recibos_numero_key').on(t.numero),
    index('recibos_estudio_fecha_idx').on(t.estudioId, t.fecha, t.id),
    index('recibos_fecha_idx').on(t.fecha, t.id),
  ],
);

/** A diligence billed in a receipt, with its rol, type and value as billed. `activo` false once removed or voided. */
export const reciboItems = pgTable(
  'recibo_items',
  {
    id: serial('id').primaryKey(),
    reciboId: integer('recibo_id')
      .notNull()
      .references(() => recibos.id, { onDelete: 'restrict' }),
    diligenciaId: integer('diligencia_id')
      .notNull()
      .references(() => diligencias.id, { onDelete: 'restrict' }),
    numeroRol: varchar('numero_rol', { length: 30 }).notNull(),
    tipo: varchar('tipo', { length: 150 }).notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull(),
    fechaDiligencia: date('fecha_diligencia', { mode: 'string' }),
    activo: boolean('activo').notNull().default(true),
    agregadoEn: timestamp('agregado_en', { withTimezone: true }).notNull().defaultNow(),
    quitadoEn: timestamp('quitado_en', { withTimezone: true }),
    quitadoPor: varchar('quitado_por', { length: 150 }),
  },
  (t) => [
    index('recibo_items_recibo_idx').on(t.reciboId, t.id),
    // A diligence is in at most one receipt that is not void.
    uniqueIndex('recibo_items_diligencia_activa_key').on(t.diligenciaId).where(sql`${t.activo}`),
    // Every item, annulled included: the check that a diligence being deleted is in no receipt (0027).
    index('recibo_items_diligencia_idx').on(t.diligenciaId),
    check('recibo_items_valor_check', sql`${t.valor} >= 0`),
  ],
);

/** Discounts on a receipt, one row each. */
export const rebajas = pgTable(
  'rebajas',
  {
    id: serial('id').primaryKey(),
    reciboId: integer('recibo_id')
      .notNull()
      .references(() => recibos.id, { onDelete: 'restrict' }),
    monto: bigint('monto', { mode: 'number' }).notNull(),
    motivo: text('motivo').notNull(),
    creadoPor: varchar('creado_por', { length: 150 }).notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rebajas_recibo_idx').on(t.reciboId), check('rebajas_monto_check', sql`${t.monto} > 0`)],
);

/** The electronic boleta de honorarios issued for a receipt, with its amounts at the year's rate. */
export const boletas = pgTable(
  'boletas',
  {
    id: serial('id').primaryKey(),
    reciboId: integer('recibo_id')
      .notNull()
      .references(() => recibos.id, { onDelete: 'restrict' }),
    numeroBoleta: varchar('numero_boleta', { length: 20 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    retiene: varchar('retiene', { length: 10 }).notNull(),
    bruto: bigint('bruto', { mode: 'number' }).notNull(),
    tasa: numeric('tasa', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    retencion: bigint('retencion', { mode: 'number' }).notNull(),
    liquido: bigint('liquido', { mode: 'number' }).notNull(),
    creadoPor: varchar('creado_por', { length: 150 }).notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('boletas_recibo_key').on(t.reciboId),
    check('boletas_retiene_check', sql`${t.retiene} in ('pagador', 'receptor')`),
  ],
);

/** A firm's payment; the part not applied to receipts is its credit. A reversal marks it, never deletes it. */
export const pagos = pgTable(
  'pagos',
  {
    id: serial('id').primaryKey(),
    estudioId: integer('estudio_id')
      .notNull()
      .references(() => estudios.id, { onDelete: 'restrict' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    monto: bigint('monto', { mode: 'number' }).notNull(),
    medio: varchar('medio', { length: 20 }).notNull(),
    referencia: varchar('referencia', { length: 100 }).notNull().default(''),
    creadoPorId: integer('creado_por_id'),
    creadoPor: varchar('creado_por', { length: 150 }).notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    reversoEn: timestamp('reverso_en', { withTimezone: true }),
    reversoPor: varchar('reverso_por', { length: 150 }),
  },
  (t) => [
    index('pagos_estudio_fecha_idx').on(t.estudioId, t.fecha, t.id),
    check('pagos_monto_check', sql`${t.monto} > 0`),
    check('pagos_medio_check', sql`${t.medio} in ('transferencia', 'cheque', 'efectivo', 'otro')`),
  ],
);

export const pagoAplicaciones = pgTable(
  'pago_aplicaciones',
  {
    id: serial('id').primaryKey(),
    pagoId: integer('pago_id')
      .notNull()
      .references(() => pagos.id, { onDelete: 'restrict' }),
    reciboId: integer('recibo_id')
      .notNull()
      .references(() => recibos.id, { onDelete: 'restrict' }),
    monto: bigint('monto', { mode: 'number' }).notNull(),
    creadoPor: varchar('creado_por', { length: 150 }).notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pago_aplicaciones_pago_idx').on(t.pagoId),
    index('pago_aplicaciones_recibo_idx').on(t.reciboId),
    check('pago_aplicaciones_monto_check', sql`${t.monto} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Law-firm portal (issue 27): requests sent by a firm's portal users, the files they bring, files
// attached to assignments, the receiver's portal setting and the portal's mail outbox.

/** A new assignment asked for by a firm through the portal; the office accepts it (creating it) or rejects it. */
export const solicitudes = pgTable(
  'solicitudes',
  {
    id: serial('id').primaryKey(),
    estudioId: integer('estudio_id')
      .notNull()
      .references(() => estudios.id, { onDelete: 'restrict' }),
    /** Control database portal_usuarios.id of the sender (null when an API key sent it), and their name and e-mail then. */
    portalUsuarioId: integer('portal_usuario_id'),
    /** Control database portal_claves_api.id and visible prefix of the key that sent it (null when a person did). */
    claveApiId: integer('clave_api_id'),
    claveApiPrefijo: varchar('clave_api_prefijo', { length: 16 }),
    usuarioNombre: varchar('usuario_nombre', { length: 150 }).notNull(),
    usuarioEmail: varchar('usuario_email', { length: 254 }).notNull(),
    estado: varchar('estado', { length: 20, enum: ['pendiente', 'aceptada', 'rechazada'] }).notNull().default('pendiente'),
    /** Nuevo Encargo's fields without the firm, as validated. */
    datos: jsonb('datos').notNull(),
    numeroRol: varchar('numero_rol', { length: 30 }).notNull().default(''),
    partes: text('partes').notNull().default(''),
    creadaEn: timestamp('creada_en', { withTimezone: true }).notNull().defaultNow(),
    resueltaEn: timestamp('resuelta_en', { withTimezone: true }),
    resueltaPor: varchar('resuelta_por', { length: 150 }),
    encargoId: integer('encargo_id').references(() => encargos.id, { onDelete: 'set null' }),
    motivoRechazo: text('motivo_rechazo'),
  },
  (t) => [
    index('solicitudes_estado_idx').on(t.estado, t.creadaEn),
    index('solicitudes_estudio_idx').on(t.estudioId, t.creadaEn),
    check('solicitudes_estado_check', sql`${t.estado} in ('pendiente', 'aceptada', 'rechazada')`),
    check('solicitudes_remitente_check', sql`num_nonnulls(${t.portalUsuarioId}, ${t.claveApiId}) <= 1`),
  ],
);

/** The PDFs of a request (demanda, resolucion). */
export const solicitudArchivos = pgTable(
  'solicitud_archivos',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudes.id, { onDelete: 'cascade' }),
    campo: varchar('campo', { length: 20, enum: ['demanda', 'resolucion'] }).notNull(),
    nombre: varchar('nombre', { length: 255 }).notNull(),
    tipoMime: varchar('tipo_mime', { length: 40 }).notNull(),
    bytes: integer('bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    contenido: bytea('contenido').notNull(),
  },
  (t) => [
    uniqueIndex('solicitud_archivos_campo_key').on(t.solicitudId, t.campo),
    check('solicitud_archivos_campo_check', sql`${t.campo} in ('demanda', 'resolucion')`),
  ],
);

/** Files attached to an assignment (a request's PDFs when it is accepted). */
export const encargoAdjuntos = pgTable(
  'encargo_adjuntos',
  {
    id: serial('id').primaryKey(),
    encargoId: integer('encargo_id')
      .notNull()
      .references(() => encargos.id, { onDelete: 'cascade' }),
    nombre: varchar('nombre', { length: 255 }).notNull(),
    tipoMime: varchar('tipo_mime', { length: 40 }).notNull(),
    bytes: integer('bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    contenido: bytea('contenido').notNull(),
    /** 'demanda' | 'resolucion' */
    origen: varchar('origen', { length: 20 }).notNull(),
    solicitudId: integer('solicitud_id').references(() => solicitudes.id, { onDelete: 'set null' }),
    creadoPor: varchar('creado_por', { length: 150 }).notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('encargo_adjuntos_encargo_idx').on(t.encargoId)],
);

/** The receiver's signing settings (one row): what to do when a certificate's revocation cannot be checked. */
export const firmaConfiguracion = pgTable(
  'firma_configuracion',
  {
    id: smallint('id').primaryKey().default(1),
    firmaSinRevocacion: varchar('firma_sin_revocacion', { length: 20, enum: ['firmar_y_marcar', 'rechazar'] }).notNull().default('firmar_y_marcar'),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('firma_configuracion_id_check', sql`${t.id} = 1`),
    check('firma_configuracion_valor_check', sql`${t.firmaSinRevocacion} in ('firmar_y_marcar', 'rechazar')`),
  ],
);

/** The receiver's portal settings (one row): visit photos are shown to firms only when enabled. */
export const portalConfiguracion = pgTable(
  'portal_configuracion',
  {
    id: smallint('id').primaryKey().default(1),
    compartirFotosPortal: boolean('compartir_fotos_portal').notNull().default(false),
  },
  (t) => [check('portal_configuracion_id_check', sql`${t.id} = 1`)],
);

/** A firm's API settings: requests each of its keys may make a minute, and whether key-sent requests are accepted at once. */
export const estudioPortalConfiguracion = pgTable(
  'estudio_portal_configuracion',
  {
    estudioId: integer('estudio_id')
      .primaryKey()
      .references(() => estudios.id, { onDelete: 'cascade' }),
    limiteApiPorMinuto: integer('limite_api_por_minuto').notNull().default(600),
    aceptarApiAutomaticamente: boolean('aceptar_api_automaticamente').notNull().default(false),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('estudio_portal_configuracion_limite_check', sql`${t.limiteApiPorMinuto} between 1 and 100000`)],
);

/** The answer given to a firm's request sent with an Idempotency-Key (kept 24 h): the same key and body get it again. */
export const solicitudIdempotencia = pgTable(
  'solicitud_idempotencia',
  {
    estudioId: integer('estudio_id')
      .notNull()
      .references(() => estudios.id, { onDelete: 'cascade' }),
    clave: varchar('clave', { length: 255 }).notNull(),
    /** SHA-256 of the request's content: the parsed JSON, or the multipart parts' bytes. */
    huella: varchar('huella', { length: 64 }).notNull(),
    estado: varchar('estado', { length: 12, enum: ['en_curso', 'hecha'] }).notNull().default('en_curso'),
    solicitudId: integer('solicitud_id').references(() => solicitudes.id, { onDelete: 'set null' }),
    estadoHttp: smallint('estado_http'),
    respuesta: text('respuesta'),
    creadaEn: timestamp('creada_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.estudioId, t.clave], name: 'solicitud_idempotencia_pkey' }),
    index('solicitud_idempotencia_creada_idx').on(t.creadaEn),
    check('solicitud_idempotencia_estado_check', sql`${t.estado} in ('en_curso', 'hecha')`),
  ],
);

/**
 * The portal's mail outbox: one row per (event, portal user), written in the transaction of the event
 * (accept, reject) or by the scan of new certificates and deadlines; each sent once (claimed, sent,
 * marked; a failure releases it for the next pass).
 */
export const portalAvisos = pgTable(
  'portal_avisos',
  {
    id: serial('id').primaryKey(),
    /** 'solicitud:12:aceptada', 'estampado:<uuid>', 'plazo:34'. */
    clave: varchar('clave', { length: 120 }).notNull(),
    portalUsuarioId: integer('portal_usuario_id').notNull(),
    destinatario: varchar('destinatario', { length: 254 }).notNull(),
    asunto: varchar('asunto', { length: 300 }).notNull(),
    cuerpo: text('cuerpo').notNull(),
    estado: varchar('estado', { length: 12, enum: ['pendiente', 'enviado'] }).notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    tomadoEn: timestamp('tomado_en', { withTimezone: true }),
    enviadoEn: timestamp('enviado_en', { withTimezone: true }),
    error: text('error').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portal_avisos_clave_key').on(t.clave, t.portalUsuarioId),
    index('portal_avisos_pendientes_idx').on(t.creadoEn).where(sql`${t.estado} = 'pendiente'`),
    check('portal_avisos_estado_check', sql`${t.estado} in ('pendiente', 'enviado')`),
  ],
);

/** Certificates and deadlines created before this moment (the portal's installation) are never mailed. */
export const portalAvisosMarca = pgTable(
  'portal_avisos_marca',
  {
    id: smallint('id').primaryKey().default(1),
    desde: timestamp('desde', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('portal_avisos_marca_id_check', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------------------------------------
// Outgoing mail: every mail the product sends for this receiver, written before it is sent and kept
// as the delivery log (issue 36 §1).

export const CORREO_ESTADOS_DB = ['pendiente', 'enviado', 'fallido', 'sin_transporte'] as const;

/**
 * The outbox: one row per mail. 'pendiente' until a transport takes it, 'sin_transporte' when there
 * is none (it waits here, visible in Correo saliente), 'enviado' or 'fallido' (with the reason) after.
 */
export const correoSaliente = pgTable(
  'correo_saliente',
  {
    id: serial('id').primaryKey(),
    /** What the mail is: 'invitacion_portal', 'aviso_portal', 'informe', 'cobranza', 'estado_cuenta', 'alarma', 'respaldo'. */
    tipo: varchar('tipo', { length: 30 }).notNull(),
    /** A key that makes a scheduled mail written once ('portal-aviso:12', 'informe:…'); null for one-off mails. */
    clave: varchar('clave', { length: 200 }),
    para: text('para').notNull(),
    cc: text('cc').notNull().default(''),
    asunto: varchar('asunto', { length: 300 }).notNull(),
    cuerpo: text('cuerpo').notNull(),
    html: text('html'),
    /** The firm whose connected Gmail account sends it, when it has one. */
    estudioId: integer('estudio_id').references(() => estudios.id, { onDelete: 'set null' }),
    messageId: varchar('message_id', { length: 300 }).notNull().default(''),
    estado: varchar('estado', { length: 16, enum: CORREO_ESTADOS_DB }).notNull(),
    via: varchar('via', { length: 10 }).notNull().default(''),
    intentos: integer('intentos').notNull().default(0),
    tomadoEn: timestamp('tomado_en', { withTimezone: true }),
    error: text('error').notNull().default(''),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    enviadoEn: timestamp('enviado_en', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('correo_saliente_clave_key').on(t.clave).where(sql`${t.clave} is not null`),
    index('correo_saliente_creado_idx').on(t.creadoEn.desc(), t.id.desc()),
    index('correo_saliente_pendientes_idx').on(t.creadoEn).where(sql`${t.estado} = 'pendiente'`),
    check('correo_saliente_estado_check', sql`${t.estado} in ('pendiente', 'enviado', 'fallido', 'sin_transporte')`),
  ],
);

/** The files a mail carries. */
export const correoSalienteAdjuntos = pgTable(
  'correo_saliente_adjuntos',
  {
    id: serial('id').primaryKey(),
    correoId: integer('correo_id')
      .notNull()
      .references(() => correoSaliente.id, { onDelete: 'cascade' }),
    nombre: varchar('nombre', { length: 300 }).notNull(),
    tipoContenido: varchar('tipo_contenido', { length: 150 }).notNull().default('application/octet-stream'),
    bytes: integer('bytes').notNull(),
    contenido: bytea('contenido').notNull(),
  },
  (t) => [index('correo_saliente_adjuntos_correo_idx').on(t.correoId)],
);

// ---------------------------------------------------------------------------------------------
// Signed webhooks to a firm's systems (tenant migration 0033).

/** A firm's receiving URL, the event types it wants and its signing secret (with the previous one while rotating). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    estudioId: integer('estudio_id')
      .notNull()
      .references(() => estudios.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2000 }).notNull(),
    eventos: jsonb('eventos').$type<string[]>().notNull().default([]),
    activo: boolean('activo').notNull().default(true),
    secreto: varchar('secreto', { length: 100 }).notNull(),
    secretoAnterior: varchar('secreto_anterior', { length: 100 }),
    secretoAnteriorHasta: timestamp('secreto_anterior_hasta', { withTimezone: true }),
    secretoRotadoEn: timestamp('secreto_rotado_en', { withTimezone: true }).notNull().defaultNow(),
    fallandoDesde: timestamp('fallando_desde', { withTimezone: true }),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_estudio_idx').on(t.estudioId, t.activo)],
);

/** One event: its body (the exact bytes signed and sent) stored once per id. */
export const webhookEventos = pgTable('webhook_eventos', {
  id: varchar('id', { length: 40 }).primaryKey(),
  tipo: varchar('tipo', { length: 40 }).notNull(),
  encargoId: integer('encargo_id').references(() => encargos.id, { onDelete: 'cascade' }),
  cuerpo: text('cuerpo').notNull(),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

/** An event owed to one endpoint: pending (next attempt at), delivered or given up. */
export const webhookEnvios = pgTable(
  'webhook_envios',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventoId: varchar('evento_id', { length: 40 })
      .notNull()
      .references(() => webhookEventos.id, { onDelete: 'cascade' }),
    encargoId: integer('encargo_id'),
    estado: varchar('estado', { length: 20 }).notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    proximoIntento: timestamp('proximo_intento', { withTimezone: true }).notNull().defaultNow(),
    entregadoEn: timestamp('entregado_en', { withTimezone: true }),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_envios_endpoint_evento_key').on(t.endpointId, t.eventoId),
    index('webhook_envios_pendientes_idx').on(t.estado, t.proximoIntento),
    index('webhook_envios_orden_idx').on(t.endpointId, t.encargoId, t.id),
  ],
);

/** Each delivery attempt: when, the answer's status, duration and first 1 KB, or the error. */
export const webhookEntregas = pgTable(
  'webhook_entregas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    envioId: bigint('envio_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEnvios.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id').notNull(),
    eventoId: varchar('evento_id', { length: 40 }).notNull(),
    intento: integer('intento').notNull(),
    enviadoEn: timestamp('enviado_en', { withTimezone: true }).notNull(),
    estadoHttp: integer('estado_http'),
    duracionMs: integer('duracion_ms').notNull(),
    respuesta: varchar('respuesta', { length: 1024 }).notNull().default(''),
    error: varchar('error', { length: 500 }),
  },
  (t) => [index('webhook_entregas_endpoint_idx').on(t.endpointId, t.id)],
);

/** The UF value of each day (issue 41 §1): from the economic indicators when fetched, or entered by hand. */
export const valoresUf = pgTable('valores_uf', {
  fecha: date('fecha', { mode: 'string' }).primaryKey(),
  /** Pesos with the UF's two decimals, as text (numeric) so no rounding creeps in. */
  valor: numeric('valor', { precision: 12, scale: 2 }).notNull(),
  origen: varchar('origen', { length: 12, enum: ['indicadores', 'manual'] }).notNull(),
  usuarioId: integer('usuario_id'),
  registradoEn: timestamp('registrado_en', { withTimezone: true }).notNull().defaultNow(),
});
