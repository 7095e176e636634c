import { revocacionEnLinea } from '../../src/modules/firma/ltv';
import type { FirmaVisible } from '../../src/modules/firma/firmar-pdf';
import { abrirP12, type P12Abierto } from '../../src/modules/firma/p12';
import type { ConfigTsa } from '../../src/modules/firma/tsa';
import type { TestContext } from '../helper';
import type { InfraLtv } from './ltv-infra';

/** The local infrastructure's signer (its .p12 opened) and its TSA, as the signing functions take them. */
export function firmanteYTsa(infra: InfraLtv): { firmante: P12Abierto; tsa: ConfigTsa } {
  return { firmante: abrirP12(infra.p12, infra.p12Clave), tsa: { url: infra.tsaUrl, timeoutMs: 5000 } };
}

/** Revocation data fetched plainly from the loopback responder (the server passes red-revocacion.ts's guarded fetch). */
export const revocacionLoopback = () =>
  revocacionEnLinea(async (p) => {
    const res = await fetch(p.url, { method: p.metodo, body: p.cuerpo, headers: p.tipo ? { 'content-type': p.tipo } : {}, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  });

/** The visible signature's data of the tests' signer. */
export const firmaVisible = (): FirmaVisible => ({
  nombre: 'María Pérez Soto',
  rut: '12.345.678-5',
  codigo: 'ABCDEFGHJKMNPQRSTVWXYZ2345',
  urlVerificacion: 'https://receptoria.example/verificar/ABCDEFGHJKMNPQRSTVWXYZ2345',
  ubicacion: 'Chillán',
  fecha: new Date(),
});

/** A month after the signer's certificate expired. */
export const mesTrasVencer = (infra: InfraLtv) => new Date(infra.firmanteVence.getTime() + 30 * 86_400_000);

function multipart(parts: { name: string; value: string | Buffer; filename?: string }[]) {
  const boundary = '----receptoria-firma-3f2a';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename ? `; filename="${part.filename}"` : '';
    const type = part.filename ? '\r\nContent-Type: application/x-pkcs12' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /firma/certificado/ with the .p12 as `archivo` and its `password` (each left out when null). */
export function subirCertificado(t: TestContext, token: string, archivo: Buffer | null, password: string | null) {
  return t.request(token, {
    method: 'POST',
    url: '/api/v1/firma/certificado/',
    ...multipart([
      ...(password !== null ? [{ name: 'password', value: password }] : []),
      ...(archivo ? [{ name: 'archivo', value: archivo, filename: 'firma.p12' }] : []),
    ]),
  });
}
