import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Settings shared by the Playwright config, the global setup and teardown. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const postgresServerUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

// The config module is loaded by the runner and again by each worker: the first load picks the name
// and the workers inherit it through the environment.
process.env.E2E_DATABASE_NAME ??= `receptoria_e2e_${Date.now()}`;
export const databaseName = process.env.E2E_DATABASE_NAME;
export const databaseUrl = `${postgresServerUrl}/${databaseName}`;

export const ADMIN_PASSWORD = 'admin12345';

/** Loopback stand-ins the reports suites start: an SMTP server and Google (OAuth + Gmail API). */
export const smtpStandInPort = port + 1000;
export const googleStandInPort = port + 1100;
const googleStandIn = `http://127.0.0.1:${googleStandInPort}`;

/** The environment of the API under test (and of its CLI). */
export const serverEnv: Record<string, string> = {
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  ADMIN_PASSWORD,
  SEED_DEMO: '1',
  JWT_SECRET: 'e2e-secret-receptoria-0123456789',
  ACCESS_TOKEN_TTL: process.env.E2E_ACCESS_TOKEN_TTL ?? '900',
  // Every test signs in; the per-minute login limit of production would stop the suite.
  LOGIN_RATE_MAX: '1000',
  WEB_DIST: process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  SMTP_URL: `smtp://127.0.0.1:${smtpStandInPort}`,
  GOOGLE_CLIENT_ID: 'e2e-cliente.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'e2e-secreto',
  GOOGLE_REDIRECT_URI: `${baseURL}/api/v1/oauth2/callback/`,
  GOOGLE_AUTH_URL: `${googleStandIn}/o/oauth2/v2/auth`,
  GOOGLE_TOKEN_URL: `${googleStandIn}/token`,
  GOOGLE_API_ROOT: googleStandIn,
  TOKEN_ENCRYPTION_KEY: 'e2e-clave-de-cifrado-de-tokens-0123456789',
  // The webhooks suite's firm system listens on loopback (tests and development only).
  WEBHOOKS_PERMITIR_PRIVADAS: '1',
};
