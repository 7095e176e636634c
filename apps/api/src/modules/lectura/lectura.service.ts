import {
  type LecturaDocumento,
  type LecturaDocumentosResponse,
  type LecturaEvento,
  lecturaMessages as m,
} from '@receptoria/contracts';
import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { mapaValoresUf } from '../dashboard/valores-uf.service';
import { type ColaOcr, colaOcr, crearMotorTesseract, type MotorOcr } from './ocr';
import { conArchivoTemporal, LECTURA_MAX_PAGINAS, leerTextoPdf, PdfIlegibleError, tieneTexto } from './pdf-texto';
import { type Catalogos, leerDocumentos, type PaginaLeida } from './reglas';

const { tribunales, tiposCausa, estudios, partesDemandantes } = tenantSchema;
const { indicadoresCache } = controlSchema;

export interface ArchivoLectura {
  documento: LecturaDocumento;
  contenido: Buffer;
}

export type ProgresoLectura = Extract<LecturaEvento, { tipo: 'progreso' }>;

export interface OpcionesLectura {
  motor?: MotorOcr;
  cola?: ColaOcr;
  onProgreso?: (evento: ProgresoLectura) => void;
}

let motorPorDefecto: MotorOcr | undefined;

/**
 * The UF value of the indicators' cache (control database): the last UF read with the day it applies to.
 * The receiver's own history (valores_uf) is looked up first; an amount in UF is converted only when one of
 * them holds the demanda's date.
 */
async function ufGuardada(control: ControlDb | undefined): Promise<{ valor: number; fecha: string } | null> {
  if (!control) return null;
  try {
    const [row] = await control
      .select({ valor: indicadoresCache.valor, fecha: indicadoresCache.fecha })
      .from(indicadoresCache)
      .where(eq(indicadoresCache.codigo, 'uf'));
    return row?.fecha && row.valor > 0 ? { valor: row.valor, fecha: row.fecha } : null;
  } catch {
    return null;
  }
}

/** The receiver's lists (active entries) and, when a firm is given, its parties; 400 when the firm is not one of the receiver's. */
export async function cargarCatalogos(db: TenantDb, estudioId: number | undefined, control?: ControlDb): Promise<Catalogos> {
  const [listaTribunales, listaTipos] = await Promise.all([
    db.select({ id: tribunales.id, nombre: tribunales.nombre }).from(tribunales).where(eq(tribunales.activo, true)).orderBy(asc(tribunales.orden), asc(tribunales.id)),
    db.select({ id: tiposCausa.id, nombre: tiposCausa.nombre }).from(tiposCausa).where(eq(tiposCausa.activo, true)).orderBy(asc(tiposCausa.orden), asc(tiposCausa.id)),
  ]);
  let partes: Catalogos['partes'];
  if (estudioId !== undefined) {
    const [estudio] = await db.select({ id: estudios.id }).from(estudios).where(eq(estudios.id, estudioId));
    if (!estudio) throw new AppError('BAD_REQUEST', m.estudioInvalido, { errors: { estudio: [m.estudioInvalido] } });
    partes = await db
      .select({ id: partesDemandantes.id, nombre: partesDemandantes.nombre })
      .from(partesDemandantes)
      .where(and(eq(partesDemandantes.estudioId, estudioId), eq(partesDemandantes.activo, true)));
  }
  const [uf, historial] = await Promise.all([ufGuardada(control), mapaValoresUf(db)]);
  // The receiver's history (valores_uf: the indicators' daily values and those entered by hand) first, then the cache's day.
  const valorUf = (fecha: string) => historial.get(fecha) ?? (uf && uf.fecha === fecha ? uf.valor : null);
  return { tribunales: listaTribunales, tiposCausa: listaTipos, ...(partes ? { partes } : {}), valorUf };
}

/**
 * Reads the files: the text layer of every page, OCR (queued, one document at a time per process) for
 * the pages without one, then the rules. Progress goes to `onProgreso`.
 */
export async function leerArchivos(archivos: readonly ArchivoLectura[], catalogos: Catalogos, opciones: OpcionesLectura = {}): Promise<LecturaDocumentosResponse> {
  const motor = opciones.motor ?? (motorPorDefecto ??= crearMotorTesseract());
  const cola = opciones.cola ?? colaOcr;
  const paginas: PaginaLeida[] = [];
  const advertencias: string[] = [];
  const documentos: LecturaDocumentosResponse['documentos'] = {};
  let sinOcrAvisado = false;

  for (const [indice, archivo] of archivos.entries()) {
    const avance = (fraccion: number) => Math.min(1, (indice + fraccion) / archivos.length);
    await conArchivoTemporal(archivo.contenido, async (ruta, dir) => {
      let texto;
      try {
        texto = await leerTextoPdf(ruta);
      } catch (error) {
        if (error instanceof PdfIlegibleError) {
          throw new AppError('BAD_REQUEST', m.pdfIlegible(archivo.documento), { errors: { [archivo.documento]: [m.pdfIlegible(archivo.documento)] } });
        }
        throw error;
      }
      const total = texto.paginas.length;
      opciones.onProgreso?.({ tipo: 'progreso', documento: archivo.documento, etapa: 'texto', pagina: total, paginas: total, avance: avance(0.05) });
      if (texto.total > LECTURA_MAX_PAGINAS) advertencias.push(m.demasiadasPaginas(archivo.documento, LECTURA_MAX_PAGINAS));
      const escaneadas: number[] = [];
      texto.paginas.forEach((contenido, i) => {
        if (tieneTexto(contenido)) paginas.push({ documento: archivo.documento, pagina: i + 1, texto: contenido, ocr: false });
        else escaneadas.push(i + 1);
      });
      documentos[archivo.documento] = { paginas: texto.total, paginas_ocr: 0 };
      if (escaneadas.length === 0) return;
      if (!(await motor.disponible())) {
        if (!sinOcrAvisado) advertencias.push(m.sinOcr);
        sinOcrAvisado = true;
        return;
      }
      const leidas = await cola.ejecutar(
        async () => {
          const out: PaginaLeida[] = [];
          for (const [n, pagina] of escaneadas.entries()) {
            opciones.onProgreso?.({ tipo: 'progreso', documento: archivo.documento, etapa: 'ocr', pagina, paginas: total, avance: avance(0.05 + (0.95 * n) / escaneadas.length) });
            try {
              out.push({ documento: archivo.documento, pagina, texto: await motor.leerPagina(ruta, dir, pagina), ocr: true });
            } catch {
              advertencias.push(m.ocrFallido(archivo.documento, pagina));
            }
          }
          return out;
        },
        () => opciones.onProgreso?.({ tipo: 'progreso', documento: archivo.documento, etapa: 'en_cola', pagina: 0, paginas: total, avance: avance(0.05) }),
      );
      paginas.push(...leidas);
      documentos[archivo.documento] = { paginas: texto.total, paginas_ocr: leidas.length };
    });
  }
  paginas.sort((a, b) => (a.documento === b.documento ? a.pagina - b.pagina : a.documento === 'demanda' ? -1 : 1));
  const resultado = leerDocumentos(paginas, catalogos);
  return { ...resultado, advertencias: [...advertencias, ...resultado.advertencias], documentos };
}
