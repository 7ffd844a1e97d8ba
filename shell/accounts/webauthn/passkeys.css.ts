import { style } from '@vanilla-extract/css'
import { cardBox } from '../../../styles/recipes.css'
import { vars } from '../../../styles/theme.css'

/** Styles of the passkey list (`shell/accounts/passkeys.tsx`): one card per passkey, as the session list. */

export const list = style({ listStyle: 'none', margin: `0 0 ${vars.space.md}`, padding: 0, display: 'grid', gap: vars.space.sm })

export const item = style([cardBox, { padding: vars.space.md, display: 'grid', gap: vars.space.xs, overflowWrap: 'anywhere' }])

export const name = style({ fontWeight: 600 })

export const meta = style({ margin: 0, color: vars.color.muted, fontSize: '13px' })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' })

export const question = style({ margin: 0, flexBasis: '100%' })

export const none = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.muted })
