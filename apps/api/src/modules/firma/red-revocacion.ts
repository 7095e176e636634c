/**
 * The only way revocation data is fetched: the OCSP and CRL URLs a certificate names (attacker-chosen
 * text in an uploaded file) are fetched with http(s) only, to public addresses only (checked on the
 * address actually connected to; loopback and private networks only with FIRMA_REVOCACION_PERMITIR_PRIVADAS),
 * at most one redirect (checked again), a size limit and one deadline for the whole exchange. The
 * answer is only ever parsed as OCSP or CRL: nothing of it reaches the user but a short reason.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { confianzaMessages as m } from '@receptoria/contracts';
import { direccionPermitida, lookupSeguro } from '../webhooks/webhooks.red';

export const REVOCACION_TIMEOUT_MS = 5000;
/** An OCSP answer is a few KB. */
export const OCSP_MAX_BYTES = 64 * 1024;
/** A national CA's CRL may hold tens of thousands of entries. */
export const CRL_MAX_BYTES = 20 * 1024 * 1024;
const REDIRECCIONES_MAX = 1;

export interface OpcionesRed {
  permitirPrivadas: boolean;
  timeoutMs: number;
}

/** A fetch that gave no usable answer; `motivo` is short Spanish text for the user. */
export class RedRevocacionError extends Error {
  constructor(readonly motivo: string) {
    super(motivo);
  }
}

function urlAdmitida(texto: string, permitirPrivadas: boolean): URL {
  let url: URL;
  try {
    url = new URL(texto);
  } catch {
    throw new RedRevocacionError(m.urlNoPermitida);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RedRevocacionError(m.urlNoPermitida);
  if (url.username || url.password) throw new RedRevocacionError(m.urlNoPermitida);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !direccionPermitida(host, permitirPrivadas)) throw new RedRevocacionError(m.direccionNoPermitida);
  if (!permitirPrivadas && (host === 'localhost' || host.endsWith('.localhost'))) throw new RedRevocacionError(m.direccionNoPermitida);
  return url;
}

export interface Peticion {
  url: string;
  metodo: 'GET' | 'POST';
  cuerpo?: Buffer;
  tipo?: string;
  maxBytes: number;
}

/** The body of a 200 answer, or RedRevocacionError. */
export async function obtenerRevocacion(peticion: Peticion, opciones: OpcionesRed): Promise<Buffer> {
  const limite = Date.now() + opciones.timeoutMs;
  let url = urlAdmitida(peticion.url, opciones.permitirPrivadas);
  for (let saltos = 0; ; saltos += 1) {
    const respuesta = await una(url, peticion, opciones, limite);
    if (respuesta.redirigir === undefined) return respuesta.cuerpo;
    if (saltos >= REDIRECCIONES_MAX) throw new RedRevocacionError(m.demasiadasRedirecciones);
    url = urlAdmitida(new URL(respuesta.redirigir, url).toString(), opciones.permitirPrivadas);
  }
}

function una(url: URL, peticion: Peticion, opciones: OpcionesRed, limite: number): Promise<{ cuerpo: Buffer; redirigir?: string }> {
  const modulo = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let terminado = false;
    const fin = (error: RedRevocacionError | null, valor?: { cuerpo: Buffer; redirigir?: string }) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(reloj);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(valor!);
    };
    const req = modulo.request(url, {
      method: peticion.metodo,
      lookup: lookupSeguro(opciones.permitirPrivadas),
      agent: false,
      headers: {
        'user-agent': 'Receptoria-Revocacion/1',
        accept: peticion.metodo === 'POST' ? 'application/ocsp-response' : 'application/pkix-crl, */*',
        ...(peticion.cuerpo ? { 'content-type': peticion.tipo ?? 'application/octet-stream', 'content-length': peticion.cuerpo.length } : {}),
      },
    });
    const espera = Math.max(1, limite - Date.now());
    const reloj = setTimeout(() => fin(new RedRevocacionError(m.sinRespuesta(String(opciones.timeoutMs / 1000).replace('.', ',')))), espera);
    req.on('error', (error: NodeJS.ErrnoException) => {
      fin(new RedRevocacionError(error.code === 'EWEBHOOKPRIVADA' ? m.direccionNoPermitida : m.errorRed));
    });
    req.on('response', (res) => {
      const estado = res.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(estado) && typeof res.headers.location === 'string') {
        res.resume();
        fin(null, { cuerpo: Buffer.alloc(0), redirigir: res.headers.location });
        return;
      }
      if (estado !== 200) {
        res.resume();
        fin(new RedRevocacionError(m.estadoHttp(estado)));
        return;
      }
      const declarado = Number(res.headers['content-length'] ?? 0);
      if (declarado > peticion.maxBytes) {
        fin(new RedRevocacionError(m.respuestaDemasiadoGrande));
        return;
      }
      const partes: Buffer[] = [];
      let largo = 0;
      res.on('data', (chunk: Buffer) => {
        largo += chunk.length;
        if (largo > peticion.maxBytes) fin(new RedRevocacionError(m.respuestaDemasiadoGrande));
        else partes.push(chunk);
      });
      res.on('end', () => fin(null, { cuerpo: Buffer.concat(partes) }));
      res.on('error', () => fin(new RedRevocacionError(m.errorRed)));
    });
    req.end(peticion.cuerpo);
  });
}
