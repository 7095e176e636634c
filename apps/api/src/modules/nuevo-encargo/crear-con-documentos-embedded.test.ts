import { EncargoAdjuntosResponseSchema, EncargoDetailSchema } from '@receptoria/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { multipart, pdf } from '../../../test/portal-kit';
import { encargoPayload, loadLookups, registerEstudio } from '../encargos/encargos.fixtures';

/** Nuevo Encargo with its PDFs on the embedded default (PGlite): the nested transaction and the bytea. */

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({}, { embedded: true });
}, 120_000);
afterAll(() => t?.close());

it('creates the assignment with its PDFs in one transaction on PGlite, and a repeat with the key attaches nothing more', async () => {
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_embebida' });
  const token = await t.login('secretaria_embebida');
  const estudio = await registerEstudio(t, token);
  const lookups = await loadLookups(t, token);
  const demanda = await pdf('Demanda ejecutiva rol C-3333-2025');
  const body = multipart({ datos: JSON.stringify(encargoPayload(estudio, lookups, { numero_rol: 'C-3333-2025' })) }, { demanda: { name: 'demanda.pdf', bytes: demanda } });
  const send = () =>
    t.request(token, { method: 'POST', url: '/api/v1/nuevo_encargo/crear_con_documentos/', payload: body.payload, headers: { ...body.headers, 'idempotency-key': 'clave-embebida-0001' } });
  const first = await send();
  expect(first.statusCode, first.body).toBe(201);
  const again = await send();
  expect(again.statusCode, again.body).toBe(201);
  const id = EncargoDetailSchema.parse(first.json()).id;
  expect(EncargoDetailSchema.parse(again.json()).id).toBe(id);
  const adjuntos = EncargoAdjuntosResponseSchema.parse((await t.request(token, { method: 'GET', url: `/api/v1/encargos/${id}/adjuntos/` })).json()).results;
  expect(adjuntos.map((a) => [a.origen, a.nombre, a.bytes])).toEqual([['demanda', 'demanda.pdf', demanda.length]]);
  const file = await t.request(token, { method: 'GET', url: adjuntos[0]!.url });
  expect(Buffer.compare(file.rawPayload, demanda)).toBe(0);
}, 120_000);
