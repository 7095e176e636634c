import type { ComboboxParsedItem, ComboboxParsedItemGroup, OptionsFilter } from '@mantine/core';
import { foldText } from '@receptoria/contracts';

function isGroup(item: ComboboxParsedItem): item is ComboboxParsedItemGroup {
  return 'group' in item;
}

/** Select filter that ignores case and accents: 'nunoa' finds Ñuñoa, 'maipu' finds Maipú. */
export const accentInsensitiveFilter: OptionsFilter = ({ options, search, limit }) => {
  const wanted = foldText(search);
  const result: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (result.length >= limit) break;
    if (isGroup(item)) {
      const items = item.items.filter((option) => foldText(option.label).includes(wanted));
      if (items.length) result.push({ group: item.group, items });
    } else if (foldText(item.label).includes(wanted)) {
      result.push(item);
    }
  }
  return result;
};
