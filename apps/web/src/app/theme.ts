import { type BadgeProps, createTheme, type MantineColorsTuple } from '@mantine/core';
import { accentInsensitiveFilter } from '../components/form/accent-filter';

const brand: MantineColorsTuple = [
  '#eaf2fb',
  '#d3e1f2',
  '#a5c1e6',
  '#739fd9',
  '#4b82ce',
  '#3270c8',
  '#2466c6',
  '#1756af',
  '#0c4c9d',
  '#00408b',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    // A badge is as wide as its text: Mantine's inline grid measures some labels a few pixels short
    // (in table cells above all) and cuts them ('ACTI…'); an inline flex box measures them right, and
    // beside a long text in a row it keeps its width. Free-text badges wrap instead (wrapping-badge.ts).
    Badge: {
      styles: (_theme: unknown, props: BadgeProps) =>
        props.circle || props.fullWidth ? {} : { root: { display: 'inline-flex', flexShrink: 0 } },
    },
    // Every searchable list ignores case and accents: 'nunoa' finds Ñuñoa, 'maipu' finds Maipú.
    // Plain objects, not Select.extend(…): referencing the components here would put them and
    // their dropdown code in the login page's bundle (`.extend` only returns its argument).
    // Every icon button is a target of at least 24×24 px (WCAG 2.2, 2.5.8 target size), whatever size a
    // screen asks for; the icon stays centred.
    ActionIcon: { styles: { root: { minWidth: 'calc(1.5rem * var(--mantine-scale))', minHeight: 'calc(1.5rem * var(--mantine-scale))' } } },
    CloseButton: { styles: { root: { minWidth: 'calc(1.5rem * var(--mantine-scale))', minHeight: 'calc(1.5rem * var(--mantine-scale))' } } },
    Select: { defaultProps: { filter: accentInsensitiveFilter } },
    MultiSelect: { defaultProps: { filter: accentInsensitiveFilter } },
    Autocomplete: { defaultProps: { filter: accentInsensitiveFilter } },
    TagsInput: { defaultProps: { filter: accentInsensitiveFilter } },
  },
});
