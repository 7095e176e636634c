import { z } from 'zod';
import { COMUNAS } from '../format/lists';
import { foldText } from '../format/text';
import { COMUNAS_POR_REGION } from './datos';

export { COMUNAS_POR_REGION } from './datos';

export const comunaMessages = {
  noOficial: (nombre: string) => `La comuna "${nombre.slice(0, 100)}" no está en el listado de comunas de Chile`,
} as const;

/** Number of comunas of Chile (CUT 2018, with the Región de Ñuble). */
export const TOTAL_COMUNAS = 346;

/** GET /encargos/comunas/ row: the official comuna with its CUT code, province and region. */
export const ComunaSchema = z.object({
  codigo: z.string().regex(/^\d{5}$/),
  nombre: z.string(),
  provincia: z.string(),
  region: z.string(),
});
export type Comuna = z.infer<typeof ComunaSchema>;

/** Every comuna of Chile, in CUT code order. */
export const COMUNAS_CHILE: readonly Comuna[] = COMUNAS_POR_REGION.flatMap(([region, provincias]) =>
  provincias.flatMap(([provincia, comunas]) => comunas.map(([codigo, nombre]) => ({ codigo, nombre, provincia, region }))),
);

/** Lower case, no accents, punctuation as spaces: 'Llay-Llay' and 'llay llay' are one key. */
export function claveComuna(nombre: string): string {
  return foldText(nombre)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Spellings in common use that name an official comuna. */
const ALIAS: Readonly<Record<string, string>> = {
  paihuano: 'Paiguano',
  marchigue: 'Marchihue',
  coihaique: 'Coyhaique',
  aisen: 'Aysén',
  'til til': 'Tiltil',
  'llay llay': 'Llaillay',
  trehuaco: 'Treguaco',
  calera: 'La Calera',
  'puerto natales': 'Natales',
  'santiago centro': 'Santiago',
};

const POR_CLAVE = new Map(COMUNAS_CHILE.map((comuna) => [claveComuna(comuna.nombre), comuna]));
for (const [alias, nombre] of Object.entries(ALIAS)) {
  const comuna = POR_CLAVE.get(claveComuna(nombre));
  if (comuna && !POR_CLAVE.has(alias)) POR_CLAVE.set(alias, comuna);
}
const POR_CODIGO = new Map(COMUNAS_CHILE.map((comuna) => [comuna.codigo, comuna]));

/** The official comuna a name designates, ignoring case, accents and common variants; undefined when none. */
export function comunaOficial(nombre: string | null | undefined): Comuna | undefined {
  return nombre ? POR_CLAVE.get(claveComuna(nombre)) : undefined;
}

export function comunaPorCodigo(codigo: string): Comuna | undefined {
  return POR_CODIGO.get(codigo);
}

/** The official spelling of a comuna name; any other text is returned trimmed, as typed. */
export function nombreComunaOficial(nombre: string): string {
  return comunaOficial(nombre)?.nombre ?? nombre.trim();
}

const SUGERIDAS = new Set<string>(COMUNAS);

/** The spec's 16 comunas first (in their order, as suggestions), then the other 330 in Spanish order. */
export const COMUNAS_ORDENADAS: readonly Comuna[] = [
  ...COMUNAS.map((nombre) => POR_CLAVE.get(claveComuna(nombre))).filter((comuna): comuna is Comuna => Boolean(comuna)),
  ...COMUNAS_CHILE.filter((comuna) => !SUGERIDAS.has(comuna.nombre)).sort((a, b) =>
    a.nombre.localeCompare(b.nombre, 'es', { sensitivity: 'base' }),
  ),
];

/** Comunas whose name contains `texto` (case and accents ignored), suggestions first; all for an empty text. */
export function buscarComunas(texto: string | null | undefined): Comuna[] {
  const wanted = claveComuna(texto ?? '');
  if (!wanted) return [...COMUNAS_ORDENADAS];
  const alias = POR_CLAVE.get(wanted);
  return COMUNAS_ORDENADAS.filter((comuna) => claveComuna(comuna.nombre).includes(wanted) || comuna === alias);
}

/** GET /encargos/comunas/?q — an optional search text. */
export const ComunasQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ error: 'Texto de búsqueda inválido' }).max(100, { error: 'Máximo 100 caracteres' }).optional(),
  ),
});
