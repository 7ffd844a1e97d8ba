import { style } from '@vanilla-extract/css'
import { vars } from '../../../../styles/theme.css'
import { cardBox } from '../../../../styles/recipes.css'

/** Styles of the settings page's Sessions and Change password sections. */

/** One section of the settings page below the first form: a rule above, its own heading. */
export const section = style({
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
})

export const heading = style({ fontSize: '20px', margin: `0 0 ${vars.space.sm}` })

export const intro = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.muted, fontSize: '14px' })

export const list = style({ listStyle: 'none', margin: `0 0 ${vars.space.md}`, padding: 0, display: 'grid', gap: vars.space.sm })

export const row = style([cardBox, { padding: vars.space.md, display: 'grid', gap: vars.space.xs, overflowWrap: 'anywhere' }])

export const rowHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, fontWeight: 600 })

/** The "This session" / "Single sign-on" markers. */
export const badge = style({
  display: 'inline-block',
  padding: '1px 8px',
  borderRadius: '999px',
  border: `1px solid ${vars.color.accent}`,
  color: vars.color.text,
  fontSize: '12px',
  fontWeight: 600,
})

export const meta = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `2px ${vars.space.md}`,
  margin: 0,
  fontSize: '13px',
})

export const metaLabel = style({ color: vars.color.muted })

export const metaValue = style({ margin: 0 })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', marginTop: vars.space.xs })

export const confirm = style([
  cardBox,
  { padding: vars.space.md, borderColor: vars.severity.degradation, display: 'grid', gap: vars.space.sm },
])
