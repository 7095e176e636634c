import { COMUNAS } from '../format/lists';
import { foldText } from '../format/text';
import { COMUNAS_POR_REGION } from './datos';
import type { Comuna } from './schema';

export { COMUNAS_POR_REGION } from './datos';
export * from './schema';

/** Every comuna of Chile, in CUT code order. */
export const COMUNAS_CHILE: readonly Comuna[] = /* @__PURE__ */ COMUNAS_POR_REGION.flatMap(([region, provincias]) =>
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

let porClave: Map<string, Comuna> | undefined;
let porCodigo: Map<string, Comuna> | undefined;

/** Name keys (official names and aliases) → comuna, built on first use. */
function indicePorClave(): Map<string, Comuna> {
  if (!porClave) {
    porClave = new Map(COMUNAS_CHILE.map((comuna) => [claveComuna(comuna.nombre), comuna]));
    for (const [alias, nombre] of Object.entries(ALIAS)) {
      const comuna = porClave.get(claveComuna(nombre));
      if (comuna && !porClave.has(alias)) porClave.set(alias, comuna);
    }
  }
  return porClave;
}

/** The official comuna a name designates, ignoring case, accents and common variants; undefined when none. */
export function comunaOficial(nombre: string | null | undefined): Comuna | undefined {
  return nombre ? indicePorClave().get(claveComuna(nombre)) : undefined;
}

export function comunaPorCodigo(codigo: string): Comuna | undefined {
  porCodigo ??= new Map(COMUNAS_CHILE.map((comuna) => [comuna.codigo, comuna]));
  return porCodigo.get(codigo);
}

/** The official spelling of a comuna name; any other text is returned trimmed, as typed. */
export function nombreComunaOficial(nombre: string): string {
  return comunaOficial(nombre)?.nombre ?? nombre.trim();
}

const SUGERIDAS = /* @__PURE__ */ new Set<string>(COMUNAS);

/** The spec's 16 comunas first (in their order, as suggestions), then the other 330 in Spanish order. */
export const COMUNAS_ORDENADAS: readonly Comuna[] = /* @__PURE__ */ (() => [
  ...COMUNAS.map((nombre) => COMUNAS_CHILE.find((comuna) => comuna.nombre === nombre)).filter((comuna): comuna is Comuna => Boolean(comuna)),
  ...COMUNAS_CHILE.filter((comuna) => !SUGERIDAS.has(comuna.nombre)).sort((a, b) =>
    a.nombre.localeCompare(b.nombre, 'es', { sensitivity: 'base' }),
  ),
])();

/** Comunas whose name contains `texto` (case and accents ignored), suggestions first; all for an empty text. */
export function buscarComunas(texto: string | null | undefined): Comuna[] {
  const wanted = claveComuna(texto ?? '');
  if (!wanted) return [...COMUNAS_ORDENADAS];
  const alias = indicePorClave().get(wanted);
  return COMUNAS_ORDENADAS.filter((comuna) => claveComuna(comuna.nombre).includes(wanted) || comuna === alias);
}
