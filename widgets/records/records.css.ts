import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { button, controlEdge } from '../../styles/recipes.css'
import { BREAKPOINTS } from '../../styles/tokens'
import { focusRing, root } from '../record-view/record-view.css'

/*
 * Styles of the record lists' own parts: the two-column layout, the top message, the maintenance
 * schedule, the calendar and the data-center multi-select. What the lists share with the
 * notification lists and the post (root, heading, records, pager, …) is in
 * `widgets/record-view/record-view.css.ts`. Sizes are px, never rem.
 */

const BELOW_LG = `screen and (max-width: ${BREAKPOINTS.lg - 0.02}px)`

/** Main column and the calendar side column; the side column goes under the list below 992 px. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 320px',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [BELOW_LG]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
})

export const main = style({ minWidth: 0 })
export const aside = style({ minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.lg })

export const topMessage = style({
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderInlineStart: `4px solid ${vars.color.accent}`,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
})

// --- maintenance schedule --------------------------------------------------------------------

// `position: relative` keeps the visually hidden cell texts inside the scroller (they are absolute).
export const scheduleWrap = style({
  position: 'relative',
  overflowX: 'auto',
  maxWidth: '100%',
  marginBottom: vars.space.lg,
  selectors: { '&:focus-visible': focusRing },
})

export const schedule = style({
  borderCollapse: 'collapse',
  width: '100%',
  minWidth: '560px',
  fontSize: '13px',
  background: vars.color.surface,
})
globalStyle(`${schedule} th, ${schedule} td`, {
  border: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'start',
  verticalAlign: 'top',
})
globalStyle(`${schedule} thead th`, { background: vars.color.surfaceAlt, whiteSpace: 'nowrap' })

export const caption = style({ captionSide: 'top', textAlign: 'start', fontWeight: 700, padding: `0 0 ${vars.space.sm}` })

export const scheduleCell = styleVariants({
  scheduled: { background: `color-mix(in srgb, ${vars.severity.maintenance} 14%, transparent)` },
  postponed: { background: `color-mix(in srgb, ${vars.severity.degradation} 14%, transparent)`, fontStyle: 'italic' },
  none: {},
})

// --- calendar --------------------------------------------------------------------------------

export const card = style({
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
})

export const calHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
})
export const monthTitle = style({ margin: 0, fontSize: '16px', fontWeight: 700, textAlign: 'center', flex: 1 })
globalStyle(`${root} ${monthTitle}`, { fontSize: '16px' })

export const navButton = style([button, { minWidth: '36px', minHeight: '36px', justifyContent: 'center', padding: '4px 8px' }])

export const calGrid = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' })
globalStyle(`${calGrid} th`, {
  fontSize: '12px',
  fontWeight: 600,
  color: vars.color.muted,
  padding: `${vars.space.xs} 0`,
  textAlign: 'center',
})
globalStyle(`${calGrid} td`, { padding: '2px', textAlign: 'center', height: '40px' })

export const dayPlain = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '36px',
  color: vars.color.text,
})

/**
 * Calendar style classes (docs/requirements/states.md) → colour and a glyph, so each status has a shape as well.
 * Glyphs are CSS escapes: the CSS is inlined into drop-in scripts, which host pages may load
 * without a UTF-8 charset.
 */
const DAY_STATUS: Record<string, { color: string; glyph: string }> = {
  service_disruption: { color: vars.severity.disruption, glyph: '"!"' },
  service_degradation: { color: vars.severity.degradation, glyph: '"\\2013"' },
  under_investigation: { color: vars.severity.degradation, glyph: '"?"' },
  informational: { color: vars.severity.informational, glyph: '"i"' },
  security_advisory: { color: vars.severity.disruption, glyph: '"\\25C6"' },
  'no-service-impact': { color: vars.severity.operational, glyph: '"\\25CB"' },
  scheduled: { color: vars.severity.maintenance, glyph: '"\\25F7"' },
  completed: { color: vars.severity.operational, glyph: '"\\2713"' },
  postponed: { color: vars.color.muted, glyph: '"\\BB"' },
}

export const dayButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '36px',
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  fontWeight: 700,
  color: vars.color.text,
  border: '2px solid var(--trust-day-color, currentColor)',
  background: `color-mix(in srgb, var(--trust-day-color, ${vars.color.accent}) 14%, ${vars.color.surface})`,
  selectors: {
    '&::after': {
      content: 'var(--trust-day-glyph, "\\2022")',
      position: 'absolute',
      top: '0',
      insetInlineEnd: '2px',
      fontSize: '10px',
      lineHeight: 1,
      color: 'var(--trust-day-color, currentColor)',
    },
    '&[aria-pressed="true"]': { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent },
    '&[aria-pressed="true"]::after': { color: vars.color.accentText },
    '&:focus-visible': focusRing,
  },
})
for (const [cls, { color, glyph }] of Object.entries(DAY_STATUS)) {
  globalStyle(`${dayButton}[data-status="${cls}"]`, { vars: { '--trust-day-color': color, '--trust-day-glyph': glyph } })
}

export const today = style({ textDecoration: 'underline', textUnderlineOffset: '3px' })

export const calFooter = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
})

export const calendarButton = button

// --- data-center multi-select ----------------------------------------------------------------

export const dcLabel = style({ display: 'block', fontWeight: 600, marginBottom: vars.space.xs })

export const dcTrigger = style([
  button,
  { width: '100%', justifyContent: 'space-between', color: vars.color.text, borderColor: vars.color.border, minHeight: '36px' },
])

export const dcPanel = style({
  zIndex: 20,
  width: '300px',
  maxWidth: 'calc(100vw - 16px)',
  maxHeight: '340px',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: '0 6px 24px rgba(15, 39, 64, 0.18)',
  padding: vars.space.sm,
  fontFamily: vars.font.body,
  fontSize: '14px',
  color: vars.color.text,
})

export const dcSearch = style({
  font: 'inherit',
  width: '100%',
  minHeight: '32px',
  padding: `4px ${vars.space.sm}`,
  ...controlEdge,
  marginBottom: vars.space.sm,
})

export const dcOptions = style({ overflowY: 'auto', minHeight: 0 })
export const dcGroup = style({ border: 0, margin: `0 0 ${vars.space.sm}`, padding: 0 })
export const dcGroupTitle = style({ fontWeight: 700, padding: `${vars.space.xs} 0`, fontSize: '13px' })
export const dcOption = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: '4px 2px',
  cursor: 'pointer',
  minHeight: '28px',
})
export const count = style({ color: vars.color.muted, fontWeight: 400 })
