import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css'

/** In the page flow above the header: it never covers content, at any width. */
export const banner = style({
  background: vars.color.surface,
  color: vars.color.text,
  borderBottom: `3px solid ${vars.color.accent}`,
})

export const inner = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${vars.space.md} ${vars.space.lg}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.sm} ${vars.space.lg}`,
})

export const text = style({ flex: '1 1 320px', minWidth: 0, margin: 0, fontSize: '14px', lineHeight: 1.5 })

export const title = style({ display: 'block', fontSize: '15px', fontWeight: 700, margin: `0 0 2px` })

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })

const button = style({
  cursor: 'pointer',
  minHeight: '44px',
  minWidth: '96px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  fontSize: '15px',
  fontWeight: 600,
  border: `2px solid ${vars.color.accent}`,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})

export const accept = style([button, { background: vars.color.accent, color: vars.color.accentText }])
export const reject = style([button, { background: vars.color.surface, color: vars.color.accent }])

export const link = style({ color: vars.color.link, textDecoration: 'underline' })
