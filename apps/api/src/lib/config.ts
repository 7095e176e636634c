import type { DatabaseConfig } from '@receptoria/db';

export interface AppConfig {
  database: DatabaseConfig;
  jwtSecret?: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  loginRateMax: number;
  tenantPool: { max: number; idleMs: number; poolSize: number };
  /** Built web app served beside the API, when present. */
  webDist?: string;
  adminPassword?: string;
  seedDemo: boolean;
  /** Economic indicators source (mindicador); defaults to the public service. */
  indicadores?: { url?: string; timeoutMs?: number; retryAfterFailureMs?: number };
  logger: boolean | { level: string; transport?: { target: string } };
}
