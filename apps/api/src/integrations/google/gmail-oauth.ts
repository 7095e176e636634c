import { randomBytes } from 'node:crypto';
import { informeMessages as m, type OAuthStatus } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, eq, gt } from 'drizzle-orm';
import type { OAuth2Client } from 'google-auth-library';
import { AppError } from '../../lib/app-error';
import type { AppConfig } from '../../lib/config';
import { cargarGmail, cargarGoogleAuth } from '../../lib/lazy';
import type { ConnectedSender } from '../mail/mail.types';
import { TokenCrypto } from './token-crypto';

const { gmailConexiones, oauthEstados, estudios } = tenantSchema;

export const GMAIL_SCOPES = ['https://www.googleapis.com/auth/gmail.send', 'openid', 'email'];
const STATE_TTL_MS = 10 * 60_000;

interface StatePayload {
  t: number;
  e: number;
  n: string;
}

/** A firm's Gmail connection: authorisation, code exchange, token storage and sending. */
export class GmailOAuth {
  readonly crypto: TokenCrypto;

  constructor(
    private readonly google: NonNullable<AppConfig['google']>,
    secret: string,
    private readonly smtpConfigured: () => boolean,
  ) {
    this.crypto = new TokenCrypto(secret);
  }

  get configured(): boolean {
    return Boolean(this.google.clientId && this.google.clientSecret && this.google.redirectUri);
  }

  private async client(): Promise<OAuth2Client> {
    const google = await cargarGoogleAuth();
    return new google.OAuth2Client({
      clientId: this.google.clientId,
      clientSecret: this.google.clientSecret,
      redirectUri: this.google.redirectUri,
      endpoints: {
        ...(this.google.authUrl ? { oauth2AuthBaseUrl: this.google.authUrl } : {}),
        ...(this.google.tokenUrl ? { oauth2TokenUrl: this.google.tokenUrl } : {}),
      },
    });
  }

  private async gmailApi(auth: OAuth2Client) {
    const { gmail } = await cargarGmail();
    const root = this.google.apiRoot;
    return gmail({ version: 'v1', auth, ...(root ? { rootUrl: root.endsWith('/') ? root : `${root}/` } : {}) });
  }

  /** Why Gmail cannot be connected on this server: the settings are named to the platform admin only. */
  private notConfigured(platformAdmin: boolean): string {
    return platformAdmin ? m.oauthNoConfiguradoAdmin : m.oauthNoConfigurado;
  }

  async status(db: TenantDb, estudioId: number, platformAdmin = false): Promise<OAuthStatus> {
    const [conexion] = await db.select().from(gmailConexiones).where(eq(gmailConexiones.estudioId, estudioId));
    const smtp = this.smtpConfigured();
    if (conexion) {
      const fecha = conexion.fechaConexion.toLocaleDateString('es-CL', { timeZone: 'America/Santiago' });
      return {
        oauth_configured: this.configured,
        oauth_enabled: true,
        email_verified: conexion.email,
        email_method: 'gmail',
        button_text: m.botonDesconectar,
        button_status: 'connected',
        connection_info: m.conectadoComo(conexion.email, fecha),
      };
    }
    return {
      oauth_configured: this.configured,
      oauth_enabled: false,
      email_verified: null,
      email_method: smtp ? 'smtp' : 'ninguno',
      button_text: m.botonConectar,
      button_status: 'disconnected',
      connection_info: !this.configured ? this.notConfigured(platformAdmin) : smtp ? m.sinConexionSmtp : m.sinConexionNiSmtp,
    };
  }

  /** The consent URL, with a signed state whose nonce can be used once within ten minutes. */
  async start(
    db: TenantDb,
    tenantId: number,
    estudioId: number,
    usuarioId: number,
    options: { platformAdmin?: boolean; now?: Date } = {},
  ): Promise<string> {
    if (!this.configured) throw new AppError('CONFLICT', this.notConfigured(options.platformAdmin ?? false));
    const now = options.now ?? new Date();
    const nonce = randomBytes(24).toString('base64url');
    await db.insert(oauthEstados).values({ nonce, estudioId, usuarioId, expiraEn: new Date(now.getTime() + STATE_TTL_MS) });
    const state = this.crypto.sign({ t: tenantId, e: estudioId, n: nonce } satisfies StatePayload);
    const client = await this.client();
    return client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: GMAIL_SCOPES,
      state,
      include_granted_scopes: true,
    });
  }

  /** Reads a callback state's tenant without consuming it (the caller opens that tenant's database). */
  readState(state: string | undefined): StatePayload | null {
    if (!state) return null;
    const payload = this.crypto.verify<StatePayload>(state);
    return payload && Number.isInteger(payload.t) && Number.isInteger(payload.e) && typeof payload.n === 'string' ? payload : null;
  }

  /** Consumes the state, exchanges the code and stores the encrypted tokens; returns the account. */
  async complete(db: TenantDb, state: StatePayload, code: string, now = new Date()): Promise<string> {
    const [used] = await db
      .delete(oauthEstados)
      .where(and(eq(oauthEstados.nonce, state.n), eq(oauthEstados.estudioId, state.e), gt(oauthEstados.expiraEn, now)))
      .returning();
    if (!used) throw new AppError('BAD_REQUEST', m.oauthEstadoInvalido);
    const [estudio] = await db.select({ id: estudios.id }).from(estudios).where(eq(estudios.id, state.e));
    if (!estudio) throw new AppError('BAD_REQUEST', m.oauthEstadoInvalido);
    const client = await this.client();
    let tokens;
    try {
      ({ tokens } = await client.getToken(code));
    } catch (error) {
      throw new AppError('BAD_REQUEST', `${m.errorConectarGmail}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!tokens.access_token) throw new AppError('BAD_REQUEST', m.errorConectarGmail);
    client.setCredentials(tokens);
    const api = await this.gmailApi(client);
    let email: string;
    try {
      const profile = await api.users.getProfile({ userId: 'me' });
      email = profile.data.emailAddress ?? '';
    } catch (error) {
      throw new AppError('BAD_REQUEST', `${m.errorConectarGmail}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!email) throw new AppError('BAD_REQUEST', m.errorConectarGmail);
    const row = {
      email,
      accessTokenCifrado: this.crypto.encrypt(tokens.access_token),
      refreshTokenCifrado: tokens.refresh_token ? this.crypto.encrypt(tokens.refresh_token) : '',
      expiraEn: tokens.expiry_date ? new Date(tokens.expiry_date) : null,
      scope: tokens.scope ?? '',
      fechaConexion: now,
      fechaRenovacion: null,
    };
    await db
      .insert(gmailConexiones)
      .values({ estudioId: state.e, ...row })
      .onConflictDoUpdate({ target: gmailConexiones.estudioId, set: row });
    return email;
  }

  async disconnect(db: TenantDb, estudioId: number): Promise<void> {
    const [removed] = await db.delete(gmailConexiones).where(eq(gmailConexiones.estudioId, estudioId)).returning();
    if (!removed) throw new AppError('BAD_REQUEST', m.gmailNoConectado);
  }

  /** Sends through the firm's account; an expired access token is renewed with the refresh token and stored. */
  async sender(db: TenantDb, estudioId: number): Promise<ConnectedSender | null> {
    const [conexion] = await db.select().from(gmailConexiones).where(eq(gmailConexiones.estudioId, estudioId));
    if (!conexion || !this.configured) return null;
    const client = await this.client();
    client.setCredentials({
      access_token: this.crypto.decrypt(conexion.accessTokenCifrado),
      refresh_token: conexion.refreshTokenCifrado ? this.crypto.decrypt(conexion.refreshTokenCifrado) : undefined,
      expiry_date: conexion.expiraEn?.getTime(),
    });
    client.on('tokens', (tokens) => {
      const update: Partial<typeof gmailConexiones.$inferInsert> = { fechaRenovacion: new Date() };
      if (tokens.access_token) update.accessTokenCifrado = this.crypto.encrypt(tokens.access_token);
      if (tokens.refresh_token) update.refreshTokenCifrado = this.crypto.encrypt(tokens.refresh_token);
      if (tokens.expiry_date) update.expiraEn = new Date(tokens.expiry_date);
      void db.update(gmailConexiones).set(update).where(eq(gmailConexiones.estudioId, estudioId)).catch(() => undefined);
    });
    const api = await this.gmailApi(client);
    return {
      email: conexion.email,
      sendRaw: async (raw) => {
        const sent = await api.users.messages.send({ userId: 'me', requestBody: { raw: raw.toString('base64url') } });
        return { id: sent.data.id ?? '' };
      },
    };
  }
}
