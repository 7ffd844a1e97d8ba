/**
 * The kit's palette and default theme values, as plain data: `theme.css.ts` builds the
 * `--trust-*` custom properties from it, and scripts/manifest.ts lists {@link THEME_PROPERTIES}
 * on every element of `custom-elements.json`. Build-time only: no widget imports it at runtime.
 *
 * Every colour is a light/dark pair, emitted as `light-dark(light, dark)` and resolved by the
 * `color-scheme` where it is used: the site sets it on its document from the visitor's choice
 * (system by default, styles/global.css.ts), a drop-in's shadow host follows the visitor's
 * `prefers-color-scheme` (or its `theme` attribute), and a host page of the React components keeps
 * its own (`normal`: light). The dark values are a GitHub-dark-like palette; every severity keeps
 * ≥ 4.5:1 against the dark surfaces (text uses) and the light values are the kit's original ones.
 * test/unit/theming.test.ts checks every pair's contrast in both schemes.
 */

/** A colour of the contract: its light and its dark value. */
export type ColourPair = readonly [light: string, dark: string]

export const COLOURS = {
  bg: ['#f5f7fa', '#0d1117'],
  surface: ['#fff', '#161b22'],
  surfaceAlt: ['#eef2f7', '#21262d'],
  text: ['#1b2533', '#e6edf3'],
  muted: ['#556274', '#9198a1'],
  border: ['#d3dae4', '#3d444d'],
  accent: ['#0b5cad', '#58a6ff'],
  accentText: ['#fff', '#0d1117'],
  focus: ['#1a73e8', '#79c0ff'],
  link: ['#0b5cad', '#58a6ff'],
  header: ['#0f2740', '#010409'],
  headerText: ['#fff', '#e6edf3'],
} as const satisfies Record<string, ColourPair>

export const SEVERITIES = {
  disruption: ['#c62828', '#ff7b72'],
  degradation: ['#b26a00', '#d29922'],
  informational: ['#1565c0', '#58a6ff'],
  operational: ['#2e7d32', '#3fb950'],
  maintenance: ['#6a4fb3', '#bc8cff'],
} as const satisfies Record<string, ColourPair>

export const FONTS = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const

export const RADII = { sm: '4px', md: '8px' } as const

export const SPACES = { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' } as const

/** `light-dark(light,dark)` of a pair (no spaces: the CSS is inlined into every drop-in). */
export const lightDark = ([light, dark]: ColourPair): string => `light-dark(${light},${dark})`

/** A pressed subscribe star (timeline and subscriptions panel): amber, lighter on dark. */
export const STAR_PRESSED = lightDark(['#a15c00', '#d29922'])

/** The site's error box (sign-in, settings, the console's save errors): its ground and its text. */
export const ERROR_BOX = { background: ['#fdecea', '#3d1714'], text: ['#8e1c1c', '#ffb4ab'] } as const satisfies Record<string, ColourPair>

/** Where the home page's cloud banner gradient ends (it starts at `header`); darker in dark. */
export const BANNER_END: ColourPair = ['#1d4f80', '#143a5e']

/** `surfaceAlt` → `surface-alt` (custom property names from the theme's keys). */
export const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

const COLOUR_ROLES: Record<keyof typeof COLOURS, string> = {
  bg: 'Page background behind cards.',
  surface: 'Background of cards, tables, popovers and dialogs.',
  surfaceAlt: 'Background of table headers, tracks and other secondary areas.',
  text: 'Body text.',
  muted: 'Secondary text (hints, details, notes).',
  border: 'Borders and grid lines.',
  accent: 'Buttons, selected states and the gauge arc.',
  accentText: 'Text on an accent background.',
  focus: 'Focus rings.',
  link: 'Links.',
  header: 'Background of dark header bars.',
  headerText: 'Text on header bars.',
}

const SEVERITY_ROLES: Record<keyof typeof SEVERITIES, string> = {
  disruption: 'Service disruption (bars, icons, errors).',
  degradation: 'Service degradation and investigations.',
  informational: 'Informational issues.',
  operational: 'Operational, resolved and completed states.',
  maintenance: 'Scheduled maintenance.',
}

/** A custom property of the theme, as custom-elements-manifest `CssCustomProperty`. */
export interface ThemeProperty {
  name: string
  description: string
  default: string
}

/** Every theme-wide `--trust-*` property with its default (the generator adds them to each element). */
export const THEME_PROPERTIES: ThemeProperty[] = [
  ...Object.entries(COLOURS).map(([k, v]) => ({
    name: `--trust-color-${kebab(k)}`,
    description: COLOUR_ROLES[k as keyof typeof COLOURS],
    default: lightDark(v),
  })),
  ...Object.entries(SEVERITIES).map(([k, v]) => ({
    name: `--trust-severity-${k}`,
    description: SEVERITY_ROLES[k as keyof typeof SEVERITIES],
    default: lightDark(v),
  })),
  { name: '--trust-font-body', description: 'Font family of all text.', default: FONTS.body },
  { name: '--trust-font-mono', description: 'Font family of code.', default: FONTS.mono },
  ...Object.entries(RADII).map(([k, v]) => ({ name: `--trust-radius-${k}`, description: `Corner radius (${k}).`, default: v })),
  ...Object.entries(SPACES).map(([k, v]) => ({ name: `--trust-space-${k}`, description: `Spacing step (${k}).`, default: v })),
]
