import { readFileSync } from 'node:fs';
import type { JWT, OAuth2Client } from 'google-auth-library';
import { cargarGoogleAuth } from '../../lib/lazy';

/** Google Docs/Drive access for stamps: a service account, or an OAuth client with a refresh token. */
export interface GoogleDocsConfig {
  /** Base URL of the Google APIs (a local stand-in in tests); default Google's own. */
  apiRoot?: string;
  /** Service account key: the JSON itself or a path to the file. */
  serviceAccountJson?: string;
  oauth?: { clientId: string; clientSecret: string; refreshToken: string; tokenUrl?: string };
  /** Drive folder that receives generated stamps when the receiver has no estampados folder link. */
  estampadosFolderId?: string;
}

export const DOCS_SCOPES = ['https://www.googleapis.com/auth/documents', 'https://www.googleapis.com/auth/drive'];

/** The auth client for the configured credentials, or null when Google is not configured. */
export async function googleDocsAuth(config: GoogleDocsConfig | undefined): Promise<JWT | OAuth2Client | null> {
  if (!config) return null;
  if (config.serviceAccountJson) {
    const text = config.serviceAccountJson.trim().startsWith('{')
      ? config.serviceAccountJson
      : readFileSync(config.serviceAccountJson, 'utf8');
    const key = JSON.parse(text) as { client_email: string; private_key: string };
    const google = await cargarGoogleAuth();
    return new google.JWT({ email: key.client_email, key: key.private_key, scopes: DOCS_SCOPES });
  }
  if (config.oauth) {
    const google = await cargarGoogleAuth();
    const client = new google.OAuth2Client({
      clientId: config.oauth.clientId,
      clientSecret: config.oauth.clientSecret,
      ...(config.oauth.tokenUrl ? { endpoints: { oauth2TokenUrl: config.oauth.tokenUrl } } : {}),
    });
    client.setCredentials({ refresh_token: config.oauth.refreshToken });
    return client;
  }
  return null;
}

/** Folder id from a Drive folder link (…/folders/{id}) or a bare id. */
export function driveFolderId(link: string | null | undefined): string {
  const text = (link ?? '').trim();
  const match = /\/folders\/([\w-]+)/.exec(text) ?? /[?&]id=([\w-]+)/.exec(text);
  if (match) return match[1] as string;
  return /^[\w-]{10,}$/.test(text) ? text : '';
}

/** Document id from a Google Docs link (…/document/d/{id}/…) or a bare id. */
export function googleDocumentId(link: string | null | undefined): string {
  const text = (link ?? '').trim();
  const match = /\/document\/d\/([\w-]+)/.exec(text);
  if (match) return match[1] as string;
  return /^[\w-]{10,}$/.test(text) ? text : '';
}

export const googleDocumentUrl = (id: string) => `https://docs.google.com/document/d/${id}/edit`;
