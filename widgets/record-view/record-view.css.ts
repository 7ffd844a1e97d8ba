import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { button, cardBox, controlFrame, visuallyHidden, widgetRoot } from '../../styles/recipes.css'
import { BREAKPOINTS } from '../../styles/tokens'

/*
 * Styles every record view shares: the record lists (`widgets/records`, which adds its calendar,
 * schedule and data-center select in its own records.css.ts), the notification lists and the
 * single post. Sizes are px, never rem (widgets are embedded on pages with any root font size).
 * Status and severity are never told by colour alone: every coloured mark also has an icon or
 * glyph and a name in text or in its accessible name.
 */

const NARROW = `screen and (max-width: ${BREAKPOINTS.md - 0.02}px)`

/** The focus outline of links and controls. */
export const focusRing = { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' }

export const root = style([widgetRoot, { position: 'relative' }])
globalStyle(`${root}, ${root} *, ${root} *::before, ${root} *::after`, { boxSizing: 'border-box' })
globalStyle(`${root} *`, { fontFamily: 'inherit', letterSpacing: 'normal' })
globalStyle(`${root} a`, { color: vars.color.link })
globalStyle(`${root} a:focus-visible, ${root} button:focus-visible, ${root} select:focus-visible, ${root} input:focus-visible`, focusRing)

export const hidden = visuallyHidden

/**
 * The stroke of the 16 × 16 icons (icons.tsx), in CSS rather than camelCase SVG props, which the
 * lean drop-ins (built without preact/compat) would not map to attributes.
 */
export const strokeIcon = style({ strokeWidth: '1.6', strokeLinecap: 'round', strokeLinejoin: 'round' })

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md, marginBottom: vars.space.md })

export const heading = style({ margin: 0, fontSize: '24px', lineHeight: 1.25, fontWeight: 700, color: vars.color.text })
globalStyle(`${root} ${heading}`, { fontSize: '24px', lineHeight: 1.25 })

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  fontSize: '13px',
  fontWeight: 600,
  minHeight: '28px',
})
globalStyle(`${root} a${badge}`, { color: vars.color.link, textDecoration: 'none' })
globalStyle(`${root} a${badge}:hover`, { textDecoration: 'underline' })

export const icon = style({ width: '16px', height: '16px', flex: '0 0 16px', display: 'inline-block', verticalAlign: '-3px' })

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md, marginBottom: vars.space.md })

export const field = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm })
export const label = style({ fontWeight: 600 })

export const select = style({
  font: 'inherit',
  fontSize: '14px',
  minHeight: '36px',
  minWidth: '180px',
  padding: `4px ${vars.space.sm}`,
  ...controlFrame,
  '@media': { [NARROW]: { minWidth: '0', maxWidth: '100%' } },
})

// --- records ---------------------------------------------------------------------------------

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const record = style({
  ...cardBox,
  minWidth: 0,
  overflowWrap: 'anywhere',
})

export const recordTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: '18px', lineHeight: 1.3, fontWeight: 700 })
globalStyle(`${root} ${recordTitle}`, { fontSize: '18px', lineHeight: 1.3 })

export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', margin: `0 0 ${vars.space.sm}` })

export const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `1px ${vars.space.sm}`,
  borderRadius: '999px',
  border: '1px solid currentColor',
  fontSize: '13px',
  fontWeight: 600,
  background: vars.color.surface,
})

/** Severity pills: coloured border and icon, text in the body colour (the amber fails contrast as text). */
const SEVERITY_COLOURS = {
  disruption: vars.severity.disruption,
  degradation: vars.severity.degradation,
  informational: vars.severity.informational,
}
export const severity = styleVariants(SEVERITY_COLOURS, (colour) => ({ borderColor: colour, borderWidth: '2px' }))
for (const [kind, colour] of Object.entries(SEVERITY_COLOURS)) {
  globalStyle(`${severity[kind as keyof typeof SEVERITY_COLOURS]} svg`, { color: colour })
}

export const status = style({ color: vars.color.text })

export const resolved = style({ color: vars.severity.operational })

export const meta = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `2px ${vars.space.md}`,
  margin: `0 0 ${vars.space.sm}`,
  fontSize: '13px',
})
globalStyle(`${meta} dt`, { fontWeight: 600, color: vars.color.muted })
globalStyle(`${meta} dd`, { margin: 0 })

export const body = style({ margin: `${vars.space.sm} 0 0` })
globalStyle(`${body} p`, { margin: `0 0 ${vars.space.sm}` })
globalStyle(`${body} table`, { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%' })
globalStyle(`${body} td, ${body} th`, { border: `1px solid ${vars.color.border}`, padding: '2px 6px' })

export const section = style({ margin: `${vars.space.sm} 0 0` })
export const sectionTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: '14px', fontWeight: 700 })
globalStyle(`${root} ${sectionTitle}`, { fontSize: '14px' })

export const internal = style({
  margin: `${vars.space.md} 0 0`,
  padding: vars.space.md,
  border: `2px dashed ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  fontSize: '13px',
})

export const empty = style({ ...cardBox, margin: 0 })

// --- pagination ------------------------------------------------------------------------------

export const pager = style({ marginTop: vars.space.lg })
export const pagerList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  alignItems: 'center',
})

export const pageButton = style([
  button,
  {
    minWidth: '36px',
    minHeight: '36px',
    justifyContent: 'center',
    padding: `4px ${vars.space.sm}`,
    selectors: { '&[aria-current="page"]': { background: vars.color.accent, color: vars.color.accentText, fontWeight: 700 } },
  },
])

export const ellipsis = style({ padding: `0 ${vars.space.xs}`, color: vars.color.muted })

export const note = style({ margin: 0, fontSize: '12px', color: vars.color.muted })
