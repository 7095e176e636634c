/**
 * A CRL read in one pass over its DER (RFC 5280 §5.1). A national CA's list holds tens of thousands of
 * entries (hundreds of KB): a full ASN.1 object tree of it (asn1js/pkijs) takes seconds of the event
 * loop, while the check needs only the issuer, the dates, the signature and each entry's serial and
 * reason. Every length is checked against its parent; anything malformed throws.
 */

interface Tlv {
  tag: number;
  /** Offset of the tag byte. */
  inicio: number;
  /** Offset of the content. */
  contenido: number;
  /** Offset past the content. */
  fin: number;
}

export class CrlIlegibleError extends Error {}

function leer(buf: Uint8Array, pos: number, limite: number): Tlv {
  if (pos + 2 > limite) throw new CrlIlegibleError('corto');
  const tag = buf[pos]!;
  if ((tag & 0x1f) === 0x1f) throw new CrlIlegibleError('etiqueta larga');
  let p = pos + 1;
  let largo = buf[p++]!;
  if (largo & 0x80) {
    const n = largo & 0x7f;
    if (n === 0 || n > 4 || p + n > limite) throw new CrlIlegibleError('largo');
    largo = 0;
    for (let i = 0; i < n; i += 1) largo = largo * 256 + buf[p++]!;
  }
  const fin = p + largo;
  if (fin > limite) throw new CrlIlegibleError('excede');
  return { tag, inicio: pos, contenido: p, fin };
}

function hijos(buf: Uint8Array, padre: Tlv): Tlv[] {
  const lista: Tlv[] = [];
  for (let pos = padre.contenido; pos < padre.fin; ) {
    const tlv = leer(buf, pos, padre.fin);
    lista.push(tlv);
    pos = tlv.fin;
  }
  return lista;
}

function exigir(tlv: Tlv | undefined, tag: number): Tlv {
  if (!tlv || tlv.tag !== tag) throw new CrlIlegibleError(`se esperaba 0x${tag.toString(16)}`);
  return tlv;
}

const SEQUENCE = 0x30;
const INTEGER = 0x02;
const BIT_STRING = 0x03;
const OCTET_STRING = 0x04;
const OID = 0x06;
const ENUMERATED = 0x0a;
const UTC_TIME = 0x17;
const GENERALIZED_TIME = 0x18;
/** 2.5.29.21 reasonCode. */
const OID_REASON = Buffer.from([0x55, 0x1d, 0x15]);

function oidTexto(bytes: Uint8Array): string {
  const partes: number[] = [];
  let valor = 0;
  for (const b of bytes) {
    valor = valor * 128 + (b & 0x7f);
    if (!(b & 0x80)) {
      if (partes.length === 0) partes.push(valor < 80 ? Math.floor(valor / 40) : 2, valor < 80 ? valor % 40 : valor - 80);
      else partes.push(valor);
      valor = 0;
    }
  }
  return partes.join('.');
}

function tiempo(buf: Uint8Array, tlv: Tlv): Date {
  const texto = Buffer.from(buf.subarray(tlv.contenido, tlv.fin)).toString('latin1');
  const m = tlv.tag === UTC_TIME ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(texto) : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(texto);
  if (!m) throw new CrlIlegibleError('fecha');
  let anio = Number(m[1]);
  if (tlv.tag === UTC_TIME) anio += anio < 50 ? 2000 : 1900;
  return new Date(Date.UTC(anio, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

const esTiempo = (tlv: Tlv | undefined) => tlv !== undefined && (tlv.tag === UTC_TIME || tlv.tag === GENERALIZED_TIME);

export interface EntradaCrl {
  fecha: Date;
  /** CRLReason code (RFC 5280 §5.3.1), 0 when absent. */
  razon: number;
}

export interface CrlLeida {
  /** The issuer Name's DER as the CRL writes it. */
  emisorDer: Buffer;
  thisUpdate: Date;
  nextUpdate: Date | null;
  /** What the signature covers (tbsCertList's DER). */
  tbs: Uint8Array;
  algoritmoFirma: string;
  firma: Uint8Array;
  /** Revoked serials (the INTEGER's content bytes as lower-case hex). */
  revocados: Map<string, EntradaCrl>;
}

export function leerCrl(der: Uint8Array): CrlLeida {
  const raiz = exigir(leer(der, 0, der.length), SEQUENCE);
  const [tbsTlv, algTlv, firmaTlv] = hijos(der, raiz);
  const tbs = exigir(tbsTlv, SEQUENCE);
  const alg = hijos(der, exigir(algTlv, SEQUENCE));
  const firma = exigir(firmaTlv, BIT_STRING);
  const campos = hijos(der, tbs);
  let i = 0;
  if (campos[i]?.tag === INTEGER) i += 1;
  exigir(campos[i++], SEQUENCE);
  const emisor = exigir(campos[i++], SEQUENCE);
  const esta = campos[i++];
  if (!esTiempo(esta)) throw new CrlIlegibleError('thisUpdate');
  let proxima: Date | null = null;
  if (esTiempo(campos[i])) proxima = tiempo(der, campos[i++]!);
  const revocados = new Map<string, EntradaCrl>();
  if (campos[i]?.tag === SEQUENCE) {
    for (const entrada of hijos(der, campos[i]!)) {
      const [serie, fecha, extensiones] = hijos(der, exigir(entrada, SEQUENCE));
      exigir(serie, INTEGER);
      if (!esTiempo(fecha)) throw new CrlIlegibleError('revocationDate');
      let razon = 0;
      if (extensiones) {
        for (const ext of hijos(der, exigir(extensiones, SEQUENCE))) {
          const partes = hijos(der, exigir(ext, SEQUENCE));
          const id = exigir(partes[0], OID);
          if (!Buffer.from(der.subarray(id.contenido, id.fin)).equals(OID_REASON)) continue;
          const valor = exigir(partes.at(-1), OCTET_STRING);
          const enumerado = exigir(leer(der, valor.contenido, valor.fin), ENUMERATED);
          razon = der[enumerado.contenido] ?? 0;
        }
      }
      revocados.set(Buffer.from(der.subarray(serie!.contenido, serie!.fin)).toString('hex'), { fecha: tiempo(der, fecha!), razon });
    }
  }
  const oid = exigir(alg[0], OID);
  return {
    emisorDer: Buffer.from(der.subarray(emisor.inicio, emisor.fin)),
    thisUpdate: tiempo(der, esta!),
    nextUpdate: proxima,
    tbs: der.subarray(tbs.inicio, tbs.fin),
    algoritmoFirma: oidTexto(der.subarray(oid.contenido, oid.fin)),
    // BIT STRING: the first content byte counts the unused bits (0 for a signature).
    firma: der.subarray(firma.contenido + 1, firma.fin),
    revocados,
  };
}

/** The subject Name's DER of a certificate, as its issuer wrote it. */
export function sujetoDer(certificado: Uint8Array): Buffer {
  const cert = exigir(leer(certificado, 0, certificado.length), SEQUENCE);
  const campos = hijos(certificado, exigir(hijos(certificado, cert)[0], SEQUENCE));
  // tbsCertificate: [0] version (absent in v1), serialNumber, signature, issuer, validity, subject, …
  const i = campos[0]?.tag === 0xa0 ? 1 : 0;
  const sujeto = exigir(campos[i + 4], SEQUENCE);
  return Buffer.from(certificado.subarray(sujeto.inicio, sujeto.fin));
}
