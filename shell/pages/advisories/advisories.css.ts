import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import type { CvssRating, VexStatus } from '../../../contract/advisories'
import { lightDark } from '../../../styles/palette'
import { button, cardBox, controlFrame } from '../../../styles/recipes.css'
import { vars } from '../../../styles/theme.css'
import { badge } from '../../../widgets/record-view/record-view.css'
import { BREAKPOINTS } from '../../../styles/tokens'

/*
 * The site's security-advisory views (docs/operating/security-advisories.md#the-public-pages). A
 * rating or a VEX status is never told by colour alone: its mark has bars or a glyph and its name
 * in text. Sizes in px like the record views.
 */

const NARROW = `screen and (max-width: ${BREAKPOINTS.md - 0.02}px)`

/** The CVSS ratings' colours (FIRST's usual scale, darker on light grounds, lighter on dark). */
const RATING_COLOURS: Record<CvssRating, string> = {
  None: lightDark(['#5f6b7a', '#8b949e']),
  Low: lightDark(['#7a6a00', '#e3b341']),
  Medium: lightDark(['#b35c00', '#f0883e']),
  High: lightDark(['#c2410c', '#ff8c5a']),
  Critical: lightDark(['#a4161a', '#ff7b72']),
}

/** A rating: its name and score in the text colour, a border and bars in the rating's colour. */
export const rating = style([
  badge,
  {
    minHeight: '24px',
    borderInlineStartWidth: '6px',
    fontWeight: 700,
    color: vars.color.text,
    background: vars.color.surface,
    whiteSpace: 'nowrap',
  },
])
export const ratingColour = styleVariants(RATING_COLOURS, () => ({}))
for (const [name, colour] of Object.entries(RATING_COLOURS)) {
  // Both classes: the rating's colour wins over the badge's border colour, whatever the stylesheets' order.
  globalStyle(`${rating}${ratingColour[name as CvssRating]}`, { borderColor: colour })
  globalStyle(`${ratingColour[name as CvssRating]} svg`, { color: colour })
}
export const bars = style({ width: '18px', height: '14px', flex: '0 0 18px' })

const STATUS_COLOURS: Record<VexStatus, string> = {
  known_affected: RATING_COLOURS.Critical,
  fixed: vars.severity.operational,
  under_investigation: vars.severity.degradation,
  known_not_affected: vars.severity.operational,
}
/** A VEX status: a glyph in the status's colour and its name. */
export const status = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontWeight: 700, whiteSpace: 'nowrap' })
export const statusColour = styleVariants(STATUS_COLOURS, () => ({}))
for (const [name, colour] of Object.entries(STATUS_COLOURS)) {
  globalStyle(`${statusColour[name as VexStatus]} svg`, { color: colour })
}
export const glyph = style({ width: '16px', height: '16px', flex: '0 0 16px' })

/** The key facts under an advisory's title. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  alignItems: 'center',
  margin: `0 0 ${vars.space.sm}`,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  fontSize: '14px',
  '@media': { [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: '2px' } },
})
globalStyle(`${facts} dt`, { fontWeight: 600, color: vars.color.muted })
globalStyle(`${facts} dd`, { margin: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' })
globalStyle(`${facts} dd + dt`, { '@media': { [NARROW]: { marginTop: vars.space.xs } } })

export const code = style({ fontFamily: vars.font.mono, fontSize: '13px', overflowWrap: 'anywhere' })
export const cveList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })
export const cve = style([code, { padding: '0 4px', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm }])

/** The row facts of the advisory list. */
export const rowFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  margin: `0 0 ${vars.space.sm}`,
})

/** The security details' box, after the record's. */
export const details = style({ ...cardBox, marginTop: vars.space.md, minWidth: 0, overflowWrap: 'anywhere' })
export const heading = style({ margin: `0 0 ${vars.space.sm}`, fontSize: '18px', fontWeight: 700, lineHeight: 1.3 })
export const subheading = style({ margin: `${vars.space.lg} 0 ${vars.space.sm}`, fontSize: '16px', fontWeight: 700, lineHeight: 1.3 })
export const note = style({ margin: `0 0 ${vars.space.sm}`, fontSize: '14px' })
export const muted = style({ color: vars.color.muted, fontSize: '13px' })

/** One vulnerability: its CVE and title, then a two-column table of its scores, CWE and description. */
export const vulnerability = style({
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} 0 0`,
  borderTop: `1px solid ${vars.color.border}`,
})
export const vulnerabilityTitle = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: '15px',
  fontWeight: 700,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
})

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '14px' })
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  verticalAlign: 'top',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
globalStyle(`${table} th[scope="row"]`, { width: '9em', fontWeight: 600, color: vars.color.muted })
globalStyle(`${table} thead th`, { fontWeight: 700, borderBottomWidth: '2px' })

/** A wide table's scrolling wrapper (a focusable region, so keyboards can scroll it). */
export const scroll = style({ overflowX: 'auto', maxWidth: '100%' })
globalStyle(`${scroll} > table`, { minWidth: '560px', '@media': { [NARROW]: { minWidth: 0 } } })

/**
 * A table whose rows become blocks on phones: the header row is hidden (kept for screen readers)
 * and each cell is preceded by its column's name (`data-label`).
 */
export const stacked = style({})
const narrow = (rule: Record<string, string | number>) => ({ '@media': { [NARROW]: rule } })
globalStyle(`${table} th[scope="row"]`, narrow({ width: '7.5em', overflowWrap: 'normal' }))
globalStyle(`${stacked} thead`, narrow({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }))
globalStyle(`${stacked}, ${stacked} tbody, ${stacked} tr`, narrow({ display: 'block', width: '100%' }))
globalStyle(`${stacked} tr`, narrow({ padding: `${vars.space.xs} 0`, borderBottom: `1px solid ${vars.color.border}` }))
globalStyle(`${stacked} th, ${stacked} td`, narrow({ display: 'block', border: '0', padding: '2px 0', width: 'auto' }))
globalStyle(`${stacked} th[scope="row"]`, narrow({ color: vars.color.text, fontWeight: 700, width: 'auto' }))
globalStyle(`${stacked} td[data-label]::before`, narrow({ content: 'attr(data-label) ": "', fontWeight: 600, color: vars.color.muted }))

export const statementList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
})

export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, marginTop: vars.space.md, fontSize: '14px' })

/** The advisory list's rating filter and search. */
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-end' })
export const field = style({ display: 'flex', flexDirection: 'column', gap: '2px', fontSize: '14px', minWidth: 0 })
export const label = style({ fontWeight: 600 })
/** The VEX page's search field: as wide as a CVE ID needs, not the page. */
export const narrowField = style({ maxWidth: '420px', marginBottom: vars.space.md })
export const input = style({
  font: 'inherit',
  fontSize: '14px',
  minHeight: '36px',
  padding: `4px ${vars.space.sm}`,
  minWidth: '240px',
  ...controlFrame,
  '@media': { [NARROW]: { minWidth: 0, width: '100%' } },
})
export const searchRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' })
export const actionButton = style([button, { minHeight: '36px' }])
export const hint = style({ fontSize: '12px', color: vars.color.muted })

/** The VEX page. */
export const page = style({ maxWidth: '1100px', minWidth: 0, overflowWrap: 'anywhere' })
export const pageTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: '24px', lineHeight: 1.25, fontWeight: 700 })
export const demo = style({
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderInlineStart: `4px solid ${vars.severity.informational}`,
  background: vars.color.surfaceAlt,
  fontSize: '14px',
})
export const cveCard = style({ ...cardBox, margin: `0 0 ${vars.space.md}`, minWidth: 0 })
export const answers = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md })
export const answer = style({ ...cardBox, padding: vars.space.md, minWidth: 0 })
export const question = style({ margin: `0 0 ${vars.space.xs}`, fontSize: '16px', fontWeight: 700 })
