import type { DatabaseConfig } from '@receptoria/db';
import type { GoogleDocsConfig } from '../integrations/google/drive-auth';
import type { ConfigTsa } from '../modules/firma/tsa';

export interface RespaldosConfig {
  /** Folder the dumps and their .sha256 files go to (absolute). */
  dir: string;
  /** Register the nightly schedule (needs jobs on). */
  schedule: boolean;
  /** Cron (America/Santiago) of the nightly run. */
  cron: string;
  keepDaily: number;
  keepWeekly: number;
  /** Folder of pg_dump / pg_restore; otherwise found from the server's major version. */
  pgBinDir?: string;
  /** S3-compatible copy of every file; off when absent. */
  s3?: {
    bucket: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    prefix: string;
    forcePathStyle: boolean;
  };
}

export interface AppConfig {
  database: DatabaseConfig;
  jwtSecret?: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  loginRateMax: number;
  /** Open receivers' databases: `max` over every server, `maxPerServer` on one server (default `max`). */
  tenantPool: { max: number; maxPerServer?: number; idleMs: number; poolSize: number };
  /** A receiver move still 'copiando' this long with no live job is failed and reverted (default 30). */
  moveStuckMinutes?: number;
  /** A move's job held by a worker longer than this is expired and retried: it must outlast the longest copy (default 240). */
  moveJobExpireMinutes?: number;
  /** Built web app served beside the API, when present. */
  webDist?: string;
  adminPassword?: string;
  seedDemo: boolean;
  /**
   * On a first start with demo data, the demo receiver's own users (`receptor`, `secretaria`) are made
   * too; their password is this one's, else generated and printed once. Absent: no demo users.
   */
  demoUsers?: { password?: string };
  /** Economic indicators source (mindicador); defaults to the public service. */
  indicadores?: { url?: string; timeoutMs?: number; retryAfterFailureMs?: number };
  /** System mail (SMTP_URL) used when a firm has no connected Gmail account. */
  mail?: { smtpUrl?: string; from?: string };
  /** Google OAuth2 client for connecting firms' Gmail accounts; URLs overridable for stand-ins. */
  google?: {
    clientId?: string;
    clientSecret?: string;
    redirectUri?: string;
    authUrl?: string;
    tokenUrl?: string;
    apiRoot?: string;
  };
  /** Google Docs engine for stamps (service account or OAuth refresh token); local DOCX stamps without it. */
  googleDocs?: GoogleDocsConfig;
  /** LibreOffice binary for PDF copies of stamps; looked up in the usual places when not set. */
  soffice?: string;
  /** Gotenberg (its /forms/libreoffice/convert route) for the PDFs instead of a local LibreOffice. */
  gotenbergUrl?: string;
  /** A DOCX → PDF conversion past this is stopped (default 120 s). */
  pdfTimeoutMs?: number;
  /** Address the public pages are reached at (the QR of a signed certificate opens {publicUrl}/verificar/{codigo}). */
  publicUrl?: string;
  /** AES-256-GCM key (any string ≥ 32 chars, hashed to 32 bytes) for tokens at rest; else derived from jwtSecret. */
  tokenEncryptionKey?: string;
  /** Scheduled jobs (pg-boss): off unless enabled, so test app builds stay fast. */
  jobs?: {
    enabled: boolean;
    /** Register the cron schedules (off in tests that trigger ticks by hand). */
    schedule?: boolean;
    retryLimit?: number;
    retryDelaySeconds?: number;
    pollingIntervalSeconds?: number;
  };
  /** Backups (pg_dump / PGlite dumps) of the control and every receiver's database. */
  respaldos?: RespaldosConfig;
  logger: boolean | { level: string; transport?: { target: string }; stream?: NodeJS.WritableStream };
  /** Fastify trustProxy: false (default), true, a hop count or a list of addresses/CIDRs. */
  trustProxy?: boolean | number | string;
  /** Sends Strict-Transport-Security on every answer (also sent on requests that arrive over TLS). */
  hsts?: boolean;
  /** Webhooks may reach loopback and private addresses, over http too (tests and development only). */
  webhooksPermitirPrivadas?: boolean;
  /**
   * Revocation checks of signing certificates (OCSP, CRL): private addresses allowed (tests and development
   * only) and the timeout of each request.
   */
  revocacion?: { permitirPrivadas?: boolean; timeoutMs?: number };
  /** PAdES timestamps: the TSA (none: signatures stay B-B) and the days before a timestamp's certificate expires when the document is re-timestamped. */
  tsa?: ConfigTsa | null;
  reselloMargenDias?: number;
  /** Seconds the per-request session check (user, receiver, permissions, session) is cached. */
  sessionCacheTtlMs?: number;
  /** Login limits in Redis (shared by every instance) instead of the control database. */
  redisUrl?: string;
  /**
   * Prometheus metrics: GET /metrics answers with `Authorization: Bearer <token>` when a token is set;
   * with a port and no token they are served on that port only; otherwise /metrics answers 401.
   * processMetrics adds the Node process's own (CPU, memory, event loop).
   */
  metrics?: { token?: string; port?: number; host?: string; processMetrics?: boolean };
}
