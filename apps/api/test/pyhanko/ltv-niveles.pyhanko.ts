import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completarNiveles, firmarPdfPades } from '../../src/modules/firma/firmar-pdf';
import { agregarDss, agregarSelloDocumento, sellosDelPdf } from '../../src/modules/firma/ltv';
import type { P12Abierto } from '../../src/modules/firma/p12';
import { type ConfigTsa, leerToken } from '../../src/modules/firma/tsa';
import { iniciarInfraLtv, type InfraLtv, PYHANKO_SRC, validarConPyhanko } from '../firma/ltv-infra';
import { firmanteYTsa, firmaVisible, mesTrasVencer, revocacionLoopback } from '../firma/fixtures';
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
const futura = () => mesTrasVencer(infra);

beforeAll(async () => {
  if (!PYHANKO_SRC) throw new Error(`PYHANKO_SRC (${process.env.PYHANKO_SRC ?? 'sin definir'}) no tiene el código de pyHanko: vea docs/firma.md`);
  infra = await iniciarInfraLtv();
  ({ firmante, tsa } = firmanteYTsa(infra));
});
afterAll(async () => {
  await infra?.cerrar();
});

describe('pyHanko validation of each level', () => {
  it('B-B: valid and trusted now, no timestamp, not LTV, not valid a month after the certificate expired', async () => {
    const r = await firmarPdfPades(await certificadoPdfDePrueba(1), firmante, firmaVisible());
    expect(r.nivel).toBe('B-B');
    const [v] = await validarConPyhanko(r.pdf, infra.raizPem, futura());
    expect(v!.basica).toMatchObject({ intacta: true, valida: true, confiable: true, sello: false });
    expect(v!.ltv!.valida).toBe(false);
    expect(v!.futura!.estado).not.toBe('PASSED');
  });

  it('B-T: the timestamp validates, yet without revocation data neither LTV nor valid after expiry', async () => {
    const r = await firmarPdfPades(await certificadoPdfDePrueba(2), firmante, firmaVisible(), { tsa });
    expect(r.nivel).toBe('B-T');
    const [v] = await validarConPyhanko(r.pdf, infra.raizPem, futura());
    expect(v!.basica).toMatchObject({ intacta: true, valida: true, confiable: true, sello: true });
    expect(v!.ltv!.valida).toBe(false);
    expect(v!.futura!.estado).not.toBe('PASSED');
  });

  it('B-LT (the TSA down at the document timestamp): LTV-enabled', async () => {
    const bt = await firmarPdfPades(await certificadoPdfDePrueba(5), firmante, firmaVisible(), { tsa });
    const [token] = await sellosDelPdf(bt.pdf);
    const r = await completarNiveles(bt.pdf, firmante, await leerToken(token!.token), { url: `${infra.url}/nada`, timeoutMs: 2000 }, revocacionLoopback());
    expect(r.nivel).toBe('B-LT');
    const [v] = await validarConPyhanko(r.pdf, infra.raizPem, futura());
    expect(v!.basica).toMatchObject({ intacta: true, valida: true, confiable: true, sello: true });
    expect(v!.ltv).toMatchObject({ intacta: true, valida: true, confiable: true });
  });

  it('B-LTA: LTV-enabled, only LTA updates after the signature, valid a month after the certificate expired; the document timestamp valid', async () => {
    const r = await firmarPdfPades(await certificadoPdfDePrueba(3), firmante, firmaVisible(), { tsa, revocacion: revocacionLoopback() });
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
    const r = await firmarPdfPades(await certificadoPdfDePrueba(4), firmante, firmaVisible(), { tsa, revocacion: revocacionLoopback() });
    const [sello] = (await sellosDelPdf(r.pdf)).filter((s) => s.tipo === 'sello_documento');
    const tsaDatos = await leerToken(sello!.token);
    const conDss = await agregarDss(r.pdf, await revocacionLoopback()(tsaDatos.certificadoTsa, tsaDatos.certificados));
    const renovado = await agregarSelloDocumento(conDss, tsa);
    const resultados = await validarConPyhanko(renovado.pdf, infra.raizPem, futura());
    expect(resultados).toHaveLength(3);
    expect(resultados[0]!.ltv).toMatchObject({ valida: true });
    expect(resultados[0]!.futura!.estado).toBe('PASSED');
    for (const s of resultados.slice(1)) expect(s.basica).toMatchObject({ intacta: true, valida: true });
  });
});
