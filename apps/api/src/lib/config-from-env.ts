import path from 'node:path';
import type { Env } from '../env';
import { configTsaDesdeEntorno } from '../modules/firma/tsa';
import type { AppConfig } from './config';
import { defaultWebDist, repoRoot } from './paths';

/** TRUST_PROXY: '' / 0 / false → off; true → any; a number → hops; otherwise a list of addresses. */
export function parseTrustProxy(value: string): boolean | number | string {
  const text = value.trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return value.trim();
}

/** Google Docs stamps: on when a service account or an OAuth client with refresh token is configured. */
function googleDocsFromEnv(env: Env): AppConfig['googleDocs'] {
  const oauth =
    env.GOOGLE_DOCS_CLIENT_ID && env.GOOGLE_DOCS_CLIENT_SECRET && env.GOOGLE_DOCS_REFRESH_TOKEN
      ? {
          clientId: env.GOOGLE_DOCS_CLIENT_ID,
          clientSecret: env.GOOGLE_DOCS_CLIENT_SECRET,
          refreshToken: env.GOOGLE_DOCS_REFRESH_TOKEN,
          tokenUrl: env.GOOGLE_DOCS_TOKEN_URL,
        }
      : undefined;
  if (!env.GOOGLE_SERVICE_ACCOUNT_JSON && !oauth) return undefined;
  return {
    apiRoot: env.GOOGLE_DOCS_API_ROOT,
    serviceAccountJson: env.GOOGLE_SERVICE_ACCOUNT_JSON,
    oauth,
    estampadosFolderId: env.GOOGLE_ESTAMPADOS_FOLDER_ID,
  };
}

export function configFromEnv(env: Env): AppConfig {
  return {
    database: { controlUrl: env.DATABASE_URL, dataDir: path.resolve(repoRoot, env.DATA_DIR) },
    jwtSecret: env.JWT_SECRET,
    accessTokenTtl: env.ACCESS_TOKEN_TTL,
    refreshTokenTtl: env.REFRESH_TOKEN_TTL,
    loginRateMax: env.LOGIN_RATE_MAX,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    hsts: env.HSTS === '1',
    webhooksPermitirPrivadas: env.WEBHOOKS_PERMITIR_PRIVADAS === '1',
    revocacion: { permitirPrivadas: env.FIRMA_REVOCACION_PERMITIR_PRIVADAS === '1', timeoutMs: env.FIRMA_REVOCACION_TIMEOUT_MS },
    tsa: configTsaDesdeEntorno(env),
    reselloMargenDias: env.FIRMA_RESELLO_MARGEN_DIAS,
    sessionCacheTtlMs: env.SESSION_CACHE_TTL_MS,
    redisUrl: env.REDIS_URL,
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.HOST, processMetrics: true },
    tenantPool: { max: env.TENANT_POOL_MAX, maxPerServer: env.TENANT_POOL_MAX_PER_SERVER, idleMs: env.TENANT_POOL_IDLE_MS, poolSize: env.TENANT_POOL_SIZE },
    moveStuckMinutes: env.MOVE_STUCK_MINUTES,
    moveJobExpireMinutes: env.MOVE_JOB_EXPIRE_MINUTES,
    googleDocs: googleDocsFromEnv(env),
    soffice: env.SOFFICE_PATH,
    gotenbergUrl: env.GOTENBERG_URL,
    webDist: env.WEB_DIST ? path.resolve(repoRoot, env.WEB_DIST) : defaultWebDist,
    adminPassword: env.ADMIN_PASSWORD,
    seedDemo: env.SEED_DEMO === '1',
    demoUsers: env.SEED_DEMO === '1' ? { password: env.DEMO_PASSWORD } : undefined,
    indicadores: { url: env.INDICADORES_URL },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      redirectUri: env.GOOGLE_REDIRECT_URI,
      authUrl: env.GOOGLE_AUTH_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      apiRoot: env.GOOGLE_API_ROOT,
    },
    tokenEncryptionKey: env.TOKEN_ENCRYPTION_KEY,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    jobs: { enabled: env.JOBS_ENABLED === '1' },
    respaldos: {
      dir: path.resolve(repoRoot, env.BACKUP_DIR),
      schedule: env.BACKUP_ENABLED === '1',
      cron: env.BACKUP_CRON,
      keepDaily: env.BACKUP_KEEP_DAILY,
      keepWeekly: env.BACKUP_KEEP_WEEKLY,
      pgBinDir: env.PG_BIN_DIR,
      s3: env.BACKUP_S3_BUCKET
        ? {
            bucket: env.BACKUP_S3_BUCKET,
            endpoint: env.BACKUP_S3_ENDPOINT,
            region: env.BACKUP_S3_REGION,
            accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
            prefix: env.BACKUP_S3_PREFIX,
            forcePathStyle: env.BACKUP_S3_FORCE_PATH_STYLE === '1',
          }
        : undefined,
    },
    logger: { level: env.LOG_LEVEL },
  };
}
