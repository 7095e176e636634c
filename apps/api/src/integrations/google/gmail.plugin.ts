import { type ControlDb, controlSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../lib/config';
import { GmailOAuth } from './gmail-oauth';

declare module 'fastify' {
  interface FastifyInstance {
    gmail: GmailOAuth;
  }
}

/** Without TOKEN_ENCRYPTION_KEY or JWT_SECRET, the installation's stored signing secret is the key. */
async function installationSecret(db: ControlDb): Promise<string> {
  const [row] = await db.select().from(controlSchema.appSettings).where(eq(controlSchema.appSettings.key, 'jwt_secret'));
  if (!row) throw new Error('no secret for OAuth tokens: set TOKEN_ENCRYPTION_KEY');
  return row.value;
}

/** Firms' Gmail connections; wires the connected accounts into the one mail transport. */
export const gmailPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const secret = config.tokenEncryptionKey ?? config.jwtSecret ?? (await installationSecret(app.controlDb));
    const gmail = new GmailOAuth(config.google ?? {}, secret, () => app.mail.smtpConfigured);
    app.mail.setConnectedSender((db, estudioId) => gmail.sender(db, estudioId));
    app.decorate('gmail', gmail);
  },
  { name: 'gmail', dependencies: ['mail', 'databases'] },
);
