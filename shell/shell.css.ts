import { createVar, style, globalStyle } from '@vanilla-extract/css'
import { BANNER_END, lightDark } from '../styles/palette'
import { vars } from '../styles/theme.css'
import { loading } from '../widgets/core/ui.css'
import { BREAKPOINTS, minWidth } from '../styles/tokens'

/**
 * Where the header shows its controls in the bar and the main menu in one row: 1200 px and wider.
 * Narrower, the menus fold behind the Menu button (docs/languages-and-themes.md#the-header-on-one-row):
 * below that width the bar and the menu do not fit on one row each in every language.
 */
const desktop = minWidth(BREAKPOINTS.xl)

export const page = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' })

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: '-9999px',
  top: 0,
  zIndex: 100,
  padding: vars.space.sm,
  background: vars.color.surface,
  selectors: { '&:focus': { insetInlineStart: vars.space.sm } },
})

export const header = style({ background: vars.color.header, color: vars.color.headerText })

export const headerBar = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  // One row in every language: the logo's text gives way (cut with an ellipsis), nothing wraps.
  flexWrap: 'nowrap',
})

export const logo = style({
  color: vars.color.headerText,
  textDecoration: 'none',
  fontWeight: 700,
  fontSize: '18px',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInlineEnd: 'auto',
  minWidth: 0,
  whiteSpace: 'nowrap',
})

/** The logo's name, cut with an ellipsis when a long vendor name leaves no room. */
export const logoText = style({ overflow: 'hidden', textOverflow: 'ellipsis' })

export const logoMark = style({ width: '28px', height: '28px', flexShrink: 0 })

export const headerLinks = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.md,
  flexShrink: 0,
  '@media': { [desktop]: { display: 'flex' } },
})

/** The top menu's links in the bar. */
export const topMenu = style({ display: 'flex', gap: vars.space.md })

export const topLink = style({
  color: vars.color.headerText,
  fontSize: '14px',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { textDecoration: 'underline' } },
})

export const headerButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `6px ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: '1px solid rgba(255,255,255,0.45)',
  color: vars.color.headerText,
  fontSize: '14px',
  whiteSpace: 'nowrap',
  selectors: { '&:focus-visible': { outline: `2px solid #9cc3ff`, outlineOffset: '2px' } },
})

/** A header button's text of data (the cloud's title, the user's email address), cut with an ellipsis past 220 px. */
export const buttonText = style({ display: 'inline-block', maxWidth: '220px', overflow: 'hidden', textOverflow: 'ellipsis' })

// Accent text on the accent (the header's text colour is too light on the dark scheme's accent).
export const subscribeButton = style([
  headerButton,
  { background: vars.color.accent, borderColor: vars.color.accent, color: vars.color.accentText, textDecoration: 'none' },
])

export const menuToggle = style([headerButton, { '@media': { [desktop]: { display: 'none' } } }])

export const selectorWrap = style({ position: 'relative' })

/** A header control's floating panel (the cloud selector's, the time zone's). */
export const headerPanel = style({
  zIndex: 50,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: '0 8px 24px rgba(15,39,64,0.18)',
  padding: vars.space.lg,
  maxWidth: 'calc(100vw - 32px)',
})

export const selectorPanel = style([headerPanel, { display: 'flex', gap: vars.space.xl }])

export const selectorColumn = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: '170px' })
export const productTitle = style({
  fontSize: '13px',
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.muted,
  margin: 0,
})
export const cloudList = style({ listStyle: 'none', margin: `${vars.space.xs} 0 0`, padding: 0 })

export const cloudOption = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'block',
  width: '100%',
  padding: `4px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  fontSize: '14px',
  color: vars.color.text,
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
    '&[aria-current="true"]': { fontWeight: 700, color: vars.color.accent },
  },
})

export const mobilePanel = style({
  width: '100%',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
})

export const mobileRow = style([cloudOption, { display: 'flex', justifyContent: 'space-between', padding: `10px ${vars.space.sm}` }])

export const nav = style({ background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` })

export const navInner = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `0 ${vars.space.lg}`,
  display: 'none',
  '@media': { [desktop]: { display: 'block' } },
})

export const navOpen = style({ display: 'block' })

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  // One row on the desktop: items never wrap; their padding keeps them apart.
  '@media': { [desktop]: { flexDirection: 'row', flexWrap: 'nowrap' } },
})

export const navLink = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `12px ${vars.space.md}`,
  color: vars.color.text,
  fontSize: '15px',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  '@media': { [desktop]: { paddingInline: vars.space.sm } },
  borderBottom: '3px solid transparent',
  selectors: {
    '&:hover': { color: vars.color.accent },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&[aria-current="page"]': { borderBottomColor: vars.color.accent, color: vars.color.accent, fontWeight: 600 },
  },
})

export const subMenu = style({
  zIndex: 40,
  listStyle: 'none',
  margin: 0,
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: '0 8px 24px rgba(15,39,64,0.15)',
  minWidth: '240px',
})

export const subLink = style([
  navLink,
  {
    display: 'flex',
    padding: `8px ${vars.space.md}`,
    borderBottom: 'none',
    whiteSpace: 'normal',
    '@media': { [desktop]: { paddingInline: vars.space.md } },
  },
])

export const mobileExtras = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: `0 calc(-1 * ${vars.space.lg})`,
  padding: vars.space.lg,
  background: vars.color.header,
  '@media': { [desktop]: { display: 'none' } },
})

export const main = style({ flex: 1, width: '100%', maxWidth: '1200px', margin: '0 auto', padding: `${vars.space.xl} ${vars.space.lg}` })

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.muted,
  fontSize: '14px',
})

export const footerInner = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${vars.space.lg}`,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
})

export const banner = style({
  background: `linear-gradient(120deg, ${vars.color.header}, ${lightDark(BANNER_END)})`,
  color: vars.color.headerText,
  borderRadius: vars.radius.md,
  padding: `${vars.space.xl} ${vars.space.xl}`,
  marginBottom: vars.space.xl,
})

/** The banner's heading and text: both at the page's start edge (right in a right-to-left page). */
export const bannerTitle = style({ margin: 0, fontSize: '28px', lineHeight: 1.2, textAlign: 'start' })
export const bannerText = style({
  margin: 0,
  marginBlockStart: vars.space.sm,
  fontSize: '16px',
  maxWidth: '760px',
  opacity: 0.92,
  textAlign: 'start',
})

/** The notifications page's entries (the Notifications dropdown's lists and status pages), one per row. */
export const entryList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm, maxWidth: '640px' })

export const entryLink = style({
  display: 'block',
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.link,
  fontSize: '16px',
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline', background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

export const pageTitle = style({ margin: `0 0 ${vars.space.lg}`, fontSize: '26px' })
export const sectionTitle = style({ margin: `${vars.space.xl} 0 ${vars.space.md}`, fontSize: '20px' })
export const note = style({ color: vars.color.muted, fontSize: '14px', marginTop: vars.space.xl })

/**
 * Space kept for the speedometer's three gauge cards (about 281 px tall, 16 px apart, at least
 * 200 px wide each: one column under 464 px, two to 679 px, three from 680 px) before its script
 * and data arrive, so nothing below moves when they do (issue "front-end speed": no layout shift).
 */
globalStyle(`${main} trust-speedometer`, {
  display: 'block',
  minHeight: '875px',
  '@media': { 'screen and (min-width: 464px)': { minHeight: '578px' }, 'screen and (min-width: 680px)': { minHeight: '281px' } },
})
/** A cloud that publishes no traffic figures shows one line (the element marks itself `data-empty`). */
globalStyle(`${main} trust-speedometer[data-empty]`, {
  minHeight: 0,
  '@media': { 'screen and (min-width: 464px)': { minHeight: 0 }, 'screen and (min-width: 680px)': { minHeight: 0 } },
})

/**
 * The record list pages: while the list (or the calendar) loads, its place keeps a screen's
 * height, so the calendar, the filters and the footer below do not jump when the records arrive.
 */
export const recordsPage = style({})
globalStyle(`${recordsPage} ${loading}`, { minHeight: '100vh', boxSizing: 'border-box' })

/** Rows of the cloud's core services week (from the server-rendered page data; default 8). */
export const coreRowsVar = createVar()

/**
 * The cloud status page: while a block's week loads, its place keeps the loaded timeline's height
 * (the core services block: its rows, header and legend; the data centers block, last on the
 * page: a screen's height), so neither the second block nor the footer moves when the data comes.
 */
export const cloudStatusPage = style({ vars: { [coreRowsVar]: '8' } })
globalStyle(`${cloudStatusPage} [data-testid="status-block-core"] ${loading}`, {
  minHeight: `calc(${coreRowsVar} * 33px + 140px)`,
  boxSizing: 'border-box',
  '@media': { 'screen and (min-width: 680px)': { minHeight: `calc(${coreRowsVar} * 33px + 95px)` } },
})
globalStyle(`${cloudStatusPage} [data-testid^="status-block-datacenter"] ${loading}`, { minHeight: '100vh', boxSizing: 'border-box' })

/**
 * The data-center map page: while the map's data loads, its place keeps the loaded widget's
 * height (the disclaimer, the map — 380 px below 576 px, 650 px above — and the legend), so the
 * footer does not move when the map comes (issue "front-end speed"; the footer grew with the
 * language picker in docs/languages-and-themes.md).
 */
export const dcMapPage = style({})
globalStyle(`${dcMapPage} ${loading}`, {
  minHeight: '740px',
  boxSizing: 'border-box',
  '@media': { 'screen and (max-width: 575.98px)': { minHeight: '490px' } },
})

/** A directional glyph (‹ ›) that points the other way in a right-to-left page (docs/languages-and-themes.md). */
export const mirrored = style({
  display: 'inline-block',
  selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } },
})
