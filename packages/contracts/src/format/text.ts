/** Text folded for searching: no accents or tildes, lower case ('Ñuñoa' → 'nunoa', 'Maipú' → 'maipu'). */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** True when `text` contains `search`, ignoring case and accents. */
export function includesFolded(text: string, search: string): boolean {
  return foldText(text).includes(foldText(search));
}
