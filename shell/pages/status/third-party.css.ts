import { style } from '@vanilla-extract/css'
import { vars } from '../../../styles/theme.css'
import { button } from '../../../styles/recipes.css'

/** A third-party group inside the block. */
export const group = style({ margin: `${vars.space.md} 0 0` })

export const groupTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.xs}`,
  fontSize: '17px',
  fontWeight: 700,
})

/** The visible "Third-party" label (text, never colour alone). */
export const badge = style({
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: '13px',
  fontWeight: 600,
})

export const note = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.muted, fontSize: '14px' })

export const unknown = style({
  margin: `0 0 ${vars.space.sm}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderInlineStart: `4px solid ${vars.severity.degradation}`,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontWeight: 600,
})

export const list = style({ listStyle: 'none', margin: 0, padding: 0 })

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const name = style({ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' })

export const upstreamGroup = style({ display: 'block', color: vars.color.muted, fontSize: '13px' })

export const status = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontSize: '14px' })

export const dot = style({
  display: 'inline-block',
  width: '10px',
  height: '10px',
  borderRadius: '50%',
  flex: 'none',
  background: vars.color.muted,
  selectors: {
    '&[data-status="operational"]': { background: vars.severity.operational },
    '&[data-status="under_maintenance"]': { background: vars.severity.maintenance },
    '&[data-status="degraded_performance"]': { background: vars.severity.degradation },
    '&[data-status="partial_outage"]': { background: vars.severity.degradation },
    '&[data-status="major_outage"]': { background: vars.severity.disruption },
  },
})

export const star = style([button, { fontSize: '13px', padding: `2px ${vars.space.sm}` }])
