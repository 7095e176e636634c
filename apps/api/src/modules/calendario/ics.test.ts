import { calendarioIcsMessages as m, CalendarioIcsUrlSchema, parseDateTime, todayIso } from '@receptoria/contracts';
import { controlSchema, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { registerEstudio } from '../encargos/encargos.fixtures';

let t: TestContext;
let tenantB: number;
const tokens = { receptora: '', secretaria: '', otra: '' };
const ids = { secretaria: 0 };
// The feed covers this year and the next in Santiago.
const anio = Number(todayIso().slice(0, 4));

/** An assignment with an alarm at a Santiago wall time. */
async function alarma(tenantId: number, token: string, rol: string, tipo: 'comparendo' | 'prueba', santiago: string, mensaje = '') {
  const db = await t.tenantDbOf(tenantId);
  const [existente] = await db.select({ id: tenantSchema.estudios.id }).from(tenantSchema.estudios).limit(1);
  const estudio = existente ?? (await registerEstudio(t, token, { nombre: `Estudio ${rol}` }));
  const [encargo] = await db
    .insert(tenantSchema.encargos)
    .values({ numeroRol: rol, estado: 'preparado', fechaEncargo: `${anio}-01-02`, estudioId: estudio.id })
    .returning();
  const fechaHora = parseDateTime(santiago)!;
  await db.insert(tenantSchema.alarmas).values({ encargoId: encargo!.id, tipo, fechaHora, mensaje });
  return encargo!.id;
}

beforeAll(async () => {
  t = await createTestContext();
  tenantB = (await t.createTenant({ nombre: 'Receptor Judicial Arica', rut: '11111111-1', comuna: 'Arica' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'ics_receptora', cargo: 'receptor', permisos: [] });
  ids.secretaria = (await t.createUser({ tenantId: t.mainTenantId, username: 'ics_secretaria', cargo: 'secretaria', permisos: [] })).id;
  await t.createUser({ tenantId: tenantB, username: 'ics_arica', cargo: 'receptor', permisos: [] });
  tokens.receptora = await t.login('ics_receptora');
  tokens.secretaria = await t.login('ics_secretaria');
  tokens.otra = await t.login('ics_arica');
  const encargo = await alarma(t.mainTenantId, tokens.receptora, `C-501-${anio}`, 'comparendo', `${anio + 1}-06-15 10:30`, 'Comparendo en el 5° Juzgado Civil');
  const plazo = { encargoId: encargo, desde: `${anio + 1}-02-03`, dias: 4, origen: 'diligencia:1' };
  await (await t.tenantDbOf(t.mainTenantId)).insert(tenantSchema.plazos).values([
    { ...plazo, tipo: 'excepciones', vence: `${anio + 1}-02-09` },
    { ...plazo, tipo: 'carta_art_46', vence: `${anio + 1}-02-05`, estado: 'cumplido', cumplidoEn: `${anio + 1}-02-04` },
  ]);
  await alarma(t.mainTenantId, tokens.receptora, `C-502-${anio}`, 'prueba', `${anio + 1}-12-03 09:15`);
  await alarma(tenantB, tokens.otra, `C-777-${anio}`, 'comparendo', `${anio + 1}-03-10 11:00`);
});
afterAll(async () => {
  await t?.close();
});

async function feedPath(token: string): Promise<string> {
  const response = await t.request(token, { method: 'GET', url: '/api/v1/calendario/ics/' });
  expect(response.statusCode).toBe(200);
  const { url } = CalendarioIcsUrlSchema.parse(response.json());
  expect(url).toMatch(/^http:\/\/[^/]+\/api\/v1\/calendario\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url).pathname;
}

const fetchFeed = (path: string) => t.request(undefined, { method: 'GET', url: path });

interface Evento {
  uid: string;
  summary: string;
  description: string;
  start: ICAL.Time;
  end: ICAL.Time;
}

/** Parses the feed with ical.js, its own VTIMEZONE registered so times resolve to instants. */
function parse(text: string): { calendar: ICAL.Component; events: Evento[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vtimezone = calendar.getFirstSubcomponent('vtimezone');
  expect(vtimezone?.getFirstPropertyValue('tzid')).toBe('America/Santiago');
  ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone!));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return { uid: event.uid, summary: event.summary, description: event.description, start: event.startDate, end: event.endDate };
  });
  return { calendar, events };
}

describe('GET /calendario/ics/{token}.ics', () => {
  it('holds the holidays and open deadlines all-day and the comparendo and prueba alarms at their Santiago time, with stable UIDs', async () => {
    const path = await feedPath(tokens.secretaria);
    expect(await feedPath(tokens.secretaria)).toBe(path);
    const response = await fetchFeed(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const { events } = parse(response.body);

    const fiestas = events.find((e) => e.summary === 'Feriado: Independencia Nacional' && e.start.year === anio);
    expect(fiestas).toBeDefined();
    expect(fiestas!.start.isDate).toBe(true);
    expect(fiestas!.start.toString()).toBe(`${anio}-09-18`);
    expect(fiestas!.end.toString()).toBe(`${anio}-09-19`);
    expect(events.some((e) => e.summary === 'Feriado: Independencia Nacional' && e.start.toString() === `${anio + 1}-09-18`)).toBe(true);
    expect(events.some((e) => e.summary === 'Feriado: Sábado Santo')).toBe(true);

    const comparendo = events.find((e) => e.summary === `Comparendo · rol C-501-${anio}`);
    expect(comparendo).toBeDefined();
    expect(comparendo!.start.isDate).toBe(false);
    expect(comparendo!.start.zone?.tzid).toBe('America/Santiago');
    expect(comparendo!.start.toString()).toBe(`${anio + 1}-06-15T10:30:00`);
    // June is winter time in Santiago (UTC−4).
    expect(comparendo!.start.toJSDate().toISOString()).toBe(`${anio + 1}-06-15T14:30:00.000Z`);
    expect(comparendo!.end.toJSDate().toISOString()).toBe(`${anio + 1}-06-15T15:30:00.000Z`);
    expect(comparendo!.description).toBe('Comparendo en el 5° Juzgado Civil');
    const prueba = events.find((e) => e.summary === `Prueba · rol C-502-${anio}`);
    // December is summer time (UTC−3).
    expect(prueba!.start.toJSDate().toISOString()).toBe(`${anio + 1}-12-03T12:15:00.000Z`);
    expect(events.some((e) => e.summary.includes(`C-777-${anio}`))).toBe(false);

    // The open deadline on its due date; a met one is left out.
    const vence = events.find((e) => e.summary === `Vence: Plazo para oponer excepciones · rol C-501-${anio}`);
    expect(vence?.start.isDate).toBe(true);
    expect(vence?.start.toString()).toBe(`${anio + 1}-02-09`);
    expect(events.some((e) => e.summary.includes('Carta certificada art. 46'))).toBe(false);

    // A second read gives the same UIDs (phone calendars update instead of duplicating).
    const again = parse((await fetchFeed(path)).body).events.map((e) => e.uid).sort();
    expect(again).toEqual(events.map((e) => e.uid).sort());
    expect(new Set(again).size).toBe(again.length);
  });

  it('stamps every event in UTC with Z (DTSTAMP), at the time the feed was read', async () => {
    const antes = Date.now();
    const response = await fetchFeed(await feedPath(tokens.secretaria));
    const despues = Date.now();
    const lineas = response.body.split('\r\n').filter((linea) => linea.startsWith('DTSTAMP'));
    const { calendar } = parse(response.body);
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents.length).toBeGreaterThan(0);
    expect(lineas).toHaveLength(vevents.length);
    for (const linea of lineas) expect(linea).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    for (const vevent of vevents) {
      const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
      expect(stamp.zone).toBe(ICAL.Timezone.utcTimezone);
      const ms = stamp.toJSDate().getTime();
      expect(ms).toBeGreaterThanOrEqual(Math.floor(antes / 1000) * 1000);
      expect(ms).toBeLessThanOrEqual(despues);
    }
  });

  it('shows a receiver’s own holiday added afterwards', async () => {
    const created = await t.request(tokens.receptora, {
      method: 'POST',
      url: '/api/v1/calendario/feriados/',
      payload: { fecha: `${anio + 1}-11-27`, nombre: 'Elección primaria' },
    });
    expect(created.statusCode).toBe(201);
    const { events } = parse((await fetchFeed(await feedPath(tokens.receptora))).body);
    const propio = events.find((e) => e.summary === 'Feriado propio: Elección primaria');
    expect(propio?.start.isDate).toBe(true);
    expect(propio?.start.toString()).toBe(`${anio + 1}-11-27`);
  });

  it('another receiver’s user sees its own receiver’s data only', async () => {
    const { events } = parse((await fetchFeed(await feedPath(tokens.otra))).body);
    const suya = events.find((e) => e.summary === `Comparendo · rol C-777-${anio}`);
    expect(suya!.start.toJSDate().toISOString()).toBe(`${anio + 1}-03-10T14:00:00.000Z`);
    expect(events.some((e) => e.summary.includes(`C-501-${anio}`) || e.summary.includes(`C-502-${anio}`))).toBe(false);
    expect(events.some((e) => e.summary.includes('Elección primaria') || e.summary.startsWith('Vence:'))).toBe(false);
    // Arica's regional day is in its feed.
    expect(events.some((e) => e.start.toString() === `${anio + 1}-06-07` && e.summary.startsWith('Feriado:'))).toBe(true);
  });

  it('rotating gives a new link and the old one answers 404 at once', async () => {
    const viejo = await feedPath(tokens.receptora);
    const rotated = await t.request(tokens.receptora, { method: 'POST', url: '/api/v1/calendario/ics/rotar/' });
    expect(rotated.statusCode).toBe(200);
    const nuevo = new URL(CalendarioIcsUrlSchema.parse(rotated.json()).url).pathname;
    expect(nuevo).not.toBe(viejo);
    expect(await feedPath(tokens.receptora)).toBe(nuevo);
    const old = await fetchFeed(viejo);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ detail: m.noEncontrado });
    expect((await fetchFeed(nuevo)).statusCode).toBe(200);
  });

  it('unknown or malformed tokens → 404 in Spanish; the link routes need a session', async () => {
    for (const path of [`/api/v1/calendario/ics/${'A'.repeat(43)}.ics`, '/api/v1/calendario/ics/abc.ics', `/api/v1/calendario/ics/${'%27'.repeat(60)}.ics`]) {
      const response = await fetchFeed(path);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(m.noEncontrado);
    }
    expect((await t.request(undefined, { method: 'GET', url: '/api/v1/calendario/ics/' })).statusCode).toBe(401);
    expect((await t.request(undefined, { method: 'POST', url: '/api/v1/calendario/ics/rotar/' })).statusCode).toBe(401);
  });

  it('a deactivated user’s link, or a deactivated receiver’s, → 404', async () => {
    const secretaria = await feedPath(tokens.secretaria);
    await t.app.controlDb.update(controlSchema.users).set({ isActive: false }).where(eq(controlSchema.users.id, ids.secretaria));
    const response = await fetchFeed(secretaria);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(m.noEncontrado);

    const arica = await feedPath(tokens.otra);
    expect((await fetchFeed(arica)).statusCode).toBe(200);
    await t.app.controlDb.update(controlSchema.tenants).set({ activo: false }).where(eq(controlSchema.tenants.id, tenantB));
    expect((await fetchFeed(arica)).statusCode).toBe(404);
  });
});
