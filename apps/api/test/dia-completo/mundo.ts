import { randomUUID } from 'node:crypto';
import {
  CalendarioIcsUrlSchema,
  type Encargo,
  type Estudio,
  toSantiagoIso,
  todayIso,
} from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { RECEPTOR_A, tipoId } from '../../src/modules/diligencias/resultados.fixtures';
import { crearEncargo, loadLookups, registerEstudio } from '../../src/modules/encargos/encargos.fixtures';
import { crearCa, emitir, p12Legacy } from '../firma/certificados';
import { createTestContext, type TestContext } from '../helper';
import { onboardPortalUser } from '../portal-kit';
import { startSmtpServer, type TestSmtpServer } from '../smtp';

/**
 * One receiver's day around one assignment (issue 36's acceptance chain): the receiver with every
 * module, a firm with its own price list beside the general one, the firm's portal user, the receiver's
 * signing certificate and calendar feed, and the assignment taken in at an address in San Miguel.
 */

export const ESTUDIO = 'Recuperaciones Andes SpA';
export const ROL = 'C-18596-2025';
export const DIRECCION = 'Gran Avenida José Miguel Carrera 5320';
export const COMUNA = 'San Miguel';
/** The firm's own rate for the art. 44 notification; the general list says $46.000, the type $50.000. */
export const TARIFA_ESTUDIO = 48_000;
export const TARIFA_GENERAL = 46_000;
export const CLAVE_FIRMA = 'clave del token 2026';
export const SEGUIMIENTO = 'RR123456789CL';
export const PORTAL_EMAIL = 'abogada@recuperacionesandes.cl';

const DIA_MS = 86_400_000;

/** The day's instants in Santiago: intake three days ago, the first search yesterday, the second a few minutes ago (hh:mm:45). */
export interface Reloj {
  hoy: string;
  ayer: string;
  fechaEncargo: string;
  busqueda1: string;
  busqueda2: string;
  /** Nine seconds after the second search, as on the phone. */
  art44: string;
}

export function relojDelDia(now = new Date()): Reloj {
  const hoy = todayIso(now);
  const ayer = todayIso(new Date(now.getTime() - DIA_MS));
  const fechaEncargo = todayIso(new Date(now.getTime() - 3 * DIA_MS));
  // As on the phone in the street: the second search at :45 of a minute about five minutes ago, the act at :54.
  const base = Math.floor((now.getTime() - 5 * 60_000) / 60_000) * 60_000 + 45_000;
  const second = new Date(base);
  return {
    hoy,
    ayer,
    fechaEncargo,
    busqueda1: `${ayer}T10:15:00${toSantiagoIso(now).slice(19)}`,
    busqueda2: toSantiagoIso(second),
    art44: toSantiagoIso(new Date(base + 9_000)),
  };
}

export interface Dia {
  t: TestContext;
  smtp: TestSmtpServer;
  staff: string;
  portal: string;
  estudio: Estudio;
  encargo: Encargo;
  art44: number;
  icsPath: string;
  reloj: Reloj;
}

async function ok(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
}

function multipartFirma(password: string, archivo: Buffer) {
  const boundary = '----receptoria-dia-completo';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="firma.p12"\r\nContent-Type: application/x-pkcs12\r\n\r\n`),
    archivo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Everything before the first act of the day; the assignment is created by the chain's intake step. */
export async function prepararDia(embedded: boolean): Promise<Omit<Dia, 'encargo'>> {
  const smtp = await startSmtpServer();
  const t = await createTestContext({ mail: { smtpUrl: smtp.url } }, { embedded });
  await t.app.controlDb.update(controlSchema.tenants).set(RECEPTOR_A).where(eq(controlSchema.tenants.id, t.mainTenantId));
  await t.createUser({
    tenantId: t.mainTenantId,
    username: 'receptora_dia',
    cargo: 'receptor',
    permisos: ['estampa_1', 'ingreso_diligencias', 'imprime_recibos', 'edit_asocia_recibos', 'rebaja_recibos', 'recibos_periodo', 'gestiona_permisos', 'informes_diarios', 'imprime_lista'],
  });
  const staff = await t.login('receptora_dia');
  const estudio = await registerEstudio(t, staff, { nombre: ESTUDIO, comuna: 'Santiago', emails: [{ email: 'cobranza@recuperacionesandes.cl', tipo: 'principal' }] });
  const art44 = await tipoId(t, 'notificacion_subsidiaria_art_44');
  await ok(
    await t.request(staff, {
      method: 'PUT',
      url: '/api/v1/honorarios/tarifas/',
      payload: [
        { estudio_id: null, tipo_estampado_id: null, monto_clp: TARIFA_GENERAL },
        { estudio_id: estudio.id, tipo_estampado_id: art44, monto_clp: TARIFA_ESTUDIO },
      ],
    }),
  );
  const { access: portal } = await onboardPortalUser(t, smtp, staff, estudio.id, PORTAL_EMAIL, 'Javiera Andes');
  const ca = crearCa();
  const p12 = p12Legacy(ca, emitir(ca, { nombre: RECEPTOR_A.nombre, rut: RECEPTOR_A.rut, desde: new Date(Date.now() - 30 * DIA_MS), hasta: new Date(Date.now() + 365 * DIA_MS) }), CLAVE_FIRMA);
  await ok(await t.request(staff, { method: 'POST', url: '/api/v1/firma/certificado/', ...multipartFirma(CLAVE_FIRMA, p12) }), 201);
  const ics = await t.request(staff, { method: 'GET', url: '/api/v1/calendario/ics/' });
  await ok(ics);
  const icsPath = new URL(CalendarioIcsUrlSchema.parse(ics.json()).url).pathname;
  return { t, smtp, staff, portal, estudio, art44, icsPath, reloj: relojDelDia() };
}

/** Nuevo Encargo as the secretary fills it: the firm, a San Miguel court and an address in San Miguel. */
export async function ingresarEncargo(d: Omit<Dia, 'encargo'>): Promise<Encargo> {
  const lookups = await loadLookups(d.t, d.staff);
  const tribunal = lookups.tribunales.find((x) => JSON.stringify(x).includes('Juzgado Civil de San Miguel'));
  return crearEncargo(d.t, d.staff, d.estudio, lookups, {
    numero_rol: ROL,
    fecha_encargo: d.reloj.fechaEncargo,
    fecha_retiro: d.reloj.fechaEncargo,
    tribunal: tribunal?.id,
    partes: `${d.estudio.partes_demandantes[0]?.nombre} con Fuentealba Soto`,
    ejecutados: 'Marcela Andrea Fuentealba Soto',
    rut_ejecutado: '12345678-5',
    domicilios: [{ direccion: DIRECCION, comuna: COMUNA, ciudad: 'Santiago', es_principal: true }],
  });
}

/** A visit as the phone's offline queue sends it: its own uuid, origin 'terreno', GPS. */
export function visitaDelTelefono(encargo: Encargo, overrides: Record<string, unknown>) {
  return {
    uuid: randomUUID(),
    domicilio_id: encargo.domicilios[0]?.id ?? null,
    tipo: 'busqueda',
    resultado: 'domicilio_confirmado',
    apuntes: '',
    ubicacion: { lat: -33.4968, lon: -70.6516, precision_m: 9 },
    origen: 'terreno',
    ...overrides,
  };
}
