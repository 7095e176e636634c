import { createHash, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import type * as PdfLib from 'pdf-lib';
import * as pkijs from 'pkijs';
import { cargarPdfLib } from '../../lib/lazy';
import { type ConfigTsa, type SelloTiempo, sellarTiempo } from './tsa';

/**
 * Long-term validation of the signed PDFs (PAdES B-LT and B-LTA, ETSI EN 319 142-1): the chain,
 * OCSP answers and CRLs of each signature embedded in the document security store (/DSS with /VRI),
 * and document timestamps (/DocTimeStamp, ETSI.RFC3161) over the whole file. Every change is an
 * incremental update appended to the PDF: the bytes a signature covers are never touched.
 */

/** What validating a certificate needs later without the network: its chain, OCSP answers and CRLs (DER). */
export interface DatosRevocacion {
  certificados: Buffer[];
  ocsp: Buffer[];
  crl: Buffer[];
}

/**
 * The chain of `certificado` and the revocation answers for it and its issuers. `conocidos` are the
 * certificates at hand (the P12's, the token's, the TSA token's) to build the chain from.
 */
export type ObtenerRevocacion = (certificado: Buffer, conocidos: Buffer[]) => Promise<DatosRevocacion>;

const ab = (b: Buffer): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const buf = (v: ArrayBuffer | Uint8Array) => Buffer.from(v instanceof Uint8Array ? v : new Uint8Array(v));

const OID_AIA = '1.3.6.1.5.5.7.1.1';
const OID_OCSP = '1.3.6.1.5.5.7.48.1';
const OID_CRL_DP = '2.5.29.31';
const OID_OCSP_BASIC = '1.3.6.1.5.5.7.48.1.1';

/** The chain of `certificado` up to a self-signed root, from the certificates given (the signer first). */
export function construirCadena(certificado: Buffer, conocidos: Buffer[]): Buffer[] {
  const todos = conocidos.map((der) => ({ der, x509: new X509Certificate(der) }));
  const cadena = [certificado];
  let actual = new X509Certificate(certificado);
  for (let i = 0; i < 8; i += 1) {
    if (actual.checkIssued(actual) && actual.verify(actual.publicKey)) break;
    const emisor = todos.find((c) => !cadena.some((d) => d.equals(c.der)) && actual.checkIssued(c.x509) && actual.verify(c.x509.publicKey));
    if (!emisor) break;
    cadena.push(emisor.der);
    actual = emisor.x509;
  }
  return cadena;
}

function urlsDe(cert: pkijs.Certificate): { ocsp: string[]; crl: string[] } {
  const ocsp: string[] = [];
  const crl: string[] = [];
  for (const ext of cert.extensions ?? []) {
    if (ext.extnID === OID_AIA && ext.parsedValue instanceof pkijs.InfoAccess) {
      for (const d of ext.parsedValue.accessDescriptions) if (d.accessMethod === OID_OCSP && d.accessLocation.type === 6) ocsp.push(String(d.accessLocation.value));
    }
    if (ext.extnID === OID_CRL_DP && ext.parsedValue instanceof pkijs.CRLDistributionPoints) {
      for (const dp of ext.parsedValue.distributionPoints) {
        const nombres = Array.isArray(dp.distributionPoint) ? dp.distributionPoint : [];
        for (const n of nombres) if (n.type === 6 && /^https?:/i.test(String(n.value))) crl.push(String(n.value));
      }
    }
  }
  return { ocsp, crl };
}

const pk = (der: Buffer) => pkijs.Certificate.fromBER(ab(der));

/** An HTTP request for revocation data (the shape of red-revocacion.ts's Peticion). */
export interface PeticionRevocacion {
  url: string;
  metodo: 'GET' | 'POST';
  cuerpo?: Buffer;
  tipo?: string;
  maxBytes: number;
}

/**
 * How revocation data are fetched: the URLs come from certificates (text an uploader chose), so the
 * server passes red-revocacion.ts's guarded fetch (public addresses only, size limit, deadline).
 */
export type TransporteRevocacion = (peticion: PeticionRevocacion) => Promise<Buffer>;

const OCSP_MAX = 64 * 1024;
const CRL_MAX = 20 * 1024 * 1024;

async function pedir(transporte: TransporteRevocacion, peticion: PeticionRevocacion): Promise<Buffer | null> {
  try {
    return await transporte(peticion);
  } catch {
    return null;
  }
}

/** An OCSP answer for `cert` issued by `emisor`, when the responder gives a successful basic response. */
async function consultarOcsp(transporte: TransporteRevocacion, url: string, cert: pkijs.Certificate, emisor: pkijs.Certificate): Promise<Buffer | null> {
  const req = new pkijs.OCSPRequest();
  await req.createForCertificate(cert, { hashAlgorithm: 'SHA-1', issuerCertificate: emisor });
  const respuesta = await pedir(transporte, { url, metodo: 'POST', cuerpo: buf(req.toSchema(true).toBER(false)), tipo: 'application/ocsp-request', maxBytes: OCSP_MAX });
  if (!respuesta) return null;
  try {
    const ocsp = pkijs.OCSPResponse.fromBER(ab(respuesta));
    if (ocsp.responseStatus.valueBlock.valueDec !== 0 || ocsp.responseBytes?.responseType !== OID_OCSP_BASIC) return null;
    return respuesta;
  } catch {
    return null;
  }
}

async function descargarCrl(transporte: TransporteRevocacion, url: string): Promise<Buffer | null> {
  const crl = await pedir(transporte, { url, metodo: 'GET', maxBytes: CRL_MAX });
  if (!crl) return null;
  try {
    pkijs.CertificateRevocationList.fromBER(ab(crl));
    return crl;
  } catch {
    return null;
  }
}

/**
 * Revocation data fetched where each certificate says (OCSP in its AIA, CRLs in its distribution
 * points) through `transporte`, for the certificate and each issuer below the root. A certificate
 * with no answer is simply left without one: the level then says what was embedded.
 */
export function revocacionEnLinea(transporte: TransporteRevocacion): ObtenerRevocacion {
  return async (certificado, conocidos) => {
    const cadena = construirCadena(certificado, conocidos);
    const datos: DatosRevocacion = { certificados: cadena, ocsp: [], crl: [] };
    for (let i = 0; i + 1 < cadena.length; i += 1) {
      const cert = pk(cadena[i]!);
      const emisor = pk(cadena[i + 1]!);
      const urls = urlsDe(cert);
      for (const url of urls.ocsp) {
        const r = await consultarOcsp(transporte, url, cert, emisor);
        if (r) {
          datos.ocsp.push(r);
          break;
        }
      }
      for (const url of urls.crl) {
        const r = await descargarCrl(transporte, url);
        if (r) {
          datos.crl.push(r);
          break;
        }
      }
    }
    return datos;
  };
}

/** Whether the data cover `certificado`: an answer (OCSP or CRL) for each certificate of its chain below the root. */
export function revocacionCompleta(datos: DatosRevocacion, certificado: Buffer): boolean {
  const cadena = construirCadena(certificado, datos.certificados);
  const noRaiz = cadena.filter((der) => {
    const x = new X509Certificate(der);
    return !(x.checkIssued(x) && x.verify(x.publicKey));
  });
  return noRaiz.length <= datos.ocsp.length + datos.crl.length && datos.ocsp.length + datos.crl.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Incremental updates

interface ObjetoNuevo {
  ref: PdfLib.PDFRef;
  /** The object's body (between `N G obj` and `endobj`). */
  cuerpo: Buffer;
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');

function streamObj(bytes: Buffer): Buffer {
  return Buffer.concat([latin1(`<< /Length ${bytes.length} >>\nstream\n`), bytes, latin1('\nendstream')]);
}

/** The offset of the last cross-reference section (the file's last startxref). */
function ultimoStartxref(pdf: Buffer): number {
  const cola = pdf.subarray(Math.max(0, pdf.length - 2048)).toString('latin1');
  const m = [...cola.matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!m) throw new Error('PDF sin startxref');
  return Number(m[1]);
}

/**
 * The PDF with the objects appended as a new revision: the objects, a cross-reference table for
 * them and a trailer with /Prev pointing at the previous one (the earlier bytes stay as they were).
 */
function anexar(pdf: Buffer, doc: PdfLib.PDFDocument, objetos: ObjetoNuevo[]): Buffer {
  const partes: Buffer[] = [pdf];
  let offset = pdf.length;
  if (pdf[pdf.length - 1] !== 0x0a) {
    partes.push(latin1('\n'));
    offset += 1;
  }
  const offsets: { num: number; gen: number; offset: number }[] = [];
  for (const o of objetos) {
    const bloque = Buffer.concat([latin1(`${o.ref.objectNumber} ${o.ref.generationNumber} obj\n`), o.cuerpo, latin1('\nendobj\n')]);
    offsets.push({ num: o.ref.objectNumber, gen: o.ref.generationNumber, offset });
    partes.push(bloque);
    offset += bloque.length;
  }
  const xref = ['xref'];
  for (const o of offsets.sort((a, b) => a.num - b.num)) {
    xref.push(`${o.num} 1`, `${String(o.offset).padStart(10, '0')} ${String(o.gen).padStart(5, '0')} n\r`);
  }
  const info = doc.context.trailerInfo;
  const size = Math.max(doc.context.largestObjectNumber, ...objetos.map((o) => o.ref.objectNumber)) + 1;
  const trailer = [`/Size ${size}`, `/Root ${String(info.Root)}`];
  if (info.Info) trailer.push(`/Info ${String(info.Info)}`);
  if (info.ID) trailer.push(`/ID ${String(info.ID)}`);
  trailer.push(`/Prev ${ultimoStartxref(pdf)}`);
  partes.push(latin1(`${xref.join('\n')}\ntrailer\n<< ${trailer.join(' ')} >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(partes);
}

async function abrir(pdf: Buffer): Promise<PdfLib.PDFDocument> {
  const { PDFDocument } = await cargarPdfLib();
  return PDFDocument.load(pdf, { updateMetadata: false });
}

/** Allocates object numbers after the largest the document has. */
function numerador(doc: PdfLib.PDFDocument, PDFRef: typeof PdfLib.PDFRef) {
  let siguiente = doc.context.largestObjectNumber + 1;
  return () => PDFRef.of(siguiente++, 0);
}

export interface FirmaEnPdf {
  nombre: string;
  tipo: 'firma' | 'sello_documento';
  /** The /Contents bytes (the CMS with its zero padding). */
  contenido: Buffer;
}

/** The signatures (and document timestamps) in the PDF's form, in the order of its fields. */
export async function firmasDelPdf(pdf: Buffer | PdfLib.PDFDocument): Promise<FirmaEnPdf[]> {
  const { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName } = await cargarPdfLib();
  const doc = pdf instanceof PDFDocument ? pdf : await abrir(pdf);
  const acro = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  const campos = acro?.lookupMaybe(PDFName.of('Fields'), PDFArray);
  const firmas: FirmaEnPdf[] = [];
  for (let i = 0; i < (campos?.size() ?? 0); i += 1) {
    const campo = campos!.lookup(i, PDFDict);
    if (campo.get(PDFName.of('FT')) !== PDFName.of('Sig')) continue;
    const v = campo.lookupMaybe(PDFName.of('V'), PDFDict);
    const contents = v?.get(PDFName.of('Contents'));
    if (!v || !(contents instanceof PDFHexString)) continue;
    const t = campo.get(PDFName.of('T'));
    firmas.push({
      nombre: t && 'decodeText' in t ? (t as unknown as { decodeText(): string }).decodeText() : '',
      tipo: v.get(PDFName.of('Type')) === PDFName.of('DocTimeStamp') ? 'sello_documento' : 'firma',
      contenido: Buffer.from(contents.asBytes()),
    });
  }
  return firmas;
}

/** The CMS inside a /Contents value (the zero padding after its DER dropped). */
export function cmsSinRelleno(contenido: Buffer): Buffer {
  const asn = asn1js.fromBER(ab(contenido));
  if (asn.offset === -1) throw new Error('firma ilegible');
  return contenido.subarray(0, asn.offset);
}

const huellaDer = (der: Buffer) => createHash('sha256').update(der).digest('hex');

/**
 * Adds the revocation data to the document security store in a new revision (PAdES B-LT): the
 * certificates, OCSP answers and CRLs (each once, those already there kept), and for each signature a
 * /VRI entry (keyed by the SHA-1 of its /Contents) naming the data that validate it.
 */
export async function agregarDss(pdf: Buffer, datos: DatosRevocacion): Promise<Buffer> {
  const { PDFArray, PDFDict, PDFName, PDFRef } = await cargarPdfLib();
  const doc = await abrir(pdf);
  const nuevo = numerador(doc, PDFRef);
  const objetos: ObjetoNuevo[] = [];
  const catalogoRef = doc.context.trailerInfo.Root as PdfLib.PDFRef;
  const catalogo = doc.catalog;
  const dssPrevio = catalogo.lookupMaybe(PDFName.of('DSS'), PDFDict);
  const existentes = new Map<string, Map<string, PdfLib.PDFRef>>();
  for (const clave of ['Certs', 'OCSPs', 'CRLs']) {
    const mapa = new Map<string, PdfLib.PDFRef>();
    const arr = dssPrevio?.lookupMaybe(PDFName.of(clave), PDFArray);
    for (let i = 0; i < (arr?.size() ?? 0); i += 1) {
      const ref = arr!.get(i);
      if (!(ref instanceof PDFRef)) continue;
      const stream = doc.context.lookup(ref);
      const contenido = stream && 'getContents' in stream ? Buffer.from((stream as unknown as { getContents(): Uint8Array }).getContents()) : null;
      mapa.set(contenido ? huellaDer(contenido) : `ref:${String(ref)}`, ref);
    }
    existentes.set(clave, mapa);
  }
  const agregar = (clave: string, lista: Buffer[]): PdfLib.PDFRef[] =>
    lista.map((der) => {
      const mapa = existentes.get(clave)!;
      const h = huellaDer(der);
      const previo = mapa.get(h);
      if (previo) return previo;
      const ref = nuevo();
      objetos.push({ ref, cuerpo: streamObj(der) });
      mapa.set(h, ref);
      return ref;
    });
  const certs = agregar('Certs', datos.certificados);
  const ocsps = agregar('OCSPs', datos.ocsp);
  const crls = agregar('CRLs', datos.crl);
  const lista = (refs: Iterable<PdfLib.PDFRef>) => `[${[...refs].map(String).join(' ')}]`;
  const vri = new Map<string, string>();
  const vriPrevio = dssPrevio?.lookupMaybe(PDFName.of('VRI'), PDFDict);
  for (const [k, v] of vriPrevio?.entries() ?? []) vri.set(k.asString(), String(v));
  for (const firma of await firmasDelPdf(doc)) {
    const clave = `/${createHash('sha1').update(firma.contenido).digest('hex').toUpperCase()}`;
    if (vri.has(clave)) continue;
    const ref = nuevo();
    objetos.push({ ref, cuerpo: latin1(`<< /Type /VRI /Cert ${lista(certs)} /OCSP ${lista(ocsps)} /CRL ${lista(crls)} >>`) });
    vri.set(clave, String(ref));
  }
  const vriRef = nuevo();
  objetos.push({ ref: vriRef, cuerpo: latin1(`<< ${[...vri].map(([k, v]) => `${k} ${v}`).join(' ')} >>`) });
  const dssRef = nuevo();
  objetos.push({
    ref: dssRef,
    cuerpo: latin1(
      `<< /Type /DSS /Certs ${lista(existentes.get('Certs')!.values())} /OCSPs ${lista(existentes.get('OCSPs')!.values())} /CRLs ${lista(existentes.get('CRLs')!.values())} /VRI ${String(vriRef)} >>`,
    ),
  });
  catalogo.set(PDFName.of('DSS'), dssRef);
  objetos.push({ ref: catalogoRef, cuerpo: latin1(catalogo.toString()) });
  return anexar(pdf, doc, objetos);
}

/** Bytes reserved for a document timestamp's token (hex doubles it in the file). */
const LARGO_SELLO = 12_288;

/**
 * Adds a document timestamp (PAdES B-LTA) in a new revision: an invisible signature field whose
 * /DocTimeStamp value (SubFilter ETSI.RFC3161) carries the TSA's token over the file's byte range.
 */
export async function agregarSelloDocumento(pdf: Buffer, tsa: ConfigTsa): Promise<{ pdf: Buffer; sello: SelloTiempo }> {
  const { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef } = await cargarPdfLib();
  const doc = await abrir(pdf);
  const nuevo = numerador(doc, PDFRef);
  const catalogoRef = doc.context.trailerInfo.Root as PdfLib.PDFRef;
  const catalogo = doc.catalog;
  const paginas = doc.getPages();
  const pagina = paginas.at(-1);
  if (!pagina) throw new Error('PDF sin páginas');
  const sigRef = nuevo();
  const campoRef = nuevo();
  const objetos: ObjetoNuevo[] = [];
  const previos = (await firmasDelPdf(doc)).filter((f) => f.tipo === 'sello_documento').length;
  const nombre = `Sello de tiempo ${previos + 1}`;
  const placeholderRango = '/ByteRange [0 0000000000 0000000000 0000000000]';
  const contenidoHex = `<${'0'.repeat(LARGO_SELLO * 2)}>`;
  objetos.push({
    ref: sigRef,
    cuerpo: latin1(`<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 ${placeholderRango} /Contents ${contenidoHex} >>`),
  });
  objetos.push({
    ref: campoRef,
    cuerpo: latin1(
      `<< /FT /Sig /T ${PDFHexString.fromText(nombre).toString()} /V ${String(sigRef)} /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 /P ${String(pagina.ref)} >>`,
    ),
  });
  // The field joins the form and the last page's annotations (each rewritten where it lives).
  const acroValor = catalogo.get(PDFName.of('AcroForm'));
  let acro: PdfLib.PDFDict;
  if (acroValor instanceof PDFRef) {
    acro = doc.context.lookup(acroValor, PDFDict);
  } else if (acroValor instanceof PDFDict) {
    acro = acroValor;
  } else {
    acro = doc.context.obj({});
    catalogo.set(PDFName.of('AcroForm'), acro);
  }
  const camposValor = acro.get(PDFName.of('Fields'));
  if (camposValor instanceof PDFRef) {
    const campos = doc.context.lookup(camposValor, PDFArray);
    campos.push(campoRef);
    objetos.push({ ref: camposValor, cuerpo: latin1(campos.toString()) });
  } else if (camposValor instanceof PDFArray) {
    camposValor.push(campoRef);
  } else {
    acro.set(PDFName.of('Fields'), doc.context.obj([campoRef]));
  }
  acro.set(PDFName.of('SigFlags'), doc.context.obj(3));
  if (acroValor instanceof PDFRef) objetos.push({ ref: acroValor, cuerpo: latin1(acro.toString()) });
  else objetos.push({ ref: catalogoRef, cuerpo: latin1(catalogo.toString()) });
  const annotsValor = pagina.node.get(PDFName.of('Annots'));
  if (annotsValor instanceof PDFRef) {
    const annots = doc.context.lookup(annotsValor, PDFArray);
    annots.push(campoRef);
    objetos.push({ ref: annotsValor, cuerpo: latin1(annots.toString()) });
  } else {
    if (annotsValor instanceof PDFArray) annotsValor.push(campoRef);
    else pagina.node.set(PDFName.of('Annots'), doc.context.obj([campoRef]));
    objetos.push({ ref: pagina.ref, cuerpo: latin1(pagina.node.toString()) });
  }
  const conPlaceholder = anexar(pdf, doc, objetos);
  // The byte range: everything but the /Contents hex string, written in place of the placeholder.
  const inicioSig = conPlaceholder.indexOf(latin1(`${sigRef.objectNumber} 0 obj\n<< /Type /DocTimeStamp`), pdf.length);
  const posRango = conPlaceholder.indexOf(latin1(placeholderRango), inicioSig);
  const posContenido = conPlaceholder.indexOf(latin1(contenidoHex), inicioSig);
  const finContenido = posContenido + contenidoHex.length;
  const rango = `/ByteRange [0 ${posContenido} ${finContenido} ${conPlaceholder.length - finContenido}]`;
  if (rango.length > placeholderRango.length) throw new Error('rango de bytes demasiado largo');
  latin1(rango.padEnd(placeholderRango.length, ' ')).copy(conPlaceholder, posRango);
  const cubierto = Buffer.concat([conPlaceholder.subarray(0, posContenido), conPlaceholder.subarray(finContenido)]);
  const sello = await sellarTiempo(tsa, cubierto);
  const hex = sello.token.toString('hex');
  if (hex.length > LARGO_SELLO * 2) throw new Error('el sello de tiempo no cabe en el espacio reservado');
  latin1(hex).copy(conPlaceholder, posContenido + 1);
  return { pdf: conPlaceholder, sello };
}

/** The timestamps a PDF carries: each signature's own (B-T) and its document timestamps (B-LTA), with their dates. */
export async function sellosDelPdf(pdf: Buffer): Promise<{ tipo: FirmaEnPdf['tipo']; token: Buffer }[]> {
  const sellos: { tipo: FirmaEnPdf['tipo']; token: Buffer }[] = [];
  for (const firma of await firmasDelPdf(pdf)) {
    const cms = cmsSinRelleno(firma.contenido);
    if (firma.tipo === 'sello_documento') {
      sellos.push({ tipo: firma.tipo, token: cms });
      continue;
    }
    const signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: asn1js.fromBER(ab(cms)).result }).content });
    for (const atributo of signed.signerInfos[0]?.unsignedAttrs?.attributes ?? []) {
      if (atributo.type === '1.2.840.113549.1.9.16.2.14' && atributo.values[0]) sellos.push({ tipo: firma.tipo, token: buf(atributo.values[0].valueBeforeDecodeView) });
    }
  }
  return sellos;
}
