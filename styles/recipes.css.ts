import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from './theme.css'

/**
 * Shared recipes for widget roots and common controls. Sizes are px, never rem: widgets are
 * embedded on pages with any root font size.
 */
export const widgetRoot = style({
  all: 'initial',
  // `all` resets it to `normal` (light): follow the host's scheme (theme.css.ts).
  colorScheme: 'inherit',
  // Transparent in light (as before); dark text needs its dark ground on any host page.
  background: `light-dark(transparent,${vars.color.bg})`,
  display: 'block',
  boxSizing: 'border-box',
  fontFamily: vars.font.body,
  fontSize: '14px',
  lineHeight: 1.5,
  color: vars.color.text,
  textAlign: 'start',
})

/**
 * A widget root that never outgrows its container (long names wrap, everything inside is
 * border-box), so a page never scrolls sideways at 375 px.
 */
export const fluidWidgetRoot = style([widgetRoot, { maxWidth: '100%', minWidth: 0, overflowWrap: 'anywhere' }])
globalStyle(`${fluidWidgetRoot} *, ${fluidWidgetRoot} *::before, ${fluidWidgetRoot} *::after`, { boxSizing: 'border-box' })

/** The look of a card (surface ground, thin border, rounded corners, large padding), to spread into a style. */
export const cardBox = {
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
}

export const card = style(cardBox)

/** Focus ring and disabled look shared by the kit's buttons and selects (vanilla-extract `selectors`). */
export const controlStates = {
  '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
}

/** The edge of a text field or select: thin border, small radius (a style object to spread). */
export const controlEdge = {
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
}

/** A text field or select on the surface ground: {@link controlEdge} with the surface's colours. */
export const controlFrame = {
  ...controlEdge,
  background: vars.color.surface,
  color: vars.color.text,
}

/** Text and states of the kit's clickable controls (buttons, selects): 14 px body font, pointer. */
export const controlText = {
  fontFamily: vars.font.body,
  fontSize: '14px',
  lineHeight: 1.4,
  cursor: 'pointer',
  selectors: controlStates,
}

export const button = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `6px ${vars.space.md}`,
  border: `1px solid ${vars.color.accent}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.accent,
  ...controlText,
})

export const alert = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  fontSize: '14px',
})

export const errorAlert = style([alert, { borderColor: vars.severity.disruption, color: vars.color.text }])

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
})
