import { randomUUID } from 'node:crypto';
import { FirmarResponseSchema } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resellarPendientes } from '../../src/modules/firma/resellos';
import { mesTrasVencer, subirCertificado } from '../firma/fixtures';
import { iniciarInfraLtv, type InfraLtv, PYHANKO_SRC, validarConPyhanko } from '../firma/ltv-infra';
import { certificadoPdfDePrueba } from '../firma/pdf';
import { createTestContext, type TestContext } from '../helper';

/**
 * pyHanko on what the API signs with the local TSA and OCSP/CRL responder (B-LTA) and on the revision
 * the re-timestamp job appends. Run with `pnpm --filter @receptoria/api test:pyhanko` (docs/firma.md).
 */

let infra: InfraLtv;
let t: TestContext;
let token: string;
let ids: string[] = [];
const futura = () => mesTrasVencer(infra);

async function descargar(id: string): Promise<Buffer> {
  const r = await t.request(token, { method: 'GET', url: `/api/v1/firma/documentos/${id}/pdf/` });
  expect(r.statusCode, r.body).toBe(200);
  return r.rawPayload;
}

beforeAll(async () => {
  if (!PYHANKO_SRC) throw new Error(`PYHANKO_SRC (${process.env.PYHANKO_SRC ?? 'sin definir'}) no tiene el código de pyHanko: vea docs/firma.md`);
  infra = await iniciarInfraLtv();
  t = await createTestContext({ tsa: { url: infra.tsaUrl, timeoutMs: 5000 }, revocacion: { permitirPrivadas: true, timeoutMs: 5000 } });
  await t.createUser({ tenantId: t.mainTenantId, username: 'firmante_pyhanko', permisos: ['estampa_1'] });
  token = await t.login('firmante_pyhanko');
  const subida = await subirCertificado(t, token, infra.p12, infra.p12Clave);
  expect(subida.statusCode, subida.body).toBe(201);
  const db = await t.tenantDbOf(t.mainTenantId);
  ids = [randomUUID()];
  await db.insert(tenantSchema.estampados).values({ id: ids[0]!, numeroRol: 'C-7300-2026', titulo: 'Certificado pyHanko', archivoPdf: await certificadoPdfDePrueba(0) });
  const r = await t.request(token, { method: 'POST', url: '/api/v1/firma/firmar/', payload: { documento_ids: ids, password: infra.p12Clave } });
  expect(r.statusCode, r.body).toBe(200);
  expect(FirmarResponseSchema.parse(r.json()).firmados).toBe(1);
});
afterAll(async () => {
  await t?.close();
  await infra?.cerrar();
});

describe('pyHanko on the PDFs the API serves', () => {
  it('the signed PDF: LTV-enabled and valid a month after the signer certificate expired', async () => {
    const [firma, sello] = await validarConPyhanko(await descargar(ids[0]!), infra.raizPem, futura());
    expect(firma!.ltv).toMatchObject({ intacta: true, valida: true, confiable: true });
    expect(firma!.futura!.estado).toBe('PASSED');
    expect(sello!.basica).toMatchObject({ intacta: true, valida: true, confiable: true });
  });

  it('the re-timestamped revision: still valid after expiry, both document timestamps valid and trusted', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    const futuro = new Date(Date.now() + (5 * 365 - 60) * 86_400_000);
    const deps = { tsa: { url: infra.tsa2Url, timeoutMs: 5000 }, revocacion: t.app.firma.ltv, margenDias: 90 };
    expect(await resellarPendientes(db, deps, { warn: () => undefined }, futuro)).toBe(1);
    const resultados = await validarConPyhanko(await descargar(ids[0]!), infra.raizPem, futura());
    expect(resultados).toHaveLength(3);
    expect(resultados[0]!.futura!.estado).toBe('PASSED');
    for (const s of resultados.slice(1)) expect(s.basica).toMatchObject({ intacta: true, valida: true, confiable: true });
  });
});
