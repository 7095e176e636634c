import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * A PostgreSQL server that holds receivers' databases. `urlCifrada` is its connection URL encrypted with
 * TOKEN_ENCRYPTION_KEY; null means the control database's own server (the row `principal`, id 1).
 * `capacidad` is the most receivers it may hold; onboarding places a new one on the active server with
 * the most room left.
 */
export const servidores = pgTable('servidores', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull().unique(),
  urlCifrada: text('url_cifrada'),
  capacidad: integer('capacidad').notNull(),
  activo: boolean('activo').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A receiver (receptor judicial): one tenant with its own database. */
export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 200 }).notNull(),
  rut: varchar('rut', { length: 12 }).notNull().default(''),
  direccion: varchar('direccion', { length: 300 }).notNull().default(''),
  comuna: varchar('comuna', { length: 100 }).notNull().default(''),
  telefono: varchar('telefono', { length: 30 }).notNull().default(''),
  email: varchar('email', { length: 254 }).notNull().default(''),
  /** The receiver's title under the signature (e.g. 'Receptor Judicial de la Jurisdicción de la I. Corte de Apelaciones de Santiago'). */
  titulo: varchar('titulo', { length: 200 }).notNull().default(''),
  activo: boolean('activo').notNull().default(true),
  databaseName: varchar('database_name', { length: 63 }).notNull().unique(),
  /** Full connection URL of the tenant database when it lives on another server. */
  databaseUrl: text('database_url'),
  carpetaPrincipalUrl: text('carpeta_principal_url').notNull().default(''),
  carpetaCobranzaUrl: text('carpeta_cobranza_url').notNull().default(''),
  carpetaEstampadosUrl: text('carpeta_estampados_url').notNull().default(''),
  carpetaPlantillasUrl: text('carpeta_plantillas_url').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Optimistic-concurrency version, raised by trigger on every UPDATE (engineer H). */
  version: integer('version').notNull().default(1),
  /** Set while its database is being restored over (`cli restore --replace`): its requests get 503. */
  mantenimientoDesde: timestamp('mantenimiento_desde', { withTimezone: true }),
  /** The database server holding its database (`servidores`). */
  servidorId: integer('servidor_id')
    .notNull()
    .default(1)
    .references(() => servidores.id),
  /** Set while its database is copied to another server: its writes get 503 (reads go on). */
  moviendoDesde: timestamp('moviendo_desde', { withTimezone: true }),
}, (t) => [index('tenants_servidor_idx').on(t.servidorId)]);

/**
 * One backup run (nightly job or `cli backup`): its files and outcome. `clave` makes the nightly run
 * exactly-once across instances (one row per Santiago night); manual runs get a unique key of their own.
 */
export const respaldos = pgTable(
  'respaldos',
  {
    id: serial('id').primaryKey(),
    clave: varchar('clave', { length: 80 }).notNull().unique(),
    origen: varchar('origen', { length: 20, enum: ['programado', 'manual'] }).notNull(),
    estado: varchar('estado', { length: 20, enum: ['en_curso', 'ok', 'error'] }).notNull().default('en_curso'),
    iniciadoEn: timestamp('iniciado_en', { withTimezone: true }).notNull().defaultNow(),
    terminadoEn: timestamp('terminado_en', { withTimezone: true }),
    /** Files written: [{ archivo, sha256, bytes, receptor }]. */
    archivos: jsonb('archivos').notNull().default([]),
    error: text('error'),
  },
  (t) => [index('respaldos_estado_idx').on(t.estado, t.terminadoEn)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    username: varchar('username', { length: 150 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    cargo: varchar('cargo', { length: 20, enum: ['receptor', 'secretaria'] }).notNull().default('receptor'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_key').on(sql`lower(${t.username})`), index('users_tenant_idx').on(t.tenantId)],
);

/**
 * People of a law firm who follow its assignments on the portal (issue 27): one receiver, one firm of
 * it (`estudio_id`: the receiver database's estudios.id). The invitation token is stored as its SHA-256
 * only and works once, until `invitacion_vence`; the password is chosen through that link.
 */
export const portalUsuarios = pgTable(
  'portal_usuarios',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    estudioId: integer('estudio_id').notNull(),
    nombre: varchar('nombre', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    invitacionHash: varchar('invitacion_hash', { length: 64 }).unique(),
    invitacionVence: timestamp('invitacion_vence', { withTimezone: true }),
    invitadoEn: timestamp('invitado_en', { withTimezone: true }).notNull().defaultNow(),
    activadoEn: timestamp('activado_en', { withTimezone: true }),
    ultimoAcceso: timestamp('ultimo_acceso', { withTimezone: true }),
    /** Which mails the user wants ({ mail_solicitudes, mail_certificados, mail_plazos }; absent keys: on). */
    preferencias: jsonb('preferencias').notNull().default({}),
    creadoPor: varchar('creado_por', { length: 150 }).notNull().default(''),
    /** May create and revoke the firm's API keys from the portal (granted by the receiver). */
    administraApi: boolean('administra_api').notNull().default(false),
  },
  (t) => [
    uniqueIndex('portal_usuarios_email_key').on(t.tenantId, sql`lower(${t.email})`),
    index('portal_usuarios_email_idx').on(sql`lower(${t.email})`),
    index('portal_usuarios_estudio_idx').on(t.tenantId, t.estudioId),
  ],
);

/**
 * A firm's API keys (`rk_…`): the SHA-256 of the secret leads to the receiver and the firm; the secret
 * itself is never stored. `revocadaEn` set: refused at once (rows stay as evidence).
 */
export const portalClavesApi = pgTable(
  'portal_claves_api',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    estudioId: integer('estudio_id').notNull(),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    prefijo: varchar('prefijo', { length: 16 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull().unique(),
    alcances: jsonb('alcances').$type<string[]>().notNull(),
    creada: timestamp('creada', { withTimezone: true }).notNull().defaultNow(),
    creadaPor: varchar('creada_por', { length: 150 }).notNull().default(''),
    ultimoUso: timestamp('ultimo_uso', { withTimezone: true }),
    expira: date('expira', { mode: 'string' }),
    revocadaEn: timestamp('revocada_en', { withTimezone: true }),
  },
  (t) => [index('portal_claves_api_estudio_idx').on(t.tenantId, t.estudioId)],
);

/**
 * Rotating refresh tokens; only the SHA-256 of a token is stored. A token belongs to a staff user or
 * to a portal user (exactly one of the two).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    portalUsuarioId: integer('portal_usuario_id').references(() => portalUsuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** All tokens of one login share a family; reuse of a rotated token revokes the family. */
    family: varchar('family', { length: 36 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.family),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_portal_usuario_idx').on(t.portalUsuarioId),
    check('refresh_tokens_owner_check', sql`num_nonnulls(${t.userId}, ${t.portalUsuarioId}) = 1`),
  ],
);

/** Catalogue of permission codes. */
export const permisos = pgTable('permisos', {
  id: serial('id').primaryKey(),
  codigo: varchar('codigo', { length: 50 }).notNull().unique(),
  nombre: varchar('nombre', { length: 150 }).notNull().default(''),
});

export const userPermisos = pgTable(
  'user_permisos',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permisoId: integer('permiso_id')
      .notNull()
      .references(() => permisos.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_permisos_key').on(t.userId, t.permisoId)],
);

/** Installation-wide settings (e.g. the token signing secret when none is configured). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
});

/**
 * Last good answer of the economic indicators source (UF, IPC, dólar), one row per indicator, shared
 * by every receiver and API instance; fresh for one hour, kept afterwards as the fallback.
 */
export const indicadoresCache = pgTable('indicadores_cache', {
  codigo: varchar('codigo', { length: 10, enum: ['uf', 'ipc', 'dolar'] }).primaryKey(),
  valor: doublePrecision('valor').notNull(),
  /** Day the value applies to. */
  fecha: date('fecha', { mode: 'string' }),
  obtenidoEn: timestamp('obtenido_en', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Results and stamps (issue 6)

/**
 * Which receiver generated each stamp document (the UUID is the tenant DB's estampados.id), so the
 * unauthenticated 'notificar_estampado_generado' call can find the tenant from the document alone.
 */
export const estampadoDocumentos = pgTable(
  'estampado_documentos',
  {
    documentoId: varchar('documento_id', { length: 36 }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('estampado_documentos_tenant_idx').on(t.tenantId)],
);

/** Which receiver issued a certificate's verification code, keyed by the code's SHA-256 (hex). */
export const verificacionCodigos = pgTable(
  'verificacion_codigos',
  {
    codigoHash: varchar('codigo_hash', { length: 64 }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verificacion_codigos_tenant_idx').on(t.tenantId)],
);

// ---------------------------------------------------------------------------------------------
// Audit trail of control-database changes: permissions and receivers (engineer H)

/**
 * Append-only like the tenants' `auditoria` (a trigger refuses UPDATE, DELETE and TRUNCATE).
 * `tenant_id` is the receiver the change belongs to; no foreign key, so history outlives it.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    tenantId: integer('tenant_id').notNull(),
    usuarioId: integer('usuario_id'),
    usuario: varchar('usuario', { length: 150 }).notNull().default(''),
    entidad: varchar('entidad', { length: 40 }).notNull(),
    entidadId: integer('entidad_id').notNull(),
    accion: varchar('accion', { length: 40 }).notNull(),
    cambios: jsonb('cambios').notNull().default({}),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
  },
  (t) => [index('auditoria_entidad_idx').on(t.entidad, t.entidadId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Phone calendars (issue 24)

/**
 * Each user's iCalendar feed link: a long random token, looked up by its SHA-256 and kept encrypted
 * (AES-256-GCM, the tokens-at-rest key) so the profile screen can show the current link again.
 * Rotating replaces the row, so the old link stops at once.
 */
export const calendarioTokens = pgTable('calendario_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  tokenCifrado: text('token_cifrado').notNull(),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Scale-out (issue 28)

/**
 * Login limits shared by every API instance: one row per client address (`a:` + address, a fixed
 * window of failures) and per account (`c:` + name as typed, failures and the last one, for the
 * growing delay), and the per-address limits of public routes (`r:` + route + address, a fixed window
 * of hits). A row past `vence` counts as absent; expired rows are pruned every minute.
 */
export const intentosLogin = pgTable(
  'intentos_login',
  {
    clave: varchar('clave', { length: 200 }).primaryKey(),
    fallos: integer('fallos').notNull(),
    desde: timestamp('desde', { withTimezone: true }).notNull(),
    ultimoFallo: timestamp('ultimo_fallo', { withTimezone: true }).notNull(),
    vence: timestamp('vence', { withTimezone: true }).notNull(),
  },
  (t) => [index('intentos_login_vence_idx').on(t.vence)],
);

/**
 * A receiver's database moved to another server: copied with pg_dump | pg_restore, checked table by
 * table (row count and checksum), then the receiver switched over. The old database stays until the
 * move is confirmed (`baseAnteriorEliminadaEn`).
 */
export const traslados = pgTable(
  'traslados',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    origenServidorId: integer('origen_servidor_id')
      .notNull()
      .references(() => servidores.id),
    origenBase: varchar('origen_base', { length: 63 }).notNull(),
    destinoServidorId: integer('destino_servidor_id')
      .notNull()
      .references(() => servidores.id),
    destinoBase: varchar('destino_base', { length: 63 }),
    estado: varchar('estado', { length: 20, enum: ['copiando', 'activo', 'fallido'] }).notNull().default('copiando'),
    detalle: text('detalle').notNull().default(''),
    /** Per table: [{ tabla, filas, checksum }] as verified on both sides. */
    tablas: jsonb('tablas').notNull().default([]),
    iniciadoEn: timestamp('iniciado_en', { withTimezone: true }).notNull().defaultNow(),
    terminadoEn: timestamp('terminado_en', { withTimezone: true }),
    baseAnteriorEliminadaEn: timestamp('base_anterior_eliminada_en', { withTimezone: true }),
  },
  (t) => [
    index('traslados_tenant_idx').on(t.tenantId, t.id),
    uniqueIndex('traslados_en_curso_idx').on(t.tenantId).where(sql`${t.estado} = 'copiando'`),
  ],
);

/**
 * CA certificates the platform admin adds to build signers' chains (issue 39 §4): roots and intermediates
 * of the accredited providers. A root inside a user's PKCS#12 counts only for that user; these count for all.
 */
export const firmaAutoridades = pgTable('firma_autoridades', {
  id: serial('id').primaryKey(),
  /** The certificate's DER in base64. */
  certificadoDer: text('certificado_der').notNull(),
  huellaSha256: varchar('huella_sha256', { length: 64 }).notNull().unique(),
  nombre: varchar('nombre', { length: 300 }).notNull(),
  sujeto: varchar('sujeto', { length: 2000 }).notNull(),
  emisor: varchar('emisor', { length: 2000 }).notNull(),
  validoDesde: timestamp('valido_desde', { withTimezone: true }).notNull(),
  validoHasta: timestamp('valido_hasta', { withTimezone: true }).notNull(),
  agregadaPor: varchar('agregada_por', { length: 150 }).notNull(),
  agregadaEn: timestamp('agregada_en', { withTimezone: true }).notNull().defaultNow(),
});

/** A pairing code for the signing agent (Mi perfil), kept as its SHA-256; used once, within minutes. */
export const firmaAgenteCodigos = pgTable('firma_agente_codigos', {
  codigoHash: varchar('codigo_hash', { length: 64 }).primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  usuarioId: integer('usuario_id').notNull(),
  venceEn: timestamp('vence_en', { withTimezone: true }).notNull(),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

/** A signing agent paired with a user: its token kept as SHA-256; revoked by the user (or a new pairing of the same PC). */
export const firmaAgentes = pgTable(
  'firma_agentes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    usuarioId: integer('usuario_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    equipo: varchar('equipo', { length: 100 }).notNull(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    vistoEn: timestamp('visto_en', { withTimezone: true }),
    revocadoEn: timestamp('revocado_en', { withTimezone: true }),
  },
  (t) => [index('firma_agentes_usuario_idx').on(t.tenantId, t.usuarioId)],
);
