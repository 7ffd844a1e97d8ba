import { globalStyle } from '@vanilla-extract/css'
import { vars } from './theme.css'

/** Page-level styles of the site shell (not used inside widget shadow roots). */
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })
globalStyle('html, body', {
  margin: 0,
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: '15px',
  lineHeight: 1.5,
})
globalStyle('a', { color: vars.color.link })
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' })
