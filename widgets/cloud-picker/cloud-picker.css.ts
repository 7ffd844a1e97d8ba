import { style } from '@vanilla-extract/css'
import { controlFrame, controlText, fluidWidgetRoot } from '../../styles/recipes.css'
import { vars } from '../../styles/theme.css'

/** Styles of `<trust-cloud-picker>`: a label above a native select; fits 375 px. */
export const root = style([fluidWidgetRoot])

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, maxWidth: '320px' })

export const label = style({ fontWeight: 600, fontSize: '14px', color: vars.color.text })

export const select = style({
  boxSizing: 'border-box',
  width: '100%',
  minHeight: '36px',
  padding: `6px ${vars.space.sm}`,
  ...controlFrame,
  ...controlText,
})
