import { Badge, type CSSVariablesResolver, Notification, createTheme } from '@mantine/core';

/**
 * Calm and dense: an operations tool used all day. The darker primary shade and dimmed
 * text keep every text at a contrast of at least 4.5:1 (WCAG AA) on both skins.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans CJK JP", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-text)' } } }),
    // A badge's word is never cut short ("Critic…", "重"): its box is as wide as its word, so a
    // table's column grows to it instead of squeezing it, in every language.
    Badge: Badge.extend({
      styles: { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible', textOverflow: 'clip' } },
    }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
