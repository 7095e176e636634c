import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validarConPyhanko } from '../firma/ltv-infra';
import { firmarConToken, prepararTokenLtv, type TokenLtv } from '../firma/token-ltv';

/**
 * pyHanko on what the token path signs (a SoftHSM2 token through the agent's PKCS#11 code) with the local
 * TSA and OCSP/CRL responder: the same B-LTA as the P12 path. `pnpm --filter @receptoria/api test:pyhanko`.
 */

let ctx: TokenLtv;
let pdf: Buffer;

beforeAll(async () => {
  ctx = await prepararTokenLtv();
  const firmado = await firmarConToken(ctx);
  expect(firmado.respuesta.statusCode, firmado.respuesta.body).toBe(200);
  pdf = firmado.pdf;
}, 120_000);
afterAll(async () => {
  await ctx?.cerrar();
});

describe('pyHanko on a PDF signed with the token', () => {
  it('intact, valid and trusted with the test root, LTV-enabled, and valid a month after the signer certificate expired', async () => {
    const [firma, sello] = await validarConPyhanko(pdf, ctx.infra.raizPem, new Date(ctx.infra.firmanteVence.getTime() + 30 * 86_400_000));
    expect(firma!.basica).toMatchObject({ intacta: true, valida: true, confiable: true });
    expect(firma!.ltv).toMatchObject({ intacta: true, valida: true, confiable: true });
    expect(firma!.futura!.estado).toBe('PASSED');
    expect(sello!.basica).toMatchObject({ intacta: true, valida: true, confiable: true });
  });
});
