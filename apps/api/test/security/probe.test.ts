import { calendarioMessages, encargoMessages, INPUT_STRING_MAX, inputMessages, portalMessages, recibosMessages } from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/modules/auth/passwords';
import { encargoPayload, loadLookups, type Lookups, registerEstudio } from '../../src/modules/encargos/encargos.fixtures';
import { createTestContext, type TestContext } from '../helper';
import { multipart, pdf } from '../portal-kit';
import { jsonSchemaOf, plausibleObject, zodOf } from './arbitraries';
import { isAttackable, routeKey } from './world';
import { expectSpanishJson } from './spanish';

/**
 * Regression tests for the outside probe's findings: what a firm can store through the portal, and
 * canonical input (ids, text with a visible character, ASCII digits, file names).
 */

let t: TestContext;
let staff: string;
let portal: string;
let estudio: Awaited<ReturnType<typeof registerEstudio>>;
let lookups: Lookups;

beforeAll(async () => {
  t = await createTestContext();
  staff = await t.login('admin');
  estudio = await registerEstudio(t, staff);
  lookups = await loadLookups(t, staff);
  const email = 'portal.sonda@estudio.cl';
  await t.app.controlDb.insert(controlSchema.portalUsuarios).values({
    tenantId: t.mainTenantId,
    estudioId: estudio.id,
    nombre: 'Usuaria Sonda',
    email,
    passwordHash: await hashPassword('portal-sonda-2026'),
    activadoEn: new Date(),
  });
  const login = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email, password: 'portal-sonda-2026' } });
  expect(login.statusCode, login.body).toBe(200);
  portal = (login.json() as { access: string }).access;
}, 120_000);
afterAll(() => t?.close());

const datos = (overrides: Record<string, unknown> = {}) => {
  const { estudio_juridico: _firm, encargo_no_realizable: _flag, ...rest } = encargoPayload(estudio, lookups, { numero_rol: 'C-5150-2026', ...overrides });
  return rest;
};

async function solicitudesGuardadas(): Promise<number> {
  const db = await t.tenantDbOf(t.mainTenantId);
  const result = (await db.execute(sql`select count(*)::int as n from solicitudes`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

const solicitar = (datosTexto: string, files: Parameters<typeof multipart>[1] = {}) =>
  t.request(portal, { method: 'POST', url: '/api/v1/portal/solicitudes/', ...multipart({ datos: datosTexto }, files) });

describe('1. a portal request stores only its validated data', () => {
  it('refuses encargo_no_realizable that is not a boolean, unknown keys and addresses with ids, in Spanish, storing nothing', async () => {
    const before = await solicitudesGuardadas();
    const cases: Array<[unknown, string]> = [
      [{ ...datos(), encargo_no_realizable: { html: '<img src=x onerror=alert(1)>', n: 1 } }, 'Valor inválido'],
      [{ ...datos(), encargo_no_realizable: [null, [1, 2]] }, 'Valor inválido'],
      [{ ...datos(), encargo_no_realizable: 1e308 }, 'Valor inválido'],
      [{ ...datos(), html: '<script>alert(1)</script>' }, 'Campo no reconocido: html'],
      [{ ...datos(), domicilios: [{ direccion: 'Calle 1', comuna: 'Ñuñoa', ciudad: 'Santiago', extra: { a: 1 } }] }, 'Campo no reconocido: extra'],
    ];
    for (const [value, detail] of cases) {
      const response = await solicitar(JSON.stringify(value));
      expect(response.statusCode, response.body).toBe(400);
      expectSpanishJson(response);
      expect(response.json().detail).toBe(detail);
    }
    expect(await solicitudesGuardadas()).toBe(before);
  });

  it('applies the global limits inside the multipart JSON: long strings, deep nesting and NUL', async () => {
    const before = await solicitudesGuardadas();
    let deep: unknown = 1;
    for (let i = 0; i < 200; i += 1) deep = { a: deep };
    const cases: Array<[string, string]> = [
      [JSON.stringify({ ...datos(), encargo_no_realizable: 'x'.repeat(200_000) }), inputMessages.textoDemasiadoLargo(INPUT_STRING_MAX)],
      [JSON.stringify({ ...datos(), zz: 'x'.repeat(INPUT_STRING_MAX + 1) }), inputMessages.textoDemasiadoLargo(INPUT_STRING_MAX)],
      [JSON.stringify({ ...datos(), encargo_no_realizable: deep }), inputMessages.demasiadoAnidado],
      [JSON.stringify({ ...datos(), ['x'.repeat(INPUT_STRING_MAX + 1)]: 1 }), inputMessages.textoDemasiadoLargo(INPUT_STRING_MAX)],
      [JSON.stringify({ ...datos(), partes: 'Banco\u0000con Soto' }), inputMessages.caracterNoPermitido],
    ];
    for (const [text, detail] of cases) {
      const response = await solicitar(text);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    expect(await solicitudesGuardadas()).toBe(before);
  });

  it('stores exactly the parsed value, which the office reads back', async () => {
    const response = await solicitar(JSON.stringify({ ...datos({ partes: '  Banco con Soto  ' }), encargo_no_realizable: true }));
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json() as { solicitud: { id: number } }).solicitud.id;
    const office = await t.request(staff, { method: 'GET', url: `/api/v1/solicitudes/${id}/` });
    expect(office.statusCode, office.body).toBe(200);
    const saved = (office.json() as { solicitud: { datos: Record<string, unknown> } }).solicitud.datos;
    expect(saved.encargo_no_realizable).toBe(true);
    expect(saved.partes).toBe('Banco con Soto');
    expect(Object.keys(saved).sort()).toEqual(Object.keys({ ...datos(), encargo_no_realizable: true }).sort());
    for (const domicilio of saved.domicilios as Array<Record<string, unknown>>) {
      expect(Object.keys(domicilio).sort()).toEqual(['activo', 'ciudad', 'comuna', 'direccion', 'es_principal']);
    }
  });
});

describe('4. text that is not text', () => {
  const NOT_VISIBLE = ['\u202E', '\u202E\u200B', ' \u2060 ', '\u200D\uFEFF', '\u0301'];
  /** Opaque secrets, not text a person reads: a wrong one is refused by its lookup. */
  const OPAQUE = new Set(['refresh', 'token', 'password']);

  it('every required text field of every route refuses text without a visible character', () => {
    const accepted: string[] = [];
    let checked = 0;
    for (const route of t.app.routeCatalog.filter(isAttackable)) {
      for (const part of ['body', 'querystring'] as const) {
        const zod = zodOf(route.schema?.[part]);
        if (!zod) continue;
        const json = jsonSchemaOf(route.schema?.[part]);
        let valid: Record<string, unknown> | undefined;
        for (let seed = 1; seed <= 40 && !valid; seed += 1) {
          const candidate = plausibleObject(json, () => 1, seed);
          if (part === 'querystring') for (const key of Object.keys(candidate)) candidate[key] = String(candidate[key]);
          if (zod.safeParse(candidate).success) valid = candidate;
        }
        if (!valid) continue;
        for (const [key, value] of Object.entries(valid)) {
          if (typeof value !== 'string' || OPAQUE.has(key) || zod.safeParse({ ...valid, [key]: '' }).success) continue;
          checked += 1;
          for (const text of NOT_VISIBLE) {
            if (zod.safeParse({ ...valid, [key]: text }).success) accepted.push(`${routeKey(route)} ${part}.${key} ${JSON.stringify(text)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(15);
    expect(accepted).toEqual([]);
  });

  it('refuses an RLO-only required text and non-ASCII digits in Spanish over HTTP, storing nothing', async () => {
    const before = await solicitudesGuardadas();
    const rlo = await solicitar(JSON.stringify(datos({ partes: '\u202E\u202E\u202E' })));
    expect(rlo.statusCode, rlo.body).toBe(400);
    expect(rlo.json().detail).toBe(encargoMessages.partesRequeridas);
    const operacion = await solicitar(JSON.stringify(datos({ numero_operacion: 'OP-\u0661\u0662\u0663' })));
    expect(operacion.statusCode, operacion.body).toBe(400);
    expect(operacion.json().detail).toBe(inputMessages.digitosNoAscii);
    expect(await solicitudesGuardadas()).toBe(before);

    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/v1/recibos/1/boleta/', { numero_boleta: '\u0661\u0662\u0663', fecha: '2026-03-15', retiene: 'pagador' }, recibosMessages.numeroBoletaDigitos],
      ['POST', '/api/v1/recibos/1/boleta/', { numero_boleta: '١٢٣', fecha: '2026-03-15', retiene: 'pagador' }, recibosMessages.numeroBoletaDigitos],
      ['POST', '/api/v1/recibos/1/anular/', { motivo: '\u202E' }, recibosMessages.motivoRequerido],
      ['POST', '/api/v1/solicitudes/1/rechazar/', { motivo: '\u200B\u202E' }, portalMessages.motivoRequerido],
      ['POST', '/api/v1/calendario/feriados/', { fecha: '2026-09-17', nombre: '\u202E' }, calendarioMessages.nombreRequerido],
    ];
    for (const [method, url, payload, detail] of cases) {
      const response = await t.request(staff, { method: method as 'POST', url, payload: payload as Record<string, unknown> });
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expectSpanishJson(response, url);
      expect(response.json().detail).toBe(detail);
    }
    const rol = await t.request(staff, { method: 'GET', url: `/api/v1/encargos/buscar_por_rol/?numero_rol=${encodeURIComponent('C-\u0661-2026')}` });
    expect(rol.statusCode, rol.body).toBe(400);
    expect(rol.json().detail).toBe(inputMessages.digitosNoAscii);
  });

  it('refuses a file name over 255 UTF-8 bytes and stores one of 255 or fewer whole', async () => {
    const before = await solicitudesGuardadas();
    const bytes = await pdf('DEMANDA');
    for (const name of ['a'.repeat(252) + '.pdf', 'ñ'.repeat(126) + '.pdf', 'x'.repeat(1000)]) {
      const response = await solicitar(JSON.stringify(datos({ numero_rol: 'C-5151-2026' })), { demanda: { name, bytes } });
      expect(response.statusCode, `${Buffer.byteLength(name)} bytes: ${response.body}`).toBe(400);
      expect(response.json().detail).toBe(portalMessages.nombreArchivoLargo('demanda'));
    }
    expect(await solicitudesGuardadas()).toBe(before);
    const ascii = `${'a'.repeat(251)}.pdf`;
    const accented = `${'ñ'.repeat(125)}.pdf`;
    const response = await solicitar(JSON.stringify(datos({ numero_rol: 'C-5151-2026' })), {
      demanda: { name: ascii, bytes },
      resolucion: { name: accented, bytes },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json() as { solicitud: { id: number } }).solicitud.id;
    const office = await t.request(staff, { method: 'GET', url: `/api/v1/solicitudes/${id}/` });
    const archivos = (office.json() as { solicitud: { archivos: Array<{ campo: string; nombre: string }> } }).solicitud.archivos;
    expect(archivos.map((a) => [a.campo, a.nombre])).toEqual([['demanda', ascii], ['resolucion', accented]]);
    expect(Buffer.byteLength(ascii)).toBe(255);
    expect(Buffer.byteLength(accented)).toBe(254);
  });
});
