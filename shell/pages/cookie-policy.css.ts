import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { BREAKPOINTS } from '../../styles/tokens'

/** The cookie policy's text column; the table scrolls inside itself, never the page. */
export const policy = style({ maxWidth: '820px', lineHeight: 1.6, overflowWrap: 'break-word' })
globalStyle(`${policy} h2`, { fontSize: '20px', margin: `${vars.space.xl} 0 ${vars.space.sm}` })
globalStyle(`${policy} a`, { color: vars.color.link })
globalStyle(`${policy} code`, { fontFamily: vars.font.mono, fontSize: '0.92em' })

export const tableWrap = style({ maxWidth: '100%', overflowX: 'auto' })

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontSize: '14px',
})
globalStyle(`${table} caption`, { textAlign: 'start', fontWeight: 700, padding: `0 0 ${vars.space.sm}` })
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  verticalAlign: 'top',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
globalStyle(`${table} thead th`, { background: vars.color.surfaceAlt })

/** Below 576 px each cookie becomes a stacked card, every cell labelled by its column (`data-label`). */
const narrow = `screen and (max-width: ${BREAKPOINTS.md - 1}px)`
globalStyle(`${table}`, { '@media': { [narrow]: { border: 'none', background: 'transparent' } } })
globalStyle(`${table} thead`, {
  '@media': { [narrow]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' } },
})
globalStyle(`${table} tbody, ${table} tr, ${table} th, ${table} td`, { '@media': { [narrow]: { display: 'block' } } })
globalStyle(`${table} tr`, {
  '@media': {
    [narrow]: {
      background: vars.color.surface,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.sm,
      marginBottom: vars.space.sm,
    },
  },
})
globalStyle(`${table} tbody th, ${table} tbody td`, {
  '@media': { [narrow]: { borderBottom: 'none', padding: `${vars.space.xs} ${vars.space.md}` } },
})
globalStyle(`${table} tbody td::before`, {
  '@media': { [narrow]: { content: 'attr(data-label) ": "', fontWeight: 700 } },
})
