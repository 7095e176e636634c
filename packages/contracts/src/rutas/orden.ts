/** Spanish alphabetical order: Ñuñoa after Nogales, accents and case do not push a name to the end. */
const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

export const compararTextoEs = (a: string, b: string): number => collator.compare(a, b);

/** Comunas in Spanish order, each once. */
export function ordenarComunas(comunas: readonly string[]): string[] {
  return [...new Set(comunas)].sort(compararTextoEs);
}
