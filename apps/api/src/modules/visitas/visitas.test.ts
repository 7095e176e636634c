import { randomUUID } from 'node:crypto';
import {
  ColaResponseSchema,
  GenerarEstampadoResponseSchema,
  type Encargo,
  FotoResponseSchema,
  TerrenoHoyResponseSchema,
  VisitaListResponseSchema,
  VisitaResponseSchema,
  visitaMessages as m,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { docxText } from '../../documents/docx/ooxml';
import { resultadosBody, type ResultadosWorld, setupResultados, tipoId } from '../diligencias/resultados.fixtures';
import { crearEncargo } from '../encargos/encargos.fixtures';
import { createFotoSigner } from './fotos';
import { dosBusquedas, postVisita, visitaBody } from './visitas.fixtures';

let t: TestContext;
let w: ResultadosWorld;
let art44 = 0;
let rolCounter = 300;

beforeAll(async () => {
  t = await createTestContext();
  w = await setupResultados(t);
  art44 = await tipoId(t, 'notificacion_subsidiaria_art_44');
});
afterAll(() => t.close());

const nuevo = (): Promise<Encargo> => crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: `C-${(rolCounter += 1)}-2026` });
const principal = (e: Encargo) => e.domicilios.find((d) => d.es_principal)?.id as number;
const otro = (e: Encargo) => e.domicilios.find((d) => !d.es_principal)?.id as number;

async function visitasEnDb(encargoId: number) {
  const db = await t.tenantDbOf(t.mainTenantId);
  return db.select().from(tenantSchema.visitas).where(eq(tenantSchema.visitas.encargoId, encargoId)).orderBy(asc(tenantSchema.visitas.id));
}

const listar = (encargoId: number, token = w.tokenA) => t.request(token, { method: 'GET', url: `/api/v1/encargos/${encargoId}/visitas/` });

function multipart(field: string, content: Buffer, filename = 'foto.jpg', mime = 'image/jpeg') {
  const boundary = `----receptoria${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const JPEG = (size = 2048, seed = 1) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size, seed)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(500, 3)]);

const subirFoto = (uuid: string, bytes: Buffer, token = w.tokenA, field = 'foto', mime = 'image/jpeg') =>
  t.request(token, { method: 'POST', url: `/api/v1/visitas/${uuid}/fotos/`, ...multipart(field, bytes, 'foto.jpg', mime) });

describe('recording a visit (offline retries)', () => {
  it('three posts of one uuid → one visit: 201, then 200 with the same visit', async () => {
    const encargo = await nuevo();
    const body = visitaBody(encargo);
    const first = await postVisita(t, w.tokenA, encargo.id, body);
    expect(first.statusCode, first.body).toBe(201);
    const created = VisitaResponseSchema.parse(first.json());
    expect(created.message).toBe(m.visitaRegistrada);
    expect(created.visita).toMatchObject({
      uuid: body.uuid,
      encargo_id: encargo.id,
      domicilio_id: principal(encargo),
      domicilio_texto: 'Av. Irarrázaval 2401, depto 73, Ñuñoa',
      fecha_hora: '2026-03-10T09:30:00-03:00',
      tipo: 'busqueda',
      resultado: 'domicilio_confirmado',
      informante: { nombre: 'Rosa Elena Tapia', relacion: 'conserje' },
      ubicacion: { lat: -33.4542, lon: -70.5987, precision_m: 12 },
      origen: 'terreno',
      corrige_a: null,
      corregida_por: null,
      autor: { nombre: 'receptor_a' },
      fotos: [],
    });
    for (let i = 0; i < 2; i += 1) {
      const again = await postVisita(t, w.tokenA, encargo.id, { ...body, uuid: body.uuid.toUpperCase() });
      expect(again.statusCode).toBe(200);
      expect(VisitaResponseSchema.parse(again.json()).visita).toEqual(created.visita);
    }
    expect(await visitasEnDb(encargo.id)).toHaveLength(1);
    // Audited once, with its assignment and content.
    const db = await t.tenantDbOf(t.mainTenantId);
    const audit = await db.select().from(tenantSchema.auditoria).where(eq(tenantSchema.auditoria.entidad, 'visita'));
    const own = audit.filter((a) => JSON.stringify(a.cambios).includes(body.uuid));
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ accion: 'crear', usuario: 'receptor_a', cambios: { encargo_id: { antes: null, despues: encargo.id }, resultado: { antes: null, despues: 'domicilio_confirmado' } } });
  });

  it('concurrent retries of one uuid still store one visit', async () => {
    const encargo = await nuevo();
    const body = visitaBody(encargo);
    const answers = await Promise.all([1, 2, 3, 4].map(() => postVisita(t, w.tokenA, encargo.id, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(await visitasEnDb(encargo.id)).toHaveLength(1);
  });

  it('the same uuid with other content → 409 in Spanish (visits are never edited), nothing changes', async () => {
    const encargo = await nuevo();
    const body = visitaBody(encargo);
    expect((await postVisita(t, w.tokenA, encargo.id, body)).statusCode).toBe(201);
    for (const change of [{ resultado: 'negativa_no_reside' }, { apuntes: 'otro texto' }, { fecha_hora: '2026-03-10T09:31:00-03:00' }, { ubicacion: null }]) {
      const conflict = await postVisita(t, w.tokenA, encargo.id, { ...body, ...change });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toMatchObject({ detail: m.visitaConflicto });
    }
    const otroEncargo = await nuevo();
    expect((await postVisita(t, w.tokenA, otroEncargo.id, { ...visitaBody(otroEncargo), uuid: body.uuid })).statusCode).toBe(409);
    const [stored] = await visitasEnDb(encargo.id);
    expect(stored?.resultado).toBe('domicilio_confirmado');
  });

  it('a correction is a new visit naming the earlier one; the list shows both, the earlier one corregida_por', async () => {
    const encargo = await nuevo();
    const first = visitaBody(encargo, { fecha_hora: '2026-03-09T11:00:00-03:00' });
    await postVisita(t, w.tokenA, encargo.id, first);
    const fix = visitaBody(encargo, { fecha_hora: '2026-03-09T11:05:00-03:00', resultado: 'negativa_no_reside', corrige_a: first.uuid, origen: 'oficina' });
    expect((await postVisita(t, w.tokenA, encargo.id, fix)).statusCode).toBe(201);
    const self = visitaBody(encargo);
    expect((await postVisita(t, w.tokenA, encargo.id, { ...self, corrige_a: self.uuid })).json()).toMatchObject({ detail: m.corrigeASiMisma });
    expect((await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { corrige_a: randomUUID() }))).json()).toMatchObject({ detail: m.corrigeANoEncontrada });
    const list = VisitaListResponseSchema.parse((await listar(encargo.id)).json()).visitas;
    expect(list.map((v) => [v.uuid, v.corrige_a, v.corregida_por])).toEqual([
      [first.uuid, null, fix.uuid],
      [fix.uuid, first.uuid, null],
    ]);
  });

  it('visits are append-only in the database (UPDATE and DELETE refused by trigger)', async () => {
    const encargo = await nuevo();
    await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo));
    const db = await t.tenantDbOf(t.mainTenantId);
    const refusal = (query: ReturnType<typeof sql>) =>
      db.execute(query).then(
        () => 'aceptado',
        (error: { cause?: { message?: string }; message: string }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`update visitas set apuntes = 'x' where encargo_id = ${encargo.id}`)).toMatch(/visitas es de solo inserción \(UPDATE/);
    expect(await refusal(sql`delete from visitas where encargo_id = ${encargo.id}`)).toMatch(/visitas es de solo inserción \(DELETE/);
  });

  it.each([
    [{ uuid: 'no-es-uuid' }, m.uuidInvalido],
    [{ fecha_hora: '10/03/2026 09:30' }, m.fechaHoraInvalida],
    [{ fecha_hora: '2099-01-01T10:00:00-03:00' }, m.fechaHoraFutura],
    [{ tipo: 'visita' }, m.tipoInvalido],
    [{ resultado: 'ausente' }, m.resultadoInvalido],
    [{ informante: { nombre: 'Ana', relacion: 'primo' } }, m.relacionInvalida],
    [{ informante: { nombre: ' ', relacion: 'vecino' } }, m.informanteNombreRequerido],
    [{ apuntes: 'x'.repeat(2001) }, m.apuntesLargos],
    [{ ubicacion: { lat: -95, lon: 0, precision_m: 5 } }, m.latitudInvalida],
    [{ ubicacion: { lat: -33, lon: 200, precision_m: 5 } }, m.longitudInvalida],
    [{ origen: 'casa' }, m.origenInvalido],
    [{ domicilio_id: null }, m.domicilioRequerido],
    [{ domicilio_id: 999_999 }, m.domicilioAjeno],
  ])('invalid visit %# → 400 in Spanish, nothing stored', async (change, detail) => {
    const encargo = await nuevo();
    const response = await postVisita(t, w.tokenA, encargo.id, { ...visitaBody(encargo), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(detail);
    expect(await visitasEnDb(encargo.id)).toHaveLength(0);
  });

  it('an address of another assignment of the same receiver → 400', async () => {
    const a = await nuevo();
    const b = await nuevo();
    const response = await postVisita(t, w.tokenA, a.id, visitaBody(a, { domicilio_id: principal(b) }));
    expect(response.json()).toMatchObject({ detail: m.domicilioAjeno });
  });

  it('lists oldest first by fecha_hora, with location and photos; reading needs a session only, recording the estampar module', async () => {
    const encargo = await nuevo();
    const late = visitaBody(encargo, { fecha_hora: '2026-03-12T17:00:00-03:00', ubicacion: null });
    const early = visitaBody(encargo, { fecha_hora: '2026-03-11T08:05:00-03:00' });
    await postVisita(t, w.tokenA, encargo.id, late);
    await postVisita(t, w.tokenA, encargo.id, early);
    expect((await subirFoto(early.uuid, JPEG())).statusCode).toBe(201);
    const response = await listar(encargo.id, w.tokenSinPermiso);
    expect(response.statusCode).toBe(200);
    const list = VisitaListResponseSchema.parse(response.json()).visitas;
    expect(list.map((v) => v.uuid)).toEqual([early.uuid, late.uuid]);
    expect(list[0]?.ubicacion).toEqual({ lat: -33.4542, lon: -70.5987, precision_m: 12 });
    expect(list[1]?.ubicacion).toBeNull();
    expect(list[0]?.fotos).toHaveLength(1);
    expect(list[0]?.fotos[0]?.url).toMatch(/^\/api\/v1\/visitas\/fotos\/\d+\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]+$/);
    const denied = await postVisita(t, w.tokenSinPermiso, encargo.id, visitaBody(encargo));
    expect(denied.statusCode).toBe(403);
    expect((await postVisita(t, '', encargo.id, visitaBody(encargo))).statusCode).toBe(401);
    expect((await listar(999_999)).statusCode).toBe(404);
  });
});

describe('art. 44: two positive searches on different Santiago days at that address', () => {
  const notificar = (encargo: Encargo, overrides: Record<string, unknown> = {}) =>
    postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { tipo: 'notificacion', resultado: 'notificado_art44', fecha_hora: '2026-03-12T12:00:00-03:00', ...overrides }));

  it('refused with no search, with two on the same day, with two on different days at another address', async () => {
    const sinBusqueda = await nuevo();
    const r1 = await notificar(sinBusqueda);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().detail).toBe('Para notificar conforme al artículo 44 se requieren dos búsquedas positivas, en días distintos, en este domicilio.');

    const mismoDia = await nuevo();
    // 00:30 and 23:30 of 10-03 in Santiago: different UTC days, the same Santiago day.
    await postVisita(t, w.tokenA, mismoDia.id, visitaBody(mismoDia, { fecha_hora: '2026-03-10T00:30:00-03:00' }));
    await postVisita(t, w.tokenA, mismoDia.id, visitaBody(mismoDia, { fecha_hora: '2026-03-10T23:30:00-03:00' }));
    expect((await notificar(mismoDia)).statusCode).toBe(409);

    const otraDireccion = await nuevo();
    await dosBusquedas(t, w.tokenA, otraDireccion, ['2026-03-09', '2026-03-10'], otro(otraDireccion));
    expect((await notificar(otraDireccion)).json()).toMatchObject({ detail: m.art44Requisitos });

    const despues = await nuevo();
    await dosBusquedas(t, w.tokenA, despues, ['2026-03-13', '2026-03-14']);
    expect((await notificar(despues)).statusCode).toBe(409);
    for (const e of [sinBusqueda, mismoDia, otraDireccion, despues]) {
      expect((await visitasEnDb(e.id)).some((v) => v.resultado === 'notificado_art44')).toBe(false);
    }
  });

  it('a corrected search no longer counts', async () => {
    const encargo = await nuevo();
    await dosBusquedas(t, w.tokenA, encargo, ['2026-03-09', '2026-03-10']);
    const [, segunda] = await visitasEnDb(encargo.id);
    await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { fecha_hora: '2026-03-10T18:45:00-03:00', resultado: 'negativa_no_reside', corrige_a: segunda?.uuid }));
    expect((await notificar(encargo)).statusCode).toBe(409);
  });

  it('accepted with two on different days at that address; opens the art. 46 letter due 2 días hábiles later', async () => {
    const encargo = await nuevo();
    await dosBusquedas(t, w.tokenA, encargo, ['2026-11-23', '2026-11-24']);
    const ok = await notificar(encargo, { fecha_hora: '2026-11-25T12:00:00-03:00' });
    expect(ok.statusCode, ok.body).toBe(201);
    const db = await t.tenantDbOf(t.mainTenantId);
    const plazos = await db.select().from(tenantSchema.plazos).where(eq(tenantSchema.plazos.encargoId, encargo.id));
    const uuid = VisitaResponseSchema.parse(ok.json()).visita.uuid;
    // Wed 25-11-2026 → Thu 26 and Fri 27: due 27-11.
    expect(plazos).toEqual([expect.objectContaining({ tipo: 'carta_art_46', desde: '2026-11-25', dias: 2, vence: '2026-11-27', estado: 'pendiente', origen: `visita:${uuid}` })]);
  });

  it('the art. 46 letter skips Sunday and a national holiday (Friday 18-09-2026 → due Tuesday 22-09)', async () => {
    const encargo = await nuevo();
    await dosBusquedas(t, w.tokenA, encargo, ['2026-09-15', '2026-09-16']);
    expect((await notificar(encargo, { fecha_hora: '2026-09-17T12:00:00-03:00' })).statusCode).toBe(201);
    const db = await t.tenantDbOf(t.mainTenantId);
    const [plazo] = await db.select().from(tenantSchema.plazos).where(eq(tenantSchema.plazos.encargoId, encargo.id));
    // From Thu 17-09: 18 and 19 (Fiestas Patrias) and Sunday 20 skipped → 21 and 22.
    expect(plazo).toMatchObject({ desde: '2026-09-17', vence: '2026-09-22' });
  });

  describe('through guardar_resultados with the art. 44 stamp type', () => {
    const guardar = (encargo: Encargo, extra: Record<string, unknown> = {}) =>
      t.request(w.tokenA, {
        method: 'POST',
        url: '/api/v1/diligencias/guardar_resultados/',
        payload: resultadosBody(encargo.numero_rol, art44, { fecha_diligencia: '2026-03-12T12:00:00-03:00', ...extra }),
      });

    it('refused without the searches (nothing stored); accepted with them at the principal address by default', async () => {
      const encargo = await nuevo();
      const refused = await guardar(encargo);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(m.art44Requisitos);
      const db = await t.tenantDbOf(t.mainTenantId);
      expect(await db.select().from(tenantSchema.diligencias).where(eq(tenantSchema.diligencias.encargoId, encargo.id))).toHaveLength(0);
      await dosBusquedas(t, w.tokenA, encargo, ['2026-03-10', '2026-03-10']);
      expect((await guardar(encargo)).statusCode).toBe(409);
      await dosBusquedas(t, w.tokenA, encargo, ['2026-03-11', '2026-03-11']);
      const ok = await guardar(encargo);
      expect(ok.statusCode, ok.body).toBe(200);
      const [stored] = await db.select().from(tenantSchema.diligencias).where(eq(tenantSchema.diligencias.encargoId, encargo.id));
      expect(stored).toMatchObject({ domicilioId: principal(encargo), domicilioDireccion: 'Av. Irarrázaval 2401, depto 73', domicilioComuna: 'Ñuñoa' });
    });

    it('domicilio_id names the address: searches at the principal one do not count for the other', async () => {
      const encargo = await nuevo();
      await dosBusquedas(t, w.tokenA, encargo, ['2026-03-09', '2026-03-10']);
      expect((await guardar(encargo, { domicilio_id: otro(encargo) })).statusCode).toBe(409);
      await dosBusquedas(t, w.tokenA, encargo, ['2026-03-09', '2026-03-10'], otro(encargo));
      expect((await guardar(encargo, { domicilio_id: otro(encargo) })).statusCode).toBe(200);
      const ajeno = await guardar(encargo, { domicilio_id: 999_999 });
      expect(ajeno.statusCode).toBe(400);
      expect(ajeno.json().detail).toBe(m.domicilioAjeno);
    });
  });
});

describe('photos', () => {
  async function visita() {
    const encargo = await nuevo();
    const body = visitaBody(encargo);
    expect((await postVisita(t, w.tokenA, encargo.id, body)).statusCode).toBe(201);
    return { encargo, uuid: body.uuid };
  }

  it('JPEG, PNG and WebP by their first bytes → 201 {foto: {id, url}}; the signed link serves it without a bearer', async () => {
    const { uuid } = await visita();
    for (const [bytes, mime] of [
      [JPEG(), 'image/jpeg'],
      [PNG, 'image/png'],
      [WEBP, 'image/webp'],
    ] as const) {
      // The declared type is ignored: the bytes decide.
      const response = await subirFoto(uuid, bytes, w.tokenA, 'foto', 'application/octet-stream');
      expect(response.statusCode, response.body).toBe(201);
      const { foto } = FotoResponseSchema.parse(response.json());
      const file = await t.request(undefined, { method: 'GET', url: foto.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses what is not an image, another field, over 5 MiB, and a fifth photo (400 in Spanish); the same photo again is the same photo', async () => {
    const { uuid } = await visita();
    const texto = await subirFoto(uuid, Buffer.from('%PDF-1.7 no es una imagen'), w.tokenA, 'foto', 'image/jpeg');
    expect(texto.statusCode).toBe(400);
    expect(texto.json().detail).toBe(m.fotoTipoInvalido);
    const campo = await subirFoto(uuid, JPEG(), w.tokenA, 'imagen');
    expect(campo.json()).toMatchObject({ detail: m.fotoRequerida });
    const grande = await subirFoto(uuid, JPEG(5 * 1024 * 1024));
    expect(grande.statusCode).toBe(400);
    expect(grande.json().detail).toBe(m.fotoDemasiadoGrande);
    const ids: string[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const ok = await subirFoto(uuid, JPEG(1000, i));
      expect(ok.statusCode).toBe(201);
      ids.push(FotoResponseSchema.parse(ok.json()).foto.id);
    }
    const retry = await subirFoto(uuid, JPEG(1000, 2));
    expect(retry.statusCode).toBe(200);
    expect(FotoResponseSchema.parse(retry.json()).foto.id).toBe(ids[1]);
    const quinta = await subirFoto(uuid, JPEG(1000, 9));
    expect(quinta.statusCode).toBe(400);
    expect(quinta.json().detail).toBe(m.fotoLimite);
    const noJson = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/visitas/${uuid}/fotos/`, payload: { foto: 'x' } });
    expect(noJson.statusCode).toBe(400);
    expect((await subirFoto(randomUUID(), JPEG())).statusCode).toBe(404);
  });

  it('the link expires after 10 minutes and any change to it is refused (404)', async () => {
    const { uuid } = await visita();
    const { foto } = FotoResponseSchema.parse((await subirFoto(uuid, JPEG())).json());
    const signer = await createFotoSigner(t.app.controlDb);
    const viejo = signer.url(t.mainTenantId, foto.id, new Date(Date.now() - 11 * 60 * 1000));
    const expired = await t.request(undefined, { method: 'GET', url: viejo });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().detail).toBe(m.fotoEnlaceInvalido);
    const fresh = signer.url(t.mainTenantId, foto.id, new Date(Date.now() - 9 * 60 * 1000));
    expect((await t.request(undefined, { method: 'GET', url: fresh })).statusCode).toBe(200);
    const exp = /exp=(\d+)/.exec(foto.url)?.[1] as string;
    const longer = foto.url.replace(`exp=${exp}`, `exp=${Number(exp) + 3600}`);
    expect((await t.request(undefined, { method: 'GET', url: longer })).statusCode).toBe(404);
    const otherTenant = foto.url.replace(`/fotos/${t.mainTenantId}/`, `/fotos/${w.tenantB}/`);
    expect((await t.request(undefined, { method: 'GET', url: otherTenant })).statusCode).toBe(404);
  });
});

describe('another receiver', () => {
  it("answers 404 for A's assignment, visit and photo, and its stops do not show A's", async () => {
    const encargo = await nuevo();
    const body = visitaBody(encargo);
    await postVisita(t, w.tokenA, encargo.id, body);
    const foto = await subirFoto(body.uuid, JPEG());
    expect(foto.statusCode).toBe(201);
    expect((await listar(encargo.id, w.tokenB)).statusCode).toBe(404);
    const post = await postVisita(t, w.tokenB, encargo.id, visitaBody(encargo));
    expect([404, 400]).toContain(post.statusCode);
    expect((await postVisita(t, w.tokenB, encargo.id, { ...body, domicilio_id: null })).statusCode).toBe(404);
    expect((await subirFoto(body.uuid, JPEG(), w.tokenB)).statusCode).toBe(404);
    const carta = await t.request(w.tokenB, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/carta_art46/`, payload: { fecha_envio: '2026-03-12', numero_seguimiento: 'RR1' } });
    expect(carta.statusCode).toBe(404);
    const hoyB = TerrenoHoyResponseSchema.parse((await t.request(w.tokenB, { method: 'GET', url: '/api/v1/terreno/hoy/' })).json());
    expect(hoyB.paradas.some((p) => p.encargo.numero_rol === encargo.numero_rol)).toBe(false);
    expect(await visitasEnDb(encargo.id)).toHaveLength(1);
  });
});

describe('GET /terreno/hoy/', () => {
  it("the user's stops: each active address with its visits and art. 44 state, in the order of today's route", async () => {
    const encargo = await nuevo();
    await dosBusquedas(t, w.tokenA, encargo, ['2026-03-09', '2026-03-10']);
    await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { domicilio_id: otro(encargo), fecha_hora: '2026-03-10T11:00:00-03:00' }));
    const route = await t.request(w.tokenA, { method: 'POST', url: '/api/v1/rutas/generar/', payload: { domicilio_ids: [otro(encargo), principal(encargo)] } });
    expect(route.statusCode, route.body).toBe(200);
    const response = await t.request(w.tokenA, { method: 'GET', url: '/api/v1/terreno/hoy/' });
    expect(response.statusCode).toBe(200);
    const hoy = TerrenoHoyResponseSchema.parse(response.json());
    expect(hoy.ruta_generada).toBe(true);
    const enRuta = hoy.paradas.filter((p) => p.en_ruta);
    expect(enRuta.map((p) => p.domicilio?.id).sort()).toEqual([otro(encargo), principal(encargo)].sort());
    expect(hoy.paradas.slice(0, 2).every((p) => p.en_ruta)).toBe(true);
    const p = hoy.paradas.find((x) => x.domicilio?.id === principal(encargo));
    const o = hoy.paradas.find((x) => x.domicilio?.id === otro(encargo));
    expect(p).toMatchObject({ estado_art44: 'lista_para_art44', dias_busqueda_positiva: ['2026-03-09', '2026-03-10'], encargo: { id: encargo.id, numero_rol: encargo.numero_rol } });
    expect(p?.visitas).toHaveLength(2);
    expect(o).toMatchObject({ estado_art44: 'una_busqueda' });
    expect(p?.domicilio?.direccion_google_maps).toBe('Av. Irarrázaval 2401, depto 73, Ñuñoa, Santiago, Chile');
    // Another user of the receiver has not generated a route today.
    const other = TerrenoHoyResponseSchema.parse((await t.request(w.tokenSinPermiso, { method: 'GET', url: '/api/v1/terreno/hoy/' })).json());
    expect(other.ruta_generada).toBe(false);
    expect(other.paradas.some((x) => x.encargo.id === encargo.id)).toBe(true);
  });
});

describe('art. 46 letter', () => {
  it('records the letter, meets the deadline and leaves the queue; a second one → 409; none without an art. 44 notification', async () => {
    const encargo = await nuevo();
    const carta = (payload: Record<string, unknown>) => t.request(w.tokenA, { method: 'POST', url: `/api/v1/encargos/${encargo.id}/carta_art46/`, payload });
    const sin = await carta({ fecha_envio: '2026-03-12', numero_seguimiento: 'RR123456789CL' });
    expect(sin.statusCode).toBe(409);
    expect(sin.json().detail).toBe(m.sinNotificacionArt44);
    await dosBusquedas(t, w.tokenA, encargo, ['2026-03-10', '2026-03-11']);
    expect((await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { tipo: 'notificacion', resultado: 'notificado_art44', fecha_hora: '2026-03-12T12:00:00-03:00' }))).statusCode).toBe(201);
    const cola = async () => ColaResponseSchema.parse((await t.request(w.tokenA, { method: 'GET', url: '/api/v1/diligencias/cola/' })).json());
    // Thu 12-03-2026 → Fri 13 and Mon 16 (Sunday skipped; Saturday not hábil by default): overdue by now.
    expect((await cola()).cartas_art46).toContainEqual({ encargo_id: encargo.id, numero_rol: encargo.numero_rol, vence: expect.any(String), estado: 'vencida' });
    const antes = await carta({ fecha_envio: '2026-03-11', numero_seguimiento: 'RR123456789CL' });
    expect(antes.json()).toMatchObject({ detail: m.fechaEnvioAnterior });
    const vacio = await carta({ fecha_envio: '2026-03-13', numero_seguimiento: '' });
    expect(vacio.json()).toMatchObject({ detail: m.numeroSeguimientoRequerido });
    const ok = await carta({ fecha_envio: '2026-03-13', numero_seguimiento: 'rr123456789cl' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      message: m.cartaRegistrada,
      plazos_cumplidos: 1,
      carta: { encargo_id: encargo.id, fecha_notificacion: '2026-03-12', fecha_envio: '2026-03-13', numero_seguimiento: 'RR123456789CL' },
    });
    expect((await cola()).cartas_art46.some((c) => c.encargo_id === encargo.id)).toBe(false);
    expect((await carta({ fecha_envio: '2026-03-13', numero_seguimiento: 'RR2' })).json()).toMatchObject({ detail: m.cartaYaRegistrada });
    const db = await t.tenantDbOf(t.mainTenantId);
    const [plazo] = await db.select().from(tenantSchema.plazos).where(eq(tenantSchema.plazos.encargoId, encargo.id));
    expect(plazo).toMatchObject({ estado: 'cumplido', cumplidoEn: '2026-03-13', cumplidoPor: 'receptor_a' });
  });
});

describe('certificates from the visits', () => {
  const generar = (payload: Record<string, unknown>) => t.request(w.tokenA, { method: 'POST', url: '/estampados/api/estampados/generar', payload });
  async function docx(response: Awaited<ReturnType<typeof generar>>) {
    expect(response.statusCode, response.body).toBe(201);
    const file = await t.request(undefined, { method: 'GET', url: GenerarEstampadoResponseSchema.parse(response.json()).documento.url });
    expect(file.statusCode).toBe(200);
    return docxText(file.rawPayload);
  }

  it("the art. 44 DOCX cites both searches' dates, hours and sources, the address of the act, and leaves no marker", async () => {
    const encargo = await nuevo();
    await dosBusquedas(t, w.tokenA, encargo, ['2026-03-09', '2026-03-10'], otro(encargo));
    const saved = await t.request(w.tokenA, {
      method: 'POST',
      url: '/api/v1/diligencias/guardar_resultados/',
      payload: resultadosBody(encargo.numero_rol, art44, { fecha_diligencia: '11/03/2026 19:05', domicilio_id: otro(encargo), entrega_copias: { modo: 'puerta' } }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const text = await docx(await generar({ tipo_estampado: art44, encargo_id: encargo.id, datos: { numero_rol: encargo.numero_rol }, validar_marcadores: true }));
    expect(text).not.toContain('<<');
    expect(text).toContain('la primera vez el día 09-03-2026, a las 10:15 horas, y la segunda el día 10-03-2026, a las 18:40 horas');
    expect(text).toContain('por los dichos de Rosa Elena Tapia, conserje, en la primera búsqueda, y por los dichos de Jorge Muñoz, vecino del sector, en la segunda');
    expect(text).toContain('siendo las 19:05 horas, me constituí en el domicilio ubicado en Los Jesuitas 881, comuna de Providencia');
    expect(text).not.toMatch(/envié|remití|di aviso/);
  });

  it('a negative search certifies the attempts; the art. 46 letter is certified once recorded', async () => {
    const encargo = await nuevo();
    await postVisita(t, w.tokenA, encargo.id, visitaBody(encargo, { fecha_hora: '2026-03-09T10:15:00-03:00', resultado: 'negativa_no_reside', informante: { nombre: 'Jorge Muñoz', relacion: 'vecino' } }));
    const noReside = await tipoId(t, 'busqueda_negativa_no_reside');
    const text = await docx(
      await generar({
        tipo_estampado: noReside,
        encargo_id: encargo.id,
        datos: { numero_rol: encargo.numero_rol, fecha_diligencia: '09-03-2026 10:20', apuntes_terreno: 'Casa habitada por otra familia' },
        validar_marcadores: true,
      }),
    );
    expect(text).toContain('Me constituí en este domicilio el 09-03-2026 a las 10:15 horas (no reside, por los dichos de Jorge Muñoz, vecino del sector). En consecuencia, la búsqueda resultó negativa. DOY FE.');

    const notificada = await nuevo();
    await dosBusquedas(t, w.tokenA, notificada, ['2026-03-09', '2026-03-10']);
    await postVisita(t, w.tokenA, notificada.id, visitaBody(notificada, { tipo: 'notificacion', resultado: 'notificado_art44', fecha_hora: '2026-03-11T12:00:00-03:00' }));
    const cartaTipo = await tipoId(t, 'certificado_carta_art46');
    const datos = { numero_rol: notificada.numero_rol, fecha_diligencia: '12-03-2026 16:00', apuntes_terreno: 'Carta despachada en la sucursal Providencia' };
    const sinCarta = await generar({ tipo_estampado: cartaTipo, encargo_id: notificada.id, datos, validar_marcadores: true });
    expect(sinCarta.statusCode).toBe(409);
    expect(sinCarta.json().detail).toBe(m.sinCartaArt46);
    const carta = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/encargos/${notificada.id}/carta_art46/`, payload: { fecha_envio: '2026-03-12', numero_seguimiento: 'RR987654321CL' } });
    expect(carta.statusCode).toBe(201);
    const cert = await docx(await generar({ tipo_estampado: cartaTipo, encargo_id: notificada.id, datos, validar_marcadores: true }));
    expect(cert).not.toContain('<<');
    expect(cert).toContain('con fecha 12-03-2026 remití, por carta certificada de Correos de Chile, número de seguimiento RR987654321CL');
    expect(cert).toContain('de la notificación que le practiqué con fecha 11-03-2026 conforme al artículo 44');
  });
});
