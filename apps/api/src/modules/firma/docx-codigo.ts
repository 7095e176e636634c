import { formatearCodigoVerificacion } from '@receptoria/contracts';
import PizZip from 'pizzip';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The certificate's DOCX with its verification code printed at the end of the body (a small paragraph
 * after the text, before the section properties), so the code reaches every PDF made from it,
 * whichever converter makes it.
 */
export function docxConCodigo(docx: Buffer, codigo: string, urlVerificacion: string): Buffer {
  const zip = new PizZip(docx);
  const file = zip.file('word/document.xml');
  if (!file) return docx;
  const xml = file.asText();
  const impreso = formatearCodigoVerificacion(codigo);
  const texto = `Código de verificación: ${impreso} — verifique este documento en ${urlVerificacion}`;
  const parrafo =
    '<w:p><w:pPr><w:spacing w:before="240" w:after="0"/></w:pPr>' +
    `<w:r><w:rPr><w:sz w:val="16"/><w:szCs w:val="16"/></w:rPr><w:t xml:space="preserve">${escapeXml(texto)}</w:t></w:r></w:p>`;
  const cierre = xml.lastIndexOf('</w:body>');
  if (cierre < 0) return docx;
  // The body's own sectPr is its last child; a sectPr inside a paragraph (a section break) is not.
  const sectPr = xml.lastIndexOf('<w:sectPr', cierre);
  const ultimoBloque = Math.max(xml.lastIndexOf('</w:p>', cierre), xml.lastIndexOf('</w:tbl>', cierre));
  const at = sectPr > ultimoBloque ? sectPr : cierre;
  zip.file('word/document.xml', xml.slice(0, at) + parrafo + xml.slice(at));
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
