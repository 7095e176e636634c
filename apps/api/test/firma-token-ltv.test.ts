import { DocumentosFirmaResponseSchema } from '@receptoria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmasDelPdf } from '../src/modules/firma/ltv';
import { pdfsig } from './firma/ltv-infra';
import { firmarConToken, prepararTokenLtv, type TokenLtv } from './firma/token-ltv';
import { validarLtv } from './firma/validar-ltv';

/**
 * The token path reaches the same levels as the P12 path: with the local TSA and OCSP/CRL responder, a
 * document signed on a SoftHSM2 token (through the agent's PKCS#11 code) is B-LTA, its timestamp, DSS and
 * document timestamp verified by the independent validator (pyHanko's check: test/pyhanko/token.pyhanko.ts).
 */

let ctx: TokenLtv;
let pdf: Buffer;

beforeAll(async () => {
  ctx = await prepararTokenLtv();
}, 120_000);
afterAll(async () => {
  await ctx?.cerrar();
});

describe('signing with the token, a TSA and OCSP/CRL configured', () => {
  it('reaches B-LTA like the P12 path: the token’s signature timestamped, the DSS and the document timestamp added', async () => {
    const firmado = await firmarConToken(ctx);
    expect(firmado.respuesta.statusCode, firmado.respuesta.body).toBe(200);
    expect(firmado.respuesta.json()).toMatchObject({ firmados: 2 });
    const lista = DocumentosFirmaResponseSchema.parse((await ctx.t.request(ctx.token, { method: 'GET', url: '/api/v1/firma/documentos/?estado=firmado' })).json()).results;
    const nuestros = lista.filter((d) => ctx.ids.includes(d.id));
    expect(nuestros.map((d) => d.nivel)).toEqual(['B-LTA', 'B-LTA']);
    // The certificate names the local OCSP responder: revocation verified at signing.
    expect(nuestros.map((d) => d.revocacion?.verificada)).toEqual([true, true]);
    pdf = firmado.pdf;
    expect((await firmasDelPdf(pdf)).map((f) => f.tipo)).toEqual(['firma', 'sello_documento']);
    expect(await pdfsig(pdf)).toContain('Signature is Valid');
  }, 120_000);

  it('the independent validator verifies the signature timestamp, the DSS and the document timestamp', async () => {
    const v = await validarLtv(pdf, ctx.infra.raizPem);
    expect(v).toMatchObject({ firmas: 1, sellosDocumento: 1, integridad: { ok: true }, selloFirma: { ok: true }, dss: { ok: true }, selloDocumento: { ok: true } });
  });
});
