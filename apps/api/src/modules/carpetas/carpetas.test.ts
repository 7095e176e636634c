import { CarpetasLinksSchema } from '@receptoria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { getCarpetasLinks } from './carpetas.service';

const URL = '/api/v1/configuracion/carpetas/links/';
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  const conLinks = await t.createTenant({
    nombre: 'Receptor Con Carpetas',
    carpetaEstampadosUrl: 'https://drive.google.com/drive/folders/estampados-a',
    carpetaCobranzaUrl: 'https://docs.google.com/spreadsheets/d/cobranza-a',
    carpetaPrincipalUrl: 'https://drive.google.com/drive/folders/principal-a',
  });
  const soloCobranza = await t.createTenant({ nombre: 'Receptor Solo Cobranza', carpetaCobranzaUrl: 'https://docs.google.com/spreadsheets/d/b' });
  await t.createUser({ tenantId: conLinks.id, username: 'carpetas_a' });
  await t.createUser({ tenantId: soloCobranza.id, username: 'carpetas_b' });
  await t.createUser({ tenantId: t.mainTenantId, username: 'carpetas_main' });
});
afterAll(() => t.close());

describe('GET /configuracion/carpetas/links/', () => {
  it("answers the caller's receiver links", async () => {
    const response = await t.request(await t.login('carpetas_a'), { method: 'GET', url: URL });
    expect(response.statusCode).toBe(200);
    expect(CarpetasLinksSchema.parse(response.json())).toEqual({
      estampados_link: 'https://drive.google.com/drive/folders/estampados-a',
      cobranza_link: 'https://docs.google.com/spreadsheets/d/cobranza-a',
    });
  });

  it('gives null for a link not configured and never another receiver’s link', async () => {
    const b = await t.request(await t.login('carpetas_b'), { method: 'GET', url: URL });
    expect(b.json()).toEqual({ estampados_link: null, cobranza_link: 'https://docs.google.com/spreadsheets/d/b' });

    const main = await t.request(await t.login('carpetas_main'), { method: 'GET', url: URL });
    expect(main.json()).toEqual({ estampados_link: null, cobranza_link: null });
    const admin = await t.request(await t.login('admin'), { method: 'GET', url: URL });
    expect(admin.json()).toEqual({ estampados_link: null, cobranza_link: null });
  });

  it('needs a session', async () => {
    const response = await t.request(undefined, { method: 'GET', url: URL });
    expect(response.statusCode).toBe(401);
  });
});

describe('getCarpetasLinks', () => {
  it('turns blank links into null and trims the rest', () => {
    expect(getCarpetasLinks({ carpetaEstampadosUrl: '   ', carpetaCobranzaUrl: ' https://x.cl/c ' })).toEqual({
      estampados_link: null,
      cobranza_link: 'https://x.cl/c',
    });
  });
});
