import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { alert, visuallyHidden, widgetRoot } from '../../styles/recipes.css'

/*
 * Sizes are px, never rem: the widget is embedded on pages with any root font size. Marker and
 * map colours are custom properties with fallbacks so host pages can theme them:
 * --trust-dc-normal, --trust-dc-surcharge, --trust-dc-premium, --trust-dc-multiple,
 * --trust-dc-land, --trust-dc-ocean.
 */

/** Map height, px (docs/requirements/screens.md#data-center-map, docs/requirements/constants.md#map). */
const MAP_HEIGHT = '650px'

/**
 * Map height below the 576 px breakpoint, px. A world map is twice as wide as it is tall, so at
 * phone widths 650 px would be mostly ocean; see README design notes.
 */
const NARROW_MAP_HEIGHT = '380px'
const NARROW = 'screen and (max-width: 575.98px)'

/** Tooltip max width, px (docs/requirements/screens.md#visual-hints). */
const TOOLTIP_MAX_WIDTH = '270px'

export const root = style([widgetRoot])

const ocean = 'var(--trust-dc-ocean,light-dark(#d9ecff,#12263a))'

export const disclaimer = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: '13px',
  color: vars.color.muted,
})

export const noData = style([alert])

export const frame = style({
  position: 'relative',
  height: MAP_HEIGHT,
  '@media': { [NARROW]: { height: NARROW_MAP_HEIGHT } },
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: ocean,
})

/** The element svgmap builds its wrapper in. The world map stays left-to-right in every locale. */
export const mapHost = style({ height: '100%', direction: 'ltr' })

// svgmap sizes its map by aspect ratio (padding-top: 50%); the spec wants a fixed height.
globalStyle(`${mapHost} .svgMap-container, ${mapHost} .svgMap-map-container`, { height: '100%' })
globalStyle(`${mapHost} .svgMap-map-wrapper`, {
  height: MAP_HEIGHT,
  '@media': { [NARROW]: { height: NARROW_MAP_HEIGHT } },
  paddingTop: 0,
  background: ocean,
})
// svgmap sets each country's fill through an inline custom property; a more specific rule wins.
globalStyle(`${mapHost} .svgMap-map-wrapper .svgMap-country`, { fill: 'var(--trust-dc-land,light-dark(#e2e2e2,#373e47))' })

// svgmap draws its zoom icons in #ccc on white (1.6:1); icons need 3:1 (WCAG 1.4.11). The
// selectors outrank svgmap's own, whichever stylesheet comes first.
const zoomButton = `${mapHost} .svgMap-map-wrapper .svgMap-control-button.svgMap-zoom-button`
const iconColour = '#4a5565'
const disabledColour = '#c3c9d1'
globalStyle(`${zoomButton}:not(.svgMap-zoom-reset-button)::before, ${zoomButton}::after`, { background: iconColour })
globalStyle(`${zoomButton}.svgMap-zoom-reset-button::before`, { borderColor: iconColour })
globalStyle(`${zoomButton}:not(.svgMap-zoom-reset-button):hover::before, ${zoomButton}:hover::after`, { background: '#000000' })
globalStyle(`${zoomButton}.svgMap-zoom-reset-button:hover::before`, { borderColor: '#000000' })
globalStyle(`${zoomButton}.svgMap-disabled:not(.svgMap-zoom-reset-button)::before, ${zoomButton}.svgMap-disabled::after`, {
  background: disabledColour,
})
globalStyle(`${zoomButton}.svgMap-zoom-reset-button.svgMap-disabled::before`, { borderColor: disabledColour })
// The buttons sit in an overflow-hidden group, which would clip an outside focus ring.
globalStyle(`${zoomButton}:focus-visible`, { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' })

export const markers = style({})

export const marker = style({
  cursor: 'pointer',
  stroke: '#ffffff',
  strokeWidth: 1.5,
  outline: 'none',
})

/** Fill per kind; `fill` inherits from the marker group to its shape. */
export const markerKind = styleVariants({
  normal: { fill: 'var(--trust-dc-normal, #1f6fc5)' },
  surcharge: { fill: 'var(--trust-dc-surcharge, #b35900)' },
  premium: { fill: 'var(--trust-dc-premium, #6a3fb0)' },
  multiple: { fill: 'var(--trust-dc-multiple, #16324f)' },
})

globalStyle(`${marker}:focus-visible > path, ${marker}[aria-expanded="true"] > path`, {
  stroke: vars.color.focus,
  strokeWidth: 3,
})

export const markerCount = style({
  fill: '#ffffff',
  stroke: 'none',
  fontFamily: vars.font.body,
  fontSize: '10px',
  fontWeight: 700,
  textAnchor: 'middle',
  dominantBaseline: 'central',
  pointerEvents: 'none',
})

export const tooltip = style({
  position: 'absolute',
  top: 0,
  left: 0,
  zIndex: 3,
  boxSizing: 'border-box',
  maxWidth: TOOLTIP_MAX_WIDTH,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.18)',
  fontSize: '13px',
  lineHeight: 1.4,
  overflowWrap: 'anywhere',
})

export const tooltipTitle = style({ margin: 0, fontWeight: 700, fontSize: '14px' })

export const tooltipList = style({ margin: `${vars.space.xs} 0 0`, padding: 0, listStyle: 'none' })

export const tooltipTag = style({
  display: 'inline-block',
  marginInlineStart: vars.space.xs,
  padding: '0 4px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: '11px',
  color: vars.color.muted,
})

export const status = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  color: vars.color.muted,
  fontSize: '14px',
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

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })

export const legendSymbol = style({ flex: 'none', stroke: '#ffffff', strokeWidth: 1.5 })

export const hidden = visuallyHidden
