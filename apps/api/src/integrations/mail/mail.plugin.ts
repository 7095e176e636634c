import fp from 'fastify-plugin';
import type { AppConfig } from '../../lib/config';
import { MailTransport } from './mail-transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one mail transport: `app.mail.send({ to, subject, text, html, attachments, estudioId?, db? })`. */
    mail: MailTransport;
  }
}

export const DEFAULT_MAIL_FROM = 'Receptoría <no-responder@receptoria.local>';

export const mailPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const transport = new MailTransport({ smtpUrl: config.mail?.smtpUrl, from: config.mail?.from ?? DEFAULT_MAIL_FROM });
    app.decorate('mail', transport);
    app.addHook('onClose', async () => transport.close());
  },
  { name: 'mail' },
);
