import { createVar, globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { STAR_PRESSED } from '../../styles/palette'
import { button, errorAlert, visuallyHidden, widgetRoot } from '../../styles/recipes.css'
import { POPOVER, TOOLTIP_MAX_WIDTH } from '../../styles/tokens'
import { maskUrl, STAR_PATH } from '../../styles/icons'
import { SEVERITY_PATHS } from './icon-paths'

/*
 * Sizes are px, never rem: the widget is embedded on pages with any root font size. Severity
 * colours come from the theme's custom properties (--trust-severity-disruption,
 * --trust-severity-degradation, --trust-severity-informational) so hosts can theme them; every
 * bar also has an icon and a pattern, so status is never told by colour alone.
 */

const NARROW = 'screen and (max-width: 575.98px)'

/** Name column width, px (narrower on phones): set on the scroller as {@link nameCol}. */
const NAME_COL = '220px'
const NAME_COL_NARROW = '144px'
/** The timeline's name column width, for its rows, its current-time layer and its scroll padding. */
const nameCol = createVar()
/** Smallest width of the 7 day columns together, px: below it the timeline scrolls inside its block. */
const DAYS_MIN = '560px'
/** Height of one lane of bars and the gap between lanes, px (the component mirrors these). */
export const LANE_PX = 18
export const LANE_GAP_PX = 4
export const ROW_PAD_PX = 6
/**
 * Room between a bar's centre and the names column, px: half the 24 px least target size of WCAG
 * 2.5.8, so a bar in the keyboard's path is never crowded against (or hidden under) the stars and
 * names when the week scrolls sideways.
 */
export const TARGET_CLEARANCE_PX = 12
/** What each lane adds to a row's lane area (a bar and a gap), px. */
export const LANE_STEP_PX = LANE_PX + LANE_GAP_PX
/** What a row's lane area has besides its lanes' steps (the paddings, less the last lane's gap), px. */
export const LANES_EXTRA_PX = 2 * ROW_PAD_PX - LANE_GAP_PX

/**
 * Height of a row's lanes, from the row's lane count (`--n`, set on the row), for the row's
 * estimated height: `laneHeight` (row-html.ts) in CSS, what the lane's tracks, gaps and paddings
 * come to.
 */
const LANES_HEIGHT = `calc(var(--n) * ${LANE_STEP_PX}px + ${LANES_EXTRA_PX}px)`

export const root = style([widgetRoot, { position: 'relative' }])

// Font, line height and box model set on every element of the widget, whatever the host says.
globalStyle(`${root}, ${root} *, ${root} *::before, ${root} *::after`, { boxSizing: 'border-box' })
globalStyle(`${root} *`, { fontFamily: 'inherit', fontSize: 'inherit', lineHeight: 'inherit', letterSpacing: 'normal' })

export const block = style({
  margin: `0 0 ${vars.space.xl}`,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
})

export const blockTitle = style({ margin: `0 0 ${vars.space.md}`, fontSize: '20px', fontWeight: 700, lineHeight: 1.3 })
globalStyle(`${root} ${blockTitle}`, { fontSize: '20px', lineHeight: 1.3 })

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.md,
})

export const tab = style({
  all: 'unset',
  boxSizing: 'border-box',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: '3px solid transparent',
  marginBottom: '-1px',
  cursor: 'pointer',
  color: vars.color.muted,
  fontWeight: 600,
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.accent },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
})

/**
 * Paging bar: 'previous | week range | next' in one line; on phones the range goes under the
 * buttons. In the reading direction, like the timeline it pages: earlier weeks at the start (the
 * left, the right in Arabic).
 */
export const pager = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  gridTemplateAreas: '"previous range next"',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
  '@media': {
    [NARROW]: { gridTemplateColumns: 'auto auto', gridTemplateAreas: '"previous next" "range range"', justifyContent: 'space-between' },
  },
})

export const pagerButton = style([
  button,
  { selectors: { '&[data-testid="previous-week"]': { gridArea: 'previous' }, '&[data-testid="next-week"]': { gridArea: 'next' } } },
])

export const range = style({ gridArea: 'range', margin: 0, fontWeight: 600, textAlign: 'center' })

/**
 * Horizontal scroll container: the page itself never scrolls sideways. The timeline runs in the
 * reading direction (names column first, then the days from the oldest; right to left in Arabic),
 * so everything in it is placed with logical properties (`inset-inline-start`, `margin-inline-start`).
 */
export const scroller = style({
  vars: { [nameCol]: NAME_COL },
  overflowX: 'auto',
  overflowY: 'hidden',
  maxWidth: '100%',
  // A bar focused with the keys is scrolled clear of the names column, which stays put over the
  // days: the browser counts the padding out of the view when it decides whether to scroll.
  scrollPaddingInlineStart: `calc(${nameCol} + ${TARGET_CLEARANCE_PX}px)`,
  '@media': { [NARROW]: { vars: { [nameCol]: NAME_COL_NARROW } } },
})

export const grid = style({
  position: 'relative',
  minWidth: `calc(${nameCol} + ${DAYS_MIN})`,
})

const rowBase = {
  display: 'grid',
  gridTemplateColumns: `${nameCol} minmax(0, 1fr)`,
} as const

/** Room above the day names for the 'Now' label, px. */
const NOW_LABEL_ROOM = '20px'

export const headerRow = style([
  rowBase,
  { borderBottom: `1px solid ${vars.color.border}`, color: vars.color.muted, fontSize: '12px', paddingTop: NOW_LABEL_ROOM },
])
globalStyle(`${root} ${headerRow}`, { fontSize: '12px' })

/** The header's cell above the names, and a region's title: stays put like the names, so scrolled day names pass under it. */
export const headerName = style({ position: 'sticky', insetInlineStart: 0, zIndex: 4, background: vars.color.surface })

export const days = style({ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', position: 'relative' })

/** A day's header: its label wraps onto a second line rather than being cut when the column is narrow (a phone, the longer Arabic names). */
export const day = style({ padding: `${vars.space.xs} ${vars.space.xs}`, textAlign: 'center' })

/** A day's label, kept readable above the current-time line that crosses its column. */
export const dayText = style({ position: 'relative', zIndex: 3, background: vars.color.surface, padding: '0 2px' })

/** The layer holding the current-time line, over the day columns of every row. */
export const nowLayer = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  insetInline: `${nameCol} 0`,
  pointerEvents: 'none',
})

/**
 * The current-time line across the header and the rows. A row's bars paint over it, so each lane
 * draws its own stretch above its bars ({@link withNow}).
 */
export const nowLine = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  width: 0,
  borderInlineStart: `2px solid ${vars.color.text}`,
})

export const nowLabel = style({
  position: 'absolute',
  top: 0,
  insetInlineStart: '2px',
  padding: '0 4px',
  background: vars.color.text,
  color: vars.color.surface,
  fontSize: '11px',
  fontWeight: 700,
  borderRadius: vars.radius.sm,
  whiteSpace: 'nowrap',
})
globalStyle(`${root} ${nowLabel}`, { fontSize: '11px', lineHeight: 1.6 })

/**
 * A region's row (a heading over its data centers). Its title stays put like the names when the
 * week scrolls sideways: the title, not the row, sticks (a row as wide as the week has no room
 * to move), over the current-time line ({@link headerName}).
 */
export const categoryRow = style({
  padding: `${vars.space.sm} 0 ${vars.space.xs}`,
  fontWeight: 700,
  borderBottom: `1px solid ${vars.color.border}`,
})

/**
 * An item row. Off screen the browser skips its style, layout and paint (`content-visibility:
 * auto`), so a week of 150 rows costs the first frame the rows in view, not all of them (`npm run
 * bench`); its star, name and bars stay in the accessibility tree, the tab order and find in page.
 * Until first shown it counts as high as its lanes or one line (`contain-intrinsic-size` from its
 * lane count, `--n`): exact unless its name wraps, so moving through the bars with the keys
 * scrolls to where a bar really is. Once shown it counts as high as it last was. Its containment
 * clips 4 px outside its padding box: a focused bar's outline and the current-time line over its
 * bottom border ({@link withNow}) stay.
 */
export const row = style([
  rowBase,
  {
    borderBottom: `1px solid ${vars.color.border}`,
    contentVisibility: 'auto',
    containIntrinsicSize: `auto max(32px, ${LANES_HEIGHT})`,
    overflowClipMargin: '4px',
  },
])

export const rowList = style({ listStyle: 'none', margin: 0, padding: 0 })

/**
 * A row's name column. 32 px high at least (a row of one line is 33 px with its border, the room
 * the cloud status page keeps per row while loading); its 1 px vertical padding leaves that room
 * to a one-line name with the uptime line under it.
 */
export const nameCell = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '32px',
  padding: '1px 0',
  paddingInlineEnd: vars.space.sm,
  minWidth: 0,
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 3,
  background: vars.color.surface,
})

export const name = style({ minWidth: 0, overflowWrap: 'break-word', hyphens: 'auto', fontSize: '13px' })
globalStyle(`${root} ${name}`, { fontSize: '13px', lineHeight: 1.35 })

/** The name with its uptime line under it (the name's size, whatever the host's). */
export const label = style({ display: 'flex', flexDirection: 'column', minWidth: 0 })
globalStyle(`${root} ${label}`, { fontSize: '13px' })

/** The 30-day uptime under the name: small and muted, never the only way it is told (see row-html.ts). */
export const uptime = style({ color: vars.color.muted, fontSize: '11px', whiteSpace: 'nowrap' })
globalStyle(`${root} ${uptime}`, { fontSize: '11px', lineHeight: '12px' })

export const nameWithInfo = style({
  textDecoration: 'underline dotted',
  textUnderlineOffset: '3px',
  cursor: 'help',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})

export const decommissioned = style({ color: vars.color.muted, fontStyle: 'italic', marginInlineStart: '4px' })

/** The premium data center mark (legend and premium rows): a 12 px diamond in the accent colour, drawn by CSS. */
export const premiumBadge = style({
  flex: 'none',
  width: '12px',
  height: '12px',
  background: vars.color.accent,
  clipPath: 'polygon(50% 7%,93% 50%,50% 93%,7% 50%)',
  forcedColorAdjust: 'none',
})

/**
 * A `size` × `size` mask icon painted in the text colour, drawn by CSS so a row costs no SVG
 * elements; its picture is the `maskImage` set beside it.
 */
const maskIcon = (size: string) =>
  ({
    content: '""',
    flex: 'none',
    width: size,
    height: size,
    backgroundColor: 'currentColor',
    maskRepeat: 'no-repeat',
    maskPosition: 'center',
    maskSize: 'contain',
    forcedColorAdjust: 'none',
    pointerEvents: 'none',
  }) as const

const STAR_STROKE = "fill='none' stroke='black' stroke-width='1.3' stroke-linejoin='round'"

/**
 * A button's own look, reset property by property: `all: unset` would cascade every property for
 * each of the timeline's many buttons (see {@link bar}).
 */
const buttonReset = { appearance: 'none', border: 0, padding: 0, margin: 0, font: 'inherit' } as const

export const star = style({
  ...buttonReset,
  background: 'none',
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '24px',
  height: '24px',
  borderRadius: vars.radius.sm,
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: {
    '&::before': { ...maskIcon('16px'), maskImage: maskUrl(STAR_PATH, STAR_STROKE) },
    '&[aria-pressed="true"]': { color: STAR_PRESSED },
    '&[aria-pressed="true"]::before': {
      maskImage: maskUrl(STAR_PATH, STAR_STROKE.replace("fill='none'", "fill='black'")),
    },
    '&:hover': { color: vars.color.accent },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
})

export const tooltip = style({
  position: 'fixed',
  zIndex: 20,
  maxWidth: `${TOOLTIP_MAX_WIDTH}px`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.text,
  color: vars.color.surface,
  borderRadius: vars.radius.sm,
  fontSize: '13px',
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.25)',
  overflowWrap: 'anywhere',
  pointerEvents: 'none',
})
globalStyle(`${tooltip} a`, { color: 'inherit' })
globalStyle(`${tooltip} p`, { margin: 0 })

/**
 * The bar area of a row: day grid lines drawn as a background, a grid of one column and a track
 * per lane (the row's `--n`), as high as its lanes or its row if the name takes more lines. Bars
 * are its grid items, placed by their lane (`grid-row`), `margin-inline-start` and `width`, none of them
 * positioned: a positioned bar costs Chromium a paint layer of its own, in every frame that
 * styles, lays out and paints it (`npm run bench`). Its own stacking context keeps a focused bar
 * under the names column, which stays put over the days on a phone.
 */
export const lane = style({
  position: 'relative',
  zIndex: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: `repeat(var(--n), ${LANE_PX}px)`,
  rowGap: `${LANE_GAP_PX}px`,
  padding: `${ROW_PAD_PX}px 0`,
  backgroundImage: `linear-gradient(to right, ${vars.color.border} 1px, transparent 1px)`,
  backgroundSize: 'calc(100% / 7) 100%',
  selectors: { '&:dir(rtl)': { backgroundImage: `linear-gradient(to left, ${vars.color.border} 1px, transparent 1px)` } },
})

/**
 * The row list of a week with a current-time marker. A row's containment makes it paint over
 * {@link nowLine}, so each lane draws its stretch of the line itself at `--now` (% of the week),
 * over its row's bottom border too (the lane fills its row's height): above its bars and below a
 * focused one, as the one line would.
 */
export const withNow = style({})
globalStyle(`${withNow} ${lane}::after`, {
  content: '""',
  position: 'absolute',
  top: 0,
  bottom: '-1px',
  insetInlineStart: 'var(--now)',
  borderInlineStart: `2px solid ${vars.color.text}`,
  zIndex: 2,
  pointerEvents: 'none',
})

export const noIssues = visuallyHidden

const stripes = 'repeating-linear-gradient(135deg, rgba(255,255,255,0.45) 0 3px, transparent 3px 7px)'
const dots = 'radial-gradient(circle, rgba(255,255,255,0.55) 1.2px, transparent 1.6px)'

/**
 * A bar: a grid item of its lane ({@link lane}). The button's own look is reset property by
 * property, not with `all: unset`, which every bar (each with its own inline place, so no two
 * share a computed style) would pay for in style recalculation.
 */
export const bar = style({
  ...buttonReset,
  gridColumn: 1,
  minWidth: '6px',
  display: 'flex',
  alignItems: 'center',
  overflow: 'hidden',
  borderRadius: '3px',
  // Icons in the surface colour: white on the light theme's dark fills, dark on the dark theme's light ones.
  color: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    // The severity icon; its picture comes with the bar's kind.
    '&::before': { ...maskIcon('12px'), margin: '0 3px' },
    '&:focus-visible, &[aria-expanded="true"]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px', zIndex: 4 },
  },
})

const SEVERITY_STROKE = "fill='none' stroke='black' stroke-width='2.2' stroke-linecap='round'"
const severityIcon = (k: keyof typeof SEVERITY_PATHS) => ({
  selectors: { '&::before': { maskImage: maskUrl(SEVERITY_PATHS[k], SEVERITY_STROKE) } },
})

/** Fill, pattern and icon (a `::before` mask) per severity kind. */
export const kind = styleVariants({
  disruption: [{ backgroundColor: vars.severity.disruption }, severityIcon('disruption')],
  degradation: [{ backgroundColor: vars.severity.degradation, backgroundImage: stripes }, severityIcon('degradation')],
  informational: [
    { backgroundColor: vars.severity.informational, backgroundImage: dots, backgroundSize: '5px 5px' },
    severityIcon('informational'),
  ],
})

/**
 * Ongoing issues: an arrow-shaped end towards later days ("continues"), besides 'ongoing' in the
 * text: the right end, the left one right to left; the legend's swatch shows the same end.
 */
export const live = style({
  clipPath: 'polygon(0 0, calc(100% - 7px) 0, 100% 50%, calc(100% - 7px) 100%, 0 100%)',
  paddingInlineEnd: '7px',
  selectors: { '&:dir(rtl)': { clipPath: 'polygon(100% 0, 7px 0, 0 50%, 7px 100%, 100% 100%)' } },
})

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  listStyle: 'none',
  fontSize: '13px',
})
globalStyle(`${root} ${legend}`, { fontSize: '13px' })

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })

export const swatch = style({
  position: 'relative',
  width: '28px',
  height: '14px',
  minWidth: 0,
  display: 'inline-flex',
  cursor: 'default',
})
// The 'Ongoing' swatch shows the arrow end only.
globalStyle(`${swatch}${live}::before`, { display: 'none' })

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

/** Placed by Floating UI: `left` and `top` (px from the viewport) are set on the element. */
export const popover = style({
  position: 'fixed',
  left: 0,
  top: 0,
  zIndex: 30,
  width: 'max-content',
  maxWidth: `min(${POPOVER.maxWidth}px, calc(100vw - 16px))`,
  maxHeight: `${POPOVER.maxHeight}px`,
  overflowY: 'auto',
  padding: vars.space.md,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: '0 4px 16px rgba(0, 0, 0, 0.2)',
  fontSize: '13px',
  overflowWrap: 'anywhere',
  animation: `${fadeIn} 120ms ease-out`,
})
globalStyle(`${root} ${popover}`, { fontSize: '13px', lineHeight: 1.45 })

export const popoverTitle = style({ margin: `0 0 ${vars.space.xs}`, fontWeight: 700, fontSize: '14px' })
export const popoverText = style({ margin: `0 0 ${vars.space.sm}` })
export const times = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `2px ${vars.space.sm}`,
  margin: `${vars.space.sm} 0 0`,
})
globalStyle(`${times} dt`, { fontWeight: 600, margin: 0 })
globalStyle(`${times} dd`, { margin: 0 })

export const linkButton = style([button, { padding: `2px ${vars.space.sm}`, fontSize: '13px' }])

/**
 * The full-post `<dialog>`, shown modal: the platform centres it in the top layer (`position:
 * fixed`, `inset: 0`, `margin: auto`, `max-width: calc(100% - 6px - 2em)`); its content ({@link modalBody}) fills it, so a press on
 * the dialog itself is on the backdrop.
 */
export const modal = style({
  // At most the platform's `max-width` (the viewport less about 2.4em) on narrow screens.
  width: '640px',
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
  padding: 0,
  border: 0,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  boxShadow: '0 8px 32px rgba(0, 0, 0, 0.3)',
  outline: 'none',
})
globalStyle(`${modal}::backdrop`, { background: 'rgba(15, 23, 42, 0.55)' })

export const modalBody = style({ padding: vars.space.xl })

export const modalTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  marginInlineEnd: vars.space.xl,
  fontSize: '18px',
  fontWeight: 700,
})
globalStyle(`${root} ${modalTitle}`, { fontSize: '18px', lineHeight: 1.35 })
globalStyle(`${modalTitle} a`, { color: vars.color.link })

/** The severity's icon before the modal's title: a bar's icon ({@link kind}) in a 22 px disc of the bar's fill. */
export const modalIcon = style({
  flex: 'none',
  display: 'flex',
  width: '22px',
  height: '22px',
  padding: '3px',
  borderRadius: '50%',
  color: vars.color.surface,
  selectors: { '&::before': maskIcon('16px') },
})

export const close = style([
  button,
  { position: 'absolute', top: vars.space.md, insetInlineEnd: vars.space.md, padding: `2px ${vars.space.sm}` },
])

export const body = style({ margin: `${vars.space.md} 0` })
globalStyle(`${body} p`, { margin: `0 0 ${vars.space.sm}` })
globalStyle(`${body} a`, { color: vars.color.link })

export const hidden = visuallyHidden

/** The alert of a subscribe star whose call failed. */
export const starError = style([errorAlert, { marginBottom: vars.space.sm }])

/**
 * The overall status line above the blocks (`<trust-status-badge>`): its room is kept while its
 * script loads, so the blocks never move when it arrives.
 */
export const badge = style({ display: 'block', minHeight: '36px', marginBottom: vars.space.md })
