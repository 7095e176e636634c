import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import pg from 'pg';
import { databaseUrl, googleStandInPort, postgresServerUrl, smtpStandInPort } from './environment';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A minimal SMTP server on loopback (enough for nodemailer): keeps each message's envelope and text. */
export async function startSmtpStandIn(port = smtpStandInPort) {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], raw: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 stand-in ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], raw: '' };
          reply('250 OK queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-stand-in\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (command === 'HELO') reply('250 stand-in');
        else if (command === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (command === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Google's consent page (redirects straight back with a code), token endpoint and Gmail API. */
export async function startGoogleStandIn(port = googleStandInPort, email = 'informes.estudio@gmail.com') {
  const sent: string[] = [];
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (value: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/o/oauth2/v2/auth') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', 'codigo-e2e');
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        // Google's consent page: "Permitir" goes back to the product with a code.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<html><body><p>Consentimiento de prueba</p><a href="${back.toString().replace(/"/g, '&quot;')}">Permitir</a></body></html>`);
        return;
      }
      if (url.pathname === '/token') return json({ access_token: 'ya29.e2e', refresh_token: '1//e2e', expires_in: 3599, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/gmail.send' });
      if (url.pathname === '/gmail/v1/users/me/profile') return json({ emailAddress: email });
      if (url.pathname === '/gmail/v1/users/me/messages/send') {
        sent.push(Buffer.from((JSON.parse(Buffer.concat(chunks).toString()) as { raw: string }).raw, 'base64url').toString());
        return json({ id: `e2e-${sent.length}` });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { email, sent, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Runs SQL on the main receiver's database of this e2e run. */
export async function withMainTenantDb<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const control = new pg.Client({ connectionString: databaseUrl });
  await control.connect();
  let name: string;
  try {
    const { rows } = await control.query<{ database_name: string }>('select database_name from tenants order by id limit 1');
    name = rows[0]!.database_name;
  } finally {
    await control.end();
  }
  const client = new pg.Client({ connectionString: `${postgresServerUrl}/${name}` });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The text of a mail as sent (quoted-printable or base64 bodies decoded). */
export function mailText(raw: string): string {
  const [headers = '', ...rest] = raw.split(/\r\n\r\n/);
  const body = rest.join('\r\n\r\n');
  if (/content-transfer-encoding:\s*base64/i.test(raw) && !/quoted-printable/i.test(headers)) {
    return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
  }
  return Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}
