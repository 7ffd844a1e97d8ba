import { globalStyle, style } from '@vanilla-extract/css'
import { button, controlFrame, controlText, errorAlert, fluidWidgetRoot, visuallyHidden } from '../../styles/recipes.css'
import { STAR_PRESSED } from '../../styles/palette'
import { vars } from '../../styles/theme.css'
import { BREAKPOINTS, minWidth } from '../../styles/tokens'
import { maskUrl, STAR_PATH } from '../../styles/icons'

/**
 * Styles of `<trust-subscriptions>`: mobile first (one column at 375 px), regions as a
 * responsive grid from 576 px. Nothing is wider than its container, so the page never scrolls
 * sideways.
 */
export const root = style([fluidWidgetRoot])

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space.xs} ${vars.space.md}`,
  marginBottom: vars.space.md,
})

export const heading = style({ margin: 0, fontSize: '24px', lineHeight: 1.25, fontWeight: 600 })

export const count = style({ margin: 0, color: vars.color.muted, fontSize: '14px' })

export const help = style({
  flexBasis: '100%',
  color: vars.color.link,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
  '@media': { [minWidth(BREAKPOINTS.md)]: { flexBasis: 'auto', marginInlineStart: 'auto' } },
})

/** One scrolling strip on phones (a dozen clouds would otherwise stack into a tall list); wrapped rows from md up. */
export const tabs = style({
  display: 'flex',
  flexWrap: 'nowrap',
  overflowX: 'auto',
  '@media': { [minWidth(BREAKPOINTS.md)]: { flexWrap: 'wrap', overflowX: 'visible' } },
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.lg,
})

export const tab = style({
  all: 'unset',
  boxSizing: 'border-box',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: '3px solid transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  fontSize: '14px',
  whiteSpace: 'nowrap',
  flexShrink: 0,
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.accent, fontWeight: 600 },
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
})

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginBottom: vars.space.lg })

export const action = button

export const alert = style([errorAlert, { marginBottom: vars.space.md }])

export const section = style({ marginBottom: vars.space.xl })

export const sectionTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  paddingBottom: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: '18px',
  fontWeight: 600,
})

export const group = style({ marginBottom: vars.space.lg })

/** The Advisory section's severity choice: label, select and hint, wrapping on a phone. */
export const minimum = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  margin: `${vars.space.md} 0 0`,
})

export const select = style({ ...controlFrame, ...controlText, padding: `4px ${vars.space.sm}` })

export const hint = style({ flexBasis: '100%', color: vars.color.muted, fontSize: '13px' })

export const groupHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  marginBottom: vars.space.sm,
})

export const groupTitle = style({ margin: 0, fontSize: '16px', fontWeight: 600 })

export const modes = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, margin: 0, padding: 0, border: 0, minWidth: 0 })

export const legend = visuallyHidden

export const mode = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, cursor: 'pointer' })
globalStyle(`${mode} input`, { margin: 0, accentColor: vars.color.accent })
globalStyle(`${mode} input:focus-visible`, { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' })

export const items = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '2px',
  '@media': {
    [minWidth(BREAKPOINTS.md)]: { gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', columnGap: vars.space.lg },
  },
})

export const regions = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@media': {
    [minWidth(BREAKPOINTS.md)]: { gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' },
  },
})

export const region = style({
  minWidth: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const regionItems = style({ listStyle: 'none', margin: `${vars.space.xs} 0 0`, padding: `0 0 0 ${vars.space.lg}` })

const starUrl = (filled: boolean) =>
  maskUrl(STAR_PATH, `fill='${filled ? 'black' : 'none'}' stroke='black' stroke-width='1.3' stroke-linejoin='round'`)

/** A star: a real toggle button; filled and bold when subscribed, outlined otherwise (not colour alone). */
export const star = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  maxWidth: '100%',
  minHeight: '32px',
  padding: `${vars.space.xs} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  cursor: 'pointer',
  fontSize: '14px',
  lineHeight: 1.4,
  overflowWrap: 'anywhere',
  selectors: {
    '&::before': {
      content: '""',
      flex: 'none',
      width: '18px',
      height: '18px',
      marginTop: '1px',
      backgroundColor: vars.color.muted,
      maskImage: starUrl(false),
      maskRepeat: 'no-repeat',
      maskSize: 'contain',
      forcedColorAdjust: 'none',
    },
    '&[aria-pressed="true"]': { fontWeight: 600 },
    '&[aria-pressed="true"]::before': { backgroundColor: STAR_PRESSED, maskImage: starUrl(true) },
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
})

export const regionStar = style({ fontSize: '15px' })

export const loading = style({ padding: vars.space.lg, color: vars.color.muted })

export const hidden = visuallyHidden
