import {
  type AuditoriaResponse,
  AuditoriaResponseSchema,
  auditoriaMessages,
  type EncargoDetail,
  EncargoDetailSchema,
  ErrorBodySchema,
  type Estudio,
  EstudioSchema,
} from '@receptoria/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { resultadosBody, tipoId } from '../diligencias/resultados.fixtures';
import { encargoPayload, loadLookups, type Lookups, registerEstudio } from '../encargos/encargos.fixtures';

let t: TestContext;
let admin: string;
let tokenA: string;
let tokenA2: string;
let tokenB: string;
let tenantB: number;
let userA: number;
let estudio: Estudio;
let lookups: Lookups;

const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) PruebaAuditoria/1.0';

beforeAll(async () => {
  t = await createTestContext();
  tenantB = (await t.createTenant({ nombre: 'Receptor Judicial Rancagua' })).id;
  userA = (await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_a' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_a2' });
  await t.createUser({ tenantId: tenantB, username: 'secretaria_b' });
  admin = await t.login('admin');
  tokenA = await t.login('secretaria_a');
  tokenA2 = await t.login('secretaria_a2');
  tokenB = await t.login('secretaria_b');
  lookups = await loadLookups(t, tokenA);
  estudio = await registerEstudio(t, tokenA, { nombre: 'Estudio Auditoría y Asociados' });
});
afterAll(() => t.close());

async function crear(overrides: Record<string, unknown> = {}, token = tokenA): Promise<EncargoDetail> {
  const response = await t.request(token, {
    method: 'POST',
    url: '/api/v1/nuevo_encargo/crear/',
    headers: { 'user-agent': AGENT },
    payload: encargoPayload(estudio, lookups, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`crear: ${response.body}`);
  return EncargoDetailSchema.parse(response.json());
}

function modificar(id: number, payload: Record<string, unknown>, token = tokenA) {
  return t.request(token, {
    method: 'PATCH',
    url: `/api/v1/encargos/${id}/modificar_encargo/`,
    headers: { 'user-agent': AGENT },
    payload,
  });
}

async function historial(entidad: string, id: number, token = tokenA): Promise<AuditoriaResponse> {
  const response = await t.request(token, { method: 'GET', url: `/api/v1/auditoria/?entidad=${entidad}&id=${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return AuditoriaResponseSchema.parse(response.json());
}

/** The whole Re-encargos form as the web sends it, with the version it read. */
function fullForm(encargo: EncargoDetail, overrides: Record<string, unknown>) {
  return { ...encargoPayload(estudio, lookups), numero_rol: encargo.numero_rol, version: encargo.version, ...overrides };
}

describe('optimistic concurrency on assignments', () => {
  it('two concurrent full-form edits of one version: exactly one 200 and one 409, nothing lost', async () => {
    const encargo = await crear({ numero_rol: 'C-1001-2025' });
    expect(encargo.version).toBe(1);
    const [first, second] = await Promise.all([
      modificar(encargo.id, fullForm(encargo, { cuantia: 3_100_000, ejecutados: 'Edición de Ana' }), tokenA),
      modificar(encargo.id, fullForm(encargo, { cuantia: 4_200_000, ejecutados: 'Edición de Berta' }), tokenA2),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? first : second;
    const loser = first.statusCode === 409 ? first : second;
    expect(ErrorBodySchema.parse(loser.json()).detail).toBe(auditoriaMessages.registroModificado);

    const saved = EncargoDetailSchema.parse(winner.json());
    expect(saved.version).toBe(2);
    const stored = EncargoDetailSchema.parse(
      (await t.request(tokenA, { method: 'GET', url: `/api/v1/encargos/${encargo.id}/` })).json(),
    );
    expect(stored).toMatchObject({ cuantia: saved.cuantia, ejecutados: saved.ejecutados, version: 2 });
    expect(['Edición de Ana', 'Edición de Berta']).toContain(stored.ejecutados);

    // The loser reloads and edits again: its change lands on top of the winner's.
    const retry = await modificar(encargo.id, { ejecutados: 'Reintento tras recargar', version: stored.version }, tokenA);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(EncargoDetailSchema.parse(retry.json())).toMatchObject({ ejecutados: 'Reintento tras recargar', cuantia: saved.cuantia, version: 3 });

    const history = await historial('encargo', encargo.id);
    expect(history.results.map((row) => row.accion)).toEqual(['modificar', 'modificar', 'crear']);
  });

  it('a stale version changes nothing, addresses and reminders included', async () => {
    const encargo = await crear({ numero_rol: 'C-1002-2025' });
    expect((await modificar(encargo.id, { cuantia: 10, version: 1 })).statusCode).toBe(200);
    const stale = await modificar(encargo.id, {
      cuantia: 99,
      domicilios: [{ direccion: 'Otra calle 123', comuna: 'Macul', ciudad: 'Santiago', es_principal: true }],
      fecha_comparendo: '2099-01-01T10:00:00-03:00',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: auditoriaMessages.registroModificado, errors: { version: [auditoriaMessages.registroModificado] } });
    const stored = EncargoDetailSchema.parse((await t.request(tokenA, { method: 'GET', url: `/api/v1/encargos/${encargo.id}/` })).json());
    expect(stored.cuantia).toBe(10);
    expect(stored.domicilios).toEqual(encargo.domicilios.map((d) => ({ ...d, id: expect.any(Number) })));
    expect(stored.alarmas).toEqual([]);
    expect(stored.version).toBe(2);
  });

  it('an edit without version is applied (spec payload, last writer wins) and still bumps the version', async () => {
    const encargo = await crear({ numero_rol: 'C-1003-2025' });
    const response = await modificar(encargo.id, { partes: 'Banco de Chile con Pérez' });
    expect(response.statusCode).toBe(200);
    expect(EncargoDetailSchema.parse(response.json()).version).toBe(2);
  });

  it('refuses a malformed version with a Spanish 400', async () => {
    const encargo = await crear({ numero_rol: 'C-1004-2025' });
    for (const version of ['1', 0, -1, 1.5, 2_147_483_648]) {
      const response = await modificar(encargo.id, { cuantia: 1, version });
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).detail).toContain(auditoriaMessages.versionInvalida);
    }
  });
});

describe('audit trail of assignments', () => {
  it('records creation with who, when and from where', async () => {
    const encargo = await crear({ numero_rol: 'C-2001-2025' });
    const [row] = (await historial('encargo', encargo.id)).results;
    expect(row).toMatchObject({
      accion: 'crear',
      entidad: 'encargo',
      entidad_id: encargo.id,
      usuario: 'secretaria_a',
      usuario_id: userA,
      ip: '127.0.0.1',
      user_agent: AGENT,
    });
    expect(row!.cambios.numero_rol).toEqual({ antes: null, despues: 'C-2001-2025' });
    expect(row!.cambios.cuantia).toEqual({ antes: null, despues: 2_450_000 });
    expect(row!.cambios.estudio_juridico).toEqual({ antes: null, despues: { id: estudio.id, nombre: estudio.nombre } });
    expect(Date.now() - new Date(row!.fecha).getTime()).toBeLessThan(5 * 60_000);
  });

  it('records exactly the fields a modification changed, with before and after', async () => {
    const encargo = await crear({ numero_rol: 'C-2002-2025' });
    const response = await modificar(encargo.id, {
      ...fullForm(encargo, {}),
      cuantia: 5_000_000,
      observaciones_encargo: 'Diligencia pagada',
      domicilios: [{ direccion: 'Los Leones 120', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = (await historial('encargo', encargo.id)).results;
    expect(row!.accion).toBe('modificar');
    expect(Object.keys(row!.cambios).sort()).toEqual(['cuantia', 'domicilios', 'observaciones_encargo']);
    expect(row!.cambios.cuantia).toEqual({ antes: 2_450_000, despues: 5_000_000 });
    expect(row!.cambios.observaciones_encargo).toEqual({ antes: 'Es urgente', despues: 'Diligencia pagada' });
    const domicilios = row!.cambios.domicilios as { antes: { direccion: string }[]; despues: { direccion: string }[] };
    expect(domicilios.antes.map((d) => d.direccion)).toEqual(encargo.domicilios.map((d) => d.direccion));
    expect(domicilios.despues.map((d) => d.direccion)).toEqual(['Los Leones 120']);
  });

  it('an edit that changes nothing leaves no record (addresses resent as they were included); a refused one neither', async () => {
    const encargo = await crear({ numero_rol: 'C-2003-2025' });
    expect((await modificar(encargo.id, { cuantia: encargo.cuantia })).statusCode).toBe(200);
    expect((await modificar(encargo.id, fullForm(encargo, { version: 2 }))).statusCode).toBe(200);
    expect((await modificar(encargo.id, { cuantia: 1, version: 2 })).statusCode).toBe(409);
    expect((await modificar(encargo.id, { tribunal: 2_000_000 })).statusCode).toBe(400);
    expect((await historial('encargo', encargo.id)).results.map((r) => r.accion)).toEqual(['crear']);
  });

  it('records a re-assignment on the new and on the original assignment', async () => {
    const original = await crear({ numero_rol: 'C-2004-2025' });
    const response = await t.request(tokenA, {
      method: 'POST',
      url: '/api/v1/encargos/re_encargo/',
      payload: { ...encargoPayload(estudio, lookups, { numero_rol: 'C-2004-2025' }), encargo_original_id: original.id, motivo_re_encargo: 'Nuevo domicilio' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const nuevo = EncargoDetailSchema.parse(response.json());
    const [created] = (await historial('encargo', nuevo.id)).results;
    expect(created).toMatchObject({ accion: 're_encargo' });
    expect(created!.cambios.encargo_original_id).toEqual({ antes: null, despues: original.id });
    const [marked] = (await historial('encargo', original.id)).results;
    expect(marked).toMatchObject({ accion: 're_encargado' });
    expect(marked!.cambios).toEqual({ es_re_encargado: { antes: false, despues: true } });
  });
});

describe('results and stamps', () => {
  it('records saved results on the result and on the assignment, and a stamp date change', async () => {
    const encargo = await crear({ numero_rol: 'C-2101-2025' });
    const positiva = await tipoId(t, 'busqueda_positiva');
    const saved = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/diligencias/guardar_resultados/',
      headers: { 'user-agent': AGENT },
      payload: resultadosBody(encargo.numero_rol, positiva),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const diligenciaId = (saved.json() as { diligencia: { id: number } }).diligencia.id;
    const [resultado] = (await historial('diligencia', diligenciaId)).results;
    expect(resultado).toMatchObject({ accion: 'crear', usuario: 'admin', user_agent: AGENT });
    expect(resultado!.cambios.encargo_id).toEqual({ antes: null, despues: encargo.id });
    expect((resultado!.cambios.tipo_estampado as { despues: { id: number } }).despues.id).toBe(positiva);
    const [onEncargo] = (await historial('encargo', encargo.id)).results;
    expect(onEncargo).toMatchObject({ accion: 'resultados' });
    expect(onEncargo!.cambios).toEqual({ estado: { antes: 'preparado', despues: 'listo_para_estampar' } });

    const fecha = await t.request(admin, {
      method: 'POST',
      url: `/api/v1/encargos/${encargo.id}/guardar_fecha_estampado/`,
      payload: { fecha_estampado: '2025-03-20', observaciones: 'Estampado en oficina' },
    });
    expect(fecha.statusCode, fecha.body).toBe(200);
    const [stamped] = (await historial('encargo', encargo.id)).results;
    expect(stamped!.accion).toBe('modificar');
    expect(stamped!.cambios).toEqual({
      fecha_estampado: { antes: null, despues: '2025-03-20' },
      observacion_estampado: { antes: '', despues: 'Estampado en oficina' },
    });
  });

  it('the field-by-field PATCH checks the version too', async () => {
    const encargo = await crear({ numero_rol: 'C-2102-2025' });
    const patch = (payload: Record<string, unknown>) =>
      t.request(tokenA, { method: 'PATCH', url: `/api/v1/encargos/${encargo.id}/`, payload });
    expect((await patch({ ejecutados: 'Primero', version: 1 })).statusCode).toBe(200);
    const stale = await patch({ ejecutados: 'Segundo', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: auditoriaMessages.registroModificado });
    const [row] = (await historial('encargo', encargo.id)).results;
    expect(row).toMatchObject({ accion: 'modificar', cambios: { ejecutados: { antes: 'Pedro Andrés Soto Muñoz', despues: 'Primero' } } });
  });
});

describe('firms', () => {
  it('records registration and added e-mails and parties, raising the version', async () => {
    const firm = await registerEstudio(t, tokenA, { nombre: 'Estudio Historial Ltda.' });
    expect(firm.version).toBe(1);
    const emails = await t.request(tokenA, {
      method: 'POST',
      url: `/api/v1/estudios/${firm.id}/agregar_emails/`,
      payload: { emails: [{ email: 'informes@historial.cl', tipo: 'informes' }], version: 1 },
    });
    expect(emails.statusCode, emails.body).toBe(201);
    const partes = await t.request(tokenA, {
      method: 'POST',
      url: `/api/v1/estudios/${firm.id}/agregar_partes_demandantes/`,
      payload: { partes_demandantes: [{ nombre: 'Banco Estado', tipo: 'banco' }] },
    });
    expect(partes.statusCode, partes.body).toBe(201);
    const stored = EstudioSchema.parse((await t.request(tokenA, { method: 'GET', url: `/api/v1/estudios/${firm.id}/` })).json());
    expect(stored.version).toBe(3);

    const rows = (await historial('estudio', firm.id)).results;
    expect(rows.map((r) => r.accion)).toEqual(['agregar_partes', 'agregar_emails', 'crear']);
    const [addedPartes, addedEmails, created] = rows;
    expect(created!.cambios.rut_estudio).toEqual({ antes: null, despues: firm.rut_estudio });
    expect(Object.keys(addedEmails!.cambios)).toEqual(['emails']);
    const emailChange = addedEmails!.cambios.emails as { antes: { email: string }[]; despues: { email: string }[] };
    expect(emailChange.antes.map((e) => e.email)).toEqual(['contacto@larrain.cl']);
    expect(emailChange.despues.map((e) => e.email)).toEqual(['contacto@larrain.cl', 'informes@historial.cl']);
    const parteChange = addedPartes!.cambios.partes_demandantes as { despues: { nombre: string }[] };
    expect(parteChange.despues.map((p) => p.nombre)).toContain('Banco Estado');
  });

  it('refuses an addition with a stale firm version and stores nothing', async () => {
    const firm = await registerEstudio(t, tokenA, { nombre: 'Estudio Versiones SpA' });
    const first = await t.request(tokenA, {
      method: 'POST',
      url: `/api/v1/estudios/${firm.id}/agregar_partes_demandantes/`,
      payload: { partes_demandantes: [{ nombre: 'Parte Uno', tipo: 'empresa' }], version: 1 },
    });
    expect(first.statusCode).toBe(201);
    const stale = await t.request(tokenA, {
      method: 'POST',
      url: `/api/v1/estudios/${firm.id}/agregar_partes_demandantes/`,
      payload: { partes_demandantes: [{ nombre: 'Parte Dos', tipo: 'empresa' }], version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: auditoriaMessages.registroModificado });
    const stored = EstudioSchema.parse((await t.request(tokenA, { method: 'GET', url: `/api/v1/estudios/${firm.id}/` })).json());
    expect(stored.partes_demandantes.map((p) => p.nombre)).not.toContain('Parte Dos');
    expect((await historial('estudio', firm.id)).count).toBe(2);
  });
});

describe('permissions and receivers (control database)', () => {
  it('records granted and revoked permissions of a user, readable with the permissions module only', async () => {
    const catalogue = (await t.request(admin, { method: 'GET', url: '/api/v1/configuracion/permisos/' })).json() as {
      id: number;
      codigo: string;
    }[];
    const imprime = catalogue.find((p) => p.codigo === 'imprime_lista')!;
    const estampa = catalogue.find((p) => p.codigo === 'estampa_1')!;
    const before = ((await t.request(admin, { method: 'GET', url: `/api/v1/configuracion/usuarios/${userA}/permisos/` })).json() as { codigo: string }[]).map((p) => p.codigo);
    const asignar = await t.request(admin, {
      method: 'POST',
      url: `/api/v1/configuracion/usuarios/${userA}/asignar_permisos/`,
      headers: { 'user-agent': AGENT },
      payload: { permisos_ids: [imprime.id, estampa.id] },
    });
    expect(asignar.statusCode, asignar.body).toBe(200);
    const revocar = await t.request(admin, {
      method: 'POST',
      url: `/api/v1/configuracion/usuarios/${userA}/revocar_permiso/`,
      payload: { permiso_id: estampa.id },
    });
    expect(revocar.statusCode, revocar.body).toBe(200);

    const rows = (await historial('usuario', userA, admin)).results;
    const granted = rows.find((r) => r.accion === 'asignar_permisos')!;
    const revoked = rows.find((r) => r.accion === 'revocar_permiso')!;
    expect(granted).toMatchObject({ usuario: 'admin', user_agent: AGENT, entidad_id: userA });
    expect(granted.cambios.permisos!.antes).toEqual(before);
    expect(granted.cambios.permisos!.despues).toEqual(expect.arrayContaining([...before, 'imprime_lista', 'estampa_1']));
    expect(revoked.cambios.permisos!.antes).toContain('estampa_1');
    expect(revoked.cambios.permisos!.despues).not.toContain('estampa_1');

    const forbidden = await t.request(tokenA2, { method: 'GET', url: `/api/v1/auditoria/?entidad=usuario&id=${userA}` });
    expect(forbidden.statusCode).toBe(403);
  });

  it('records receiver changes, refuses a stale receiver version and keeps the history for the platform admin', async () => {
    const detail = (await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${tenantB}/` })).json() as {
      receptor: { version: number; telefono: string };
    };
    const version = detail.receptor.version;
    const ok = await t.request(admin, {
      method: 'PATCH',
      url: `/api/v1/onboarding/clientes/${tenantB}/`,
      payload: { telefono: '+56 72 223 4455', version },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { receptor: { version: number } }).receptor.version).toBe(version + 1);
    const stale = await t.request(admin, {
      method: 'PATCH',
      url: `/api/v1/onboarding/clientes/${tenantB}/`,
      payload: { telefono: '+56 72 200 0000', version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: auditoriaMessages.registroModificado });

    const [row] = (await historial('receptor', tenantB, admin)).results;
    expect(row).toMatchObject({ accion: 'modificar', cambios: { telefono: { antes: detail.receptor.telefono, despues: '+56 72 223 4455' } } });
    expect(row!.cambios).not.toHaveProperty('databaseUrl');
    expect((await t.request(tokenB, { method: 'GET', url: `/api/v1/auditoria/?entidad=receptor&id=${tenantB}` })).statusCode).toBe(403);
  });
});

/** Rows of a raw query (drizzle types the driver's result loosely). */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

describe('append-only and isolation', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on the tenant audit table', async () => {
    await crear({ numero_rol: 'C-3001-2025' });
    const db = await t.tenantDbOf(t.mainTenantId);
    const [{ n: before }] = (await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from auditoria`))) as [{ n: number }];
    expect(before).toBeGreaterThan(0);
    await expect(db.execute(sql`update auditoria set usuario = 'otro'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from auditoria`)).rejects.toThrow();
    await expect(db.execute(sql`truncate auditoria`)).rejects.toThrow();
    const [{ n: after, otros }] = (await rowsOf<{ n: number; otros: number }>(
      db.execute(sql`select count(*)::int as n, count(*) filter (where usuario = 'otro')::int as otros from auditoria`),
    )) as [{ n: number; otros: number }];
    expect(after).toBe(before);
    expect(otros).toBe(0);
  });

  it('refuses UPDATE and DELETE on the control audit table', async () => {
    const db = t.app.controlDb;
    await expect(db.execute(sql`update auditoria set usuario = 'otro'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from auditoria`)).rejects.toThrow();
    const rows = await rowsOf<{ n: number }>(db.execute(sql`select count(*)::int as n from auditoria where usuario = 'otro'`));
    expect(rows[0]?.n).toBe(0);
  });

  it('never shows another receiver’s history, in either direction', async () => {
    const mine = await crear({ numero_rol: 'C-3002-2025' });
    expect((await historial('encargo', mine.id, tokenB)).count).toBe(0);
    const firmB = await registerEstudio(t, tokenB, { nombre: 'Estudio de Rancagua' });
    expect((await historial('estudio', firmB.id, tokenB)).count).toBe(1);
    expect((await historial('estudio', firmB.id, tokenA)).results.every((r) => r.usuario !== 'secretaria_b')).toBe(true);
    // Control-database history is filtered by receiver too.
    expect((await historial('usuario', userA, admin)).count).toBeGreaterThan(0);
  });

  it('validates the query with Spanish messages', async () => {
    for (const query of ['entidad=nada&id=1', 'entidad=encargo&id=2147483648', 'entidad=encargo', 'entidad=encargo&id=1&page_size=1000']) {
      const response = await t.request(tokenA, { method: 'GET', url: `/api/v1/auditoria/?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).detail).toMatch(/[a-záéíóú]/i);
    }
    expect((await t.request(undefined, { method: 'GET', url: '/api/v1/auditoria/?entidad=encargo&id=1' })).statusCode).toBe(401);
  });

  it('pages newest first', async () => {
    const encargo = await crear({ numero_rol: 'C-3003-2025' });
    for (const cuantia of [1, 2, 3]) expect((await modificar(encargo.id, { cuantia })).statusCode).toBe(200);
    const response = await t.request(tokenA, { method: 'GET', url: `/api/v1/auditoria/?entidad=encargo&id=${encargo.id}&page=2&page_size=2` });
    const page = AuditoriaResponseSchema.parse(response.json());
    expect(page).toMatchObject({ count: 4, page: 2, page_size: 2 });
    expect(page.results.map((r) => r.accion)).toEqual(['modificar', 'crear']);
    expect(page.results[0]!.cambios.cuantia).toEqual({ antes: encargo.cuantia, despues: 1 });
  });
});
