/**
 * Sending one signed POST to a firm's URL: https to public addresses only (loopback and private ones, over
 * http too, with WEBHOOKS_PERMITIR_PRIVADAS), checked on the address actually connected to (the agent's
 * lookup), never following redirects, the whole exchange within the timeout.
 */
import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOK_FIRMA_HEADER, webhooksMessages as m } from '@receptoria/contracts';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const RESPUESTA_MAX = 1024;

const siempreBloqueadas = new net.BlockList();
siempreBloqueadas.addSubnet('169.254.0.0', 16, 'ipv4');
siempreBloqueadas.addSubnet('fe80::', 10, 'ipv6');
siempreBloqueadas.addAddress('fd00:ec2::254', 'ipv6');

const privadas = new net.BlockList();
for (const [red, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privadas.addSubnet(red, bits, 'ipv4');
}
privadas.addAddress('::', 'ipv6');
privadas.addAddress('::1', 'ipv6');
privadas.addSubnet('fc00::', 7, 'ipv6');
privadas.addSubnet('ff00::', 8, 'ipv6');

function comoIpv4(direccion: string): string | null {
  const mapeada = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(direccion);
  if (mapeada) return mapeada[1]!;
  return net.isIPv4(direccion) ? direccion : null;
}

/** Whether a webhook may connect to this address. */
export function direccionPermitida(direccion: string, permitirPrivadas: boolean): boolean {
  const v4 = comoIpv4(direccion);
  const [ip, familia] = v4 ? [v4, 'ipv4' as const] : [direccion, 'ipv6' as const];
  if (!net.isIP(ip)) return false;
  if (siempreBloqueadas.check(ip, familia)) return false;
  return permitirPrivadas || !privadas.check(ip, familia);
}

/** Refuses a URL before any attempt: its scheme, or an address literal that may not be reached. */
export function motivoUrlRechazada(url: string, permitirPrivadas: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return m.urlInvalida;
  }
  if (parsed.protocol !== 'https:' && !(permitirPrivadas && parsed.protocol === 'http:')) return m.urlNoHttps;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !direccionPermitida(host, permitirPrivadas)) return m.urlPrivada;
  if (!permitirPrivadas && (host === 'localhost' || host.endsWith('.localhost'))) return m.urlPrivada;
  return null;
}

/** The agent's lookup: every address a name resolves to is checked before the connection uses one. */
export function lookupSeguro(permitirPrivadas: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, direcciones) => {
      if (error) return callback(error, '', 4);
      const lista = direcciones as dns.LookupAddress[];
      const rechazada = lista.find((d) => !direccionPermitida(d.address, permitirPrivadas));
      if (rechazada || lista.length === 0) {
        const err = Object.assign(new Error(m.urlPrivada), { code: 'EWEBHOOKPRIVADA' });
        return callback(err, '', 4);
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, lista);
      return callback(null, lista[0]!.address, lista[0]!.family);
    });
  };
}

/** `t=<unix>,v1=<hex>` with one `v1` per secret that signs now (two while a rotation overlaps). */
export function firmar(secretos: readonly string[], cuerpo: string, t: number): string {
  return [`t=${t}`, ...secretos.map((s) => `v1=${createHmac('sha256', s).update(`${t}.${cuerpo}`).digest('hex')}`)].join(',');
}

export interface ResultadoEnvio {
  estadoHttp: number | null;
  duracionMs: number;
  respuesta: string;
  error: string | null;
}

export async function enviarWebhook(
  url: string,
  cuerpo: string,
  secretos: readonly string[],
  opciones: { permitirPrivadas: boolean; timeoutMs?: number; now?: () => number },
): Promise<ResultadoEnvio> {
  const inicio = Date.now();
  const duracion = () => Date.now() - inicio;
  const motivo = motivoUrlRechazada(url, opciones.permitirPrivadas);
  if (motivo) return { estadoHttp: null, duracionMs: 0, respuesta: '', error: motivo };
  const parsed = new URL(url);
  const t = Math.floor((opciones.now?.() ?? Date.now()) / 1000);
  const modulo = parsed.protocol === 'https:' ? https : http;
  const timeoutMs = opciones.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<ResultadoEnvio>((resolve) => {
    let terminado = false;
    const fin = (r: Omit<ResultadoEnvio, 'duracionMs'>) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(reloj);
      resolve({ ...r, duracionMs: duracion() });
    };
    const req = modulo.request(parsed, {
      method: 'POST',
      lookup: lookupSeguro(opciones.permitirPrivadas),
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(cuerpo),
        'user-agent': 'Receptoria-Webhooks/1',
        [WEBHOOK_FIRMA_HEADER]: firmar(secretos, cuerpo, t),
      },
    });
    const reloj = setTimeout(() => {
      req.destroy();
      fin({ estadoHttp: null, respuesta: '', error: `Sin respuesta en ${String(timeoutMs / 1000).replace('.', ',')} s` });
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      fin({ estadoHttp: null, respuesta: '', error: (error.code === 'EWEBHOOKPRIVADA' ? m.urlPrivada : error.message).slice(0, 500) });
    });
    req.on('response', (res) => {
      const partes: Buffer[] = [];
      let largo = 0;
      res.on('data', (chunk: Buffer) => {
        if (largo < RESPUESTA_MAX) partes.push(chunk);
        largo += chunk.length;
      });
      const listo = () => {
        const texto = Buffer.concat(partes).subarray(0, RESPUESTA_MAX).toString('utf8').replace(/\uFFFD$/, '');
        fin({ estadoHttp: res.statusCode ?? null, respuesta: texto, error: null });
      };
      res.on('end', listo);
      res.on('error', listo);
    });
    req.end(cuerpo);
  });
}
