import { COMUNAS_ORDENADAS, IMPORTAR_COLUMNAS, IMPORTAR_MAX_FILAS, type ImportarFila, importarMessages as m } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { asc, eq } from 'drizzle-orm';
import type { DataValidation } from 'exceljs';
import { cargarExcel } from '../../lib/lazy';

const { tribunales, tiposCausa, tiposEncargo, partesDemandantes } = tenantSchema;

export interface XlsxFile {
  filename: string;
  content: Buffer;
}

/** Rows of the template that carry the drop-down lists. */
const FILAS_CON_LISTAS = 2000;

const letra = (index: number) => {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

/**
 * The import template: sheet 'Encargos' (one row per assignment, Nuevo Encargo's fields with their
 * Spanish names, up to three addresses), drop-down lists of the receiver's courts, types and Chile's 346
 * comunas (and the firm's plaintiffs when a firm is given) kept on the hidden sheet 'Listas', and
 * 'Instrucciones'.
 */
export async function buildPlantillaXlsx(db: TenantDb, estudioId: number | undefined): Promise<XlsxFile> {
  const [t, c, e, p] = await Promise.all([
    db.select({ nombre: tribunales.nombre }).from(tribunales).where(eq(tribunales.activo, true)).orderBy(asc(tribunales.orden), asc(tribunales.nombre)),
    db.select({ nombre: tiposCausa.nombre }).from(tiposCausa).where(eq(tiposCausa.activo, true)).orderBy(asc(tiposCausa.orden), asc(tiposCausa.nombre)),
    db.select({ nombre: tiposEncargo.nombre }).from(tiposEncargo).where(eq(tiposEncargo.activo, true)).orderBy(asc(tiposEncargo.orden), asc(tiposEncargo.nombre)),
    estudioId === undefined
      ? Promise.resolve([] as Array<{ nombre: string }>)
      : db.select({ nombre: partesDemandantes.nombre }).from(partesDemandantes).where(eq(partesDemandantes.estudioId, estudioId)).orderBy(asc(partesDemandantes.nombre)),
  ]);
  const wb = new (await cargarExcel()).Workbook();
  wb.creator = 'Receptoría';
  const hoja = wb.addWorksheet('Encargos', { views: [{ state: 'frozen', ySplit: 1 }] });
  const instrucciones = wb.addWorksheet('Instrucciones');
  const listas = wb.addWorksheet('Listas', { state: 'hidden' });

  hoja.columns = IMPORTAR_COLUMNAS.map((col) => ({ header: col.titulo, key: col.campo, width: Math.max(14, col.titulo.length + 4) }));
  hoja.getRow(1).font = { bold: true };
  IMPORTAR_COLUMNAS.forEach((col, i) => {
    hoja.getCell(1, i + 1).note = `${col.requerida ? 'Obligatorio. ' : ''}${col.ayuda}`;
  });

  const columnasListas: Array<[string, string[]]> = [
    ['Tribunales', t.map((r) => r.nombre)],
    ['Tipos de causa', c.map((r) => r.nombre)],
    ['Tipos de encargo', e.map((r) => r.nombre)],
    ['Comunas', COMUNAS_ORDENADAS.map((r) => r.nombre)],
    ['Partes demandantes', p.map((r) => r.nombre)],
  ];
  const rangos = new Map<string, string>();
  columnasListas.forEach(([titulo, valores], i) => {
    const col = letra(i);
    listas.getCell(`${col}1`).value = titulo;
    valores.forEach((v, j) => {
      listas.getCell(`${col}${j + 2}`).value = v;
    });
    if (valores.length > 0) rangos.set(titulo, `Listas!$${col}$2:$${col}$${valores.length + 1}`);
  });

  const validar = (campo: string, lista: string) => {
    const rango = rangos.get(lista);
    const index = IMPORTAR_COLUMNAS.findIndex((col) => col.campo === campo);
    if (!rango || index < 0) return;
    const col = letra(index);
    // ExcelJS writes a range's list validation once (its typings omit `dataValidations`).
    (hoja as unknown as { dataValidations: { add(range: string, v: DataValidation): void } }).dataValidations.add(`${col}2:${col}${FILAS_CON_LISTAS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [rango],
      showErrorMessage: true,
      errorStyle: 'warning',
      errorTitle: lista,
      error: `Elija un valor de la lista de ${lista.toLowerCase()}.`,
    });
  };
  validar('tribunal', 'Tribunales');
  validar('tipo_causa', 'Tipos de causa');
  validar('tipo_encargo', 'Tipos de encargo');
  validar('comuna_1', 'Comunas');
  validar('comuna_2', 'Comunas');
  validar('comuna_3', 'Comunas');
  validar('parte_demandante', 'Partes demandantes');

  instrucciones.columns = [{ width: 34 }, { width: 90 }];
  const lineas: Array<[string, string]> = [
    ['Importar encargos', ''],
    ['Una fila por encargo', 'Complete la hoja "Encargos": una fila por encargo, desde la fila 2. No cambie los nombres de las columnas.'],
    ['Estudio jurídico', 'Se elige al subir la planilla; todas las filas son de ese estudio.'],
    ['Domicilios', 'Hasta tres domicilios por fila (Dirección, Comuna y Ciudad 1 a 3); el 1 es el principal y es obligatorio.'],
    ['Listas', 'Tribunal, tipo de causa, tipo de encargo, comuna y parte demandante se eligen de las listas desplegables.'],
    ['Fechas', 'dd/mm/aaaa (comparendo y prueba: dd/mm/aaaa hh:mm). Fecha encargo vacía: la fecha de hoy.'],
    ['RUT', 'Con o sin puntos, con guion y dígito verificador (ej: 12.345.678-5). Se revisa el dígito verificador.'],
    ['Cuantía', 'En pesos, sin decimales (ej: 1.850.000).'],
    ['Documentos', 'Opcional: un .zip con los PDF nombrados por rol, por ejemplo C-1234-2025_demanda.pdf y C-1234-2025_resolucion.pdf.'],
    ['Duplicados', 'Una fila con el mismo rol y tribunal que un encargo existente no se crea; si se repite en la planilla, se crea solo la primera.'],
    ['Límites', `Hasta ${IMPORTAR_MAX_FILAS.toLocaleString('es-CL')} filas y 20 MB por planilla; el .zip hasta 200 MB descomprimido y 10 MB por PDF.`],
    ['Fórmulas y macros', 'No se ejecutan: se lee el valor guardado en cada celda. Una planilla con vínculos a otros libros se rechaza.'],
    ['Formato .csv', 'También se acepta .csv separado por ";" o ",", en UTF-8 o Windows-1252, con la misma fila de encabezados.'],
  ];
  lineas.forEach(([a, b], i) => {
    instrucciones.getCell(i + 1, 1).value = a;
    instrucciones.getCell(i + 1, 2).value = b;
    instrucciones.getCell(i + 1, 1).font = { bold: true };
  });
  instrucciones.getCell(1, 1).font = { bold: true, size: 14 };

  const content = Buffer.from(await wb.xlsx.writeBuffer());
  return { filename: 'plantilla_encargos.xlsx', content };
}

/** The outcome of an import: each row, what became of it (assignment or request id) or why not. */
export async function buildResultadoXlsx(filas: ImportarFila[], origen: string, confirmada: boolean): Promise<XlsxFile> {
  const wb = new (await cargarExcel()).Workbook();
  wb.creator = 'Receptoría';
  const hoja = wb.addWorksheet('Resultado', { views: [{ state: 'frozen', ySplit: 1 }] });
  const portal = origen === 'portal';
  hoja.columns = [
    { header: 'Fila', key: 'n', width: 8 },
    { header: 'Número de rol', key: 'rol', width: 18 },
    { header: 'Tribunal', key: 'tribunal', width: 34 },
    { header: 'Resultado', key: 'resultado', width: 22 },
    { header: portal ? 'N° solicitud' : 'N° encargo', key: 'id', width: 14 },
    { header: 'Motivo', key: 'motivo', width: 70 },
  ];
  hoja.getRow(1).font = { bold: true };
  for (const f of filas) {
    const creado = f.encargo_id ?? f.solicitud_id;
    const errores = Object.entries(f.errores).flatMap(([campo, mensajes]) => mensajes.map((msg) => `${campo}: ${msg}`));
    let resultado: string;
    let motivo: string;
    if (creado !== null) {
      resultado = portal ? m.enviada : m.creado;
      motivo = '';
    } else if (errores.length > 0) {
      resultado = 'No creado';
      motivo = errores.join('; ');
    } else if (f.duplicado) {
      resultado = 'No creado';
      motivo = f.motivo ?? m.duplicadoBase;
    } else {
      resultado = 'No creado';
      motivo = f.motivo && f.motivo !== m.creado ? f.motivo : confirmada ? m.noElegida : 'Pendiente de confirmar';
    }
    hoja.addRow({ n: f.n, rol: f.valores.numero_rol ?? '', tribunal: f.valores.tribunal ?? '', resultado, id: creado, motivo });
  }
  return { filename: 'resultado_importacion.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) };
}
