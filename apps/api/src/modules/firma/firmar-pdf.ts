import { constants, createPrivateKey, type KeyObject, privateEncrypt } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf, Signer } from '@signpdf/signpdf';
import forge from 'node-forge';
import { firmaMessages as m, formatearCodigoVerificacion, santiagoWallClock } from '@receptoria/contracts';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import type { P12Abierto } from './p12';

/** DER prefix of a SHA-256 DigestInfo: RSASSA-PKCS1-v1_5 signs this followed by the 32-byte hash. */
const DIGEST_INFO_SHA256 = Buffer.from('3031300d060960864801650304020105000420', 'hex');
const clavesNode = new WeakMap<P12Abierto, KeyObject>();

/**
 * The key as forge's PKCS#7 signer calls it (`sign(md)`), computed by Node's OpenSSL instead of
 * forge's JavaScript RSA: the same RSASSA-PKCS1-v1_5 signature, several times faster.
 */
function claveRsa(p12: P12Abierto) {
  let key = clavesNode.get(p12);
  if (!key) {
    key = createPrivateKey(forge.pki.privateKeyToPem(p12.key));
    clavesNode.set(p12, key);
  }
  const nodeKey = key;
  return {
    sign(md: forge.md.MessageDigest): string {
      const digestInfo = Buffer.concat([DIGEST_INFO_SHA256, Buffer.from(md.digest().getBytes(), 'binary')]);
      return privateEncrypt({ key: nodeKey, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
    },
  };
}

/**
 * The PKCS#7 detached signature of @signpdf/signer-p12, over a PKCS#12 opened once for a whole batch
 * (its key derivation is the slow part) and with the certificates' names kept as the CA wrote them.
 */
class FirmanteP12 extends Signer {
  constructor(private readonly p12: P12Abierto) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const oids = forge.pki.oids as Record<string, string>;
    const oid = (name: string) => oids[name] as string;
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const cert of this.p12.certificados) p7.addCertificate(cert);
    p7.addSigner({
      key: claveRsa(this.p12) as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.p12.cert,
      digestAlgorithm: oid('sha256'),
      authenticatedAttributes: [
        { type: oid('contentType'), value: oid('data') },
        { type: oid('signingTime'), value: (signingTime ?? new Date()) as unknown as string },
        { type: oid('messageDigest') },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

/** The signature's binary room in the PDF: a personal certificate with a chain of 3–4 fits with margin. */
const SIGNATURE_LENGTH = 16_384;

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
 * A signed copy of the PDF: the visible block on the last page, then a PAdES-style signature
 * (adbe.pkcs7.detached, SHA-256, the signer's certificate chain and signing time embedded) with the
 * reason and the location given.
 */
export async function firmarPdf(pdf: Buffer, p12: P12Abierto, firma: FirmaVisible): Promise<Buffer> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { updateMetadata: false });
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
    signatureLength: SIGNATURE_LENGTH,
    widgetRect: rect,
    appName: 'Receptoría',
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new FirmanteP12(p12), firma.fecha);
}
