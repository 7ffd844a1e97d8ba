import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { button, errorAlert } from '../../styles/recipes.css'

export const loading = style({
  padding: vars.space.lg,
  color: vars.color.muted,
  fontSize: '14px',
})

export const error = style([errorAlert, { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md }])

export const retry = button
