import { globalStyle, style } from '@vanilla-extract/css'
import { fluidWidgetRoot } from '../../styles/recipes.css'
import { vars } from '../../styles/theme.css'
import { BREAKPOINTS, minWidth } from '../../styles/tokens'

/**
 * Styles of `<trust-compliance>`: mobile first; the table fits 375 px (dates wrap below 522 px),
 * so the page never scrolls sideways.
 */
export const root = style([fluidWidgetRoot, { fontSize: '15px', lineHeight: 1.55 }])

export const top = style({ marginBottom: vars.space.lg })
globalStyle(`${top} a`, { color: vars.color.link })
globalStyle(`${top} > :first-child`, { marginTop: 0 })

export const tableWrap = style({ maxWidth: '100%', overflowX: 'auto' })

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
})

export const caption = style({ textAlign: 'start', fontWeight: 700, fontSize: '16px', padding: `0 0 ${vars.space.sm}` })

export const th = style({
  textAlign: 'start',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceAlt,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: '14px',
})

export const td = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
})

export const dateCell = style([
  td,
  { whiteSpace: 'nowrap', '@media': { [`screen and (max-width: ${BREAKPOINTS.sm - 1}px)`]: { whiteSpace: 'normal' } } },
])

export const dateHead = style([th, { width: '11em', '@media': { [minWidth(BREAKPOINTS.sm)]: { width: '14em' } } }])

export const empty = style({
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.muted,
})
