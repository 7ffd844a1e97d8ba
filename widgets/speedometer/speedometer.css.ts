import { style } from '@vanilla-extract/css'
import { DIAL } from './model'
import { vars } from '../../styles/theme.css'
import { widgetRoot } from '../../styles/recipes.css'

export const root = style([widgetRoot])

export const gauges = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const gauge = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  textAlign: 'center',
})

export const dial = style({ display: 'block', width: '100%', maxWidth: '240px', height: 'auto', margin: '0 auto' })

export const track = style({ fill: 'none', stroke: vars.color.surfaceAlt, strokeWidth: DIAL.stroke, strokeLinecap: 'round' })
export const fill = style({
  fill: 'none',
  stroke: `var(--trust-gauge-color, ${vars.color.accent})`,
  strokeWidth: DIAL.stroke,
  strokeLinecap: 'round',
})
export const needle = style({ stroke: vars.color.text, strokeWidth: 3, strokeLinecap: 'round' })
export const hub = style({ fill: vars.color.text })

export const value = style({ fontSize: '26px', fontWeight: 700, margin: `${vars.space.xs} 0 0`, color: vars.color.text })
export const label = style({ fontSize: '15px', fontWeight: 600, margin: `${vars.space.xs} 0`, color: vars.color.text })
export const detail = style({ fontSize: '13px', color: vars.color.muted, margin: 0 })

/** The line shown instead of the gauges when the cloud publishes no figures. */
export const empty = style({ fontSize: '15px', color: vars.color.muted, margin: 0, padding: vars.space.lg })
