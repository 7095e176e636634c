import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CierreDiaSchema } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedDiligencia, seedEncargo, seedEstudio } from '../rutas/rutas.fixtures';

let t: TestContext;
let db: TenantDb;
let token: string;
let ajeno: string;

const URL = '/api/v1/dashboard/cierre_dia/';
// 16 March 2026: Santiago is UTC-3.
const DIA = '2026-03-16';

async function visita(
  encargoId: number,
  instante: string,
  resultado: string,
  extra: { tipo?: string; direccion?: string; comuna?: string; corrigeA?: string } = {},
): Promise<string> {
  const uuid = randomUUID();
  await db.execute(sql`
    insert into visitas (uuid, encargo_id, domicilio_direccion, domicilio_comuna, fecha_hora, tipo, resultado, autor_id, autor_nombre, corrige_a)
    values (${uuid}, ${encargoId}, ${extra.direccion ?? 'Los Aromos 45'}, ${extra.comuna ?? 'Ñuñoa'}, ${instante}::timestamptz,
            ${extra.tipo ?? 'busqueda'}, ${resultado}, 1, 'Receptora Terreno', ${extra.corrigeA ?? null})`);
  return uuid;
}

async function certificado(encargoId: number, numeroRol: string, creado: string) {
  await db.execute(sql`
    insert into estampados (encargo_id, numero_rol, tipo_estampado_id, titulo, creado_por, fecha_creacion)
    values (${encargoId}, ${numeroRol}, (select id from tipos_estampado where codigo = 'notificacion_personal'),
            ${`Estampado ${numeroRol}`}, 'receptora', ${creado}::timestamptz)`);
}

async function resultados(encargoId: number, creado: string, visitaUuid: string | null = null) {
  const { id } = await seedDiligencia(db, encargoId, { fecha: creado, valorFinal: 48000, tipoCodigo: 'notificacion_personal' });
  await db.execute(sql`update diligencias set fecha_creacion = ${creado}::timestamptz, visita_uuid = ${visitaUuid} where id = ${id}`);
}

beforeAll(async () => {
  t = await createTestContext();
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_visitas' });
  token = await t.login('secretaria_visitas');
  const otro = await t.createTenant({ nombre: 'Receptor Curicó' });
  await t.createUser({ tenantId: otro.id, username: 'ajena_visitas' });
  ajeno = await t.login('ajena_visitas');
  db = await t.tenantDbOf(t.mainTenantId);
  const estudio = await seedEstudio(db, 'Recuperaciones Andes SpA');
  const add = async (numeroRol: string, estado: 'preparado' | 'listo_para_estampar' | 'estampado') =>
    (await seedEncargo(db, { estudioId: estudio.id, numeroRol, estado, domicilios: [{ direccion: 'Los Aromos 45', comuna: 'Ñuñoa' }] })).encargo;

  // A search, then the personal notification; results and the certificate followed: billed.
  const notificado = await add('C-410-2026', 'estampado');
  await visita(notificado.id, `${DIA}T09:10:00-03:00`, 'domicilio_confirmado');
  await visita(notificado.id, `${DIA}T10:25:00-03:00`, 'notificado_personal', { tipo: 'notificacion' });
  await resultados(notificado.id, `${DIA}T11:00:00-03:00`);
  await certificado(notificado.id, 'C-410-2026', `${DIA}T11:30:00-03:00`);
  // A negative search, nothing after it; and a visit corrected by a later one (only the correction counts).
  const negativa = await add('C-411-2026', 'preparado');
  await visita(negativa.id, `${DIA}T12:40:00-03:00`, 'negativa_no_reside', { direccion: 'Pasaje 3 N° 120', comuna: 'San Miguel' });
  const equivocada = await visita(negativa.id, `${DIA}T14:00:00-03:00`, 'habido');
  await visita(negativa.id, `${DIA}T14:05:00-03:00`, 'negativa_desconocido', { corrigeA: equivocada });
  // An art. 44 notification in the evening: results saved from the visit, no certificate yet.
  const art44 = await add('C-412-2026', 'listo_para_estampar');
  const acto = await visita(art44.id, `${DIA}T19:55:00-03:00`, 'notificado_art44', { tipo: 'notificacion' });
  await resultados(art44.id, '2026-03-17T09:00:00-03:00', acto);
  // Yesterday at 23:50 in Santiago: not this day's.
  await visita(negativa.id, '2026-03-15T23:50:00-03:00', 'negativa_inmueble_deshabitado');
});
afterAll(() => t.close());

async function cierre(query: string, as = token) {
  const response = await t.request(as, { method: 'GET', url: `${URL}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return CierreDiaSchema.parse(response.json());
}

describe('Cierre del día: the field work', () => {
  it('lists each visit of the day with its stop, result and hour, and whether results and a certificate followed', async () => {
    const body = await cierre(`?fecha=${DIA}`);
    expect(body.visitas.map((v) => [v.hora, v.numero_rol, v.domicilio, v.resultado, v.con_resultados, v.con_certificado, v.facturable])).toEqual([
      ['09:10', 'C-410-2026', 'Los Aromos 45, Ñuñoa', 'domicilio_confirmado', true, true, true],
      ['10:25', 'C-410-2026', 'Los Aromos 45, Ñuñoa', 'notificado_personal', true, true, true],
      ['12:40', 'C-411-2026', 'Pasaje 3 N° 120, San Miguel', 'negativa_no_reside', false, false, false],
      ['14:05', 'C-411-2026', 'Los Aromos 45, Ñuñoa', 'negativa_desconocido', false, false, false],
      ['19:55', 'C-412-2026', 'Los Aromos 45, Ñuñoa', 'notificado_art44', true, false, false],
    ]);
    expect(body.visitas[0]).toMatchObject({ estudio: 'Recuperaciones Andes SpA', tipo: 'busqueda', negativa: false, autor: 'Receptora Terreno' });
    expect(body.visitas[2]?.negativa).toBe(true);
    expect(body).toMatchObject({
      encargos_visitados: 3,
      visitas_negativas: 2,
      visitas_sin_resultados: 2,
      visitas_sin_certificado: 3,
      visitas_facturables: 2,
    });
  });

  it('counts an assignment visited that day as worked, though nothing else changed it that day', async () => {
    const body = await cierre(`?fecha=${DIA}`);
    expect(body.sin_resultados.map((e) => [e.numero_rol, e.hora])).toEqual([['C-411-2026', '14:05']]);
    expect(body.criterio_sin_resultados).not.toContain('aún no registra las visitas');
    expect((await cierre('?fecha=2026-03-15')).visitas.map((v) => [v.hora, v.resultado])).toEqual([['23:50', 'negativa_inmueble_deshabitado']]);
  });

  it("never shows one receiver's visits to another", async () => {
    expect(await cierre(`?fecha=${DIA}`, ajeno)).toMatchObject({ visitas: [], encargos_visitados: 0 });
  });

  it('prints the visits in the PDF with 24-hour times, and the totals of the field work', async () => {
    const response = await t.request(token, { method: 'GET', url: `${URL}pdf/?fecha=${DIA}` });
    expect(response.statusCode).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'cierre-'));
    try {
      const file = join(dir, 'cierre.pdf');
      await writeFile(file, response.rawPayload);
      const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
      const text = stdout.replace(/\s+/g, ' ');
      expect(text).toContain('VISITAS A TERRENO (5)');
      expect(text).toContain('19:55');
      expect(text).toContain('C-412-2026');
      expect(text).toContain('Notificado art. 44');
      expect(text).toContain('Notificado personalmente');
      expect(text).toContain('RESULTADOS CERTIFICADO COBRANZA');
      expect(text).toContain('No reside');
      expect(text).toContain('Pasaje 3 N° 120, San Miguel');
      expect(text).toContain('5 visitas en 3 encargos · 2 búsquedas negativas · 2 visitas sin resultados registrados');
      expect(text).toContain('2 visitas de encargos facturables');
      expect(text).not.toContain('aún no registra');
      expect(text).toMatch(/Generado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(text).not.toMatch(/[ap]\.\s?m\./);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
