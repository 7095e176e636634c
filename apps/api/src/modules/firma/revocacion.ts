import { createHash, randomBytes, verify as verificarFirma } from 'node:crypto';
import { confianzaMessages as m, RAZONES_REVOCACION_ES } from '@receptoria/contracts';
import * as asn1js from 'asn1js';
import { LRUCache } from 'lru-cache';
import * as pkijs from 'pkijs';
import { leerCrl, sujetoDer } from './crl';
import { CRL_MAX_BYTES, OCSP_MAX_BYTES, obtenerRevocacion, type OpcionesRed, REVOCACION_TIMEOUT_MS, RedRevocacionError } from './red-revocacion';
import { type Certificado, emitidoPor, esAutofirmado, leerCertificado } from './x509';

/**
 * A certificate's revocation status (RFC 6960 OCSP, RFC 5280 CRL): OCSP at the URL of its
 * authorityInfoAccess first, then the CRL of its distribution point. Every answer is verified against
 * the issuer's key (or an OCSP responder the issuer delegated with id-kp-OCSPSigning) and kept until
 * its nextUpdate; a failure is never kept.
 */

const OID_NONCE = '1.3.6.1.5.5.7.48.1.2';
const OID_OCSP_BASIC = '1.3.6.1.5.5.7.48.1.1';
const OID_OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';
/** Clock skew tolerated between our clock and the responder's. */
const TOLERANCIA_MS = 5 * 60_000;
/** No answer is kept longer than this, whatever its nextUpdate says. */
const CACHE_MAX_MS = 24 * 60 * 60_000;

const RAZONES = [
  'unspecified',
  'keyCompromise',
  'cACompromise',
  'affiliationChanged',
  'superseded',
  'cessationOfOperation',
  'certificateHold',
  '',
  'removeFromCRL',
  'privilegeWithdrawn',
  'aACompromise',
] as const;

const HASH_DE_FIRMA: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

export type Fuente = 'ocsp' | 'crl';

export type EstadoRevocacion =
  | { estado: 'vigente'; fuente: Fuente }
  | { estado: 'revocado'; fuente: Fuente; razon: string; fecha: Date; motivo: string }
  | { estado: 'desconocido'; motivo: string };

interface Respuesta {
  estado: EstadoRevocacion;
  /** Until when it may be reused (null: not reusable). */
  hasta: Date | null;
}

interface CrlLeida {
  emisorHuella: string;
  thisUpdate: Date;
  nextUpdate: Date | null;
  revocados: Map<string, { fecha: Date; razon: string }>;
}

const razonEs = (razon: string) => RAZONES_REVOCACION_ES[razon] ?? razon;

function fechaEs(fecha: Date): string {
  return new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', day: '2-digit', month: '2-digit', year: 'numeric' }).format(fecha);
}

function revocado(fuente: Fuente, razon: string, fecha: Date): EstadoRevocacion {
  return { estado: 'revocado', fuente, razon, fecha, motivo: m.revocado(razonEs(razon), fechaEs(fecha)) };
}

/** Verifies a signature over `datos` with the key of `firmante`, by the algorithm's OID. */
function firmaValida(datos: Uint8Array, firma: Uint8Array, algoritmo: string, firmante: Certificado): boolean {
  const hash = HASH_DE_FIRMA[algoritmo];
  if (!hash) return false;
  try {
    return verificarFirma(hash, datos, firmante.node.publicKey, firma);
  } catch {
    return false;
  }
}

function hasta(nextUpdate: Date | null | undefined, now: Date): Date | null {
  if (!nextUpdate) return null;
  return new Date(Math.min(nextUpdate.getTime(), now.getTime() + CACHE_MAX_MS));
}

const dec = (nodo: unknown) => (nodo as { valueBlock?: { valueDec?: number } })?.valueBlock?.valueDec;

export interface OpcionesRevocacion extends Partial<OpcionesRed> {
  /** Entries kept in memory (OCSP answers and CRLs). */
  maxEntradas?: number;
}

/** Checks revocation with a memory cache per process (each answer until its nextUpdate). */
export class VerificadorRevocacion {
  private readonly red: OpcionesRed;
  private readonly respuestas: LRUCache<string, Respuesta>;
  private readonly crls: LRUCache<string, CrlLeida>;

  constructor(opciones: OpcionesRevocacion = {}) {
    this.red = { permitirPrivadas: opciones.permitirPrivadas ?? false, timeoutMs: opciones.timeoutMs ?? REVOCACION_TIMEOUT_MS };
    this.respuestas = new LRUCache({ max: opciones.maxEntradas ?? 5000 });
    this.crls = new LRUCache({ max: 50 });
  }

  /** Forgets every kept answer. */
  olvidar(): void {
    this.respuestas.clear();
    this.crls.clear();
  }

  /** The status of `cert` issued by `emisor` at `now`. */
  async consultar(cert: Certificado, emisor: Certificado, now = new Date()): Promise<EstadoRevocacion> {
    const clave = `${emisor.huellaSha256}:${cert.serieHex}`;
    const guardada = this.respuestas.get(clave);
    if (guardada?.hasta && guardada.hasta.getTime() > now.getTime()) return guardada.estado;
    if (cert.urlsOcsp.length === 0 && cert.urlsCrl.length === 0) return { estado: 'desconocido', motivo: m.sinFuenteRevocacion };
    const fallas: string[] = [];
    for (const url of cert.urlsOcsp.slice(0, 2)) {
      try {
        const respuesta = await this.ocsp(url, cert, emisor, now);
        if (respuesta.estado.estado !== 'desconocido') {
          if (respuesta.hasta) this.respuestas.set(clave, respuesta);
          return respuesta.estado;
        }
        fallas.push(m.ocspNoResponde(url, respuesta.estado.motivo));
      } catch (error) {
        fallas.push(m.ocspNoResponde(url, motivoDe(error)));
      }
    }
    for (const url of cert.urlsCrl.slice(0, 2)) {
      try {
        const crl = await this.crl(url, emisor, now);
        const entrada = crl.revocados.get(cert.serieHex);
        const estado: EstadoRevocacion = entrada ? revocado('crl', entrada.razon, entrada.fecha) : { estado: 'vigente', fuente: 'crl' };
        const vence = hasta(crl.nextUpdate, now);
        if (vence) this.respuestas.set(clave, { estado, hasta: vence });
        return estado;
      } catch (error) {
        fallas.push(m.crlNoResponde(url, motivoDe(error)));
      }
    }
    return { estado: 'desconocido', motivo: fallas.join('; ').slice(0, 900) };
  }

  private async ocsp(url: string, cert: Certificado, emisor: Certificado, now: Date): Promise<Respuesta> {
    const peticion = new pkijs.OCSPRequest();
    await peticion.createForCertificate(cert.pki, { hashAlgorithm: 'SHA-1', issuerCertificate: emisor.pki });
    const nonce = randomBytes(16);
    peticion.tbsRequest.requestExtensions = [
      new pkijs.Extension({ extnID: OID_NONCE, extnValue: new asn1js.OctetString({ valueHex: nonce }).toBER(false) }),
    ];
    const certId = peticion.tbsRequest.requestList[0]!.reqCert;
    const cuerpo = await obtenerRevocacion(
      { url, metodo: 'POST', cuerpo: Buffer.from(peticion.toSchema(true).toBER(false)), tipo: 'application/ocsp-request', maxBytes: OCSP_MAX_BYTES },
      this.red,
    );
    let basica: pkijs.BasicOCSPResponse;
    try {
      const respuesta = pkijs.OCSPResponse.fromBER(cuerpo);
      const estadoRespuesta = respuesta.responseStatus.valueBlock.valueDec;
      if (estadoRespuesta !== 0) return { estado: { estado: 'desconocido', motivo: `${m.respuestaInvalida} (OCSP ${estadoRespuesta})` }, hasta: null };
      if (!respuesta.responseBytes || respuesta.responseBytes.responseType !== OID_OCSP_BASIC) throw new Error('sin BasicOCSPResponse');
      basica = pkijs.BasicOCSPResponse.fromBER(respuesta.responseBytes.response.valueBlock.valueHexView);
    } catch {
      throw new RedRevocacionError(m.respuestaInvalida);
    }
    if (!this.firmanteOcspValido(basica, emisor)) throw new RedRevocacionError(m.firmaRespuestaInvalida);
    const nonceEco = basica.tbsResponseData.responseExtensions?.find((e) => e.extnID === OID_NONCE);
    if (nonceEco) {
      // The echoed nonce is an OCTET STRING inside the extension's value (openssl) or the bare bytes.
      const valor = Buffer.from(nonceEco.extnValue.valueBlock.valueHexView);
      if (!valor.equals(nonce) && !valor.subarray(-16).equals(nonce)) throw new RedRevocacionError(m.respuestaInvalida);
    }
    const simple = basica.tbsResponseData.responses.find((r) => r.certID.isEqual(certId));
    if (!simple) throw new RedRevocacionError(m.respuestaInvalida);
    if (simple.thisUpdate.getTime() > now.getTime() + TOLERANCIA_MS) throw new RedRevocacionError(m.respuestaInvalida);
    if (simple.nextUpdate && simple.nextUpdate.getTime() < now.getTime() - TOLERANCIA_MS) throw new RedRevocacionError(m.respuestaVencida);
    const estado = simple.certStatus as { idBlock: { tagNumber: number }; valueBlock: { value?: unknown[] } };
    const vence = hasta(simple.nextUpdate, now);
    switch (estado.idBlock.tagNumber) {
      case 0:
        return { estado: { estado: 'vigente', fuente: 'ocsp' }, hasta: vence };
      case 1: {
        const [tiempo, razonNodo] = estado.valueBlock.value ?? [];
        const fecha = tiempo instanceof asn1js.GeneralizedTime ? tiempo.toDate() : now;
        const razonBloque = (razonNodo as { valueBlock?: { value?: unknown[] } } | undefined)?.valueBlock?.value?.[0];
        const razon = RAZONES[dec(razonBloque) ?? 0] || 'unspecified';
        return { estado: revocado('ocsp', razon, fecha), hasta: vence };
      }
      default:
        return { estado: { estado: 'desconocido', motivo: m.ocspEstadoDesconocido }, hasta: null };
    }
  }

  /** The response is signed by the issuer, or by a responder certificate the issuer issued for OCSP signing. */
  private firmanteOcspValido(basica: pkijs.BasicOCSPResponse, emisor: Certificado): boolean {
    const candidatos: Certificado[] = [emisor];
    for (const c of basica.certs ?? []) {
      try {
        candidatos.push(leerCertificado(Buffer.from(c.toSchema(true).toBER(false))));
      } catch {
        // unreadable certificate in the answer: ignored
      }
    }
    const id = basica.tbsResponseData.responderID;
    const coincide = (c: Certificado) =>
      id instanceof asn1js.OctetString
        ? createHash('sha1').update(c.pki.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest().equals(Buffer.from(id.valueBlock.valueHexView))
        : (id as pkijs.RelativeDistinguishedNames).isEqual(c.pki.subject);
    for (const firmante of candidatos.filter(coincide)) {
      const delegado = firmante.huellaSha256 !== emisor.huellaSha256;
      if (delegado && !(emitidoPor(firmante, emisor) && firmante.usosExtendidos.includes(OID_OCSP_SIGNING))) continue;
      const algoritmo = basica.signatureAlgorithm.algorithmId;
      if (firmaValida(basica.tbsResponseData.tbsView, basica.signature.valueBlock.valueHexView, algoritmo, firmante)) return true;
    }
    return false;
  }

  private async crl(url: string, emisor: Certificado, now: Date): Promise<CrlLeida> {
    const clave = `${url}|${emisor.huellaSha256}`;
    const guardada = this.crls.get(clave);
    if (guardada?.nextUpdate && guardada.nextUpdate.getTime() > now.getTime()) return guardada;
    const cuerpo = await obtenerRevocacion({ url, metodo: 'GET', maxBytes: CRL_MAX_BYTES }, this.red);
    const der = /-----BEGIN X509 CRL-----/.test(cuerpo.subarray(0, 100).toString('latin1'))
      ? Buffer.from(cuerpo.toString('latin1').replace(/-----(BEGIN|END) X509 CRL-----|\s+/g, ''), 'base64')
      : cuerpo;
    let crl: ReturnType<typeof leerCrl>;
    try {
      crl = leerCrl(der);
    } catch {
      throw new RedRevocacionError(m.respuestaInvalida);
    }
    if (!crl.emisorDer.equals(sujetoDer(emisor.der)) && !mismoNombre(crl.emisorDer, emisor)) throw new RedRevocacionError(m.firmaRespuestaInvalida);
    if (!firmaValida(crl.tbs, crl.firma, crl.algoritmoFirma, emisor)) throw new RedRevocacionError(m.firmaRespuestaInvalida);
    const nextUpdate = crl.nextUpdate;
    if (nextUpdate && nextUpdate.getTime() < now.getTime() - TOLERANCIA_MS) throw new RedRevocacionError(m.respuestaVencida);
    const revocados = new Map<string, { fecha: Date; razon: string }>();
    for (const [serie, entrada] of crl.revocados) revocados.set(serie, { fecha: entrada.fecha, razon: RAZONES[entrada.razon] || 'unspecified' });
    const leida: CrlLeida = { emisorHuella: emisor.huellaSha256, thisUpdate: crl.thisUpdate, nextUpdate, revocados };
    const vence = hasta(nextUpdate, now);
    if (vence) this.crls.set(clave, leida, { ttl: Math.max(1, vence.getTime() - now.getTime()) });
    return leida;
  }
}

/** Names encoded differently (another string type, another case): compared as RFC 5280 asks, by pkijs. */
function mismoNombre(nombreDer: Buffer, emisor: Certificado): boolean {
  try {
    const asn = asn1js.fromBER(new Uint8Array(nombreDer));
    return new pkijs.RelativeDistinguishedNames({ schema: asn.result }).isEqual(emisor.pki.subject);
  } catch {
    return false;
  }
}

function motivoDe(error: unknown): string {
  if (error instanceof RedRevocacionError) return error.motivo;
  return m.respuestaInvalida;
}

/**
 * The status of a chain: every certificate but a self-signed root checked against its issuer. Revoked
 * anywhere wins; then unknown anywhere; else verified (by the leaf's source).
 */
export async function consultarCadena(verificador: VerificadorRevocacion, cadena: readonly Certificado[], now = new Date()): Promise<EstadoRevocacion> {
  const hoja = cadena[0];
  if (!hoja) return { estado: 'desconocido', motivo: m.sinEmisor };
  if (cadena.length < 2 && !esAutofirmado(hoja)) return { estado: 'desconocido', motivo: m.sinEmisor };
  let resultado: EstadoRevocacion | null = null;
  for (let i = 0; i + 1 < cadena.length; i += 1) {
    const estado = await verificador.consultar(cadena[i]!, cadena[i + 1]!, now);
    if (estado.estado === 'revocado') return estado;
    if (i === 0 || (estado.estado === 'desconocido' && resultado?.estado !== 'desconocido')) resultado = estado;
  }
  return resultado ?? { estado: 'desconocido', motivo: m.sinEmisor };
}
