import { createHash, randomBytes } from 'node:crypto';
import {
  ALARMA_TIPO_LABELS,
  calendarioIcsMessages as m,
  parseDateTime,
  santiagoWallClock,
  sumarDias,
  TIPO_PLAZO_LABELS,
  type TipoPlazo,
  todayIso,
} from '@receptoria/contracts';
import { TZDate } from '@date-fns/tz';
import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import ical, { ICalEventTransparency } from 'ical-generator';
import type { TokenCrypto } from '../../integrations/google/token-crypto';
import { findAlarmasEntre } from '../alarmas/alarmas.repository';
import { listFeriados } from './calendario.service';

const { calendarioTokens, users, tenants } = controlSchema;
const { plazos, encargos } = tenantSchema;

export const ZONA_HORARIA = 'America/Santiago';
/** 32 random bytes in base64url: 43 characters. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const HORA_MS = 3_600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// ---------------------------------------------------------------------------------------------
// The feed link of each user

async function guardarToken(controlDb: ControlDb, crypto: TokenCrypto, userId: number, reemplazar: boolean): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const values = { tokenHash: hashToken(token), tokenCifrado: crypto.encrypt(token), creadoEn: new Date() };
  const insert = controlDb.insert(calendarioTokens).values({ userId, ...values });
  if (reemplazar) {
    await insert.onConflictDoUpdate({ target: calendarioTokens.userId, set: values });
    return token;
  }
  const [row] = await insert.onConflictDoNothing({ target: calendarioTokens.userId }).returning({ id: calendarioTokens.id });
  // Two first reads at once: the one that lost answers with the link the other stored.
  return row ? token : tokenActual(controlDb, crypto, userId);
}

/** The user's current feed token; made on the first read. */
export async function tokenActual(controlDb: ControlDb, crypto: TokenCrypto, userId: number): Promise<string> {
  const [row] = await controlDb.select().from(calendarioTokens).where(eq(calendarioTokens.userId, userId));
  if (row) {
    try {
      return crypto.decrypt(row.tokenCifrado);
    } catch {
      // The key for tokens at rest changed: the stored link can no longer be shown, so a new one replaces it.
      return guardarToken(controlDb, crypto, userId, true);
    }
  }
  return guardarToken(controlDb, crypto, userId, false);
}

/** A new feed token for the user; the previous one stops at once. */
export function rotarToken(controlDb: ControlDb, crypto: TokenCrypto, userId: number): Promise<string> {
  return guardarToken(controlDb, crypto, userId, true);
}

/** The active user and active receiver a feed token belongs to; null for anything else. */
export async function duenoDelToken(controlDb: ControlDb, token: string) {
  if (!TOKEN_FORMAT.test(token)) return null;
  const [row] = await controlDb
    .select({ user: users, tenant: tenants })
    .from(calendarioTokens)
    .innerJoin(users, eq(users.id, calendarioTokens.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(calendarioTokens.tokenHash, hashToken(token)), eq(users.isActive, true), eq(tenants.activo, true)));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// The feed's events

/** One event of the feed: all-day (a date YYYY-MM-DD) or at an instant. */
export type EventoCalendario = {
  /** Stable across reads, so phone calendars update an event instead of duplicating it. */
  uid: string;
  resumen: string;
  descripcion?: string;
  transparente?: boolean;
} & ({ todoElDia: true; fecha: string } | { todoElDia: false; inicio: Date; fin: Date });

interface Ventana {
  /** First and last date (YYYY-MM-DD, Santiago) the feed covers. */
  desde: string;
  hasta: string;
  anios: number[];
}

/** This year and the next, in Santiago. */
export function ventanaDelFeed(now = new Date()): Ventana {
  const anio = Number(todayIso(now).slice(0, 4));
  return { desde: `${anio}-01-01`, hasta: `${anio + 1}-12-31`, anios: [anio, anio + 1] };
}

async function eventosFeriados(db: TenantDb, controlDb: ControlDb, tenantId: number, ventana: Ventana): Promise<EventoCalendario[]> {
  const eventos: EventoCalendario[] = [];
  for (const anio of ventana.anios) {
    for (const f of await listFeriados(db, controlDb, tenantId, anio, undefined)) {
      // A library day the receiver marked as hábil is no holiday.
      if (f.tipo === 'no_feriado') continue;
      const uid = f.tipo === 'propio' ? `feriado-propio-${tenantId}-${f.id}@receptoria` : `feriado-${f.fecha}-${f.region ?? 'cl'}@receptoria`;
      eventos.push({
        uid,
        todoElDia: true,
        fecha: f.fecha,
        resumen: f.tipo === 'propio' ? m.feriadoPropio(f.nombre) : m.feriado(f.nombre),
        descripcion: f.fuente,
        transparente: true,
      });
    }
  }
  return eventos;
}

/** Santiago midnight starting a date, as an instant. */
function inicioDelDia(fecha: string): Date {
  return parseDateTime(`${fecha} 00:00`) ?? new Date(`${fecha}T00:00:00Z`);
}

async function eventosAlarmas(db: TenantDb, tenantId: number, ventana: Ventana): Promise<EventoCalendario[]> {
  const alarmas = await findAlarmasEntre(db, inicioDelDia(ventana.desde), inicioDelDia(sumarDias(ventana.hasta, 1)));
  return alarmas.map((a) => ({
    uid: `alarma-${tenantId}-${a.id}@receptoria`,
    todoElDia: false,
    inicio: a.fechaHora,
    fin: new Date(a.fechaHora.getTime() + HORA_MS),
    resumen: m.alarma(ALARMA_TIPO_LABELS[a.tipo], a.numeroRol),
    descripcion: a.mensaje || undefined,
  }));
}

/** The receiver's open deadlines (plazos) due in the window, as all-day events on their due date. */
export async function eventosPlazos(db: TenantDb, tenantId: number, ventana: Ventana): Promise<EventoCalendario[]> {
  const filas = await db
    .select({ id: plazos.id, tipo: plazos.tipo, vence: plazos.vence, numeroRol: encargos.numeroRol })
    .from(plazos)
    .innerJoin(encargos, eq(encargos.id, plazos.encargoId))
    .where(and(eq(plazos.estado, 'pendiente'), gte(plazos.vence, ventana.desde), lte(plazos.vence, ventana.hasta)))
    .orderBy(asc(plazos.vence), asc(plazos.id));
  return filas.map((p) => ({
    uid: `plazo-${tenantId}-${p.id}@receptoria`,
    todoElDia: true,
    fecha: p.vence,
    resumen: m.plazo(TIPO_PLAZO_LABELS[p.tipo as TipoPlazo] ?? p.tipo, p.numeroRol),
  }));
}

// ---------------------------------------------------------------------------------------------
// iCalendar text

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

function offsetMinutos(ms: number): number {
  const wall = santiagoWallClock(new Date(ms));
  return Math.round((Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(ms / 1000) * 1000) / 60_000);
}

const offsetTexto = (min: number) => `${min < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(min) / 60))}${pad(Math.abs(min) % 60)}`;

/** VTIMEZONEs written, by their years: the zone's rules do not change while the process runs. */
const vtimezones = new Map<string, string>();

/**
 * America/Santiago as a VTIMEZONE with each change of offset between `desdeAnio` and `hastaAnio`, taken
 * from the runtime's time-zone database (Chile moves its clocks by decree, so no fixed rule is written).
 * Written once per range of years: finding the changes reads the zone's offset every six hours over four
 * years (~6,000 reads through Intl), ~120 ms of each feed read before (bench/encargos.ts, ICS feed row).
 */
export function vtimezoneSantiago(desdeAnio: number, hastaAnio: number): string {
  const key = `${desdeAnio}-${hastaAnio}`;
  let texto = vtimezones.get(key);
  if (texto === undefined) {
    texto = escribirVtimezone(desdeAnio, hastaAnio);
    if (vtimezones.size > 16) vtimezones.clear();
    vtimezones.set(key, texto);
  }
  return texto;
}

function escribirVtimezone(desdeAnio: number, hastaAnio: number): string {
  const inicio = Date.UTC(desdeAnio, 0, 1, 12);
  const fin = Date.UTC(hastaAnio + 1, 0, 1, 12);
  const lineas = ['BEGIN:VTIMEZONE', `TZID:${ZONA_HORARIA}`, `X-LIC-LOCATION:${ZONA_HORARIA}`];
  const componente = (instante: number, desde: number, hacia: number) => {
    const tipo = hacia > desde ? 'DAYLIGHT' : 'STANDARD';
    // The wall-clock time the change happens at, read on the clock before it.
    const local = new Date(instante + desde * 60_000);
    const dtstart = `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}T${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}00`;
    lineas.push(
      `BEGIN:${tipo}`,
      `TZOFFSETFROM:${offsetTexto(desde)}`,
      `TZOFFSETTO:${offsetTexto(hacia)}`,
      `TZNAME:${offsetTexto(hacia).slice(0, 3)}`,
      `DTSTART:${dtstart}`,
      `END:${tipo}`,
    );
  };
  let previo = offsetMinutos(inicio);
  const sinCambios = lineas.length;
  for (let t = inicio + 6 * HORA_MS; t <= fin; t += 6 * HORA_MS) {
    const actual = offsetMinutos(t);
    if (actual === previo) continue;
    // Changes happen on whole hours: find the first hour with the new offset.
    let antes = t - 6 * HORA_MS;
    let despues = t;
    while (despues - antes > HORA_MS) {
      const medio = antes + Math.floor((despues - antes) / HORA_MS / 2) * HORA_MS;
      if (offsetMinutos(medio) === previo) antes = medio;
      else despues = medio;
    }
    componente(despues, previo, actual);
    previo = actual;
  }
  // A zone without changes in the range: one observance with its offset.
  if (lineas.length === sinCambios) componente(inicio, previo, previo);
  lineas.push('END:VTIMEZONE');
  return lineas.join('\r\n');
}

/** An instant in UTC as iCalendar writes it: 20261202T004154Z. */
const utcIcs = (instante: Date) => instante.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * The iCalendar text of a feed: events at an instant in Santiago time, holidays as all-day events.
 * DTSTAMP is UTC with 'Z' (RFC 5545 §3.8.7.2); the library writes it in the calendar's zone without one.
 */
export function calendarioIcs(nombre: string, eventos: EventoCalendario[], ventana: Ventana, ahora = new Date()): string {
  const calendario = ical({
    name: nombre,
    prodId: { company: 'Receptoria', product: 'Calendario', language: 'ES' },
    timezone: { name: ZONA_HORARIA, generator: () => vtimezoneSantiago(ventana.anios[0]! - 1, ventana.anios.at(-1)! + 1) },
    ttl: 60 * 60,
  });
  for (const e of eventos) {
    const comunes = {
      id: e.uid,
      summary: e.resumen,
      description: e.descripcion ?? null,
      transparency: e.transparente ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
      stamp: ahora,
    };
    if (e.todoElDia) {
      calendario.createEvent({ ...comunes, allDay: true, start: diaSantiago(e.fecha), end: diaSantiago(sumarDias(e.fecha, 1)) });
    } else {
      calendario.createEvent({
        ...comunes,
        start: new TZDate(e.inicio.getTime(), ZONA_HORARIA),
        end: new TZDate(e.fin.getTime(), ZONA_HORARIA),
        timezone: ZONA_HORARIA,
      });
    }
  }
  return calendario.toString().replace(/^DTSTAMP[^:\r\n]*:[^\r\n]*$/gm, `DTSTAMP:${utcIcs(ahora)}`);
}

/** A calendar date as a Santiago date (ical-generator reads TZDate's fields in its zone). */
function diaSantiago(fecha: string): TZDate {
  return new TZDate(Number(fecha.slice(0, 4)), Number(fecha.slice(5, 7)) - 1, Number(fecha.slice(8, 10)), ZONA_HORARIA);
}

/** The whole feed of the receiver of a user: deadlines, alarms and holidays of this year and the next. */
export async function feedDelReceptor(db: TenantDb, controlDb: ControlDb, tenant: { id: number; nombre: string }, now = new Date()) {
  const ventana = ventanaDelFeed(now);
  const [plazos, alarmas, feriados] = await Promise.all([
    eventosPlazos(db, tenant.id, ventana),
    eventosAlarmas(db, tenant.id, ventana),
    eventosFeriados(db, controlDb, tenant.id, ventana),
  ]);
  return calendarioIcs(m.nombreCalendario(tenant.nombre), [...plazos, ...alarmas, ...feriados], ventana, now);
}
