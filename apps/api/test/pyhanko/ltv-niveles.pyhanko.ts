import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completarNiveles, firmarPdfPades, type FirmaVisible } from '../../src/modules/firma/firmar-pdf';
import { agregarDss, agregarSelloDocumento, revocacionEnLinea, sellosDelPdf } from '../../src/modules/firma/ltv';
import { abrirP12, type P12Abierto } from '../../src/modules/firma/p12';
import { type ConfigTsa, leerToken } from '../../src/modules/firma/tsa';
import { iniciarInfraLtv, type InfraLtv, PYHANKO_SRC, validarConPyhanko } from '../firma/ltv-infra';
import { certificadoPdfDePrueba } from '../firma/pdf';

/**
 * pyHanko (pure Python, its source at PYHANKO_SRC, its dependencies Debian packages; see docs/firma.md)
 * on each PAdES level made against the local TSA and OCSP/CRL responder: LTV and validation a month after
 * the signer's certificate expired, from what the PDF embeds and the test root only.
 * Run with `pnpm --filter @receptoria/api test:pyhanko`.
 */

let infra: InfraLtv;
let firmante: P12Abierto;
let tsa: ConfigTsa;
const revocacion = () =>
  revocacionEnLinea(async (p) => {
    const res = await fetch(p.url, { method: p.metodo, body: p.cuerpo, headers: p.tipo ? { 'content-type': p.tipo } : {}, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  });
const visible = (): FirmaVisible => ({
  nombre: 'María Pérez Soto',
  rut: '12.345.678-5',
  codigo: 'ABCDEFGHJKMNPQRSTVWXYZ2345',
  urlVerificacion: 'https://receptoria.example/verificar/ABCDEFGHJKMNPQRSTVWXYZ2345',
  ubicacion: 'Chillán',
  fecha: new Date(),
});
/** A month after the signer's certificate expired. */
const futura = () => new Date(infra.firmanteVence.getTime() + 30 * 86_400_000);

beforeAll(async () => {
  if (!PYHANKO_SRC) throw new Error(`PYHANKO_SRC (${process.env.PYHANKO_SRC ?? 'sin definir'}) no tiene el código de pyHanko: vea docs/firma.md`);
  infra = await iniciarInfraLtv();
  firmante = abrirP12(infra.p12, infra.p12Clave);
  tsa = { url: infra.tsaUrl, timeoutMs: 5000 };
});
afterAll(async () => {
  await infra?.cerrar();
});

describe('pyHanko validation of each level', () => {
  it('B-B: valid and trusted now, no timestamp, not LTV, not valid a month after the certificate expired', async () => {
    const r = await firmarPdfPades(await certificadoPdfDePrueba(1), firmante, visible());
    expect(r.nivel).toBe('B-B');
    const [v] = await validarConPyhanko(r.pdf, infra.raizPem, futura());
    expect(v!.basica).toMatchObject({ intacta: true, valida: true, confiable: true, sello: false });
    expect(v!.ltv!.valida).toBe(false);
    expect(v!.futura!.estado).not.toBe('PASSED');
  });

  it('B-T: the timestamp validates, yet without revocation data neither LTV nor valid after expiry', async () => {
    const r = await firmarPdfPades(await certificadoPdfDePrueba(2), firmante, visible(), { tsa });
    expect(r.nivel).toBe('B-T');
    const [v] = await validarConPyhanko(r.pdf, infra.raizPem, futura());
    expect(v!.basica).toMatchObject({ intacta: true, valida: true, confiable: true, sello: true });
    expect(v!.ltv!.valida).toBe(false);
    expect(v!.futura!.estado).not.toBe('PASSED');
  });

  it('B-LT (the TSA down at the document timestamp): LTV-enabled', async () => {
    const bt = await firmarPdfPades(await certificadoPdfDePrueba(5), firmante, visible(), { tsa });
    const [token] = await sellosDelPdf(bt.pdf);
    const r = await completarNiveles(bt.pdf, firmante, await leerToken(token!.token), { url: `${infra.url}/nada`, timeoutMs: 2000 }, revocacion());
    expect(r.nivel).toBe('B-LT');
    const [v] = await validarConPyhanko(r.pdf, infra.raizPem, futura());
    expect(v!.basica).toMatchObject({ intacta: true, valida: true, confiable: true, sello: true });
    expect(v!.ltv).toMatchObject({ intacta: true, valida: true, confiable: true });
  });

  it('B-LTA: LTV-enabled, only LTA updates after the signature, valid a month after the certificate expired; the document timestamp valid', async () => {
    const r = await firmarPdfPades(await certificadoPdfDePrueba(3), firmante, visible(), { tsa, revocacion: revocacion() });
    expect(r.nivel).toBe('B-LTA');
    const [firma, sello] = await validarConPyhanko(r.pdf, infra.raizPem, futura());
    expect(firma!.basica).toMatchObject({ intacta: true, valida: true, confiable: true, sello: true, cobertura: 'SignatureCoverageLevel.ENTIRE_REVISION' });
    expect(firma!.basica.modificacion).toBe('ModificationLevel.LTA_UPDATES');
    expect(firma!.ltv).toMatchObject({ intacta: true, valida: true, confiable: true });
    expect(firma!.futura!.estado).toBe('PASSED');
    expect(sello!.tipo).toBe('/DocTimeStamp');
    expect(sello!.basica).toMatchObject({ intacta: true, valida: true, confiable: true });
  });

  it('after re-timestamping: still LTV and valid after expiry, both document timestamps valid', async () => {
    const r = await firmarPdfPades(await certificadoPdfDePrueba(4), firmante, visible(), { tsa, revocacion: revocacion() });
    const [sello] = (await sellosDelPdf(r.pdf)).filter((s) => s.tipo === 'sello_documento');
    const tsaDatos = await leerToken(sello!.token);
    const conDss = await agregarDss(r.pdf, await revocacion()(tsaDatos.certificadoTsa, tsaDatos.certificados));
    const renovado = await agregarSelloDocumento(conDss, tsa);
    const resultados = await validarConPyhanko(renovado.pdf, infra.raizPem, futura());
    expect(resultados).toHaveLength(3);
    expect(resultados[0]!.ltv).toMatchObject({ valida: true });
    expect(resultados[0]!.futura!.estado).toBe('PASSED');
    for (const s of resultados.slice(1)) expect(s.basica).toMatchObject({ intacta: true, valida: true });
  });
});
