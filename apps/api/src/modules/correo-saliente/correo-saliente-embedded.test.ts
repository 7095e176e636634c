import { CorreoSalienteListResponseSchema, CorreoSalienteSchema, PortalInvitacionResponseSchema } from '@receptoria/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../jobs/jobs.plugin';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../../test/helper';
import { PORTAL_PASSWORD } from '../../../test/portal-kit';
import { registerEstudio } from '../encargos/encargos.fixtures';

/**
 * The embedded default (PGlite, no DATABASE_URL) with no mail transport, as `pnpm start` runs on a new
 * machine: a firm's user is invited, the link is read from Correo saliente, the account is activated and
 * signs in to the portal; the job queue (pg-boss on PGlite) keeps a pending mail as sin_transporte.
 */

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext(
    { jobs: { enabled: true, schedule: false, retryDelaySeconds: 1, retryLimit: 2, pollingIntervalSeconds: 0.5 } },
    { embedded: true },
  );
  admin = await t.login('admin', ADMIN_PASSWORD);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.request(admin, { method: 'GET', url });

describe('the portal on the embedded default with no mail transport', () => {
  it('runs on PGlite', () => {
    expect(t.config.database).not.toHaveProperty('controlUrl');
    expect(t.config.mail?.smtpUrl).toBeUndefined();
  });

  it('invites a firm’s user through the outbox: the link read from Correo saliente activates the account and signs in', async () => {
    const estudio = await registerEstudio(t, admin, { nombre: 'Estudio Embebido Sin Correo' });
    const invited = await t.request(admin, {
      method: 'POST',
      url: `/api/v1/estudios/${estudio.id}/usuarios_portal/`,
      payload: { nombre: 'Elena Fuentes', email: 'elena@embebido-sin-correo.cl' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(PortalInvitacionResponseSchema.parse(invited.json()).correo.estado).toBe('sin_transporte');

    const list = CorreoSalienteListResponseSchema.parse((await get('/api/v1/correo_saliente/')).json());
    const correo = list.results.find((row) => row.para === 'elena@embebido-sin-correo.cl');
    expect(correo).toMatchObject({ estado: 'sin_transporte', enviado: null, asunto: expect.stringMatching(/^Invitación al portal de /) });
    const detail = CorreoSalienteSchema.parse((await get(`/api/v1/correo_saliente/${correo!.id}/`)).json());
    expect(detail.cuerpo).toContain('le invita a seguir los encargos de Estudio Embebido Sin Correo en su portal.');
    const token = /\/portal\/activar\/([A-Za-z0-9_-]{20,})/.exec(detail.cuerpo)?.[1];
    expect(token, detail.cuerpo).toBeDefined();

    const activated = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/activar/', payload: { token, password: PORTAL_PASSWORD } });
    expect(activated.statusCode, activated.body).toBe(200);
    const login = await t.request(undefined, {
      method: 'POST',
      url: '/api/v1/portal/auth/login/',
      payload: { email: 'elena@embebido-sin-correo.cl', password: PORTAL_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user).toMatchObject({ kind: 'portal', estudio: { id: estudio.id } });
  });

  it('the outbox job, run by pg-boss on PGlite, keeps a pending mail as sin_transporte when there is no transport', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const inserted = (await db.execute(sql`
      insert into correo_saliente (tipo, para, asunto, cuerpo, estado, creado_en)
      values ('alarma', 'receptor@embebido.cl', 'Recordatorio en cola', 'Audiencia mañana.', 'pendiente', now() - interval '5 minutes')
      returning id`)) as unknown as { rows: Array<{ id: number }> };
    const id = inserted.rows[0]!.id;
    await t.app.jobs!.send(QUEUES.correoSaliente, {});
    const deadline = Date.now() + 40_000;
    let estado = 'pendiente';
    while (estado === 'pendiente' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      estado = CorreoSalienteSchema.parse((await get(`/api/v1/correo_saliente/${id}/`)).json()).estado;
    }
    expect(estado).toBe('sin_transporte');
  });
});
