import type { ComboboxParsedItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accentInsensitiveFilter } from './accent-filter';

const comunas: ComboboxParsedItem[] = ['Ñuñoa', 'Maipú', 'Providencia', 'Peñalolén', 'Conchalí', 'Santiago'].map((label) => ({
  value: label,
  label,
}));
const labels = (items: ComboboxParsedItem[]) =>
  items.map((item) => ('group' in item ? `${item.group}: ${item.items.map((option) => option.label).join(', ')}` : item.label));

describe('accentInsensitiveFilter', () => {
  it('finds Ñuñoa by nunoa and Maipú by maipu', () => {
    expect(labels(accentInsensitiveFilter({ options: comunas, search: 'nunoa', limit: 10 }))).toEqual(['Ñuñoa']);
    expect(labels(accentInsensitiveFilter({ options: comunas, search: 'maipu', limit: 10 }))).toEqual(['Maipú']);
  });

  it('ignores case, accents typed by the user and surrounding blanks', () => {
    expect(labels(accentInsensitiveFilter({ options: comunas, search: '  PEÑALOLÉN ', limit: 10 }))).toEqual(['Peñalolén']);
    expect(labels(accentInsensitiveFilter({ options: comunas, search: 'conchali', limit: 10 }))).toEqual(['Conchalí']);
  });

  it('matches inside the label and keeps the list order', () => {
    expect(labels(accentInsensitiveFilter({ options: comunas, search: 'an', limit: 10 }))).toEqual(['Santiago']);
    expect(labels(accentInsensitiveFilter({ options: comunas, search: 'al', limit: 10 }))).toEqual(['Peñalolén', 'Conchalí']);
  });

  it('an empty search keeps every option, up to the limit', () => {
    expect(accentInsensitiveFilter({ options: comunas, search: '', limit: 10 })).toHaveLength(6);
    expect(labels(accentInsensitiveFilter({ options: comunas, search: '', limit: 2 }))).toEqual(['Ñuñoa', 'Maipú']);
  });

  it('filters inside groups and drops groups left empty', () => {
    const grouped: ComboboxParsedItem[] = [
      { group: 'Santiago', items: [{ value: 'nunoa', label: 'Ñuñoa' }, { value: 'maipu', label: 'Maipú' }] },
      { group: 'Valparaíso', items: [{ value: 'vina', label: 'Viña del Mar' }] },
    ];
    expect(labels(accentInsensitiveFilter({ options: grouped, search: 'nunoa', limit: 10 }))).toEqual(['Santiago: Ñuñoa']);
    expect(labels(accentInsensitiveFilter({ options: grouped, search: 'vina', limit: 10 }))).toEqual(['Valparaíso: Viña del Mar']);
  });

  it('finds nothing when no label holds the text', () => {
    expect(accentInsensitiveFilter({ options: comunas, search: 'arica', limit: 10 })).toEqual([]);
  });
});
