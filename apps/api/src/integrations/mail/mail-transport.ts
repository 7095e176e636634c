import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { AppError } from '../../lib/app-error';
import { mailMessages as m } from './mail.messages';
import type { ConnectedSenderResolver, MailMessage, MailResult } from './mail.types';

export interface MailTransportOptions {
  /** smtp://user:pass@host:port or smtps://… ; absent means no system SMTP. */
  smtpUrl?: string;
  /** Sender of system mail, e.g. 'Receptoría <no-responder@receptoria.cl>'. */
  from: string;
  /** Finds a firm's connected Gmail account (set once the Gmail integration is wired). */
  connectedSender?: ConnectedSenderResolver;
}

const list = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).map((item) => item.trim()).filter(Boolean);

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

/**
 * The one mail transport of the product: a firm's connected Gmail account when it has one,
 * else the system SMTP server of SMTP_URL. With neither, a Spanish 409, never a 500.
 */
export class MailTransport {
  private smtp?: Transporter;

  constructor(private readonly options: MailTransportOptions) {
    if (options.smtpUrl) this.smtp = nodemailer.createTransport(options.smtpUrl);
  }

  /** True when mail can go out without a firm's own account. */
  get smtpConfigured(): boolean {
    return this.smtp !== undefined;
  }

  /** True when this message could go out now: the firm's connected account, else the system SMTP. */
  async canSend(message: Pick<MailMessage, 'estudioId' | 'db'>): Promise<boolean> {
    if (this.smtp) return true;
    if (message.estudioId === undefined || !message.db || !this.options.connectedSender) return false;
    return (await this.options.connectedSender(message.db, message.estudioId).catch(() => null)) !== null;
  }

  setConnectedSender(resolver: ConnectedSenderResolver): void {
    this.options.connectedSender = resolver;
  }

  async send(message: MailMessage): Promise<MailResult> {
    const to = list(message.to);
    const cc = list(message.cc);
    if (to.length === 0 && cc.length === 0) throw new AppError('BAD_REQUEST', m.sinDestinatarios);
    const connected =
      message.estudioId !== undefined && message.db && this.options.connectedSender
        ? await this.options.connectedSender(message.db, message.estudioId)
        : null;
    const base = {
      to,
      cc,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      messageId: message.messageId,
    };
    if (connected) {
      const composed = new MailComposer({ ...base, from: connected.email }).compile();
      composed.keepBcc = false;
      const raw = await composed.build();
      try {
        const sent = await connected.sendRaw(raw);
        return { via: 'gmail', messageId: sent.id, accepted: [...to, ...cc], from: connected.email };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('CONFLICT', m.envioFallido(reasonOf(error)));
      }
    }
    if (!this.smtp) throw new AppError('CONFLICT', m.sinTransporte);
    try {
      const info = await this.smtp.sendMail({ ...base, from: this.options.from });
      return {
        via: 'smtp',
        messageId: info.messageId,
        accepted: (info.accepted as (string | { address: string })[]).map((a) => (typeof a === 'string' ? a : a.address)),
        from: this.options.from,
      };
    } catch (error) {
      throw new AppError('CONFLICT', m.envioFallido(reasonOf(error)));
    }
  }

  close(): void {
    this.smtp?.close();
  }
}
