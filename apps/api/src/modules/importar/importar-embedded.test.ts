import { ImportarConfirmarResponseSchema, ImportarPreviewSchema } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { pdf } from '../../../test/portal-kit';
import { loadLookups, registerEstudio } from '../encargos/encargos.fixtures';
import { filaValida, multipartDe, xlsxDe, zipDe } from './importar.fixtures';

/** The import on the embedded default (PGlite): preview, confirmation in savepoints, PDFs, never twice. */

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext({}, { embedded: true });
  await t.createUser({ tenantId: t.mainTenantId, username: 'importa_embebido' });
  token = await t.login('importa_embebido');
});
afterAll(() => t.close());

it('previews and confirms a sheet with PDFs on PGlite, once', async () => {
  const estudio = await registerEstudio(t, token);
  const lookups = await loadLookups(t, token);
  const nombres = { tribunal: lookups.tribunales[2]!.nombre, tipoCausa: lookups.causas[0]!.nombre, tipoEncargo: lookups.tipos[0]!.nombre, parte: estudio.partes_demandantes[1]!.nombre };
  const roles = ['C-71-2025', 'C-72-2025', 'C-73-2025'];
  const xlsx = await xlsxDe([...roles.map((rol) => filaValida(rol, nombres)), filaValida('C-74-2025', { ...nombres, tribunal: 'Tribunal de Ninguna Parte' })]);
  const documentos = await zipDe({ 'C-72-2025_resolucion.pdf': await pdf('Resolución C-72-2025') });
  const response = await t.request(token, {
    method: 'POST',
    url: '/api/v1/nuevo_encargo/importar/',
    ...multipartDe({ estudio: String(estudio.id) }, { archivo: { name: 'e.xlsx', bytes: xlsx }, documentos: { name: 'd.zip', bytes: documentos } }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const preview = ImportarPreviewSchema.parse(response.json());
  expect(preview.resumen).toMatchObject({ total: 4, listas: 3, con_errores: 1, documentos: 1 });

  const confirm = ImportarConfirmarResponseSchema.parse((await t.request(token, { method: 'POST', url: `/api/v1/nuevo_encargo/importar/${preview.id}/confirmar/`, payload: {} })).json());
  expect(confirm).toMatchObject({ creadas: 3, omitidas: 1 });
  const again = ImportarConfirmarResponseSchema.parse((await t.request(token, { method: 'POST', url: `/api/v1/nuevo_encargo/importar/${preview.id}/confirmar/`, payload: {} })).json());
  expect(again.creadas).toBe(0);

  const db = await t.tenantDbOf(t.mainTenantId);
  const creados = await db.select().from(tenantSchema.encargos).where(inArray(tenantSchema.encargos.numeroRol, roles));
  expect(creados.map((e) => [e.numeroRol, e.estado]).sort()).toEqual(roles.map((rol) => [rol, 'preparado']));
  const conPdf = creados.find((e) => e.numeroRol === 'C-72-2025')!;
  const [adjuntos] = await db.select({ n: count() }).from(tenantSchema.encargoAdjuntos).where(eq(tenantSchema.encargoAdjuntos.encargoId, conPdf.id));
  expect(adjuntos!.n).toBe(1);
});
