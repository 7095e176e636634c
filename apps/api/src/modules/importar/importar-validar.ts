import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  campoDeEncabezado,
  claveEncabezado,
  comunaMessages,
  comunaOficial,
  EncargoCreateSchema,
  type EncargoCreateValue,
  IMPORTAR_DOMICILIOS,
  type ImportarMapeo,
  importarMessages as m,
  todayIso,
} from '@receptoria/contracts';
import { normalizeRut } from '@receptoria/contracts';

/** The receiver's lists a row's names are matched against (accent-, case- and ordinal-insensitive). */
export interface Listas {
  tribunales: Map<string, number>;
  tiposCausa: Map<string, number>;
  tiposEncargo: Map<string, number>;
  partes: Map<string, number>;
}

export const claveNombre = (texto: string) => claveEncabezado(texto.replace(/[°º]/g, ''));

export interface FilaValidada {
  n: number;
  valores: Record<string, string>;
  errores: Record<string, string[]>;
  datos: EncargoCreateValue | null;
  /** Rol and court as compared for duplicates (null when either is missing). */
  clave: { rol: string; tribunal: number } | null;
}

/** Which column feeds which field: known headers, then the firm's mapping; the first column of a field wins. */
export function columnasDe(encabezados: string[], mapeo: ImportarMapeo) {
  const indices = new Map<string, number>();
  const reconocidas: Array<{ encabezado: string; campo: string }> = [];
  const desconocidas: string[] = [];
  encabezados.forEach((encabezado, index) => {
    if (!encabezado) return;
    const campo = encabezado in mapeo ? mapeo[encabezado] : campoDeEncabezado(encabezado);
    if (campo === '') return;
    if (!campo) {
      desconocidas.push(encabezado);
      return;
    }
    if (indices.has(campo)) return;
    indices.set(campo, index);
    reconocidas.push({ encabezado, campo });
  });
  return { indices, reconocidas, desconocidas };
}

/** dd/mm/aaaa, dd-mm-aaaa or aaaa-mm-dd → aaaa-mm-dd (other text is left for the schema to refuse). */
function fechaIso(texto: string): string {
  const t = texto.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return t;
}

/** dd/mm/aaaa hh:mm → aaaa-mm-dd hh:mm (Santiago wall time, as Nuevo Encargo reads it). */
function fechaHora(texto: string): string {
  const t = texto.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T]+(\d{1,2}):(\d{2}))?$/.exec(t);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')} ${(dmy[4] ?? '00').padStart(2, '0')}:${dmy[5] ?? '00'}`;
  return t;
}

/** A RUT typed with dots or spaces ('12.345.678-5') becomes 12345678-5; other text is left to be refused. */
function rut(texto: string): string {
  const t = texto.trim();
  return /^[\d.\s]+-?\s*[\dkK]$/.test(t) ? normalizeRut(t) : t;
}

function campoDeRuta(path: PropertyKey[]): string {
  const [first, index, field] = path;
  if (first === 'domicilios') {
    const i = typeof index === 'number' ? index + 1 : 1;
    return `${typeof field === 'string' ? field : 'direccion'}_${i}`;
  }
  return String(first ?? 'non_field_errors');
}

/**
 * One row with Nuevo Encargo's rules (EncargoCreateSchema and its messages): names of courts, types and
 * parties matched to the receiver's lists, the comunas to the official 346, dates as typed in Chile.
 */
export function validarFila(n: number, celdas: string[], indices: Map<string, number>, listas: Listas, estudioId: number): FilaValidada {
  const valores: Record<string, string> = {};
  for (const [campo, index] of indices) {
    const valor = (celdas[index] ?? '').trim();
    if (valor !== '') valores[campo] = valor.slice(0, 1000);
  }
  const errores: Record<string, string[]> = {};
  const add = (campo: string, mensaje: string) => (errores[campo] ??= []).push(mensaje);
  const relacion = (campo: string, lista: Map<string, number>, mensaje: (v: string) => string): number | undefined => {
    const valor = valores[campo];
    if (!valor) return undefined;
    const id = lista.get(claveNombre(valor)) ?? (/^\d+$/.test(valor) && [...lista.values()].includes(Number(valor)) ? Number(valor) : undefined);
    if (id === undefined) add(campo, mensaje(valor));
    return id;
  };
  const tribunal = relacion('tribunal', listas.tribunales, m.tribunalNoEncontrado);
  const tipoCausa = relacion('tipo_causa', listas.tiposCausa, m.tipoCausaNoEncontrado);
  const tipoEncargo = relacion('tipo_encargo', listas.tiposEncargo, m.tipoEncargoNoEncontrado);
  const parte = relacion('parte_demandante', listas.partes, m.parteNoEncontrada);

  const domicilios: Array<{ direccion: string; comuna: string; ciudad: string; es_principal: boolean }> = [];
  for (let i = 1; i <= IMPORTAR_DOMICILIOS; i += 1) {
    const direccion = valores[`direccion_${i}`] ?? '';
    const comuna = valores[`comuna_${i}`] ?? '';
    const ciudad = valores[`ciudad_${i}`] ?? '';
    if (i > 1 && !direccion && !comuna && !ciudad) continue;
    let oficial = comuna;
    if (comuna) {
      const found = comunaOficial(comuna);
      if (found) oficial = found.nombre;
      else add(`comuna_${i}`, comunaMessages.noOficial(comuna));
    }
    domicilios.push({ direccion, comuna: oficial, ciudad, es_principal: domicilios.length === 0 });
  }
  // The first address is required: with none typed, Nuevo Encargo's message names its fields.
  const input = {
    fecha_encargo: valores.fecha_encargo ? fechaIso(valores.fecha_encargo) : todayIso(),
    estudio_juridico: estudioId,
    parte_demandante: parte ?? (valores.parte_demandante ? 1 : undefined),
    tribunal: tribunal ?? (valores.tribunal ? 1 : undefined),
    numero_rol: valores.numero_rol,
    tipo_causa: tipoCausa ?? (valores.tipo_causa ? 1 : undefined),
    tipo_encargo: tipoEncargo ?? (valores.tipo_encargo ? 1 : undefined),
    partes: valores.partes,
    fecha_retiro: valores.fecha_retiro ? fechaIso(valores.fecha_retiro) : undefined,
    fecha_demanda: valores.fecha_demanda ? fechaIso(valores.fecha_demanda) : undefined,
    fecha_resolucion: valores.fecha_resolucion ? fechaIso(valores.fecha_resolucion) : undefined,
    cuantia: valores.cuantia,
    rut_ejecutado: valores.rut_ejecutado ? rut(valores.rut_ejecutado) : undefined,
    rut_representante_legal: valores.rut_representante_legal ? rut(valores.rut_representante_legal) : '',
    numero_operacion: valores.numero_operacion ?? '',
    ejecutados: valores.ejecutados,
    domicilios,
    fecha_comparendo: valores.fecha_comparendo ? fechaHora(valores.fecha_comparendo) : null,
    fecha_prueba: valores.fecha_prueba ? fechaHora(valores.fecha_prueba) : null,
    observaciones_encargo: valores.observaciones_encargo ?? '',
    estado_especial: valores.estado_especial ?? '',
  };
  const parsed = EncargoCreateSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const campo = campoDeRuta(issue.path);
      // A name not found in the lists already says why.
      if (errores[campo]) continue;
      add(campo, issue.message);
    }
  }
  const ok = parsed.success && Object.keys(errores).length === 0;
  const rol = parsed.success ? parsed.data.numero_rol : (valores.numero_rol ?? '').trim().toUpperCase();
  return {
    n,
    valores,
    errores,
    datos: ok ? parsed.data : null,
    clave: rol && tribunal !== undefined ? { rol, tribunal } : null,
  };
}

/** Every row, validated in slices so a 20,000-row sheet leaves the server answering other requests. */
export async function validarFilas(filas: string[][], indices: Map<string, number>, listas: Listas, estudioId: number): Promise<FilaValidada[]> {
  const out: FilaValidada[] = [];
  for (let i = 0; i < filas.length; i += 1) {
    out.push(validarFila(i + 1, filas[i]!, indices, listas, estudioId));
    if (i % 250 === 249) await yieldToLoop();
  }
  return out;
}
