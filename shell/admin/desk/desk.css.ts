import { globalStyle, style } from '@vanilla-extract/css'
import { card } from '../../../styles/recipes.css'
import { vars } from '../../../styles/theme.css'
import { BREAKPOINTS, minWidth } from '../../../styles/tokens'

/**
 * The incident desk's own styles (`shell/admin/desk/`); everything else is the console's
 * (`../admin.css.ts`). States are written out; colour only repeats them.
 */

/** The post form beside its preview on wide screens, above it on phones. */
export const split = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [minWidth(BREAKPOINTS.xl)]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
})

/** The preview keeps in view while the form scrolls (wide screens). */
export const previewColumn = style({
  minWidth: 0,
  '@media': { [minWidth(BREAKPOINTS.xl)]: { position: 'sticky', top: vars.space.md } },
})

/** Checkboxes in columns where there is room. */
export const choices = style({
  display: 'grid',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
  width: '100%',
})

/** A region's data centers: a disclosure whose summary says how many are chosen. */
export const region = style({ width: '100%', borderTop: `1px solid ${vars.color.border}`, padding: `${vars.space.xs} 0` })
globalStyle(`${region} > summary`, {
  minHeight: '24px',
  padding: `${vars.space.xs} 0`,
  cursor: 'pointer',
  fontWeight: 600,
  fontSize: '14px',
})
globalStyle(`${region} > summary:focus-visible`, { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' })

/** The internal-use group and "Save as template": disclosures of the form. */
export const disclosure = style([card, { padding: vars.space.md }])
globalStyle(`${disclosure} > summary`, { minHeight: '24px', cursor: 'pointer', fontWeight: 600 })
globalStyle(`${disclosure} > summary:focus-visible`, { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' })
globalStyle(`${disclosure}[open] > summary`, { marginBottom: vars.space.md })

/** The update history: newest first, a rule at the start of the line (green on the resolving entry, whose marker also says so). */
export const history = style({
  listStyle: 'none',
  margin: `0 0 ${vars.space.lg}`,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})

export const entry = style({
  paddingInlineStart: vars.space.md,
  borderInlineStart: `3px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
  selectors: { '&[data-resolved="true"]': { borderInlineStartColor: vars.severity.operational } },
})

export const entryHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, fontSize: '14px' })

/** The resolved-update marker (as on the public post: a check and the words). */
export const resolved = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  borderRadius: '999px',
  border: `1px solid ${vars.severity.operational}`,
  fontSize: '13px',
  fontWeight: 600,
})

/** Each action of the record screen in its own box. */
export const action = style([card, { margin: `0 0 ${vars.space.lg}`, display: 'flex', flexDirection: 'column', gap: vars.space.md }])

export const actionTitle = style({ margin: 0, fontSize: '17px' })

/** Links to new posts of each type. */
export const newLinks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, margin: `0 0 ${vars.space.lg}` })

/** The arrow of a link back to the desk: it points the way back, so right-to-left it mirrors. */
export const back = style({
  display: 'inline-block',
  selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } },
})

/** The time fields' zone and UTC line. */
export const utc = style({ margin: 0, color: vars.color.muted, fontSize: '13px', fontVariantNumeric: 'tabular-nums' })

// Each checkbox row is at least 24 px high, so neighbouring boxes keep the spacing WCAG 2.5.8 asks of small targets.
globalStyle(`${choices} > label`, { minHeight: '24px' })
