import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obtenerRevocacion, RedRevocacionError } from './red-revocacion';

/** A loopback server standing in for a CA's OCSP/CRL host (and for a host inside the receiver's network). */
let server: http.Server;
let base: string;
const vistos: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    vistos.push(`${req.method} ${req.url}`);
    if (req.url === '/crl') return res.writeHead(200).end(Buffer.alloc(2000, 7));
    if (req.url === '/una') return res.writeHead(302, { location: '/crl' }).end();
    if (req.url === '/dos') return res.writeHead(302, { location: '/una' }).end();
    if (req.url === '/afuera') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/ftp') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (req.url === '/grande') {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 1);
      let n = 0;
      const escribir = () => {
        while (n < 100 && res.write(chunk)) n += 1;
        if (n < 100) res.once('drain', escribir);
        else res.end();
      };
      return escribir();
    }
    if (req.url === '/lento') return setTimeout(() => res.writeHead(200).end('tarde'), 3000);
    if (req.url === '/error') return res.writeHead(500).end('detalle interno que no debe salir');
    return res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const abierto = { permitirPrivadas: true, timeoutMs: 1000 };

async function motivo(promesa: Promise<unknown>): Promise<string> {
  try {
    await promesa;
  } catch (error) {
    expect(error).toBeInstanceOf(RedRevocacionError);
    return (error as RedRevocacionError).motivo;
  }
  throw new Error('no falló');
}

describe('the revocation fetch', () => {
  it('reads a CRL and follows one redirect, not two', async () => {
    expect((await obtenerRevocacion({ url: `${base}/crl`, metodo: 'GET', maxBytes: 10_000 }, abierto)).length).toBe(2000);
    expect((await obtenerRevocacion({ url: `${base}/una`, metodo: 'GET', maxBytes: 10_000 }, abierto)).length).toBe(2000);
    expect(await motivo(obtenerRevocacion({ url: `${base}/dos`, metodo: 'GET', maxBytes: 10_000 }, abierto))).toBe('demasiadas redirecciones');
  });

  it('refuses loopback, private and link-local addresses unless allowed, before connecting', async () => {
    const cerrado = { permitirPrivadas: false, timeoutMs: 1000 };
    const antes = vistos.length;
    for (const url of [`${base}/crl`, 'http://10.1.2.3/crl', 'http://192.168.0.10/ocsp', 'http://[::1]/crl', 'http://localhost/crl', 'http://169.254.169.254/latest/meta-data/']) {
      expect(await motivo(obtenerRevocacion({ url, metodo: 'GET', maxBytes: 10_000 }, cerrado)), url).toBe('la dirección no es pública');
    }
    expect(vistos.length).toBe(antes);
    // The metadata address stays refused even where private networks are allowed.
    expect(await motivo(obtenerRevocacion({ url: 'http://169.254.169.254/latest/meta-data/', metodo: 'GET', maxBytes: 10_000 }, abierto))).toBe('la dirección no es pública');
  });

  it('checks a redirect target again: the metadata address and other schemes are refused', async () => {
    expect(await motivo(obtenerRevocacion({ url: `${base}/afuera`, metodo: 'GET', maxBytes: 10_000 }, abierto))).toBe('la dirección no es pública');
    expect(await motivo(obtenerRevocacion({ url: `${base}/ftp`, metodo: 'GET', maxBytes: 10_000 }, abierto))).toBe('dirección no admitida');
    for (const url of ['ldap://ldap.ejemplo.cl/cn=CA?certificateRevocationList', 'file:///etc/passwd', 'http://usuario:clave@ejemplo.cl/crl', 'no es url']) {
      expect(await motivo(obtenerRevocacion({ url, metodo: 'GET', maxBytes: 10_000 }, abierto)), url).toBe('dirección no admitida');
    }
  });

  it('cuts an answer past its size limit, a slow one at the timeout, and never passes a body of an error on', async () => {
    expect(await motivo(obtenerRevocacion({ url: `${base}/grande`, metodo: 'GET', maxBytes: 100_000 }, abierto))).toBe('respuesta demasiado grande');
    const inicio = Date.now();
    expect(await motivo(obtenerRevocacion({ url: `${base}/lento`, metodo: 'GET', maxBytes: 100 }, { permitirPrivadas: true, timeoutMs: 300 }))).toBe('sin respuesta en 0,3 s');
    expect(Date.now() - inicio).toBeLessThan(2500);
    expect(await motivo(obtenerRevocacion({ url: `${base}/error`, metodo: 'GET', maxBytes: 100 }, abierto))).toBe('respondió HTTP 500');
  });

  it('posts an OCSP request with its content type', async () => {
    const antes = vistos.length;
    await motivo(obtenerRevocacion({ url: `${base}/ocsp`, metodo: 'POST', cuerpo: Buffer.from([0x30, 0]), tipo: 'application/ocsp-request', maxBytes: 100 }, abierto));
    expect(vistos.slice(antes)).toEqual(['POST /ocsp']);
  });
});
