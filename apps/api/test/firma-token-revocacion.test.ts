import { randomUUID, X509Certificate } from 'node:crypto';
import { LoteSchema } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearPki, type PkiPrueba } from './firma/pki-revocacion';
import { certificadoPdfDePrueba } from './firma/pdf';
import { createTestContext, type TestContext } from './helper';

/**
 * The token's certificate is checked like an uploaded PKCS#12 (issue 39 §2): at registration (revoked,
 * key usage, key size) and again at each signing (a batch prepared, and the signatures received).
 */

let t: TestContext;
let pki: PkiPrueba;
let token: string;

const der = (pem: string) => Buffer.from(new X509Certificate(pem).raw);
const registrar = (certPem: string) =>
  t.request(token, { method: 'POST', url: '/api/v1/firma/certificados_token/', payload: { certificado: der(certPem).toString('base64'), cadena: [der(pki.raizPem).toString('base64')] } });

beforeAll(async () => {
  t = await createTestContext({ revocacion: { permitirPrivadas: true, timeoutMs: 1500 } });
  await t.createUser({ tenantId: t.mainTenantId, username: 'firmante_token_rev', permisos: ['estampa_1'] });
  token = await t.login('firmante_token_rev');
  pki = await crearPki();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await pki?.cerrar();
});

describe('the token’s certificate, checked like an upload', () => {
  it('refuses a revoked certificate (CRL and OCSP), keyUsage without nonRepudiation and RSA under 2048 bits, naming the reason', async () => {
    const revocado = await pki.emitir({ nombre: 'Receptor Revocado', ocsp: true, crl: true }, 'x');
    await pki.revocar(revocado, 'keyCompromise');
    const r = await registrar(revocado.certPem);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().detail).toMatch(/^El certificado está revocado/);
    const sinNoRepudio = await pki.emitir({ nombre: 'Sin No Repudio', usos: 'digitalSignature' }, 'x');
    expect((await registrar(sinNoRepudio.certPem)).statusCode).toBe(400);
    const corta = await pki.emitir({ nombre: 'Clave Corta', clave: 'rsa:1024' }, 'x');
    const rc = await registrar(corta.certPem);
    expect(rc.statusCode).toBe(400);
    expect(rc.json().detail).toContain('1024');
    expect((await t.request(token, { method: 'GET', url: '/api/v1/firma/certificado/' })).json().certificado).toBeNull();
  });

  it('revoked after registration: a new batch is refused, and a batch prepared before gets each document refused with nothing written', async () => {
    const firmante = await pki.emitir({ nombre: 'Receptora Vigente', ocsp: true, crl: true }, 'x');
    expect((await registrar(firmante.certPem)).statusCode).toBe(201);
    const db = await t.tenantDbOf(t.mainTenantId);
    const ids = [randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) await db.insert(tenantSchema.estampados).values({ id, numeroRol: `C-${7400 + i}-2026`, titulo: `Certificado revocación ${i}`, archivoPdf: await certificadoPdfDePrueba(i) });
    const antes = await t.request(token, { method: 'POST', url: '/api/v1/firma/lotes/', payload: { documento_ids: [ids[0]] } });
    expect(antes.statusCode, antes.body).toBe(201);
    const lote = LoteSchema.parse(antes.json());
    await pki.revocar(firmante, 'keyCompromise');
    // The revocation answers are kept for their validity: forgotten, as once that validity ends.
    t.app.firma.revocacion.olvidar();
    const nuevo = await t.request(token, { method: 'POST', url: '/api/v1/firma/lotes/', payload: { documento_ids: [ids[1]] } });
    expect(nuevo.statusCode, nuevo.body).toBe(400);
    expect(nuevo.json().detail).toMatch(/^El certificado está revocado/);
    const r = await t.request(token, { method: 'POST', url: `/api/v1/firma/lotes/${lote.id}/firmas/`, payload: { firmas: [{ id: ids[0], firma: Buffer.alloc(256, 1).toString('base64') }] } });
    expect(r.statusCode).toBe(200);
    expect(r.json().results[0]).toMatchObject({ ok: false, motivo: expect.stringMatching(/^El certificado está revocado/) });
    expect(await db.select().from(tenantSchema.estampadoFirmas)).toHaveLength(0);
  });
});
