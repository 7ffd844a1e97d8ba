import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

/** The label and its select, in one row on the header bar (and in the 375 px menu). */
export const themeSwitch = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })

export const label = style({ display: 'inline-flex', color: vars.color.headerText, cursor: 'pointer' })

export const icon = style({ width: '16px', height: '16px' })

/**
 * The header bar is dark in both schemes, so the select is drawn dark on it in both (its native
 * arrow and option list too: `color-scheme: dark`), with the header buttons' border and focus ring.
 */
export const select = style({
  colorScheme: 'dark',
  background: vars.color.header,
  color: vars.color.headerText,
  border: '1px solid rgba(255,255,255,0.45)',
  borderRadius: vars.radius.sm,
  padding: `5px ${vars.space.xs}`,
  fontFamily: vars.font.body,
  fontSize: '14px',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: '2px solid #9cc3ff', outlineOffset: '2px' } },
})

/** The footer's label: the word beside the icon, in the footer's text colour (docs/languages-and-themes.md language picker). */
export const labelOnLight = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, cursor: 'pointer' })

/** The footer's select: the page's own colours (the footer is light in the light scheme, dark in the dark one). */
export const selectOnLight = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: `5px ${vars.space.xs}`,
  fontFamily: vars.font.body,
  fontSize: '14px',
  cursor: 'pointer',
})
