import { globalStyle, style } from '@vanilla-extract/css'
import { button, fluidWidgetRoot } from '../../styles/recipes.css'
import { vars } from '../../styles/theme.css'

/**
 * Styles of `<trust-faq>`: mobile first; nothing is wider than its
 * container, so the page never scrolls sideways at 375 px.
 */
export const root = style([fluidWidgetRoot, { fontSize: '15px', lineHeight: 1.55 }])

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
})

export const searchField = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, flex: '1 1 240px', minWidth: 0 })

export const label = style({ fontWeight: 600, fontSize: '14px' })

export const hint = style({ fontSize: '13px', color: vars.color.muted })

export const input = style({
  width: '100%',
  minWidth: 0,
  padding: '8px 10px',
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
})

// Level with the input: the hint line below the input is about 24 px high.
export const toggleAll = style([button, { flex: '0 0 auto', marginBottom: '24px' }])

export const count = style({ flexBasis: '100%', margin: 0, minHeight: '1.5em', fontSize: '14px', color: vars.color.muted })

export const sections = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  scrollMarginTop: '16px',
})

const disclosure = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  cursor: 'pointer',
  fontFamily: vars.font.body,
  color: vars.color.text,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&::before': {
      content: '""',
      flex: '0 0 auto',
      width: '8px',
      height: '8px',
      borderRight: `2px solid currentColor`,
      borderBottom: `2px solid currentColor`,
      transform: 'rotate(-45deg)',
      transition: 'transform 120ms',
    },
    // Closed, the chevron points to the reading direction's end: right, or left in right-to-left text.
    '[dir="rtl"] &:not([aria-expanded="true"])::before': { transform: 'rotate(135deg)' },
    '&[aria-expanded="true"]::before': { transform: 'rotate(45deg)' },
  },
})

export const sectionHeading = style({ margin: 0, fontSize: '18px', lineHeight: 1.3 })

export const sectionButton = style([disclosure, { padding: `${vars.space.md} ${vars.space.lg}`, fontSize: '18px', fontWeight: 700 }])

export const panel = style({ padding: `0 ${vars.space.lg} ${vars.space.sm}`, borderTop: `1px solid ${vars.color.border}` })

export const question = style({
  borderBottom: `1px solid ${vars.color.border}`,
  scrollMarginTop: '16px',
  selectors: { '&:last-child': { borderBottom: 'none' } },
})

export const questionHeading = style({ margin: 0, fontSize: '15px', lineHeight: 1.4 })

export const questionButton = style([
  disclosure,
  { padding: `${vars.space.md} 0`, fontSize: '15px', fontWeight: 600, color: vars.color.link },
])

export const answer = style({ padding: `0 0 ${vars.space.md}`, paddingInlineStart: '16px' })
globalStyle(`${answer} > :first-child`, { marginTop: 0 })
globalStyle(`${answer} > :last-child`, { marginBottom: 0 })
globalStyle(`${answer} a`, { color: vars.color.link })
globalStyle(`${answer} ul, ${answer} ol`, { paddingInlineStart: '20px' })
globalStyle(`${answer} code`, {
  fontFamily: vars.font.mono,
  fontSize: '0.92em',
  background: vars.color.surfaceAlt,
  padding: '0 3px',
  borderRadius: '3px',
})

export const mark = style({
  background: '#ffe066',
  color: '#1b2533',
  borderRadius: '2px',
  padding: '0 1px',
  selectors: { '&:focus-visible, &:focus': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
})

export const html = style({})
globalStyle(`${html} a`, { color: vars.color.link })
