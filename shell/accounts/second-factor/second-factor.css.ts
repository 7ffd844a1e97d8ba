import { style } from '@vanilla-extract/css'
import { vars } from '../../../styles/theme.css'

/** Styles of the second-factor screens (`./*.tsx`). */

/** A part of a screen (the authenticator app, the passkey) with its heading. */
export const part = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
})

export const heading = style({ margin: 0, fontSize: '18px' })

export const intro = style({ margin: 0 })

/** The QR code: dark modules on white in either theme, as scanners expect. */
export const qr = style({ width: '192px', height: '192px', background: '#fff', borderRadius: vars.radius.sm, padding: '4px' })

/** The secret typed by hand, and the recovery codes: a monospace font, never hyphenated or split. */
export const key = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '15px',
  letterSpacing: '0.05em',
  overflowWrap: 'anywhere',
  unicodeBidi: 'isolate',
  direction: 'ltr',
})

export const codes = style([
  key,
  {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(9em, 1fr))',
    gap: `${vars.space.xs} ${vars.space.lg}`,
    margin: 0,
    padding: vars.space.md,
    listStyle: 'none',
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.sm,
  },
])

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' })

export const check = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' })
