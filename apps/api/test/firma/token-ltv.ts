import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { tenantSchema } from '@receptoria/db';
import { Token } from '../../../firmador/src/token';
import { createTestContext, type TestContext } from '../helper';
import { iniciarInfraLtv, type InfraLtv } from './ltv-infra';
import { certificadoPdfDePrueba } from './pdf';
import { SOFTHSM } from './softhsm';

const run = promisify(execFile);
const PIN = 'Tordo-pin-3307';

export interface TokenLtv {
  infra: InfraLtv;
  t: TestContext;
  /** The signer's session (a user with estampar). */
  token: string;
  /** Two unsigned certificates with their PDF. */
  ids: string[];
  /** The signer's certificate (DER) and its chain, as the token holds them. */
  certificado: Buffer;
  cadena: Buffer[];
  /** Signs each document's attributes on the SoftHSM2 token with the agent's PKCS#11 code. */
  firmar(atributos: Buffer[]): Buffer[];
  cerrar(): Promise<void>;
}

/**
 * The LTV infrastructure (local TSA, OCSP responder, CRL) with its signer moved onto a SoftHSM2 token, and an
 * API with that TSA configured: the token path's B-T/B-LT/B-LTA under test.
 */
export async function prepararTokenLtv(): Promise<TokenLtv> {
  const infra = await iniciarInfraLtv();
  const t = await createTestContext({ tsa: { url: infra.tsaUrl, timeoutMs: 5000 }, revocacion: { permitirPrivadas: true, timeoutMs: 5000 } });
  await t.createUser({ tenantId: t.mainTenantId, username: 'firmante_token_ltv', permisos: ['estampa_1'] });
  const token = await t.login('firmante_token_ltv');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'firma-token-ltv-'));
  await mkdir(path.join(dir, 'tokens'));
  const conf = path.join(dir, 'softhsm2.conf');
  await writeFile(conf, `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  process.env.SOFTHSM2_CONF = conf;
  const f = (n: string) => path.join(dir, n);
  await writeFile(f('firma.p12'), infra.p12);
  await writeFile(f('clave.txt'), infra.p12Clave);
  const p12 = ['pkcs12', '-in', f('firma.p12'), '-passin', `file:${f('clave.txt')}`];
  await run('openssl', [...p12, '-nocerts', '-nodes', '-out', f('clave.pem')]);
  await run('openssl', ['pkcs8', '-topk8', '-nocrypt', '-in', f('clave.pem'), '-out', f('clave.p8')]);
  await run('openssl', [...p12, '-clcerts', '-nokeys', '-out', f('cert.pem')]);
  await run('openssl', ['x509', '-in', f('cert.pem'), '-outform', 'DER', '-out', f('cert.der')]);
  await run('softhsm2-util', ['--init-token', '--free', '--label', 'LTV', '--pin', PIN, '--so-pin', 'so-pin-1234']);
  await run('softhsm2-util', ['--import', f('clave.p8'), '--token', 'LTV', '--label', 'firma', '--id', '01', '--pin', PIN]);
  await rm(f('clave.pem'));
  await rm(f('clave.p8'));
  await run('pkcs11-tool', ['--module', SOFTHSM, '--token-label', 'LTV', '--write-object', f('cert.der'), '--type', 'cert', '--id', '01']);
  const certificado = await readFile(f('cert.der'));
  const { stdout } = await run('openssl', [...p12, '-cacerts', '-nokeys']);
  const cadena = [...stdout.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)].map((m) =>
    Buffer.from(m[0].replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64'),
  );
  const db = await t.tenantDbOf(t.mainTenantId);
  const ids = [randomUUID(), randomUUID()];
  for (const [i, id] of ids.entries()) {
    await db.insert(tenantSchema.estampados).values({ id, numeroRol: `C-${7300 + i}-2026`, titulo: `Certificado token LTV ${i}`, archivoPdf: await certificadoPdfDePrueba(i) });
  }
  return {
    infra,
    t,
    token,
    ids,
    certificado,
    cadena,
    firmar(atributos) {
      const p11 = new Token(SOFTHSM);
      try {
        const sesion = p11.sesionFirma(certificado, PIN);
        const firmas = atributos.map((a) => sesion.firmar(a));
        sesion.terminar();
        return firmas;
      } finally {
        p11.cerrar();
      }
    },
    async cerrar() {
      await t.close();
      await infra.cerrar();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Registers the token's certificate, prepares a batch of `ids`, signs it on the token and sends the signatures. */
export async function firmarConToken(ctx: TokenLtv) {
  const registro = await ctx.t.request(ctx.token, {
    method: 'POST',
    url: '/api/v1/firma/certificados_token/',
    payload: { certificado: ctx.certificado.toString('base64'), cadena: ctx.cadena.map((c) => c.toString('base64')) },
  });
  if (registro.statusCode !== 201) throw new Error(`registro ${registro.statusCode} ${registro.body}`);
  const creado = await ctx.t.request(ctx.token, { method: 'POST', url: '/api/v1/firma/lotes/', payload: { documento_ids: ctx.ids } });
  if (creado.statusCode !== 201) throw new Error(`lote ${creado.statusCode} ${creado.body}`);
  const lote = creado.json() as { id: string; documentos: { id: string; atributos: string }[] };
  const valores = ctx.firmar(lote.documentos.map((d) => Buffer.from(d.atributos, 'base64')));
  const r = await ctx.t.request(ctx.token, {
    method: 'POST',
    url: `/api/v1/firma/lotes/${lote.id}/firmas/`,
    payload: { firmas: lote.documentos.map((d, i) => ({ id: d.id, firma: valores[i]!.toString('base64') })) },
  });
  const pdf = (await ctx.t.request(ctx.token, { method: 'GET', url: `/api/v1/firma/documentos/${ctx.ids[0]}/pdf/` })).rawPayload;
  return { respuesta: r, pdf };
}
