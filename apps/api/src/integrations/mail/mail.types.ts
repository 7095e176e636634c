import type { TenantDb } from '@receptoria/db';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** One message, whatever the transport. */
export interface MailMessage {
  to: string | string[];
  cc?: string | string[];
  subject: string;
  text?: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Send through this firm's connected Gmail account when it has one (needs `db`). */
  estudioId?: number;
  /** The tenant database of the firm, needed with `estudioId`. */
  db?: TenantDb;
  /** A stable Message-ID (e.g. one per report period) so a mail client can spot a repeat. */
  messageId?: string;
}

export interface MailResult {
  /** 'gmail' when the firm's account sent it, else 'smtp'. */
  via: 'gmail' | 'smtp';
  messageId: string;
  accepted: string[];
  from: string;
}

/** Sends a fully composed RFC 822 message through a firm's connected account. */
export interface ConnectedSender {
  email: string;
  sendRaw(raw: Buffer): Promise<{ id: string }>;
}

/** Finds the connected account of a firm, or null when the firm has none. */
export type ConnectedSenderResolver = (db: TenantDb, estudioId: number) => Promise<ConnectedSender | null>;
