import { commonMessages } from '@receptoria/contracts';
import { tenantLocation } from '@receptoria/db';
import { controlSchema } from '@receptoria/db';
import { asc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { RETRY_AFTER_SECONDS } from './error-handler';
import { estadoRespaldos } from '../modules/respaldos/respaldos.service';

const PROBE_TIMEOUT_MS = 3_000;

async function probe(work: () => Promise<unknown>): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: 200 when the control database answers. It also reports the first active receiver's
 * database (tenant trouble shows apart from control trouble), the receivers' database servers
 * (`servidores`: id, nombre, estado 'ok' | 'caido') and the login-limit counters.
 */
export const healthPlugin = fp(
  async (app) => {
    app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
      const control = await probe(() => app.controlDb.execute(sql`select 1`));
      let tenants: 'ok' | 'error' | 'unknown' = 'unknown';
      if (control === 'ok') {
        tenants = await probe(async () => {
          const { tenants: table } = controlSchema;
          const [tenant] = await app.controlDb.select().from(table).where(eq(table.activo, true)).orderBy(asc(table.id)).limit(1);
          if (!tenant) return;
          await app.tenantPools.with(tenantLocation(app.databaseConfig, tenant), (db) => db.execute(sql`select 1`));
        });
      }
      // The last backups: when one last finished well and when one last failed (with why, when later).
      let respaldos: Awaited<ReturnType<typeof estadoRespaldos>> | 'unknown' = 'unknown';
      if (control === 'ok') {
        await probe(async () => {
          respaldos = await estadoRespaldos(app.controlDb);
        });
      }
      // The receivers' database servers (table servidores), each probed apart; a server down leaves the
      // answer 200 (its receivers get 503, the others are served).
      let servidores: Array<{ id: number; nombre: string; estado: 'ok' | 'caido' }> = [];
      if (control === 'ok') {
        await probe(async () => {
          servidores = await app.servidores.estados();
        });
      }
      const body = {
        status: control === 'ok' && tenants !== 'error' ? 'ok' : control === 'ok' ? 'degraded' : 'unavailable',
        control_db: control,
        tenant_db: tenants,
        tenant_pools_open: app.tenantPools.openCount,
        servidores,
        respaldos,
        // How certificates become PDFs; null: DOCX only (the stamp dialog says so).
        conversor_pdf: app.stampEngines.pdfs?.converter?.kind ?? null,
        login_throttle: control === 'ok' || app.loginThrottle.store === 'redis' ? await app.loginThrottle.stats().catch(() => null) : null,
      };
      if (control !== 'ok') {
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ ...body, detail: commonMessages.unavailable });
      }
      return body;
    });
  },
  { name: 'health', dependencies: ['auth', 'databases', 'servidores'] },
);
