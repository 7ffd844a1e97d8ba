import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../../../styles/theme.css'

/**
 * The security details form's own styles (`shell/admin/desk/advisory/`); everything else is the
 * console's. A rating is written out; its colour only repeats it.
 */

/** The metric selects of a calculator, in columns where there is room. */
export const metrics = style({
  display: 'grid',
  gap: `${vars.space.sm} ${vars.space.md}`,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 230px), 1fr))',
})

/** A row of a list (a product, a statement, an acknowledgement): its fields in columns where there is room. */
export const row = style({
  display: 'grid',
  gap: `${vars.space.sm} ${vars.space.md}`,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
  alignItems: 'end',
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-of-type': { borderTop: 'none' } },
})

/** The score line of a calculator. */
export const score = style({ display: 'block', minHeight: '24px', fontSize: '14px', fontVariantNumeric: 'tabular-nums' })

const rating = style({
  display: 'inline-block',
  paddingInlineStart: vars.space.sm,
  borderInlineStart: '6px solid',
  fontWeight: 600,
})

/** A rating in words with its colour: Critical (a wider bar) and High the disruption colour, Medium degradation, Low informational. */
export const ratings = styleVariants({
  None: [rating, { borderColor: vars.severity.operational }],
  Low: [rating, { borderColor: vars.severity.informational }],
  Medium: [rating, { borderColor: vars.severity.degradation }],
  High: [rating, { borderColor: vars.severity.disruption }],
  Critical: [rating, { borderColor: vars.severity.disruption, borderInlineStartWidth: '12px' }],
})

/** The revision history: number, date and summary per line. */
export const revisions = style({ margin: 0, paddingInlineStart: vars.space.lg, fontSize: '14px' })

/** A group of the form (a vulnerability, a calculator, the products): its parts one below the other. */
export const box = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  margin: 0,
  padding: vars.space.md,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})

/** The title of a {@link box}. */
export const legend = style({ fontWeight: 600, fontSize: '15px', padding: `0 ${vars.space.xs}` })
