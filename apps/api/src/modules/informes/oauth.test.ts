import { informeMessages, OAuthStatusSchema } from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleStandIn, type GoogleStandIn } from '../../../test/google-stand-in';
import { createTestContext, type TestContext } from '../../../test/helper';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { TokenCrypto } from '../../integrations/google/token-crypto';
import { registerEstudio } from '../encargos/encargos.fixtures';
import { insertStamped } from './informes.fixtures';

const KEY = 'clave-de-cifrado-de-tokens-0123456789abcdef';

describe('Gmail connection without a Google client', () => {
  it('says so in the status and refuses to start with a Spanish 409', async () => {
    const t = await createTestContext();
    try {
      await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_sin' });
      const token = await t.login('secretaria_sin');
      const estudio = await registerEstudio(t, token);
      const status = OAuthStatusSchema.parse((await t.request(token, { method: 'GET', url: `/api/v1/estudios/${estudio.id}/oauth2/status/` })).json());
      expect(status).toEqual({
        oauth_configured: false,
        oauth_enabled: false,
        email_verified: null,
        email_method: 'ninguno',
        button_text: 'Conectar Gmail',
        button_status: 'disconnected',
        connection_info: informeMessages.oauthNoConfigurado,
      });
      const start = await t.request(token, { method: 'POST', url: `/api/v1/estudios/${estudio.id}/oauth2/start/` });
      expect(start.statusCode).toBe(409);
      expect(start.json().detail).toBe(informeMessages.oauthNoConfigurado);
      // A receiver's user is sent to the administrator, never shown the server's settings.
      expect(status.connection_info).toBe('La conexión con Gmail no está configurada en este servidor; consulte al administrador.');
      expect(JSON.stringify([status, start.json()])).not.toContain('GOOGLE_');

      // The platform admin is told which settings enable it.
      const admin = await t.login('admin');
      const adminStatus = OAuthStatusSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/estudios/${estudio.id}/oauth2/status/` })).json());
      expect(adminStatus.connection_info).toBe(informeMessages.oauthNoConfiguradoAdmin);
      expect(adminStatus.connection_info).toContain('GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET');
      const adminStart = await t.request(admin, { method: 'POST', url: `/api/v1/estudios/${estudio.id}/oauth2/start/` });
      expect(adminStart.statusCode).toBe(409);
      expect(adminStart.json().detail).toBe(informeMessages.oauthNoConfiguradoAdmin);
    } finally {
      await t.close();
    }
  });
});

describe('Gmail connection against a Google stand-in', () => {
  let t: TestContext;
  let google: GoogleStandIn;
  let smtp: TestSmtpServer;
  let token: string;
  let tokenB: string;
  let estudioId: number;

  beforeAll(async () => {
    google = await startGoogleStandIn();
    smtp = await startSmtpServer();
    t = await createTestContext({
      mail: { smtpUrl: smtp.url },
      tokenEncryptionKey: KEY,
      google: {
        clientId: 'cliente-123.apps.googleusercontent.com',
        clientSecret: 'secreto-cliente',
        redirectUri: 'http://127.0.0.1:3000/api/v1/oauth2/callback/',
        authUrl: `${google.url}/o/oauth2/v2/auth`,
        tokenUrl: `${google.url}/token`,
        apiRoot: google.url,
      },
    });
    const tenantB = (await t.createTenant({ nombre: 'Receptora Rancagua' })).id;
    await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_g' });
    await t.createUser({ tenantId: tenantB, username: 'secretaria_gb' });
    token = await t.login('secretaria_g');
    tokenB = await t.login('secretaria_gb');
    const estudio = await registerEstudio(t, token, { nombre: 'Estudio Gmail', emails: [{ email: 'socio@estudio.cl', tipo: 'principal' }] });
    estudioId = estudio.id;
    await insertStamped(await t.tenantDbOf(t.mainTenantId), { estudioId, fechaEstampado: '2026-03-01', fechaDiligencia: new Date('2026-03-01T14:00:00Z'), valor: 55_000 });
    await t.request(token, {
      method: 'POST',
      url: `/api/v1/estudios/${estudioId}/guardar_configuracion_informes/`,
      payload: { informes_activos: true, diario: true, correo_raiz: 'raiz@receptoria.cl' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
    await smtp?.close();
  });

  const status = async () =>
    OAuthStatusSchema.parse((await t.request(token, { method: 'GET', url: `/api/v1/estudios/${estudioId}/oauth2/status/` })).json());
  const start = async () => {
    const response = await t.request(token, { method: 'POST', url: `/api/v1/estudios/${estudioId}/oauth2/start/` });
    expect(response.statusCode).toBe(200);
    return new URL(response.json().authorization_url as string);
  };
  const callback = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/oauth2/callback/?${query}` });

  it('starts disconnected, with system SMTP as the method', async () => {
    expect(await status()).toMatchObject({ oauth_configured: true, oauth_enabled: false, button_status: 'disconnected', email_method: 'smtp', button_text: 'Conectar Gmail' });
  });

  it('builds the authorisation URL with the client, scope, redirect and a signed state', async () => {
    const url = await start();
    expect(url.origin + url.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(url.searchParams.get('client_id')).toBe('cliente-123.apps.googleusercontent.com');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3000/api/v1/oauth2/callback/');
    expect(url.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/gmail.send');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('refuses a forged or unknown state and a bad code, and connects nothing', async () => {
    const url = await start();
    const state = url.searchParams.get('state')!;
    const [body] = state.split('.');
    expect((await callback(`code=codigo-valido&state=${body}.firma-falsa`)).statusCode).toBe(400);
    const other = new TokenCrypto(KEY).sign({ t: 1, e: estudioId, n: 'nonce-inventado' });
    const unknown = await callback(`code=codigo-valido&state=${other}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(informeMessages.oauthEstadoInvalido);
    expect((await callback('error=access_denied')).statusCode).toBe(400);
    const bad = await callback(`code=codigo-malo&state=${encodeURIComponent(state)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(informeMessages.errorConectarGmail);
    expect((await status()).button_status).toBe('disconnected');
  });

  it('exchanges the code, stores the tokens encrypted and shows the account; the state works once', async () => {
    const url = await start();
    const state = encodeURIComponent(url.searchParams.get('state')!);
    const response = await callback(`code=codigo-valido&state=${state}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(informeMessages.gmailConectado(google.email));
    const exchange = google.requests.filter((r) => r.path === '/token').at(-1)!;
    expect(new URLSearchParams(exchange.body).get('code')).toBe('codigo-valido');
    expect(await status()).toMatchObject({
      oauth_enabled: true,
      email_verified: google.email,
      email_method: 'gmail',
      button_text: 'Desconectar Gmail',
      button_status: 'connected',
    });
    const [row] = await (await t.tenantDbOf(t.mainTenantId)).select().from(tenantSchema.gmailConexiones);
    expect(row!.accessTokenCifrado).not.toContain('ya29');
    expect(row!.refreshTokenCifrado).not.toContain('refresh-secreto');
    expect(new TokenCrypto(KEY).decrypt(row!.refreshTokenCifrado)).toBe('1//refresh-secreto');
    expect((await callback(`code=codigo-valido&state=${state}`)).statusCode).toBe(400);
  });

  it('sends the report through the connected Gmail account, not SMTP', async () => {
    const response = await t.request(token, {
      method: 'POST',
      url: `/api/v1/estudios/${estudioId}/enviar_excel_correo/`,
      payload: { frecuencia: 'diario', fecha_referencia: '2026-03-02' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().via).toBe('gmail');
    expect(smtp.received).toHaveLength(0);
    const mail = await simpleParser(google.sent.at(-1)!);
    expect(mail.from?.text).toBe(google.email);
    expect((mail.to as { text: string }).text).toContain('socio@estudio.cl');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(mail.attachments[0]!.content as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Informe')!.getCell('B2').value).toBe('Estudio Gmail');
  });

  it('renews an expired access token with the refresh token and keeps the new one', async () => {
    const db = await t.tenantDbOf(t.mainTenantId);
    await db.update(tenantSchema.gmailConexiones).set({ expiraEn: new Date(Date.now() - 60_000) }).where(eq(tenantSchema.gmailConexiones.estudioId, estudioId));
    const issuedBefore = google.issued.length;
    const response = await t.request(token, {
      method: 'POST',
      url: `/api/v1/estudios/${estudioId}/enviar_excel_correo/`,
      payload: { frecuencia: 'diario', fecha_referencia: '2026-03-02' },
    });
    expect(response.statusCode).toBe(200);
    const refresh = google.requests.filter((r) => r.path === '/token').at(-1)!;
    expect(new URLSearchParams(refresh.body).get('grant_type')).toBe('refresh_token');
    expect(new URLSearchParams(refresh.body).get('refresh_token')).toBe('1//refresh-secreto');
    const newToken = google.issued[issuedBefore]!;
    expect(google.requests.at(-1)!.headers.authorization).toBe(`Bearer ${newToken}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [row] = await db.select().from(tenantSchema.gmailConexiones);
    expect(new TokenCrypto(KEY).decrypt(row!.accessTokenCifrado)).toBe(newToken);
    expect(row!.expiraEn!.getTime()).toBeGreaterThan(Date.now());
  });

  it('another receiver cannot see, start or disconnect this firm’s connection', async () => {
    for (const [method, path] of [['GET', 'status'], ['POST', 'start'], ['POST', 'disconnect']] as const) {
      const response = await t.request(tokenB, { method, url: `/api/v1/estudios/${estudioId}/oauth2/${path}/` });
      expect(response.statusCode, path).toBe(404);
    }
    expect((await status()).button_status).toBe('connected');
  });

  it('disconnects, and mail goes through SMTP again', async () => {
    const response = await t.request(token, { method: 'POST', url: `/api/v1/estudios/${estudioId}/oauth2/disconnect/` });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(informeMessages.gmailDesconectado);
    expect((await status()).button_status).toBe('disconnected');
    const again = await t.request(token, { method: 'POST', url: `/api/v1/estudios/${estudioId}/oauth2/disconnect/` });
    expect(again.statusCode).toBe(400);
    const sent = await t.request(token, {
      method: 'POST',
      url: `/api/v1/estudios/${estudioId}/enviar_excel_correo/`,
      payload: { frecuencia: 'diario', fecha_referencia: '2026-03-02' },
    });
    expect(sent.json().via).toBe('smtp');
    await smtp.waitFor(1);
  });
});
