import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { MailTransport } from './mail-transport';
import { mailMessages } from './mail.messages';

describe('mail transport', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers a message with an attachment to the SMTP server of SMTP_URL', async () => {
    const transport = new MailTransport({ smtpUrl: smtp.url, from: 'Receptoría <informes@receptoria.test>' });
    const result = await transport.send({
      to: ['uno@estudio.cl', 'dos@estudio.cl'],
      subject: 'Informe diario — Estudio Ñuñoa',
      text: 'Adjunto el informe.',
      html: '<p>Adjunto el informe.</p>',
      attachments: [{ filename: 'informe.xlsx', content: Buffer.from('contenido binario'), contentType: 'application/octet-stream' }],
    });
    expect(result.via).toBe('smtp');
    expect(result.accepted).toEqual(['uno@estudio.cl', 'dos@estudio.cl']);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['uno@estudio.cl', 'dos@estudio.cl']);
    expect(mail!.parsed.subject).toBe('Informe diario — Estudio Ñuñoa');
    expect(mail!.parsed.from?.text).toContain('informes@receptoria.test');
    expect(mail!.parsed.text?.trim()).toBe('Adjunto el informe.');
    expect(mail!.parsed.attachments).toHaveLength(1);
    expect(mail!.parsed.attachments[0]!.filename).toBe('informe.xlsx');
    expect(mail!.parsed.attachments[0]!.content.toString()).toBe('contenido binario');
    transport.close();
  });

  it('answers a Spanish 409 when neither Gmail nor SMTP is configured', async () => {
    const transport = new MailTransport({ from: 'x@y.cl' });
    const error = await transport.send({ to: 'a@b.cl', subject: 's', text: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(409);
    expect((error as AppError).message).toBe(mailMessages.sinTransporte);
  });

  it('turns an SMTP rejection into a Spanish 409 with the reason', async () => {
    const transport = new MailTransport({ smtpUrl: smtp.url, from: 'x@receptoria.test' });
    smtp.failNext(1);
    const error = await transport.send({ to: 'a@b.cl', subject: 's', text: 't' }).catch((e: unknown) => e);
    expect((error as AppError).statusCode).toBe(409);
    expect((error as AppError).message).toMatch(/^No se pudo enviar el correo: .*451/);
    transport.close();
  });

  it('uses the firm’s connected account when it has one', async () => {
    const raws: Buffer[] = [];
    const transport = new MailTransport({
      smtpUrl: smtp.url,
      from: 'x@receptoria.test',
      connectedSender: async (_db, estudioId) =>
        estudioId === 7 ? { email: 'estudio@gmail.com', sendRaw: async (raw) => (raws.push(raw), { id: 'gm-1' }) } : null,
    });
    const before = smtp.received.length;
    const result = await transport.send({ to: 'c@d.cl', subject: 'Hola', text: 'x', estudioId: 7, db: {} as never });
    expect(result).toMatchObject({ via: 'gmail', messageId: 'gm-1', from: 'estudio@gmail.com' });
    expect(raws[0]!.toString()).toContain('From: estudio@gmail.com');
    expect(raws[0]!.toString()).toContain('To: c@d.cl');
    expect(smtp.received.length).toBe(before);
    transport.close();
  });

  it('refuses a message with no recipients', async () => {
    const transport = new MailTransport({ smtpUrl: smtp.url, from: 'x@receptoria.test' });
    await expect(transport.send({ to: [], subject: 's' })).rejects.toMatchObject({ statusCode: 400 });
    transport.close();
  });
});
