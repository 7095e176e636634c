import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * RFC 3161 timestamps from a time-stamping authority (TSA): the request (SHA-256 imprint, a nonce,
 * the TSA's certificate asked for), the HTTP exchange with a timeout, and the token read back
 * (checked: granted, same imprint and nonce, signed by the certificate it carries).
 */

const SHA256 = '2.16.840.1.101.3.4.2.1';
const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';

/** Where the TSA answers and how (TSA_URL, TSA_USUARIO/TSA_CLAVE for HTTP Basic, TSA_TIMEOUT_MS). */
export interface ConfigTsa {
  url: string;
  usuario?: string;
  clave?: string;
  /** Milliseconds before a request without an answer is given up (default 10 000). */
  timeoutMs: number;
}

export const TSA_TIMEOUT_POR_DEFECTO_MS = 10_000;

/** The TSA configured in the environment (env.ts), or null (then signatures stay PAdES B-B). */
export function configTsaDesdeEntorno(env: { TSA_URL?: string; TSA_USUARIO?: string; TSA_CLAVE?: string; TSA_TIMEOUT_MS?: number }): ConfigTsa | null {
  const url = env.TSA_URL?.trim();
  if (!url) return null;
  return { url, usuario: env.TSA_USUARIO || undefined, clave: env.TSA_CLAVE || undefined, timeoutMs: env.TSA_TIMEOUT_MS ?? TSA_TIMEOUT_POR_DEFECTO_MS };
}

/** The TSA did not answer in time, refused, or answered with something that is not our timestamp. */
export class TsaError extends Error {}

export interface SelloTiempo {
  /** The TimeStampToken (a CMS ContentInfo), DER, as the TSA sent it. */
  token: Buffer;
  /** The time the TSA certifies. */
  fecha: Date;
  /** The TSA's signing certificate (DER) and the other certificates the token carries. */
  certificadoTsa: Buffer;
  certificados: Buffer[];
  /** When the TSA's certificate expires: the timestamp must be renewed before then. */
  venceCertificado: Date;
}

const ab = (b: Buffer): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const buf = (v: ArrayBuffer | Uint8Array) => Buffer.from(v instanceof Uint8Array ? v : new Uint8Array(v));

function solicitud(huella: Buffer, nonce: Buffer): Buffer {
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: ab(huella) }),
    }),
    nonce: new asn1js.Integer({ valueHex: ab(nonce) }),
    certReq: true,
  });
  return buf(req.toSchema().toBER(false));
}

/** A positive INTEGER's content: 8 random bytes, the first one below 0x80 and not zero. */
function nuevoNonce(): Buffer {
  const n = randomBytes(8);
  n[0] = (n[0]! & 0x7f) | 0x01;
  return n;
}

/**
 * Reads a TimeStampToken (DER ContentInfo): its time, certificates and the imprint it certifies;
 * given the data it timestamps, its signature and imprint are verified too.
 */
export async function leerToken(token: Buffer, datos: Buffer | null = null): Promise<SelloTiempo & { huella: Buffer; nonce: Buffer | null }> {
  const asn = asn1js.fromBER(ab(token));
  if (asn.offset === -1) throw new TsaError('sello de tiempo ilegible');
  const contentInfo = new pkijs.ContentInfo({ schema: asn.result });
  if (contentInfo.contentType !== OID_SIGNED_DATA) throw new TsaError('el sello de tiempo no es SignedData');
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const contenido = signedData.encapContentInfo.eContent;
  if (!contenido) throw new TsaError('sello de tiempo sin TSTInfo');
  const tst = pkijs.TSTInfo.fromBER(contenido.getValue());
  const certs = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const sid = signedData.signerInfos[0]?.sid;
  const firmante =
    sid instanceof pkijs.IssuerAndSerialNumber ? certs.find((c) => c.serialNumber.isEqual(sid.serialNumber) && c.issuer.isEqual(sid.issuer)) : certs[0];
  if (!firmante) throw new TsaError('el sello de tiempo no trae el certificado de la TSA');
  if (datos) {
    const verificado = await signedData.verify({ signer: 0, checkChain: false, extendedMode: true, data: ab(datos) }).catch(() => null);
    if (!verificado?.signatureVerified) throw new TsaError('la firma del sello de tiempo no es válida');
  }
  const der = buf(firmante.toSchema().toBER(false));
  return {
    token,
    fecha: tst.genTime,
    certificadoTsa: der,
    certificados: certs.map((c) => buf(c.toSchema().toBER(false))),
    venceCertificado: new Date(new X509Certificate(der).validTo),
    huella: buf(tst.messageImprint.hashedMessage.getValue()),
    nonce: tst.nonce ? buf(tst.nonce.valueBlock.valueHexView) : null,
  };
}

/** The token inside a TimeStampResp, exactly as encoded, when the status grants it. */
function tokenDeRespuesta(respuesta: Buffer): Buffer {
  const asn = asn1js.fromBER(ab(respuesta));
  if (asn.offset === -1 || !(asn.result instanceof asn1js.Sequence)) throw new TsaError('respuesta de la TSA ilegible');
  const resp = new pkijs.TimeStampResp({ schema: asn.result });
  const estado = resp.status.status;
  if (estado !== pkijs.PKIStatus.granted && estado !== pkijs.PKIStatus.grantedWithMods) {
    const texto = resp.status.statusStrings?.map((s) => s.valueBlock.value).join(' ') ?? '';
    throw new TsaError(`la TSA rechazó la solicitud (estado ${estado}${texto ? `: ${texto}` : ''})`);
  }
  const bloque = asn.result.valueBlock.value[1];
  if (!bloque) throw new TsaError('la TSA no envió el sello');
  return buf(bloque.valueBeforeDecodeView);
}

/**
 * An RFC 3161 timestamp over `datos` (their SHA-256) from the configured TSA. Throws TsaError when
 * the TSA does not answer within the timeout or its answer is not a valid timestamp of these data.
 */
export async function sellarTiempo(config: ConfigTsa, datos: Buffer): Promise<SelloTiempo> {
  const huella = createHash('sha256').update(datos).digest();
  const nonce = nuevoNonce();
  const headers: Record<string, string> = { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' };
  if (config.usuario !== undefined) headers.authorization = `Basic ${Buffer.from(`${config.usuario}:${config.clave ?? ''}`).toString('base64')}`;
  let respuesta: Buffer;
  try {
    const res = await fetch(config.url, { method: 'POST', headers, body: solicitud(huella, nonce), signal: AbortSignal.timeout(config.timeoutMs) });
    if (!res.ok) throw new TsaError(`la TSA respondió HTTP ${res.status}`);
    respuesta = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    if (error instanceof TsaError) throw error;
    const nombre = error instanceof Error ? error.name : '';
    throw new TsaError(nombre === 'TimeoutError' ? `la TSA no respondió en ${config.timeoutMs} ms` : `no se pudo contactar a la TSA (${error instanceof Error ? error.message : String(error)})`);
  }
  const sello = await leerToken(tokenDeRespuesta(respuesta), datos);
  if (!sello.huella.equals(huella)) throw new TsaError('el sello de tiempo no corresponde a los datos enviados');
  if (!sello.nonce || !sello.nonce.equals(nonce)) throw new TsaError('el sello de tiempo no trae el nonce enviado');
  return { token: sello.token, fecha: sello.fecha, certificadoTsa: sello.certificadoTsa, certificados: sello.certificados, venceCertificado: sello.venceCertificado };
}
