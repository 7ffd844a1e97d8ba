import { createGlobalTheme, createGlobalThemeContract, globalStyle } from '@vanilla-extract/css'
import { COLOURS, FONTS, kebab, lightDark, RADII, SEVERITIES, SPACES, type ColourPair } from './palette'

/**
 * The theme contract: every colour, font, radius and spacing the kit uses, as stable
 * `--trust-*` custom properties so host pages can theme embedded widgets (architecture
 * §Two flavours). Defaults are declared on `:root` (the site) and `:host` (shadow roots of
 * drop-in widgets); a host page's own declaration on the element wins over `:host`. Values, with
 * a light and a dark value per colour, are in ./palette.ts.
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      bg: 'color-bg',
      surface: 'color-surface',
      surfaceAlt: 'color-surface-alt',
      text: 'color-text',
      muted: 'color-muted',
      border: 'color-border',
      accent: 'color-accent',
      accentText: 'color-accent-text',
      focus: 'color-focus',
      link: 'color-link',
      header: 'color-header',
      headerText: 'color-header-text',
    },
    severity: {
      disruption: 'severity-disruption',
      degradation: 'severity-degradation',
      informational: 'severity-informational',
      operational: 'severity-operational',
      maintenance: 'severity-maintenance',
    },
    font: {
      body: 'font-body',
      mono: 'font-mono',
    },
    radius: { sm: 'radius-sm', md: 'radius-md' },
    space: { xs: 'space-xs', sm: 'space-sm', md: 'space-md', lg: 'space-lg', xl: 'space-xl' },
  },
  (_value, path) => `trust-${kebab(path.join('-'))}`,
)

const mapPairs = <K extends string>(pairs: Record<K, ColourPair>) =>
  Object.fromEntries(Object.entries<ColourPair>(pairs).map(([k, v]) => [k, lightDark(v)])) as Record<K, string>

const theme = {
  color: mapPairs(COLOURS),
  severity: mapPairs(SEVERITIES),
  font: FONTS,
  radius: RADII,
  space: SPACES,
}

/*
 * Colours are `light-dark()` pairs, resolved by the `color-scheme` where they are used. The site
 * sets its document's from the visitor's theme (styles/global.css.ts: system by default); a host
 * page of the React flavour keeps its own (`normal`: light); a drop-in's shadow host follows the
 * visitor's `prefers-color-scheme`, and `theme="dark"` / `theme="light"` on the element forces
 * one (a page's own rule on the element wins over `:host`, which is how the site's drop-ins
 * follow its choice). `widgetRoot` re-inherits `color-scheme` after its `all: initial`.
 */
createGlobalTheme(':root, :host', vars, theme)
globalStyle(':host', { display: 'block', colorScheme: 'light dark' })
globalStyle(':host([hidden])', { display: 'none' })
globalStyle(':host([theme="dark"])', { colorScheme: 'dark' })
globalStyle(':host([theme="light"])', { colorScheme: 'light' })
