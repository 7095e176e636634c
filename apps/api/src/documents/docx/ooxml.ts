import PizZip from 'pizzip';

/** A paragraph of a generated Word document. */
export interface Parrafo {
  texto: string;
  negrita?: boolean;
  alineacion?: 'left' | 'center' | 'right' | 'both';
  /** Space after the paragraph, in points (default 8). */
  espacioDespues?: number;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;

const DOCUMENT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

/** Times New Roman 12, the usual face of a court certificate. */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman"/><w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="es-CL"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="300" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function paragraphXml(p: Parrafo): string {
  const pPr = `<w:pPr><w:jc w:val="${p.alineacion ?? 'both'}"/><w:spacing w:after="${(p.espacioDespues ?? 8) * 20}"/></w:pPr>`;
  const rPr = p.negrita ? '<w:rPr><w:b/><w:bCs/></w:rPr>' : '';
  const run = p.texto === '' ? '' : `<w:r>${rPr}<w:t xml:space="preserve">${escapeXml(p.texto)}</w:t></w:r>`;
  return `<w:p>${pPr}${run}</w:p>`;
}

function coreXml(titulo: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escapeXml(titulo)}</dc:title><dc:creator>Receptoría</dc:creator></cp:coreProperties>`;
}

const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

/** A minimal, valid Word document (Letter size, 2.5 cm margins) holding the given paragraphs. */
export function buildDocx(parrafos: readonly Parrafo[], titulo = ''): Buffer {
  const body = parrafos.map(paragraphXml).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1418" w:right="1418" w:bottom="1418" w:left="1701" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const zip = new PizZip();
  // A fixed entry date: the same paragraphs always give the same bytes (a built-in template is built on each read).
  const options = { date: FIXED_DATE };
  zip.file('[Content_Types].xml', CONTENT_TYPES, options);
  zip.file('_rels/.rels', ROOT_RELS, options);
  zip.file('word/document.xml', document, options);
  zip.file('word/_rels/document.xml.rels', DOCUMENT_RELS, options);
  zip.file('word/styles.xml', STYLES, options);
  zip.file('docProps/core.xml', coreXml(titulo), options);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The text of a DOCX, one line per paragraph (for previews and tests). */
export function docxText(docx: Buffer): string {
  const zip = new PizZip(docx);
  const xml = zip.file('word/document.xml')?.asText() ?? '';
  const paragraphs = xml.match(/<w:p[ >][\s\S]*?<\/w:p>|<w:p\/>/g) ?? [];
  return paragraphs
    .map((p) =>
      (p.match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>|<w:tab\/>|<w:br\/>/g) ?? [])
        .map((t) => (t === '<w:tab/>' ? '\t' : t === '<w:br/>' ? '\n' : t.replace(/<[^>]+>/g, '')))
        .join(''),
    )
    .map((line) => line.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&'))
    .join('\n');
}

/** True when the bytes are a Word document: a ZIP holding word/document.xml and its content types. */
export function isDocx(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return false;
  try {
    const zip = new PizZip(bytes);
    const types = zip.file('[Content_Types].xml')?.asText() ?? '';
    return zip.file('word/document.xml') !== null && types.includes('wordprocessingml.document.main+xml');
  } catch {
    return false;
  }
}
