import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface GoogleStandIn {
  url: string;
  requests: GoogleRequest[];
  /** Gmail messages received (decoded RFC 822 text). */
  sent: Buffer[];
  email: string;
  /** Access tokens handed out so far, newest last. */
  issued: string[];
  close(): Promise<void>;
}

/** A local HTTP server that answers like Google's token endpoint and the Gmail API. */
export async function startGoogleStandIn(email = 'estudio.informes@gmail.com'): Promise<GoogleStandIn> {
  const requests: GoogleRequest[] = [];
  const sent: Buffer[] = [];
  const issued: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (path === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') === 'authorization_code' && form.get('code') !== 'codigo-valido') {
          return json(400, { error: 'invalid_grant', error_description: 'Bad code' });
        }
        const token = `ya29.token-${issued.length + 1}`;
        issued.push(token);
        return json(200, {
          access_token: token,
          expires_in: 3599,
          token_type: 'Bearer',
          scope: 'https://www.googleapis.com/auth/gmail.send openid email',
          ...(form.get('grant_type') === 'authorization_code' ? { refresh_token: '1//refresh-secreto' } : {}),
        });
      }
      if (!issued.includes(bearer)) return json(401, { error: { code: 401, message: 'Invalid Credentials' } });
      if (path === '/gmail/v1/users/me/profile') return json(200, { emailAddress: email, messagesTotal: 0 });
      if (path === '/gmail/v1/users/me/messages/send' && req.method === 'POST') {
        const raw = (JSON.parse(body) as { raw: string }).raw;
        sent.push(Buffer.from(raw, 'base64url'));
        return json(200, { id: `msg-${sent.length}`, threadId: 't1', labelIds: ['SENT'] });
      }
      return json(404, { error: { code: 404, message: 'Not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent,
    email,
    issued,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
