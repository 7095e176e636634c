import { createHash, randomUUID } from 'node:crypto';
import { CertificadoFirmaResponseSchema, DocumentosFirmaResponseSchema, FirmarResponseSchema, firmaMessages } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmasDelPdf } from '../src/modules/firma/ltv';
import { firmasPorResellar, resellarPendientes } from '../src/modules/firma/resellos';
import { subirCertificado } from './firma/fixtures';
import { iniciarInfraLtv, type InfraLtv, pdfsig } from './firma/ltv-infra';
import { certificadoPdfDePrueba } from './firma/pdf';
import { validarLtv } from './firma/validar-ltv';
import { createTestContext, type TestContext } from './helper';

/**
 * PAdES levels through the API: without a TSA the signatures stay B-B and the certificate's answer
 * says so; with the local TSA and OCSP/CRL responder they are B-LTA, GET /firma/documentos/ says it,
 * and the re-timestamp job appends a revision (the signature's row and bytes kept).
 */

let infra: InfraLtv;
/** The PDFs downloaded in the API tests, validated again below (test/firma/validar-ltv.ts). */
const descargados: { bb?: Buffer; lta?: Buffer; renovado?: Buffer } = {};
let conTsa: TestContext;
let sinTsa: TestContext;
const CLAVE_USUARIO = 'firmante_ltv';

async function preparar(t: TestContext): Promise<{ token: string; ids: string[] }> {
  await t.createUser({ tenantId: t.mainTenantId, username: CLAVE_USUARIO, permisos: ['estampa_1'] });
  const token = await t.login(CLAVE_USUARIO);
  const subida = await subirCertificado(t, token, infra.p12, infra.p12Clave);
  expect(subida.statusCode, subida.body).toBe(201);
  const db = await t.tenantDbOf(t.mainTenantId);
  const ids: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const id = randomUUID();
    await db.insert(tenantSchema.estampados).values({ id, numeroRol: `C-${7100 + i}-2026`, titulo: `Certificado LTV ${i}`, archivoPdf: await certificadoPdfDePrueba(i) });
    ids.push(id);
  }
  return { token, ids };
}

async function documentos(t: TestContext, token: string) {
  const r = await t.request(token, { method: 'GET', url: '/api/v1/firma/documentos/?estado=firmado' });
  expect(r.statusCode, r.body).toBe(200);
  return DocumentosFirmaResponseSchema.parse(r.json()).results;
}

async function descargar(t: TestContext, token: string, id: string): Promise<Buffer> {
  const r = await t.request(token, { method: 'GET', url: `/api/v1/firma/documentos/${id}/pdf/` });
  expect(r.statusCode, r.body).toBe(200);
  return r.rawPayload;
}

beforeAll(async () => {
  infra = await iniciarInfraLtv();
  const revocacion = { permitirPrivadas: true, timeoutMs: 5000 };
  conTsa = await createTestContext({ tsa: { url: infra.tsaUrl, timeoutMs: 5000 }, revocacion });
  sinTsa = await createTestContext({ tsa: null, revocacion });
});
afterAll(async () => {
  await conTsa?.close();
  await sinTsa?.close();
  await infra?.cerrar();
});

describe('PAdES level through the API', () => {
  it('without a TSA: the certificate answer says new signatures are B-B, the signed documents list B-B, pdfsig valid', async () => {
    const { token, ids } = await preparar(sinTsa);
    const cert = CertificadoFirmaResponseSchema.parse((await sinTsa.request(token, { method: 'GET', url: '/api/v1/firma/certificado/' })).json());
    expect(cert.nivel_firma).toBe('B-B');
    const r = await sinTsa.request(token, { method: 'POST', url: '/api/v1/firma/firmar/', payload: { documento_ids: ids, password: infra.p12Clave } });
    expect(r.statusCode, r.body).toBe(200);
    expect(FirmarResponseSchema.parse(r.json()).firmados).toBe(2);
    const lista = await documentos(sinTsa, token);
    expect(lista.filter((d) => ids.includes(d.id)).map((d) => d.nivel)).toEqual(['B-B', 'B-B']);
    const pdf = await descargar(sinTsa, token, ids[0]!);
    expect(await pdfsig(pdf)).toContain('Signature is Valid');
    expect((await firmasDelPdf(pdf)).map((f) => f.tipo)).toEqual(['firma']);
    descargados.bb = pdf;
  });

  it('with the TSA and OCSP/CRL: B-LTA in the list, the PDF carries DSS and a document timestamp; the TSA down refuses per document, nothing written', async () => {
    const { token, ids } = await preparar(conTsa);
    const cert = CertificadoFirmaResponseSchema.parse((await conTsa.request(token, { method: 'GET', url: '/api/v1/firma/certificado/' })).json());
    expect(cert.nivel_firma).toBe('B-LTA');

    infra.colgarTsa(60_000);
    const caida = await conTsa.request(token, { method: 'POST', url: '/api/v1/firma/firmar/', payload: { documento_ids: [ids[1]], password: infra.p12Clave } });
    infra.colgarTsa(0);
    expect(caida.statusCode, caida.body).toBe(200);
    const [fallo] = FirmarResponseSchema.parse(caida.json()).results;
    expect(fallo).toMatchObject({ id: ids[1], ok: false, error: firmaMessages.selloNoDisponible('la TSA no respondió en 5000 ms') });
    const db = await conTsa.tenantDbOf(conTsa.mainTenantId);
    expect(await db.select().from(tenantSchema.estampadoFirmas).where(eq(tenantSchema.estampadoFirmas.estampadoId, ids[1]!))).toHaveLength(0);

    const r = await conTsa.request(token, { method: 'POST', url: '/api/v1/firma/firmar/', payload: { documento_ids: ids, password: infra.p12Clave } });
    expect(r.statusCode, r.body).toBe(200);
    expect(FirmarResponseSchema.parse(r.json()).firmados).toBe(2);
    const lista = await documentos(conTsa, token);
    expect(lista.filter((d) => ids.includes(d.id)).map((d) => d.nivel)).toEqual(['B-LTA', 'B-LTA']);
    const pdf = await descargar(conTsa, token, ids[0]!);
    expect((await firmasDelPdf(pdf)).map((f) => f.tipo)).toEqual(['firma', 'sello_documento']);
    expect(pdf.toString('latin1')).toMatch(/\/Type \/DSS/);
    expect(await pdfsig(pdf)).toContain('Signature is Valid');
    const [fila] = await db.select().from(tenantSchema.estampadoFirmas).where(eq(tenantSchema.estampadoFirmas.estampadoId, ids[0]!));
    expect(fila!.nivel).toBe('B-LTA');
    expect(fila!.selloVence!.getTime()).toBeGreaterThan(Date.now() + 4 * 365 * 86_400_000);
    descargados.lta = pdf;
  });

  it('the re-timestamp job: inside the margin a new revision is stored (the old bytes its prefix, the signature row untouched) and served', async () => {
    const token = await conTsa.login(CLAVE_USUARIO);
    const db = await conTsa.tenantDbOf(conTsa.mainTenantId);
    const [fila] = await db.select().from(tenantSchema.estampadoFirmas).limit(1);
    const antes = await descargar(conTsa, token, fila!.estampadoId);
    const deps = { tsa: { url: infra.tsaUrl, timeoutMs: 5000 }, revocacion: conTsa.app.firma.ltv, margenDias: 90 };
    // Today nothing is due (the TSA certificate has five years left).
    expect(await firmasPorResellar(db, new Date(Date.now() + 90 * 86_400_000))).toEqual([]);
    expect(await resellarPendientes(db, deps, { warn: () => undefined })).toBe(0);
    // Four years and ten months from now the margin reaches both signatures. The same TSA, whose own
    // certificate expires inside the margin too, renews nothing (it says why).
    const futuro = new Date(Date.now() + (5 * 365 - 60) * 86_400_000);
    expect(await firmasPorResellar(db, new Date(futuro.getTime() + 90 * 86_400_000))).toHaveLength(2);
    const avisos: unknown[][] = [];
    const log = { warn: (...a: unknown[]) => avisos.push(a) };
    expect(await resellarPendientes(db, deps, log, futuro)).toBe(0);
    expect(String(avisos[0]?.[1])).toContain('el certificado de la TSA vence dentro del margen');
    expect(await db.select().from(tenantSchema.estampadoResellos)).toHaveLength(0);
    // A TSA with a renewed certificate: both re-timestamped.
    avisos.length = 0;
    expect(await resellarPendientes(db, { ...deps, tsa: { url: infra.tsa2Url, timeoutMs: 5000 } }, log, futuro)).toBe(2);
    expect(avisos).toEqual([]);
    const resellos = await db.select().from(tenantSchema.estampadoResellos).where(eq(tenantSchema.estampadoResellos.firmaId, fila!.id));
    expect(resellos).toHaveLength(1);
    const despues = await descargar(conTsa, token, fila!.estampadoId);
    expect(despues.equals(resellos[0]!.archivoPdf)).toBe(true);
    expect(despues.subarray(0, antes.length).equals(antes)).toBe(true);
    expect((await firmasDelPdf(despues)).map((f) => f.tipo)).toEqual(['firma', 'sello_documento', 'sello_documento']);
    const [igual] = await db.select().from(tenantSchema.estampadoFirmas).where(eq(tenantSchema.estampadoFirmas.id, fila!.id));
    expect(createHash('sha256').update(igual!.archivoPdf).digest('hex')).toBe(fila!.sha256);
    expect(await pdfsig(despues)).toContain('Signature is Valid');
    // Renewed: no longer due at that date.
    expect(await firmasPorResellar(db, new Date(futuro.getTime() + 90 * 86_400_000))).toEqual([]);
    const lista = await documentos(conTsa, token);
    expect(lista.find((d) => d.id === fila!.estampadoId)!.nivel).toBe('B-LTA');
    descargados.renovado = despues;
  });
});

/**
 * The downloaded PDFs checked by the independent validator (pdfsig, `openssl ts -verify`, `openssl ocsp
 * -respin`, `openssl verify`; none of the product's code), the test root as the only trust. pyHanko's
 * validation of what the API signs runs with `pnpm --filter @receptoria/api test:pyhanko`.
 */
describe('independent long-term validation of the downloaded PDFs', () => {
  it('the B-B download: intact, but no signature timestamp, no DSS, no document timestamp', async () => {
    const v = await validarLtv(descargados.bb!, infra.raizPem);
    expect(v.integridad).toEqual({ ok: true });
    expect(v.selloFirma).toEqual({ ok: false, motivo: 'la firma no trae id-aa-signatureTimeStampToken' });
    expect(v.dss).toEqual({ ok: false, motivo: 'el PDF no tiene /DSS' });
    expect(v.selloDocumento).toEqual({ ok: false, motivo: 'el PDF no tiene /DocTimeStamp' });
  });

  it('the B-LTA download: signature timestamp, DSS (VRI, chain, OCSP good before the document timestamp) and document timestamp all verify', async () => {
    const v = await validarLtv(descargados.lta!, infra.raizPem);
    expect(v).toMatchObject({ firmas: 1, sellosDocumento: 1, integridad: { ok: true }, selloFirma: { ok: true }, dss: { ok: true }, selloDocumento: { ok: true } });
    expect(v.horas.selloFirma[0]!.getTime()).toBeLessThan(infra.firmanteVence.getTime());
  });

  it('the re-timestamped revision: all checks pass, two document timestamps, the newer one covering the whole file', async () => {
    const v = await validarLtv(descargados.renovado!, infra.raizPem);
    expect(v).toMatchObject({ firmas: 1, sellosDocumento: 2, integridad: { ok: true }, selloFirma: { ok: true }, dss: { ok: true }, selloDocumento: { ok: true } });
    expect(v.horas.selloDocumento[1]!.getTime()).toBeGreaterThanOrEqual(v.horas.selloDocumento[0]!.getTime());
  });
});
