import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';
import * as pkijs from 'pkijs';

/**
 * An independent PAdES long-term validator for the tests, built only from tools every machine of the
 * project has: poppler's pdfsig, the openssl CLI (`ts -verify`, `ocsp -respin`, `verify`, `crl`) and
 * the PDF/ASN.1 libraries pdf-lib, pkijs and asn1js. It reuses nothing of the product's signing code,
 * so the product is not checking itself. For a signed PDF and the test root it answers four checks:
 *
 * - integridad (a): pdfsig says every signature valid (none invalid), and each /ByteRange starts at 0
 *   and leaves out exactly its /Contents hex string.
 * - selloFirma (b): each signature's unsigned attribute id-aa-signatureTimeStampToken verifies with
 *   `openssl ts -verify` against the root, its messageImprint is SHA-256 of the signature value, its
 *   genTime before the signer certificate's expiry.
 * - dss (c): the catalog's /DSS has /Certs, /OCSPs and/or /CRLs and a /VRI entry keyed by the uppercase
 *   hex SHA-1 of each signature's /Contents; the chain in /Certs reaches the root (the root itself among
 *   them); for the signer and the timestamp's TSA an embedded OCSP answer verifies (`openssl ocsp
 *   -respin`) with status good, produced after the signature timestamp and before the first document
 *   timestamp, or else an embedded CRL signed by the issuer does not list it.
 * - selloDocumento (d): each /DocTimeStamp's token verifies with `openssl ts -verify` over the SHA-256
 *   of its byte range, each comes after the signatures, and the last one covers the whole file but its
 *   /Contents (it is the last revision).
 */

const run = promisify(execFile);

export interface Comprobacion {
  ok: boolean;
  /** Why the check failed (in Spanish), when it did. */
  motivo?: string;
}

export interface InformeLtv {
  integridad: Comprobacion;
  selloFirma: Comprobacion;
  dss: Comprobacion;
  selloDocumento: Comprobacion;
  /** Signatures (/Sig) and document timestamps (/DocTimeStamp) found, in file order. */
  firmas: number;
  sellosDocumento: number;
  /** genTime of each signature's timestamp and of each document timestamp. */
  horas: { selloFirma: Date[]; selloDocumento: Date[] };
}

class FalloLtv extends Error {}
function exigir(condicion: unknown, motivo: string): asserts condicion {
  if (!condicion) throw new FalloLtv(motivo);
}

interface FirmaEnPdf {
  tipo: 'firma' | 'sello_documento';
  subFilter: string;
  rango: [number, number, number, number];
  /** The bytes of /Contents (the hex string decoded, zero padding included). */
  contenido: Buffer;
  /** The CMS alone (padding removed). */
  cms: Buffer;
}

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const pem = (der: Uint8Array, tipo = 'CERTIFICATE') =>
  `-----BEGIN ${tipo}-----\n${Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${tipo}-----\n`;
const sha256 = (...partes: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const p of partes) h.update(p);
  return h.digest();
};

function leerFirmas(pdf: Buffer, doc: PDFDocument): FirmaEnPdf[] {
  const firmas: FirmaEnPdf[] = [];
  for (const [, objeto] of doc.context.enumerateIndirectObjects()) {
    if (!(objeto instanceof PDFDict)) continue;
    const rango = objeto.lookupMaybe(PDFName.of('ByteRange'), PDFArray);
    if (!rango) continue;
    const n = rango.asArray().map((x) => (x instanceof PDFNumber ? x.asNumber() : Number.NaN));
    exigir(n.length === 4 && n.every(Number.isInteger), 'una /ByteRange no son cuatro enteros');
    const [a, b, c, d] = n as [number, number, number, number];
    const hueco = pdf.subarray(a + b, c).toString('latin1');
    exigir(/^<[0-9A-Fa-f]*>$/.test(hueco), `el hueco de la /ByteRange [${n.join(' ')}] no es el string hexadecimal de /Contents`);
    const contenido = Buffer.from(hueco.slice(1, -1), 'hex');
    const asn = asn1js.fromBER(ab(contenido));
    exigir(asn.offset > 0, 'el /Contents no es DER');
    const tipo = objeto.lookupMaybe(PDFName.of('Type'), PDFName)?.asString();
    firmas.push({
      tipo: tipo === '/DocTimeStamp' ? 'sello_documento' : 'firma',
      subFilter: objeto.lookupMaybe(PDFName.of('SubFilter'), PDFName)?.asString() ?? '',
      rango: [a, b, c, d],
      contenido,
      cms: contenido.subarray(0, asn.offset),
    });
    exigir(a === 0, `la /ByteRange [${n.join(' ')}] no empieza en 0`);
    exigir(c + d <= pdf.length, `la /ByteRange [${n.join(' ')}] pasa el fin del archivo`);
  }
  return firmas.sort((x, y) => x.rango[2] + x.rango[3] - (y.rango[2] + y.rango[3]));
}

function signedData(der: Uint8Array): pkijs.SignedData {
  const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(ab(der)).result });
  exigir(info.contentType === pkijs.ContentInfo.SIGNED_DATA, 'el CMS no es SignedData');
  return new pkijs.SignedData({ schema: info.content });
}

function tstInfo(token: Uint8Array): pkijs.TSTInfo {
  const sd = signedData(token);
  exigir(sd.encapContentInfo.eContentType === '1.2.840.113549.1.9.16.1.4', 'el sello no trae un TSTInfo');
  return pkijs.TSTInfo.fromBER(sd.encapContentInfo.eContent!.getValue());
}

function certificadoFirmante(sd: pkijs.SignedData): pkijs.Certificate {
  const sid = sd.signerInfos[0]!.sid;
  const certs = (sd.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const cert =
    sid instanceof pkijs.IssuerAndSerialNumber ? certs.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) : certs[0];
  exigir(cert, 'el CMS no trae el certificado de quien firma');
  return cert;
}

const derDe = (c: pkijs.Certificate) => Buffer.from(c.toSchema().toBER());
const huella = (der: Uint8Array) => createHash('sha256').update(der).digest('hex');

/** Runs openssl; resolves stdout+stderr, or rejects with them. */
async function openssl(args: string[], cwd: string): Promise<string> {
  try {
    const r = await run('openssl', args, { cwd });
    return `${r.stdout}${r.stderr}`;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    throw new FalloLtv(`openssl ${args[0]} falló: ${`${e.stdout ?? ''}${e.stderr ?? ''}`.trim() || String(error)}`);
  }
}

async function comprobar(fn: () => Promise<void>): Promise<Comprobacion> {
  try {
    await fn();
    return { ok: true };
  } catch (error) {
    if (error instanceof FalloLtv) return { ok: false, motivo: error.message };
    throw error;
  }
}

/** Validates `pdf` as PAdES B-LTA with `raizPem` (a PEM file: the test root) as the only trust. */
export async function validarLtv(pdf: Buffer, raizPem: string): Promise<InformeLtv> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'validar-ltv-'));
  try {
    const raizDer = Buffer.from(
      (await readFile(raizPem, 'utf8')).replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''),
      'base64',
    );
    const doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false });
    const todas = leerFirmas(pdf, doc);
    const firmas = todas.filter((f) => f.tipo === 'firma');
    const sellosDoc = todas.filter((f) => f.tipo === 'sello_documento');
    const horas: InformeLtv['horas'] = { selloFirma: [], selloDocumento: [] };
    let archivo = 0;
    const escribir = async (datos: string | Uint8Array, ext: string) => {
      archivo += 1;
      const nombre = `a${archivo}.${ext}`;
      await writeFile(path.join(dir, nombre), datos);
      return nombre;
    };
    await writeFile(path.join(dir, 'raiz.pem'), pem(raizDer));
    await writeFile(path.join(dir, 'doc.pdf'), pdf);

    // Certificates the PDF carries (in the CMS of each signature and in the DSS), as openssl's -untrusted.
    const dssDict = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
    const flujos = (clave: string): { ref: string; der: Buffer }[] => {
      const arr = dssDict?.lookupMaybe(PDFName.of(clave), PDFArray);
      if (!arr) return [];
      return arr.asArray().map((ref) => {
        const s = doc.context.lookup(ref);
        exigir(s instanceof PDFRawStream, `/DSS /${clave} tiene algo que no es un flujo`);
        return { ref: ref instanceof PDFRef ? ref.toString() : '', der: Buffer.from(decodePDFRawStream(s).decode()) };
      });
    };
    let dssCerts: { ref: string; der: Buffer }[] = [];
    let dssOcsps: { ref: string; der: Buffer }[] = [];
    let dssCrls: { ref: string; der: Buffer }[] = [];
    try {
      dssCerts = flujos('Certs');
      dssOcsps = flujos('OCSPs');
      dssCrls = flujos('CRLs');
    } catch (error) {
      if (!(error instanceof FalloLtv)) throw error;
    }
    const cmsCerts = firmas.flatMap((f) => (signedData(f.cms).certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate).map(derDe));
    const noConfiables = await escribir([...cmsCerts, ...dssCerts.map((c) => c.der)].map((d) => pem(d)).join('') || pem(raizDer), 'pem');

    /** Verifies an RFC 3161 token over `digest` against the root; its TSTInfo. */
    const verificarToken = async (token: Uint8Array, digest: Buffer): Promise<pkijs.TSTInfo> => {
      const tst = tstInfo(token);
      exigir(tst.messageImprint.hashAlgorithm.algorithmId === '2.16.840.1.101.3.4.2.1', 'el sello no usa SHA-256');
      exigir(Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).equals(digest), 'el messageImprint del sello no es el SHA-256 esperado');
      const nombre = await escribir(token, 'tsr');
      const salida = await openssl(['ts', '-verify', '-in', nombre, '-token_in', '-digest', digest.toString('hex'), '-CAfile', 'raiz.pem', '-untrusted', noConfiables], dir);
      exigir(/Verification: OK/.test(salida), `openssl ts -verify no dijo OK: ${salida.trim()}`);
      return tst;
    };

    // (a) integrity: pdfsig over every signature, the byte ranges leaving out only /Contents.
    const integridad = await comprobar(async () => {
      exigir(firmas.length > 0, 'el PDF no tiene firmas');
      let reporte: string;
      try {
        reporte = (await run('pdfsig', ['doc.pdf'], { cwd: dir })).stdout;
      } catch (error) {
        reporte = String((error as { stdout?: string }).stdout ?? error);
      }
      const validas = reporte.match(/Signature Validation: Signature is Valid\./g) ?? [];
      exigir(!/Signature is Invalid|Digest Mismatch/.test(reporte), `pdfsig: una firma no es válida\n${reporte}`);
      exigir(validas.length === firmas.length, `pdfsig: ${validas.length} firmas válidas de ${firmas.length}\n${reporte}`);
      for (const f of firmas) exigir(f.subFilter === '/ETSI.CAdES.detached', `la firma usa ${f.subFilter}, no /ETSI.CAdES.detached`);
    });

    // (b) the signature timestamp of each signature.
    const tsaCerts: pkijs.Certificate[] = [];
    const selloFirma = await comprobar(async () => {
      exigir(firmas.length > 0, 'el PDF no tiene firmas');
      for (const f of firmas) {
        const si = signedData(f.cms).signerInfos[0]!;
        const atributo = si.unsignedAttrs?.attributes.find((a) => a.type === '1.2.840.113549.1.9.16.2.14');
        exigir(atributo, 'la firma no trae id-aa-signatureTimeStampToken');
        const token = Buffer.from(atributo.values[0].toBER());
        const tst = await verificarToken(token, sha256(si.signature.valueBlock.valueHexView));
        const firmante = certificadoFirmante(signedData(f.cms));
        exigir(tst.genTime < firmante.notAfter.value, 'el sello de la firma es posterior al vencimiento del certificado');
        tsaCerts.push(certificadoFirmante(signedData(token)));
        horas.selloFirma.push(tst.genTime);
      }
    });

    // (d) before (c): the document timestamps' genTime bounds the OCSP answers.
    const selloDocumento = await comprobar(async () => {
      exigir(sellosDoc.length > 0, 'el PDF no tiene /DocTimeStamp');
      const finFirmas = Math.max(...firmas.map((f) => f.rango[2] + f.rango[3]));
      for (const s of sellosDoc) {
        exigir(s.subFilter === '/ETSI.RFC3161', `el sello de documento usa ${s.subFilter}, no /ETSI.RFC3161`);
        const [a, b, c, d] = s.rango;
        exigir(c + d > finFirmas, 'un sello de documento no viene después de las firmas');
        const tst = await verificarToken(s.cms, sha256(pdf.subarray(a, a + b), pdf.subarray(c, c + d)));
        horas.selloDocumento.push(tst.genTime);
      }
      const ultimo = sellosDoc.at(-1)!.rango;
      exigir(ultimo[2] + ultimo[3] === pdf.length, `el último sello de documento cubre hasta el byte ${ultimo[2] + ultimo[3]} de ${pdf.length}: no es la última revisión`);
      exigir(horas.selloDocumento.every((h) => horas.selloFirma.every((t) => h >= t)), 'un sello de documento es anterior al sello de la firma');
    });

    // (c) the DSS: VRI per signature, the chain to the root, the revocation answers.
    const dss = await comprobar(async () => {
      exigir(dssDict, 'el PDF no tiene /DSS');
      exigir(dssCerts.length > 0, '/DSS sin /Certs');
      exigir(dssOcsps.length + dssCrls.length > 0, '/DSS sin /OCSPs ni /CRLs');
      const vri = dssDict.lookupMaybe(PDFName.of('VRI'), PDFDict);
      exigir(vri, '/DSS sin /VRI');
      const claves = new Set(vri.keys().map((k) => k.asString()));
      for (const f of firmas) {
        const clave = `/${createHash('sha1').update(f.contenido).digest('hex').toUpperCase()}`;
        exigir(claves.has(clave), `/VRI no tiene la entrada ${clave} de la firma`);
        const entrada = vri.lookup(PDFName.of(clave.slice(1)), PDFDict);
        const enDss = new Set([...dssCerts, ...dssOcsps, ...dssCrls].map((x) => x.ref));
        for (const k of ['Cert', 'OCSP', 'CRL']) {
          for (const ref of entrada.lookupMaybe(PDFName.of(k), PDFArray)?.asArray() ?? []) {
            exigir(enDss.has(ref.toString()), `la entrada /VRI /${k} nombra ${ref.toString()}, que no está en el /DSS`);
          }
        }
      }
      const certs = dssCerts.map((c) => pkijs.Certificate.fromBER(c.der));
      exigir(dssCerts.some((c) => huella(c.der) === huella(raizDer)), 'la raíz de prueba no está en /DSS /Certs');
      const soloDss = await escribir(dssCerts.map((c) => pem(c.der)).join(''), 'pem');
      const primerSelloDoc = horas.selloDocumento.length > 0 ? Math.min(...horas.selloDocumento.map((h) => h.getTime())) : null;
      const selloFirmaMin = horas.selloFirma.length > 0 ? Math.min(...horas.selloFirma.map((h) => h.getTime())) : null;

      /** The chain from /Certs reaches the root, and the certificate is not revoked by what the DSS embeds. */
      const conRevocacion = async (cert: pkijs.Certificate, quien: string) => {
        const der = derDe(cert);
        exigir(dssCerts.some((c) => c.der.equals(der)), `el certificado de ${quien} no está en /DSS /Certs`);
        const certPem = await escribir(pem(der), 'pem');
        const verificado = await openssl(['verify', '-CAfile', 'raiz.pem', '-untrusted', soloDss, certPem], dir);
        exigir(/: OK/.test(verificado), `la cadena de ${quien} en /Certs no llega a la raíz: ${verificado.trim()}`);
        const emisor = certs.find((c) => c.subject.isEqual(cert.issuer));
        exigir(emisor, `el emisor del certificado de ${quien} no está en /DSS /Certs`);
        const emisorPem = await escribir(pem(derDe(emisor)), 'pem');
        const motivos: string[] = [];
        for (const o of dssOcsps) {
          const nombre = await escribir(o.der, 'der');
          let salida: string;
          try {
            salida = await openssl(['ocsp', '-respin', nombre, '-issuer', emisorPem, '-cert', certPem, '-CAfile', 'raiz.pem', '-VAfile', emisorPem, '-no_nonce'], dir);
          } catch (error) {
            motivos.push((error as Error).message);
            continue;
          }
          if (!/Response verify OK/.test(salida) || !new RegExp(`${certPem.replace('.', '\\.')}: good`).test(salida)) {
            motivos.push(salida.trim());
            continue;
          }
          const respuesta = pkijs.OCSPResponse.fromBER(ab(o.der));
          const basica = pkijs.BasicOCSPResponse.fromBER(respuesta.responseBytes!.response.valueBlock.valueHexView);
          const producida = basica.tbsResponseData.producedAt.getTime();
          // Second precision on both sides (openssl stamps whole seconds; the TSA's accuracy is 1 s).
          if (quien === 'quien firma' && selloFirmaMin !== null && producida < selloFirmaMin - 1000) {
            motivos.push(`OCSP producida ${new Date(producida).toISOString()} antes del sello de la firma`);
            continue;
          }
          if (primerSelloDoc !== null && producida > primerSelloDoc) {
            motivos.push(`OCSP producida ${new Date(producida).toISOString()} después del sello de documento`);
            continue;
          }
          return;
        }
        for (const c of dssCrls) {
          const nombre = await escribir(c.der, 'der');
          const salida = await openssl(['crl', '-inform', 'DER', '-in', nombre, '-CAfile', emisorPem, '-noout'], dir).catch((e: Error) => e.message);
          const crl = pkijs.CertificateRevocationList.fromBER(ab(c.der));
          if (!crl.issuer.isEqual(cert.issuer) || !/verify OK/.test(salida)) continue;
          exigir(!(crl.revokedCertificates ?? []).some((r) => r.userCertificate.isEqual(cert.serialNumber)), `la CRL del /DSS revoca el certificado de ${quien}`);
          return;
        }
        throw new FalloLtv(`ni una respuesta OCSP del /DSS dice good para ${quien} ni una CRL de su emisor lo cubre: ${motivos.join(' | ')}`);
      };
      for (const f of firmas) await conRevocacion(certificadoFirmante(signedData(f.cms)), 'quien firma');
      for (const t of tsaCerts) await conRevocacion(t, 'la TSA');
    });

    return { integridad, selloFirma, dss, selloDocumento, firmas: firmas.length, sellosDocumento: sellosDoc.length, horas };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
