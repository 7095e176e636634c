import type { ComboboxData } from '@mantine/core';
import { COMUNAS } from '@receptoria/contracts';
import { formMessages } from './messages';

const SUGERIDAS = new Set<string>(COMUNAS);

/**
 * Select options for a comuna: the spec's 16 as suggestions, then every other comuna of the list; a
 * stored value that is not in the list (an older free text) stays offered, first, so editing keeps it.
 */
export function comunaOptions(names: readonly string[], current?: string | null): ComboboxData {
  const frecuentes = names.filter((name) => SUGERIDAS.has(name));
  const otras = names.filter((name) => !SUGERIDAS.has(name));
  if (current && !names.includes(current)) frecuentes.unshift(current);
  if (otras.length === 0) return frecuentes;
  return [
    { group: formMessages.comunasFrecuentes, items: frecuentes },
    { group: formMessages.comunasTodas, items: otras },
  ];
}
