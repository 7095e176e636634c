import type Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { requerirDocxtemplater } from '../../lib/lazy';

/** A template Word cannot be read as one (bad ZIP, or a marker left open like '<<rol'). */
export class TemplateFormatError extends Error {}

function open(docx: Buffer, nullGetter: (part: Docxtemplater.DXT.Part) => unknown) {
  const Plantilla = requerirDocxtemplater();
  let zip: PizZip;
  try {
    zip = new PizZip(docx);
  } catch {
    throw new TemplateFormatError('not a zip');
  }
  try {
    // A fresh delimiters object per call: docxtemplater rewrites the one it is given.
    return new Plantilla(zip, { delimiters: { start: '<<', end: '>>' }, paragraphLoop: true, linebreaks: true, nullGetter });
  } catch (error) {
    throw new TemplateFormatError(error instanceof Error ? error.message : 'template error');
  }
}

/** The <<markers>> a template uses, each once, in document order (also when Word split them across runs). */
export function templateMarkers(docx: Buffer): string[] {
  return renderDocx(docx, {}).faltantes;
}

/**
 * Fills a template's markers. A marker whose value is missing (null or absent; '' is a value) is left
 * empty and reported; the caller
 * decides whether that refuses the generation (validar_marcadores).
 */
export function renderDocx(docx: Buffer, datos: Record<string, string | null | undefined>): { docx: Buffer; faltantes: string[] } {
  const faltantes = new Set<string>();
  const doc = open(docx, (part) => {
    if (part.value) faltantes.add(String(part.value));
    return '';
  });
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(datos)) {
    if (value !== null && value !== undefined) values[key] = value;
  }
  try {
    doc.render(values);
  } catch (error) {
    throw new TemplateFormatError(error instanceof Error ? error.message : 'render error');
  }
  return {
    docx: doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer,
    faltantes: [...faltantes],
  };
}
