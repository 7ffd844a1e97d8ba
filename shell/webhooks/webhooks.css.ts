import { globalStyle, style } from '@vanilla-extract/css'
import { alert, button, card, errorAlert } from '../../styles/recipes.css'
import { vars } from '../../styles/theme.css'
import { BREAKPOINTS, minWidth } from '../../styles/tokens'

/**
 * Styles of the "Webhooks, Slack and Teams" panel on /subscribe: mobile first (one column at 375 px, the
 * actions under each endpoint's facts), facts in two columns from 576 px. Long URLs and secrets
 * wrap anywhere, so the page never scrolls sideways.
 */
const md = minWidth(BREAKPOINTS.md)

export const panel = style({
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: '14px',
  lineHeight: 1.5,
  overflowWrap: 'anywhere',
  minWidth: 0,
})
globalStyle(`${panel} *, ${panel} *::before, ${panel} *::after`, { boxSizing: 'border-box' })

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space.xs} ${vars.space.md}`,
  marginBottom: vars.space.sm,
})

export const title = style({ margin: 0, fontSize: '22px', lineHeight: 1.25, fontWeight: 600 })

export const count = style({ margin: 0, color: vars.color.muted })

export const intro = style({ margin: `0 0 ${vars.space.md}`, maxWidth: '760px' })

export const small = style([button, { padding: `4px ${vars.space.sm}`, fontSize: '13px' }])

export const refresh = style([small, { marginInlineStart: 'auto' }])

export const list = style({ listStyle: 'none', margin: `0 0 ${vars.space.lg}`, padding: 0, display: 'grid', gap: vars.space.md })

/** An endpoint: its starting edge (left, right in right-to-left) repeats the status (green / red), which the text says first. */
export const item = style([
  card,
  {
    padding: vars.space.md,
    borderInlineStartWidth: '6px',
    borderInlineStartColor: vars.severity.operational,
    selectors: { '&[data-status="disabled"]': { borderInlineStartColor: vars.severity.disruption } },
  },
])

export const itemHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  margin: 0,
})

export const kind = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  fontSize: '12px',
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
})

/** A URL breaks after its slashes first (`<wbr>`), anywhere only when a segment is too long. */
export const url = style({ fontFamily: vars.font.mono, fontSize: '13px', overflowWrap: 'anywhere', minWidth: 0 })

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `2px ${vars.space.md}`,
  margin: `${vars.space.sm} 0`,
  maxWidth: '760px',
  '@media': { [md]: { gridTemplateColumns: 'max-content minmax(0, 1fr) max-content minmax(0, 1fr)' } },
})
globalStyle(`${facts} dt`, { color: vars.color.muted })
globalStyle(`${facts} dd`, { margin: 0 })

/** The status fact spans the row: a disabled endpoint's reason can be long. */
export const wide = style({ '@media': { [md]: { gridColumn: 'span 3' } } })

export const statusWord = style({ fontWeight: 700 })

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm })

export const danger = style([small, { borderColor: vars.severity.disruption, color: vars.color.text }])

export const confirm = style([
  alert,
  { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, padding: vars.space.sm },
])

export const outcome = style({ margin: `${vars.space.sm} 0 0`, selectors: { '&:empty': { display: 'none' } } })

export const delivered = style({ fontWeight: 600 })

export const message = style([alert, { marginBottom: vars.space.md, borderColor: vars.severity.operational }])

export const problem = style([errorAlert, { marginBottom: vars.space.md }])

export const form = style([card, { display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: '760px' }])

export const formTitle = style({ margin: 0, fontSize: '18px', fontWeight: 600 })

export const kinds = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, border: 0, minWidth: 0 })

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: 600 })

export const choice = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm, cursor: 'pointer' })
globalStyle(`${choice} input`, { margin: '3px 0 0', accentColor: vars.color.accent, flex: 'none' })
globalStyle(`${choice} input:focus-visible`, { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' })

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: '13px' })

/** The secret, shown once: a box that stands out, the value in monospace, wrapping anywhere. */
export const secretBox = style([
  alert,
  { marginBottom: vars.space.lg, borderColor: vars.severity.degradation, borderWidth: '2px', display: 'grid', gap: vars.space.sm },
])

globalStyle(`${secretBox} p`, { margin: 0 })

export const secretTitle = style({ margin: 0, fontSize: '16px', fontWeight: 600, selectors: { '&:focus': { outline: 'none' } } })

export const secret = style({
  display: 'block',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  fontFamily: vars.font.mono,
  fontSize: '13px',
  wordBreak: 'break-all',
  userSelect: 'all',
})

export const once = style({ margin: 0, fontWeight: 600 })
