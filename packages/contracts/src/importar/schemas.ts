import { z } from 'zod';

/**
 * Importing assignments from a spreadsheet (issue 41 §2): the template's columns (Nuevo Encargo's
 * fields with the spec's Spanish names, up to three addresses a row), the preview of an upload and
 * the confirmation. The rules of each row are EncargoCreateSchema's.
 */

export const IMPORTAR_MAX_FILAS = 20_000;
export const IMPORTAR_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORTAR_ZIP_MAX_BYTES = 200 * 1024 * 1024;
export const IMPORTAR_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORTAR_ZIP_MAX_RELACION = 100;
export const IMPORTAR_ZIP_MAX_ENTRADAS = 50_000;
export const IMPORTAR_DOMICILIOS = 3;

export interface ImportarColumna {
  campo: string;
  titulo: string;
  ayuda: string;
  requerida: boolean;
}

const domicilio = (i: number): ImportarColumna[] => [
  { campo: `direccion_${i}`, titulo: `Dirección ${i}`, ayuda: i === 1 ? 'Domicilio principal del demandado' : 'Otro domicilio (opcional)', requerida: i === 1 },
  { campo: `comuna_${i}`, titulo: `Comuna ${i}`, ayuda: 'Una de las 346 comunas de Chile', requerida: i === 1 },
  { campo: `ciudad_${i}`, titulo: `Ciudad ${i}`, ayuda: 'Ciudad del domicilio', requerida: i === 1 },
];

/** The template's columns, in order (spec 01 §2 Nuevo Encargo; the firm is chosen once for the file). */
export const IMPORTAR_COLUMNAS: readonly ImportarColumna[] = [
  { campo: 'fecha_encargo', titulo: 'Fecha encargo', ayuda: 'dd/mm/aaaa; vacía: hoy', requerida: false },
  { campo: 'parte_demandante', titulo: 'Parte demandante', ayuda: 'Nombre de una parte demandante del estudio', requerida: true },
  { campo: 'tribunal', titulo: 'Tribunal', ayuda: 'Nombre del tribunal, tal como en su lista', requerida: true },
  { campo: 'numero_rol', titulo: 'Número de rol', ayuda: 'Ej: C-1234-2025', requerida: true },
  { campo: 'tipo_causa', titulo: 'Tipo de causa', ayuda: 'Nombre de la lista', requerida: true },
  { campo: 'tipo_encargo', titulo: 'Tipo de encargo', ayuda: 'Nombre de la lista', requerida: true },
  { campo: 'partes', titulo: 'Partes', ayuda: 'Ej: Banco X con Y', requerida: true },
  { campo: 'fecha_retiro', titulo: 'Fecha de retiro', ayuda: 'dd/mm/aaaa', requerida: true },
  { campo: 'fecha_demanda', titulo: 'Fecha de la demanda', ayuda: 'dd/mm/aaaa', requerida: true },
  { campo: 'fecha_resolucion', titulo: 'Fecha de la resolución', ayuda: 'dd/mm/aaaa', requerida: true },
  { campo: 'cuantia', titulo: 'Cuantía', ayuda: 'Pesos, sin decimales (ej: 1.850.000)', requerida: true },
  { campo: 'rut_ejecutado', titulo: 'RUT del demandado', ayuda: 'Ej: 12345678-5 (con o sin puntos)', requerida: true },
  { campo: 'rut_representante_legal', titulo: 'RUT del representante legal', ayuda: 'Opcional', requerida: false },
  { campo: 'numero_operacion', titulo: 'Número de operación', ayuda: 'Opcional: código interno del cliente', requerida: false },
  { campo: 'ejecutados', titulo: 'Ejecutados', ayuda: 'Nombres de los demandados', requerida: true },
  ...domicilio(1),
  ...domicilio(2),
  ...domicilio(3),
  { campo: 'fecha_comparendo', titulo: 'Fecha comparendo', ayuda: 'Opcional: dd/mm/aaaa hh:mm', requerida: false },
  { campo: 'fecha_prueba', titulo: 'Fecha prueba', ayuda: 'Opcional: dd/mm/aaaa hh:mm', requerida: false },
  { campo: 'observaciones_encargo', titulo: 'Observaciones', ayuda: 'Máximo 30 caracteres', requerida: true },
  { campo: 'estado_especial', titulo: 'Estado especial', ayuda: 'Opcional, máximo 30 caracteres', requerida: false },
];

export const IMPORTAR_CAMPOS = IMPORTAR_COLUMNAS.map((c) => c.campo);

/** A header as compared: lower case, no accents, signs and spaces as one underscore. */
export function claveEncabezado(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/n[°º]/g, 'numero')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const ALIAS: Record<string, string> = {
  rol: 'numero_rol',
  numero_de_rol: 'numero_rol',
  numero_rol: 'numero_rol',
  rut_demandado: 'rut_ejecutado',
  rut_ejecutado: 'rut_ejecutado',
  observaciones: 'observaciones_encargo',
  direccion: 'direccion_1',
  comuna: 'comuna_1',
  ciudad: 'ciudad_1',
};

/** The field a header names (its title, its field name or a common alias), else undefined. */
export function campoDeEncabezado(texto: string): string | undefined {
  const clave = claveEncabezado(texto);
  if (!clave) return undefined;
  for (const columna of IMPORTAR_COLUMNAS) {
    if (claveEncabezado(columna.titulo) === clave || columna.campo === clave) return columna.campo;
  }
  return ALIAS[clave];
}

/** Unknown header → field ('' leaves the column unused). */
export const ImportarMapeoSchema = z.record(
  z.string().max(200, { error: 'Encabezado demasiado largo' }),
  z.union([z.enum(IMPORTAR_CAMPOS as [string, ...string[]]), z.literal('')], { error: 'Campo inválido' }),
  { error: 'El mapeo de columnas no es válido' },
);
export type ImportarMapeo = z.infer<typeof ImportarMapeoSchema>;

export const ImportarDocumentoSchema = z.object({ campo: z.string(), nombre: z.string(), bytes: z.number().int() });

export const ImportarFilaSchema = z.object({
  n: z.number().int(),
  valores: z.record(z.string(), z.string()),
  errores: z.record(z.string(), z.array(z.string())),
  duplicado: z.enum(['base', 'archivo']).nullable(),
  documentos: z.array(ImportarDocumentoSchema),
  /** After confirmation: the assignment (office) or request (portal) created from the row. */
  encargo_id: z.number().int().nullable(),
  solicitud_id: z.number().int().nullable(),
  motivo: z.string().nullable(),
});
export type ImportarFila = z.infer<typeof ImportarFilaSchema>;

export const ImportarResumenSchema = z.object({
  total: z.number().int(),
  listas: z.number().int(),
  con_errores: z.number().int(),
  duplicados: z.number().int(),
  documentos: z.number().int(),
  creadas: z.number().int(),
  confirmada: z.boolean(),
});
export type ImportarResumen = z.infer<typeof ImportarResumenSchema>;

export const ImportarPreviewSchema = z.object({
  id: z.string().uuid(),
  archivo: z.string(),
  estudio: z.object({ id: z.number().int(), nombre: z.string() }),
  columnas: z.object({
    reconocidas: z.array(z.object({ encabezado: z.string(), campo: z.string() })),
    desconocidas: z.array(z.string()),
  }),
  documentos_sin_fila: z.array(z.string()),
  filas: z.array(ImportarFilaSchema),
  resumen: ImportarResumenSchema,
});
export type ImportarPreview = z.infer<typeof ImportarPreviewSchema>;

/** Any text: an id that is not one of this caller's imports (a UUID) is 404, like any other id. */
export const ImportarIdParamSchema = z.object({
  id: z.string({ error: 'Importación no encontrada' }).max(100, { error: 'Importación no encontrada' }),
});

export const IMPORTACION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ImportarConfirmarSchema = z
  .strictObject(
    {
      filas: z
        .array(z.number({ error: 'Número de fila inválido' }).int({ error: 'Número de fila inválido' }).min(1, { error: 'Número de fila inválido' }), {
          error: 'Las filas deben ser una lista de números',
        })
        .max(20_000, { error: 'Demasiadas filas' })
        .optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Campo desconocido: ${String(issue.keys?.[0] ?? '').slice(0, 40)}` : 'Cuerpo inválido') },
  )
  .default({});
export type ImportarConfirmar = z.infer<typeof ImportarConfirmarSchema>;

export const ImportarConfirmarResponseSchema = z.object({
  id: z.string().uuid(),
  creadas: z.number().int(),
  omitidas: z.number().int(),
  resumen: ImportarResumenSchema,
});
