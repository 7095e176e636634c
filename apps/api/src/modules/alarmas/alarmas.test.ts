import { AlarmaCalendarioListSchema, AlarmasProximasSchema, alarmaMessages, calendarioMessages } from '@receptoria/contracts';
import { controlSchema, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { registerEstudio } from '../encargos/encargos.fixtures';
import { runAlarmReminders } from './alarmas-avisos';

const HOUR = 3_600_000;
let t: TestContext;
let smtp: TestSmtpServer;
let tokenA: string;
let tokenB: string;
const now = new Date('2026-06-10T12:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestContext({ mail: { smtpUrl: smtp.url } });
  await t.app.controlDb.update(controlSchema.tenants).set({ email: 'receptor@receptoria.cl' }).where(eq(controlSchema.tenants.id, t.mainTenantId));
  const tenantB = (await t.createTenant({ nombre: 'Receptor Chillán' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_al' });
  await t.createUser({ tenantId: tenantB, username: 'secretaria_alb' });
  tokenA = await t.login('secretaria_al');
  tokenB = await t.login('secretaria_alb');
  const estudio = await registerEstudio(t, tokenA, { nombre: 'Estudio Alarmas' });
  const db = await t.tenantDbOf(t.mainTenantId);
  const encargo = async (rol: string) =>
    (await db.insert(tenantSchema.encargos).values({ numeroRol: rol, estado: 'preparado', fechaEncargo: '2026-06-01', estudioId: estudio.id }).returning())[0]!.id;
  await db.insert(tenantSchema.alarmas).values([
    { encargoId: await encargo('C-10-2026'), tipo: 'comparendo', fechaHora: new Date(now.getTime() + 20 * HOUR), mensaje: 'Comparendo en el 5° Juzgado Civil' },
    { encargoId: await encargo('C-11-2026'), tipo: 'prueba', fechaHora: new Date(now.getTime() + 90 * 60_000) },
    { encargoId: await encargo('C-12-2026'), tipo: 'comparendo', fechaHora: new Date(now.getTime() + 72 * HOUR) },
  ]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('alarm reminders', () => {
  it('mail the day-before and two-hour reminders to the receiver, each once', async () => {
    expect(await runAlarmReminders(t.app.scheduledContext, now)).toBe(2);
    const mails = await smtp.waitFor(2);
    const subjects = mails.map((m) => m.parsed.subject).sort();
    expect(subjects).toEqual(['Recordatorio: Comparendo del rol C-10-2026 mañana', 'Recordatorio: Prueba del rol C-11-2026 en dos horas']);
    expect(mails[0]!.envelopeTo).toEqual(['receptor@receptoria.cl']);
    expect(mails.find((m) => m.parsed.subject?.includes('C-10'))!.parsed.text).toContain('11-06-2026 04:00 (hora de Santiago)');
    // Another pass, or another worker, sends nothing more.
    expect(await runAlarmReminders(t.app.scheduledContext, new Date(now.getTime() + 5 * 60_000))).toBe(0);
    // Two hours before the comparendo, its second reminder goes out.
    expect(await runAlarmReminders(t.app.scheduledContext, new Date(now.getTime() + 18.5 * HOUR))).toBe(1);
    const third = (await smtp.waitFor(3))[2]!;
    expect(third.parsed.subject).toBe('Recordatorio: Comparendo del rol C-10-2026 en dos horas');
    expect(await runAlarmReminders(t.app.scheduledContext, new Date(now.getTime() + 19 * HOUR))).toBe(0);
    expect(smtp.received).toHaveLength(3);
  });

  it('a failed mail is retried on the next pass', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const [enc] = await db.select().from(tenantSchema.encargos).where(eq(tenantSchema.encargos.numeroRol, 'C-12-2026'));
    const later = new Date(now.getTime() + 50 * HOUR);
    smtp.failNext(1);
    expect(await runAlarmReminders(t.app.scheduledContext, later)).toBe(0);
    expect(await runAlarmReminders(t.app.scheduledContext, later)).toBe(1);
    const avisos = await db.select().from(tenantSchema.alarmaAvisos);
    expect(avisos.filter((a) => a.aviso === 'dia_antes')).toHaveLength(2);
    expect(enc).toBeTruthy();
  });

  it('lists upcoming alarms for the bell, only the receiver’s own', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const [estudio] = await db.select().from(tenantSchema.estudios);
    const encargo = async (rol: string) =>
      (await db.insert(tenantSchema.encargos).values({ numeroRol: rol, estado: 'preparado', fechaEncargo: '2026-06-01', estudioId: estudio!.id }).returning())[0]!.id;
    const real = Date.now();
    await db.insert(tenantSchema.alarmas).values([
      { encargoId: await encargo('C-20-2026'), tipo: 'prueba', fechaHora: new Date(real + 3 * HOUR) },
      { encargoId: await encargo('C-21-2026'), tipo: 'comparendo', fechaHora: new Date(real + 3 * 24 * HOUR) },
      { encargoId: await encargo('C-22-2026'), tipo: 'comparendo', fechaHora: new Date(real + 10 * 24 * HOUR) },
    ]);
    const response = await t.request(tokenA, { method: 'GET', url: '/api/v1/alarmas/proximas/' });
    expect(response.statusCode).toBe(200);
    const body = AlarmasProximasSchema.parse(response.json());
    expect(body.alarmas.map((a) => [a.numero_rol, a.tipo, a.recordatorio])).toEqual([
      ['C-20-2026', 'prueba', true],
      ['C-21-2026', 'comparendo', false],
    ]);
    expect(body).toMatchObject({ total: 2, recordatorios: 1 });
    const other = AlarmasProximasSchema.parse((await t.request(tokenB, { method: 'GET', url: '/api/v1/alarmas/proximas/' })).json());
    expect(other).toEqual({ total: 0, recordatorios: 0, alarmas: [] });
  });
});

describe('GET /alarmas/?desde=&hasta= (the calendar)', () => {
  const url = (query: string) => `/api/v1/alarmas/${query}`;
  let marzo: { rol: string; id: number }[] = [];
  let estudioId = 0;

  beforeAll(async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const [estudio] = await db.select().from(tenantSchema.estudios);
    estudioId = estudio!.id;
    const encargo = async (rol: string) =>
      (await db.insert(tenantSchema.encargos).values({ numeroRol: rol, estado: 'preparado', fechaEncargo: '2027-01-10', estudioId }).returning())[0]!.id;
    const rows = await db
      .insert(tenantSchema.alarmas)
      .values([
        // 28-02-2027 23:30 in Santiago (UTC-3): February, not March.
        { encargoId: await encargo('C-30-2027'), tipo: 'comparendo', fechaHora: new Date('2027-03-01T02:30:00Z') },
        { encargoId: await encargo('C-31-2027'), tipo: 'prueba', fechaHora: new Date('2027-03-01T03:00:00Z'), mensaje: 'Sala 3' },
        // 31-03-2027 23:30 in Santiago: still March.
        { encargoId: await encargo('C-32-2027'), tipo: 'comparendo', fechaHora: new Date('2027-04-01T02:30:00Z') },
      ])
      .returning();
    marzo = rows.map((row, i) => ({ rol: `C-${30 + i}-2027`, id: row.id }));
  });

  it('lists the alarms whose Santiago date is in the range, with rol, kind, instant and firm', async () => {
    const response = await t.request(tokenA, { method: 'GET', url: url('?desde=2027-03-01&hasta=2027-03-31') });
    expect(response.statusCode, response.body).toBe(200);
    const body = AlarmaCalendarioListSchema.parse(response.json());
    expect(body).toEqual([
      {
        id: marzo[1]!.id,
        encargo_id: expect.any(Number),
        numero_rol: 'C-31-2027',
        estudio_id: estudioId,
        estudio: 'Estudio Alarmas',
        tipo: 'prueba',
        fecha_hora: '2027-03-01T00:00:00-03:00',
        mensaje: 'Sala 3',
        recordatorio: false,
      },
      expect.objectContaining({ id: marzo[2]!.id, numero_rol: 'C-32-2027', tipo: 'comparendo', fecha_hora: '2027-03-31T23:30:00-03:00' }),
    ]);
    const febrero = AlarmaCalendarioListSchema.parse((await t.request(tokenA, { method: 'GET', url: url('?desde=2027-02-28&hasta=2027-02-28') })).json());
    expect(febrero.map((a) => [a.numero_rol, a.fecha_hora])).toEqual([['C-30-2027', '2027-02-28T23:30:00-03:00']]);
    // A whole year (366 days counting both ends) is answered.
    const anio = await t.request(tokenA, { method: 'GET', url: url('?desde=2027-01-01&hasta=2028-01-01') });
    expect(anio.statusCode).toBe(200);
    expect(AlarmaCalendarioListSchema.parse(anio.json()).map((a) => a.numero_rol)).toEqual(['C-30-2027', 'C-31-2027', 'C-32-2027']);
  });

  it('shows only the receiver’s own alarms and needs a session', async () => {
    expect((await t.request(tokenB, { method: 'GET', url: url('?desde=2027-01-01&hasta=2027-12-31') })).json()).toEqual([]);
    expect((await t.request(undefined, { method: 'GET', url: url('?desde=2027-01-01&hasta=2027-12-31') })).statusCode).toBe(401);
  });

  it.each([
    ['?desde=2027-03-01', calendarioMessages.fechaInvalida],
    ['?desde=2027-02-30&hasta=2027-03-31', calendarioMessages.fechaInvalida],
    ['?desde=01-03-2027&hasta=2027-03-31', calendarioMessages.fechaInvalida],
    ['?desde=QS*wUL%2BB&hasta=lCXVb*w', calendarioMessages.fechaInvalida],
    ['?desde=1999-12-31&hasta=2000-01-31', calendarioMessages.fechaInvalida],
    ['?desde=2100-12-01&hasta=2101-01-01', calendarioMessages.fechaInvalida],
    ['?desde=2027-03-31&hasta=2027-03-01', alarmaMessages.rangoInvalido],
    ['?desde=2027-01-01&hasta=2028-01-02', alarmaMessages.rangoDemasiadoLargo],
  ])('%s → 400 with a Spanish detail', async (query, detail) => {
    const response = await t.request(tokenA, { method: 'GET', url: url(query) });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(detail);
  });
});
