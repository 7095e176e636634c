import { EncargoAdjuntosResponseSchema, EncargoDetailSchema, ErrorBodySchema, type Estudio } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { multipart, pdf, pdfText } from '../../../test/portal-kit';
import { encargoPayload, loadLookups, type Lookups, registerEstudio } from '../encargos/encargos.fixtures';

let t: TestContext;
let token: string;
let tokenB: string;
let estudio: Estudio;
let lookups: Lookups;
let demanda: Buffer;
let resolucion: Buffer;

beforeAll(async () => {
  t = await createTestContext();
  const tenantB = (await t.createTenant({ nombre: 'Receptor Judicial Talca' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_docs' });
  await t.createUser({ tenantId: tenantB, username: 'secretaria_docs_b' });
  token = await t.login('secretaria_docs');
  tokenB = await t.login('secretaria_docs_b');
  estudio = await registerEstudio(t, token);
  lookups = await loadLookups(t, token);
  demanda = await pdf('EN LO PRINCIPAL: demanda ejecutiva. Rol C-2222-2025');
  resolucion = await pdf('Santiago, doce de marzo de dos mil veinticinco. A lo principal, despáchese mandamiento.');
});
afterAll(() => t.close());

const URL = '/api/v1/nuevo_encargo/crear_con_documentos/';

function crear(datos: unknown, files: Parameters<typeof multipart>[1], headers: Record<string, string> = {}, as = token) {
  const body = multipart({ datos: typeof datos === 'string' ? datos : JSON.stringify(datos) }, files);
  return t.request(as, { method: 'POST', url: URL, payload: body.payload, headers: { ...body.headers, ...headers } });
}

async function counts(tenantId = t.mainTenantId) {
  const db = await t.tenantDbOf(tenantId);
  const [encargos] = await db.select({ n: count() }).from(tenantSchema.encargos);
  const [adjuntos] = await db.select({ n: count() }).from(tenantSchema.encargoAdjuntos);
  return { encargos: encargos?.n, adjuntos: adjuntos?.n };
}

describe('POST /nuevo_encargo/crear_con_documentos/', () => {
  it('creates the assignment with the demanda and the resolución attached, each downloadable as sent', async () => {
    const payload = encargoPayload(estudio, lookups, { numero_rol: 'C-2222-2025' });
    const response = await crear(payload, {
      demanda: { name: 'demanda C-2222-2025.pdf', bytes: demanda },
      resolucion: { name: 'resolucion.pdf', bytes: resolucion },
    });
    expect(response.statusCode, response.body).toBe(201);
    const encargo = EncargoDetailSchema.parse(response.json());
    expect(encargo.numero_rol).toBe('C-2222-2025');

    const list = await t.request(token, { method: 'GET', url: `/api/v1/encargos/${encargo.id}/adjuntos/` });
    expect(list.statusCode).toBe(200);
    const adjuntos = EncargoAdjuntosResponseSchema.parse(list.json()).results;
    expect(adjuntos.map((a) => [a.origen, a.nombre, a.tipo_mime])).toEqual([
      ['demanda', 'demanda C-2222-2025.pdf', 'application/pdf'],
      ['resolucion', 'resolucion.pdf', 'application/pdf'],
    ]);
    const file = await t.request(token, { method: 'GET', url: adjuntos[1]!.url });
    expect(file.statusCode).toBe(200);
    expect(await pdfText(file.rawPayload)).toContain('despáchese mandamiento');
  });

  it('returns the first assignment to a repeat with the same key and attaches nothing twice', async () => {
    const payload = encargoPayload(estudio, lookups, { numero_rol: 'C-2223-2025' });
    const files = { demanda: { name: 'demanda.pdf', bytes: demanda } };
    const first = await crear(payload, files, { 'idempotency-key': 'clave-documentos-0001' });
    expect(first.statusCode, first.body).toBe(201);
    const before = await counts();
    const again = await crear(payload, files, { 'idempotency-key': 'clave-documentos-0001' });
    expect(again.statusCode, again.body).toBe(201);
    expect(EncargoDetailSchema.parse(again.json()).id).toBe(EncargoDetailSchema.parse(first.json()).id);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file that is not a PDF, an unknown field and invalid data in Spanish, storing nothing', async () => {
    const payload = encargoPayload(estudio, lookups, { numero_rol: 'C-2224-2025' });
    const before = await counts();
    const cases = [
      { response: await crear(payload, { demanda: { name: 'demanda.pdf', bytes: Buffer.from('no es un pdf'), type: 'application/pdf' } }), field: 'demanda', detail: 'El archivo de la demanda no es un PDF.' },
      { response: await crear(payload, { anexo: { name: 'anexo.pdf', bytes: demanda } }), field: 'non_field_errors', detail: 'El campo «anexo» no corresponde a esta lectura.' },
      { response: await crear('{no es json', { demanda: { name: 'demanda.pdf', bytes: demanda } }), field: 'datos', detail: 'Los datos del encargo no son un JSON válido' },
      { response: await crear({ ...payload, rut_ejecutado: '12345678-9' }, { demanda: { name: 'demanda.pdf', bytes: demanda } }), field: 'rut_ejecutado', detail: undefined },
    ];
    for (const { response, field, detail } of cases) {
      expect(response.statusCode, response.body).toBe(400);
      const body = ErrorBodySchema.parse(response.json());
      if (detail) expect(body.detail).toBe(detail);
      expect(Object.keys(body.errors ?? {})).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps each receiver’s attachments in its own database', async () => {
    const payload = encargoPayload(estudio, lookups, { numero_rol: 'C-2225-2025' });
    const response = await crear(payload, { demanda: { name: 'demanda.pdf', bytes: demanda } });
    const id = EncargoDetailSchema.parse(response.json()).id;
    const foreign = await t.request(tokenB, { method: 'GET', url: `/api/v1/encargos/${id}/adjuntos/` });
    expect(foreign.statusCode).toBe(404);
    const db = await t.tenantDbOf(t.mainTenantId);
    const rows = await db.select({ origen: tenantSchema.encargoAdjuntos.origen }).from(tenantSchema.encargoAdjuntos).where(eq(tenantSchema.encargoAdjuntos.encargoId, id));
    expect(rows).toEqual([{ origen: 'demanda' }]);
  });
});
