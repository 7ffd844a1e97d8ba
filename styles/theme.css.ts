import { createGlobalTheme, createGlobalThemeContract } from '@vanilla-extract/css'

/**
 * The theme contract: every colour, font, radius and spacing the kit uses, as stable
 * `--trust-*` custom properties so host pages can theme embedded widgets (architecture
 * §Two flavours). Defaults are declared on `:root` (the site) and `:host` (shadow roots of
 * drop-in widgets); a host page's own declaration on the element wins over `:host`.
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
  (_value, path) => `trust-${path.join('-').replace(/[A-Z]/g, c => '-' + c.toLowerCase())}`,
)

const light = {
  color: {
    bg: '#f5f7fa',
    surface: '#ffffff',
    surfaceAlt: '#eef2f7',
    text: '#1b2533',
    muted: '#556274',
    border: '#d3dae4',
    accent: '#0b5cad',
    accentText: '#ffffff',
    focus: '#1a73e8',
    link: '#0b5cad',
    header: '#0f2740',
    headerText: '#ffffff',
  },
  severity: {
    disruption: '#c62828',
    degradation: '#b26a00',
    informational: '#1565c0',
    operational: '#2e7d32',
    maintenance: '#6a4fb3',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  radius: { sm: '4px', md: '8px' },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' },
}

createGlobalTheme(':root, :host', vars, light)
