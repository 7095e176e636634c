import { SignPdf, Signer } from '@signpdf/signpdf';
import { firmaMessages as m, formatearCodigoVerificacion, santiagoWallClock } from '@receptoria/contracts';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import QRCode from 'qrcode';
import { cargarPdfLib, cargarPlaceholderPdf } from '../../lib/lazy';
import { cmsPades, cmsPadesConSello, type FirmanteCms } from './cms-pades';
import { agregarDss, agregarSelloDocumento, type DatosRevocacion, type ObtenerRevocacion, revocacionCompleta } from './ltv';
import { type ConfigTsa, type SelloTiempo, sellarTiempo, TsaError } from './tsa';

/** The PAdES baseline SubFilter (SUBFILTER_ETSI_CADES_DETACHED of @signpdf/utils). */
const SUBFILTER_PADES = 'ETSI.CAdES.detached';

/** Not @signpdf/signer-p12: it re-opens the PKCS#12 per document, writes signing-time and no signing-certificate-v2, and re-encodes UTF8String names (Muñoz). */
class FirmantePades extends Signer {
  /** The TSA's timestamp on the signature value (PAdES B-T), when a TSA was given. */
  sello: SelloTiempo | null = null;

  constructor(
    private readonly firmante: FirmanteCms,
    private readonly tsa: ConfigTsa | null = null,
  ) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const tsa = this.tsa;
    if (!tsa) return cmsPades(pdfBuffer, this.firmante);
    return cmsPadesConSello(pdfBuffer, this.firmante, async (valor) => {
      this.sello = await sellarTiempo(tsa, valor);
      return this.sello.token;
    });
  }
}

/**
 * The signature's binary room in the PDF: a personal certificate with a chain of 3–4 fits with
 * margin; with a timestamp, the TSA's token (and its certificates) too.
 */
const SIGNATURE_LENGTH = 16_384;
const SIGNATURE_LENGTH_CON_SELLO = 32_768;

/** PAdES baseline levels (ETSI EN 319 142-1): B-B signed; B-T timestamped; B-LT with validation data; B-LTA with a document timestamp. */
export type NivelPades = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

export interface OpcionesFirma {
  /** The TSA for the signature's timestamp (B-T) and the document timestamp (B-LTA); null keeps B-B. */
  tsa?: ConfigTsa | null;
  /** Where the chain and revocation answers come from (B-LT); null stops at B-T. */
  revocacion?: ObtenerRevocacion | null;
}

export interface PdfFirmado {
  pdf: Buffer;
  nivel: NivelPades;
  /** When the last timestamp's TSA certificate expires (the document must be re-timestamped before). */
  selloVence: Date | null;
  /** The signer's revocation data embedded (null below B-LT). */
  revocacion: DatosRevocacion | null;
}

export interface FirmaVisible {
  nombre: string;
  rut: string;
  codigo: string;
  /** Absolute URL of the public verification page of this code. */
  urlVerificacion: string;
  /** The receiver's comuna (the signature's location). */
  ubicacion: string;
  fecha: Date;
}

/** The PDF is not one pdf-lib can open (damaged, encrypted). */
export class PdfIlegibleError extends Error {}

const pad = (n: number) => String(n).padStart(2, '0');

/** dd-mm-yyyy HH:mm in Santiago (es-CL), with the time zone named. */
export function fechaHoraFirma(fecha: Date): string {
  const w = santiagoWallClock(fecha);
  return `${pad(w.day)}-${pad(w.month)}-${w.year} ${pad(w.hour)}:${pad(w.minute)} (hora de Chile continental)`;
}

/** Characters the standard font cannot draw (outside WinAnsi) become '?', so a name never breaks the block. */
function dibujable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Splits a line into pieces no wider than `width` (at word boundaries, else hard). */
function envolver(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut -= 1;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The signature block on the last page: who signed and when, the verification code and its QR. */
async function bloqueVisible(doc: PDFDocument, firma: FirmaVisible): Promise<[number, number, number, number]> {
  const { rgb, StandardFonts } = await cargarPdfLib();
  const page = doc.getPages().at(-1);
  if (!page) throw new PdfIlegibleError('sin páginas');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { width } = page.getSize();
  const margin = 28;
  const qrSize = 62;
  const height = qrSize + 10;
  const x = margin;
  const y = 14;
  const boxWidth = width - 2 * margin;
  const codigo = formatearCodigoVerificacion(firma.codigo);
  const png = await QRCode.toBuffer(firma.urlVerificacion, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  const qr = await doc.embedPng(png);
  page.drawRectangle({ x, y, width: boxWidth, height, color: rgb(1, 1, 1), borderColor: rgb(0.45, 0.45, 0.45), borderWidth: 0.6 });
  page.drawImage(qr, { x: x + 5, y: y + 5, width: qrSize, height: qrSize });
  const textX = x + qrSize + 12;
  const textWidth = boxWidth - qrSize - 18;
  const size = 7.5;
  const lineas: { text: string; font: PDFFont }[] = [
    ...envolver(bold, size, dibujable(bold, m.firmadoPor(firma.nombre, firma.rut || 'no informado', fechaHoraFirma(firma.fecha))), textWidth).map((text) => ({ text, font: bold })),
    ...envolver(font, size, dibujable(font, m.codigoEnDocumento(codigo)), textWidth).map((text) => ({ text, font })),
    ...envolver(font, size, dibujable(font, m.verificarEn(firma.urlVerificacion)), textWidth).map((text) => ({ text, font })),
  ];
  let lineY = y + height - 14;
  for (const linea of lineas.slice(0, 6)) {
    page.drawText(linea.text, { x: textX, y: lineY, size, font: linea.font, color: rgb(0.1, 0.1, 0.1) });
    lineY -= size + 3;
  }
  return [x, y, x + boxWidth, y + height];
}

/**
 * A signed copy of the PDF: the visible block on the last page, then a PAdES baseline signature
 * (ETSI.CAdES.detached, SHA-256, the signer's certificate chain embedded, the signing time in /M)
 * with the reason and the location given.
 */
export async function firmarPdf(pdf: Buffer, firmante: FirmanteCms, firma: FirmaVisible): Promise<Buffer> {
  return (await firmarPdfPades(pdf, firmante, firma)).pdf;
}

/**
 * The signed PDF at the highest level the options allow: B-B; with a TSA, B-T (the timestamp over
 * the signature value); with revocation data for the signer's and the TSA's chains, B-LT (the data
 * in the DSS, an incremental update) and B-LTA (a document timestamp over it all). A TSA that does
 * not answer throws TsaError (nothing is signed); missing revocation data stop at B-T.
 */
export async function firmarPdfPades(pdf: Buffer, firmante: FirmanteCms, firma: FirmaVisible, opciones: OpcionesFirma = {}): Promise<PdfFirmado> {
  const tsa = opciones.tsa ?? null;
  const prepared = await prepararPdfPades(pdf, firma, tsa !== null);
  const signer = new FirmantePades(firmante, tsa);
  const firmado = await new SignPdf().sign(prepared, signer);
  if (!tsa || !signer.sello) return { pdf: firmado, nivel: 'B-B', selloVence: null, revocacion: null };
  return completarNiveles(firmado, firmante, signer.sello, tsa, opciones.revocacion ?? null);
}

/**
 * The PDF ready for its signature: the visible block on the last page and the signature dictionary
 * (PAdES SubFilter, reason, location, /M) with room for the CMS (more with a timestamp). Shared by every
 * way of signing (the key on this server or on the receiver's token).
 */
export async function prepararPdfPades(pdf: Buffer, firma: FirmaVisible, conSello: boolean): Promise<Buffer> {
  const [pdfLib, { pdflibAddPlaceholder }] = await Promise.all([cargarPdfLib(), cargarPlaceholderPdf()]);
  let doc: PDFDocument;
  try {
    doc = await pdfLib.PDFDocument.load(pdf, { updateMetadata: false });
  } catch (error) {
    throw new PdfIlegibleError(error instanceof Error ? error.message : String(error));
  }
  const rect = await bloqueVisible(doc, firma);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: doc.getPages().at(-1),
    reason: m.razonFirma,
    contactInfo: '',
    name: firma.nombre,
    location: firma.ubicacion,
    signingTime: firma.fecha,
    subFilter: SUBFILTER_PADES,
    signatureLength: conSello ? SIGNATURE_LENGTH_CON_SELLO : SIGNATURE_LENGTH,
    widgetRect: rect,
    appName: 'Receptoría',
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * From a B-T PDF (its signature carrying `sello`) to the highest level the revocation data allow: the
 * signer's and the TSA's chains and revocation answers in the DSS (B-LT), then a document timestamp
 * (B-LTA). Shared by every way of signing (the key on this server or on the receiver's token): the
 * token flow gets its B-T with `sellarTiempo` over the signature value and `ensamblarCms`.
 */
export async function completarNiveles(
  firmado: Buffer,
  firmante: Pick<FirmanteCms, 'certificado' | 'cadena'>,
  sello: SelloTiempo,
  tsa: ConfigTsa,
  obtener: ObtenerRevocacion | null,
): Promise<PdfFirmado> {
  if (!obtener) return { pdf: firmado, nivel: 'B-T', selloVence: sello.venceCertificado, revocacion: null };
  const delFirmante = await obtener(firmante.certificado, firmante.cadena);
  const deLaTsa = await obtener(sello.certificadoTsa, sello.certificados);
  if (!revocacionCompleta(delFirmante, firmante.certificado) || !revocacionCompleta(deLaTsa, sello.certificadoTsa)) {
    return { pdf: firmado, nivel: 'B-T', selloVence: sello.venceCertificado, revocacion: null };
  }
  const conDss = await agregarDss(firmado, unir(delFirmante, deLaTsa));
  try {
    const lta = await agregarSelloDocumento(conDss, tsa);
    return { pdf: lta.pdf, nivel: 'B-LTA', selloVence: lta.sello.venceCertificado, revocacion: delFirmante };
  } catch (error) {
    // The document timestamp can wait for the re-timestamp job: the signature is B-LT already.
    if (error instanceof TsaError) return { pdf: conDss, nivel: 'B-LT', selloVence: sello.venceCertificado, revocacion: delFirmante };
    throw error;
  }
}

function unir(...datos: DatosRevocacion[]): DatosRevocacion {
  return { certificados: datos.flatMap((d) => d.certificados), ocsp: datos.flatMap((d) => d.ocsp), crl: datos.flatMap((d) => d.crl) };
}

export { TsaError };
