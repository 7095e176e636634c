import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarInfraLtv, type InfraLtv, pdfsig } from '../../../test/firma/ltv-infra';
import { firmanteYTsa, firmaVisible, revocacionLoopback } from '../../../test/firma/fixtures';
import { certificadoPdfDePrueba } from '../../../test/firma/pdf';
import { validarLtv } from '../../../test/firma/validar-ltv';
import { completarNiveles, firmarPdfPades } from './firmar-pdf';
import { agregarDss, agregarSelloDocumento, firmasDelPdf, sellosDelPdf } from './ltv';
import type { P12Abierto } from './p12';
import { type ConfigTsa, leerToken, sellarTiempo, TsaError } from './tsa';

const run = promisify(execFile);
let infra: InfraLtv;
/** The PDFs each level's test made, validated again below (test/firma/validar-ltv.ts). */
const hechos: Record<'bb' | 'bt' | 'blt' | 'lta' | 'renovado', Buffer | undefined> = { bb: undefined, bt: undefined, blt: undefined, lta: undefined, renovado: undefined };
let firmante: P12Abierto;
let tsa: ConfigTsa;

/**
 * pdfsig's report: the `n` signatures valid (their own integrity; the test root is not in its store),
 * none invalid, and the `sellos` document timestamps listed, the last one covering the whole file
 * (poppler does not check ETSI.RFC3161 tokens: test/firma/validar-ltv.ts does).
 */
function todasValidas(reporte: string, n: number, sellos = 0) {
  expect(reporte.match(/Signature Validation: Signature is Valid\./g) ?? []).toHaveLength(n);
  expect(reporte).not.toMatch(/Signature is Invalid|Digest Mismatch/);
  expect(reporte.match(/Signature Field Name: Sello de tiempo \d+/g) ?? []).toHaveLength(sellos);
  expect(reporte.trim().split('Signature #').at(-1)).toContain('Total document signed');
}

beforeAll(async () => {
  infra = await iniciarInfraLtv();
  ({ firmante, tsa } = firmanteYTsa(infra));
});
afterAll(async () => {
  await infra?.cerrar();
});

describe('RFC 3161 timestamps from the local TSA', () => {
  it('returns a token over the SHA-256 of the data, signed by the TSA, with its certificate and expiry', async () => {
    const antes = Date.now();
    const sello = await sellarTiempo(tsa, Buffer.from('valor de firma'));
    expect(sello.fecha.getTime()).toBeGreaterThanOrEqual(Math.floor(antes / 1000) * 1000 - 1000);
    expect(sello.venceCertificado.getTime()).toBeGreaterThan(Date.now() + 4 * 365 * 86_400_000);
    const leido = await leerToken(sello.token, Buffer.from('valor de firma'));
    expect(leido.certificadoTsa.equals(sello.certificadoTsa)).toBe(true);
  });

  it('gives up on a TSA that does not answer within the timeout, saying so in Spanish', async () => {
    infra.colgarTsa(3000);
    const inicio = Date.now();
    await expect(sellarTiempo({ ...tsa, timeoutMs: 300 }, Buffer.from('x'))).rejects.toThrow(new TsaError('la TSA no respondió en 300 ms'));
    expect(Date.now() - inicio).toBeLessThan(2500);
    infra.colgarTsa(0);
  });

  it('refuses an address where no TSA listens', async () => {
    await expect(sellarTiempo({ url: `${infra.url}/nada`, timeoutMs: 2000 }, Buffer.from('x'))).rejects.toThrow(/HTTP 404/);
  });
});

describe('PAdES levels', () => {
  it('B-B without a TSA: one signature, pdfsig valid', async () => {
    const r = await firmarPdfPades(await certificadoPdfDePrueba(1), firmante, firmaVisible());
    expect(r.nivel).toBe('B-B');
    expect(r.selloVence).toBeNull();
    todasValidas(await pdfsig(r.pdf), 1);
    hechos.bb = r.pdf;
  });

  it('B-T with the TSA: the timestamp over the signature value, pdfsig valid', async () => {
    const r = await firmarPdfPades(await certificadoPdfDePrueba(2), firmante, firmaVisible(), { tsa });
    expect(r.nivel).toBe('B-T');
    expect(r.selloVence!.getTime()).toBeGreaterThan(Date.now());
    todasValidas(await pdfsig(r.pdf), 1);
    expect((await sellosDelPdf(r.pdf)).map((s) => s.tipo)).toEqual(['firma']);
    hechos.bt = r.pdf;
  });

  it('B-LTA with the TSA and OCSP/CRL: DSS with VRI and a document timestamp (incremental updates), pdfsig valid', async () => {
    const original = await certificadoPdfDePrueba(3);
    const r = await firmarPdfPades(original, firmante, firmaVisible(), { tsa, revocacion: revocacionLoopback() });
    expect(r.nivel).toBe('B-LTA');
    expect(r.revocacion!.ocsp.length).toBeGreaterThan(0);
    expect(infra.pedidos['/ocsp']).toBeGreaterThan(0);
    expect(infra.pedidos['/ca.crl']).toBeGreaterThan(0);
    const firmas = await firmasDelPdf(r.pdf);
    expect(firmas.map((f) => f.tipo)).toEqual(['firma', 'sello_documento']);
    const texto = r.pdf.toString('latin1');
    expect(texto).toMatch(/\/Type \/DSS/);
    expect(texto).toMatch(/\/VRI/);
    expect(texto).toMatch(/\/SubFilter \/ETSI\.RFC3161/);
    todasValidas(await pdfsig(r.pdf), 1, 1);
    hechos.lta = r.pdf;
  });

  it('B-LT when the TSA fails at the document timestamp: the DSS stays, no document timestamp, the signature valid', async () => {
    const bt = await firmarPdfPades(await certificadoPdfDePrueba(5), firmante, firmaVisible(), { tsa });
    const [token] = await sellosDelPdf(bt.pdf);
    const sello = await leerToken(token!.token);
    const r = await completarNiveles(bt.pdf, firmante, sello, { url: `${infra.url}/nada`, timeoutMs: 2000 }, revocacionLoopback());
    expect(r.nivel).toBe('B-LT');
    expect(r.selloVence).toEqual(sello.venceCertificado);
    expect(r.pdf.subarray(0, bt.pdf.length).equals(bt.pdf)).toBe(true);
    expect(r.pdf.toString('latin1')).toMatch(/\/Type \/DSS/);
    expect((await firmasDelPdf(r.pdf)).map((f) => f.tipo)).toEqual(['firma']);
    const reporte = await pdfsig(r.pdf);
    expect(reporte).toContain('Signature is Valid');
    hechos.blt = r.pdf;
  });

  it('re-timestamping appends a new revision (the earlier bytes kept): a second document timestamp, pdfsig valid', async () => {
    const r = await firmarPdfPades(await certificadoPdfDePrueba(4), firmante, firmaVisible(), { tsa, revocacion: revocacionLoopback() });
    const [sello] = (await sellosDelPdf(r.pdf)).filter((s) => s.tipo === 'sello_documento');
    const tsaDatos = await leerToken(sello!.token);
    const conDss = await agregarDss(r.pdf, await revocacionLoopback()(tsaDatos.certificadoTsa, tsaDatos.certificados));
    const renovado = await agregarSelloDocumento(conDss, tsa);
    expect(renovado.pdf.subarray(0, r.pdf.length).equals(r.pdf)).toBe(true);
    expect((await firmasDelPdf(renovado.pdf)).map((f) => f.tipo)).toEqual(['firma', 'sello_documento', 'sello_documento']);
    todasValidas(await pdfsig(renovado.pdf), 1, 2);
    hechos.renovado = renovado.pdf;
  });
});

/**
 * The long-term properties checked by an independent validator (test/firma/validar-ltv.ts: pdfsig,
 * `openssl ts -verify`, `openssl ocsp -respin`, `openssl verify`, pdf-lib/pkijs parsing; none of the
 * product's code) with the test root as the only trust. pyHanko's own validation of the same levels
 * runs with `pnpm --filter @receptoria/api test:pyhanko` (docs/firma.md).
 */
describe('independent long-term validation of each level', () => {
  it('B-B: the signature intact, yet no signature timestamp, no DSS, no document timestamp', async () => {
    const v = await validarLtv(hechos.bb!, infra.raizPem);
    expect(v).toMatchObject({ firmas: 1, sellosDocumento: 0, integridad: { ok: true } });
    expect(v.selloFirma).toEqual({ ok: false, motivo: 'la firma no trae id-aa-signatureTimeStampToken' });
    expect(v.dss).toEqual({ ok: false, motivo: 'el PDF no tiene /DSS' });
    expect(v.selloDocumento).toEqual({ ok: false, motivo: 'el PDF no tiene /DocTimeStamp' });
  });

  it('B-T: the signature timestamp verifies over the signature value, yet no DSS and no document timestamp', async () => {
    const v = await validarLtv(hechos.bt!, infra.raizPem);
    expect(v).toMatchObject({ firmas: 1, sellosDocumento: 0, integridad: { ok: true }, selloFirma: { ok: true } });
    expect(v.horas.selloFirma[0]!.getTime()).toBeLessThan(infra.firmanteVence.getTime());
    expect(v.dss).toEqual({ ok: false, motivo: 'el PDF no tiene /DSS' });
    expect(v.selloDocumento).toEqual({ ok: false, motivo: 'el PDF no tiene /DocTimeStamp' });
  });

  it('B-LT: the DSS complete (VRI, chain to the root, OCSP good for the signer and the TSA), no document timestamp', async () => {
    const v = await validarLtv(hechos.blt!, infra.raizPem);
    expect(v).toMatchObject({ firmas: 1, sellosDocumento: 0, integridad: { ok: true }, selloFirma: { ok: true }, dss: { ok: true } });
    expect(v.selloDocumento).toEqual({ ok: false, motivo: 'el PDF no tiene /DocTimeStamp' });
  });

  it('B-LTA: all four checks pass; the document timestamp covers the whole file after the signature timestamp', async () => {
    const v = await validarLtv(hechos.lta!, infra.raizPem);
    expect(v).toMatchObject({ firmas: 1, sellosDocumento: 1, integridad: { ok: true }, selloFirma: { ok: true }, dss: { ok: true }, selloDocumento: { ok: true } });
    expect(v.horas.selloDocumento[0]!.getTime()).toBeGreaterThanOrEqual(v.horas.selloFirma[0]!.getTime());
  });

  it('after re-timestamping: all four checks pass with two document timestamps, the last one covering the file', async () => {
    const v = await validarLtv(hechos.renovado!, infra.raizPem);
    expect(v).toMatchObject({ firmas: 1, sellosDocumento: 2, integridad: { ok: true }, selloFirma: { ok: true }, dss: { ok: true }, selloDocumento: { ok: true } });
  });

  it('a B-LTA cut back before its document timestamp, or with a byte changed after it, fails (d)', async () => {
    const lta = hechos.lta!;
    const cortado = lta.subarray(0, lta.lastIndexOf('%%EOF', lta.length - 8) + 6);
    expect((await validarLtv(cortado, infra.raizPem)).selloDocumento).toEqual({ ok: false, motivo: 'el PDF no tiene /DocTimeStamp' });
    // A space inside the last revision turned into a line feed: the same PDF to a parser, other bytes to the hash.
    const alterado = Buffer.from(lta);
    alterado[alterado.indexOf(' ', alterado.lastIndexOf('/DocTimeStamp'))] = 0x0a;
    const v = await validarLtv(alterado, infra.raizPem);
    expect(v.selloDocumento.ok).toBe(false);
    expect(v.selloDocumento.motivo).toMatch(/openssl ts falló|messageImprint/);
  });

  it('with another root as the only trust, the B-LTA fails (b), (c) and (d): nothing reaches that root', async () => {
    const otra = path.join(infra.dir, 'otra-raiz.pem');
    await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(infra.dir, 'otra-raiz.key'), '-out', otra, '-days', '30', '-subj', '/CN=Otra CA']);
    const v = await validarLtv(hechos.lta!, otra);
    expect(v.integridad.ok).toBe(true);
    expect(v.selloFirma.motivo).toMatch(/openssl ts falló/);
    expect(v.dss.motivo).toBe('la raíz de prueba no está en /DSS /Certs');
    expect(v.selloDocumento.motivo).toMatch(/openssl ts falló/);
  });
});
