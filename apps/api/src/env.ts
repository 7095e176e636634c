import { z } from 'zod';

/** The only place that reads process.env. */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  JWT_SECRET: z.string().min(16).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(15 * 60),
  REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(7 * 24 * 60 * 60),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  // Password of the demo users (`receptor`, `secretaria`) made with the demo data; generated and printed once when unset.
  DEMO_PASSWORD: z.string().min(6).optional(),
  TENANT_POOL_MAX: z.coerce.number().int().positive().default(50),
  TENANT_POOL_IDLE_MS: z.coerce.number().int().positive().default(10 * 60_000),
  TENANT_POOL_SIZE: z.coerce.number().int().positive().default(5),
  // Most receivers' databases open on one database server (default TENANT_POOL_MAX)
  TENANT_POOL_MAX_PER_SERVER: z.coerce.number().int().positive().optional(),
  // A receiver move still 'copiando' this long with no live job is marked failed and the receiver reverted
  MOVE_STUCK_MINUTES: z.coerce.number().int().positive().default(30),
  // A move's job is expired (and retried) only after this long: longer than the longest copy; pg-boss allows up to 24 h
  MOVE_JOB_EXPIRE_MINUTES: z.coerce.number().int().positive().max(24 * 60).default(240),
  LOGIN_RATE_MAX: z.coerce.number().int().positive().default(10),
  // Security: proxy trust (off unless set: 'true', a hop count, or addresses/CIDRs), HSTS, session cache
  TRUST_PROXY: z.string().default(''),
  HSTS: z.enum(['0', '1']).default('0'),
  // Webhooks to loopback/private addresses (and over http): tests and development only.
  WEBHOOKS_PERMITIR_PRIVADAS: z.enum(['0', '1']).default('0'),
  // Signing certificates' revocation (OCSP/CRL): private addresses for tests and development only; timeout per request
  FIRMA_REVOCACION_PERMITIR_PRIVADAS: z.enum(['0', '1']).default('0'),
  FIRMA_REVOCACION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  // PAdES timestamps (docs/firma.md): the RFC 3161 TSA (none: signatures stay B-B), its optional HTTP Basic
  // credentials and timeout; the re-timestamp job's margin before the last timestamp's certificate expires
  TSA_URL: z.string().url().optional(),
  TSA_USUARIO: z.string().min(1).optional(),
  TSA_CLAVE: z.string().optional(),
  TSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  FIRMA_RESELLO_MARGEN_DIAS: z.coerce.number().int().min(1).max(3650).default(90),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  // Stamps: Google Docs engine (optional) and LibreOffice for PDF copies (optional)
  GOOGLE_DOCS_API_ROOT: z.string().url().optional(),
  GOOGLE_SERVICE_ACCOUNT_JSON: z.string().optional(),
  GOOGLE_DOCS_CLIENT_ID: z.string().optional(),
  GOOGLE_DOCS_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DOCS_REFRESH_TOKEN: z.string().optional(),
  GOOGLE_DOCS_TOKEN_URL: z.string().url().optional(),
  GOOGLE_ESTAMPADOS_FOLDER_ID: z.string().optional(),
  SOFFICE_PATH: z.string().optional(),
  // Gotenberg (docker compose service) converts the certificates to PDF instead of a local LibreOffice
  GOTENBERG_URL: z.string().url().optional(),
  LOG_LEVEL: z.string().default('info'),
  WEB_DIST: z.string().optional(),
  INDICADORES_URL: z.string().url().default('https://mindicador.cl/api'),
  // Mail, Google (Gmail) and scheduled jobs (reports, alarm reminders)
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_REDIRECT_URI: z.string().url().optional(),
  GOOGLE_AUTH_URL: z.string().url().optional(),
  GOOGLE_TOKEN_URL: z.string().url().optional(),
  GOOGLE_API_ROOT: z.string().url().optional(),
  TOKEN_ENCRYPTION_KEY: z.string().min(32).optional(),
  // Address the public pages are reached at (verification QR of signed certificates); default http://localhost:PORT
  PUBLIC_URL: z.string().url().optional(),
  JOBS_ENABLED: z.enum(['0', '1']).default('1'),
  // Scale-out: login limits in Redis instead of the control database; Prometheus metrics
  REDIS_URL: z.string().url().optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().positive().optional(),
  // Backups: nightly at 02:00 America/Santiago (pg-boss), kept 7 daily + 4 weekly, optionally sent to S3
  BACKUP_DIR: z.string().default('./.data/backups'),
  BACKUP_ENABLED: z.enum(['0', '1']).default('1'),
  BACKUP_CRON: z.string().default('0 2 * * *'),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).default(4),
  // Folder of pg_dump / pg_restore when not found from the server's major version
  PG_BIN_DIR: z.string().optional(),
  BACKUP_S3_BUCKET: z.string().min(1).optional(),
  BACKUP_S3_ENDPOINT: z.string().url().optional(),
  BACKUP_S3_REGION: z.string().default('us-east-1'),
  BACKUP_S3_ACCESS_KEY_ID: z.string().optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().optional(),
  BACKUP_S3_PREFIX: z.string().default(''),
  BACKUP_S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('1'),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

