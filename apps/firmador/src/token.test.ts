import { execFile } from 'node:child_process';
import { constants, createHash, createVerify, verify, X509Certificate } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmarLote, type FirmaEnviada, type LoteServidor } from './lote';
import { ecdsaADer, Token } from './token';

const run = promisify(execFile);
const SOFTHSM = '/usr/lib/softhsm/libsofthsm2.so';
const PIN = 'Pin-de-prueba-77';
let dir: string;
let certRsa: Buffer;
let certEc: Buffer;

/** A SoftHSM2 token of its own (SOFTHSM2_CONF for this process), with an RSA and an EC P-256 key and their certificates. */
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'firmador-token-'));
  await mkdir(path.join(dir, 'tokens'));
  await writeFile(path.join(dir, 'softhsm2.conf'), `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  process.env.SOFTHSM2_CONF = path.join(dir, 'softhsm2.conf');
  await run('softhsm2-util', ['--init-token', '--free', '--label', 'Prueba', '--pin', PIN, '--so-pin', 'so-1234-5678']);
  const f = (n: string) => path.join(dir, n);
  for (const [nombre, id, args] of [
    ['rsa', '01', ['-newkey', 'rsa:2048']],
    ['ec', '02', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']],
  ] as const) {
    await run('openssl', ['req', '-x509', ...args, '-nodes', '-keyout', f(`${nombre}.key`), '-out', f(`${nombre}.pem`), '-subj', `/CN=Firmante ${nombre}`, '-days', '30']);
    await run('openssl', ['pkcs8', '-topk8', '-nocrypt', '-in', f(`${nombre}.key`), '-out', f(`${nombre}.p8`)]);
    await run('softhsm2-util', ['--import', f(`${nombre}.p8`), '--token', 'Prueba', '--label', nombre, '--id', id, '--pin', PIN]);
    await run('openssl', ['x509', '-in', f(`${nombre}.pem`), '-outform', 'DER', '-out', f(`${nombre}.der`)]);
    await run('pkcs11-tool', ['--module', SOFTHSM, '--token-label', 'Prueba', '--write-object', f(`${nombre}.der`), '--type', 'cert', '--id', id, '--label', nombre]);
  }
  certRsa = await readFile(f('rsa.der'));
  certEc = await readFile(f('ec.der'));
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const verifica = (cert: Buffer, datos: Buffer, firma: Buffer) => createVerify('sha256').update(datos).verify(new X509Certificate(cert).publicKey, firma);

describe('the token through its PKCS#11 library (SoftHSM2)', () => {
  it('lists the certificates without the PIN and signs with RSA (SHA-256, PKCS#1 v1.5) and ECDSA P-256 (DER)', () => {
    const token = new Token(SOFTHSM);
    try {
      const ders = token.certificados().map((c) => c.der);
      expect(ders.some((d) => d.equals(certRsa))).toBe(true);
      expect(ders.some((d) => d.equals(certEc))).toBe(true);
      const datos = Buffer.from('atributos firmados de prueba');
      const rsa = token.sesionFirma(certRsa, PIN);
      const firmaRsa = rsa.firmar(datos);
      rsa.terminar();
      expect(firmaRsa.length).toBe(256);
      expect(verifica(certRsa, datos, firmaRsa)).toBe(true);
      const ec = token.sesionFirma(certEc, PIN);
      const firmaEc = ec.firmar(datos);
      ec.terminar();
      expect(firmaEc[0]).toBe(0x30);
      expect(verifica(certEc, datos, firmaEc)).toBe(true);
    } finally {
      token.cerrar();
    }
  });

  it('says in Spanish why it cannot sign: a wrong PIN, a missing library, a certificate not on the token', () => {
    const token = new Token(SOFTHSM);
    expect(() => token.sesionFirma(certRsa, 'otro-pin-000')).toThrow('el PIN del token no es correcto');
    expect(() => token.sesionFirma(Buffer.from('no es este'), PIN)).toThrow('el certificado registrado no está en el token conectado');
    token.cerrar();
    expect(() => new Token(path.join(dir, 'no-esta.so')).certificados()).toThrow(/^no se pudo cargar la biblioteca PKCS#11/);
  });

  it('turns ECDSA’s raw r‖s into the DER Ecdsa-Sig-Value (leading zero bytes dropped, a sign byte added)', () => {
    const r = Buffer.alloc(32, 0);
    r[1] = 0x01;
    const s = Buffer.alloc(32, 0x80);
    const der = ecdsaADer(Buffer.concat([r, s]));
    expect(der.toString('hex')).toBe(`3044021f01${'00'.repeat(30)}022100${'80'.repeat(32)}`);
  });
});

const verificaPss = (cert: Buffer, datos: Buffer, firma: Buffer) =>
  verify('sha256', datos, { key: new X509Certificate(cert).publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, firma);

describe('RSA-PSS where the token offers it', () => {
  it('reports the token\'s mechanisms (SoftHSM2 offers CKM_SHA256_RSA_PKCS_PSS) and signs RSASSA-PSS (SHA-256, MGF1-SHA-256, salt 32)', () => {
    const token = new Token(SOFTHSM);
    try {
      const mecanismos = token.mecanismos(certRsa);
      expect(mecanismos).toContain('CKM_SHA256_RSA_PKCS_PSS');
      expect(mecanismos).toContain('CKM_SHA256_RSA_PKCS');
      expect(token.mecanismos(Buffer.from('otro certificado'))).toEqual([]);
      const datos = Buffer.from('atributos firmados de prueba');
      const sesion = token.sesionFirma(certRsa, PIN, 'rsa-pss');
      const a = sesion.firmar(datos);
      const b = sesion.firmar(datos);
      sesion.terminar();
      expect(a.length).toBe(256);
      expect(verificaPss(certRsa, datos, a)).toBe(true);
      // PSS is randomised (its salt): two signatures of the same data differ, and neither is PKCS#1 v1.5.
      expect(a.equals(b)).toBe(false);
      expect(verificaPss(certRsa, datos, b)).toBe(true);
      expect(verifica(certRsa, datos, a)).toBe(false);
    } finally {
      token.cerrar();
    }
  });
});

describe('a batch', () => {
  const lote = (n: number): LoteServidor => ({
    id: '00000000-0000-4000-8000-000000000001',
    certificado: certRsa.toString('base64'),
    algoritmo: 'rsa',
    documentos: Array.from({ length: n }, (_, i) => ({
      id: `00000000-0000-4000-8000-00000000010${i}`,
      titulo: `Certificado ${i + 1}`,
      estado: 'pendiente' as const,
      motivo: null,
      atributos: Buffer.from(`atributos ${i}`).toString('base64'),
      hash: createHash('sha256').update(`atributos ${i}`).digest('hex'),
    })),
  });

  it('asks the PIN once, signs each document on the token and sends each signature as soon as it is made', async () => {
    const enviados: FirmaEnviada[][] = [];
    let pedidos = 0;
    const token = new Token(SOFTHSM);
    const progreso = await firmarLote('lote', {
      cliente: {
        lote: async () => lote(3),
        enviarFirmas: async (_id, firmas) => {
          enviados.push(firmas);
          return { results: firmas.map((f) => ({ id: f.id, ok: true, motivo: null })), firmados: firmas.length };
        },
      },
      pedirPin: async () => {
        pedidos += 1;
        return PIN;
      },
      abrirSesion: (cert, pin, algoritmo) => token.sesionFirma(cert, pin, algoritmo),
    });
    token.cerrar();
    expect(pedidos).toBe(1);
    expect(enviados.map((e) => e.length)).toEqual([1, 1, 1]);
    for (const [i, [firma]] of enviados.entries()) expect(verifica(certRsa, Buffer.from(`atributos ${i}`), Buffer.from(firma!.firma!, 'base64'))).toBe(true);
    expect(progreso).toMatchObject({ estado: 'terminado', total: 3, firmados: 3, rechazados: 0, error: null });
  });

  it('a batch that declares RSA-PSS is signed with CKM_SHA256_RSA_PKCS_PSS', async () => {
    const enviados: FirmaEnviada[] = [];
    const token = new Token(SOFTHSM);
    const algoritmos: string[] = [];
    const progreso = await firmarLote('lote', {
      cliente: {
        lote: async () => ({ ...lote(2), algoritmo: 'rsa-pss' }),
        enviarFirmas: async (_id, firmas) => {
          enviados.push(...firmas);
          return { results: firmas.map((f) => ({ id: f.id, ok: true, motivo: null })), firmados: firmas.length };
        },
      },
      pedirPin: async () => PIN,
      abrirSesion: (cert, pin, algoritmo) => {
        algoritmos.push(algoritmo);
        return token.sesionFirma(cert, pin, algoritmo);
      },
    });
    token.cerrar();
    expect(algoritmos).toEqual(['rsa-pss']);
    expect(enviados).toHaveLength(2);
    for (const [i, f] of enviados.entries()) expect(verificaPss(certRsa, Buffer.from(`atributos ${i}`), Buffer.from(f.firma!, 'base64'))).toBe(true);
    expect(progreso).toMatchObject({ estado: 'terminado', firmados: 2, error: null });
  });

  it('the token removed after the second signature: the rest are reported at once with the reason, the signed ones kept', async () => {
    const enviados: FirmaEnviada[] = [];
    const token = new Token(SOFTHSM);
    let firmadas = 0;
    const progreso = await firmarLote('lote', {
      cliente: {
        lote: async () => lote(5),
        enviarFirmas: async (_id, firmas) => {
          enviados.push(...firmas);
          const ok = firmas.filter((f) => f.firma).length;
          return { results: firmas.map((f) => ({ id: f.id, ok: Boolean(f.firma), motivo: f.error ?? null })), firmados: ok };
        },
      },
      pedirPin: async () => PIN,
      abrirSesion: (cert, pin) => {
        const sesion = token.sesionFirma(cert, pin);
        return {
          firmar: (datos) => {
            firmadas += 1;
            // Unplugged: the library is unloaded under the open session, as when the token's reader goes away.
            if (firmadas === 3) token.cerrar();
            return sesion.firmar(datos);
          },
          terminar: () => sesion.terminar(),
        };
      },
    });
    expect(enviados.filter((f) => f.firma).length).toBe(2);
    const restantes = enviados.filter((f) => !f.firma);
    expect(restantes.map((f) => f.id)).toEqual(lote(5).documentos.slice(2).map((d) => d.id));
    for (const f of restantes) expect(f.error).toMatch(/^el token/);
    expect(progreso).toMatchObject({ estado: 'fallido', total: 5, firmados: 2, rechazados: 3 });
  });
});
