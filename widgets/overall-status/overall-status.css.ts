import { createVar, fallbackVar, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

/**
 * The overall status line (./OverallStatusLine.tsx): one fixed height whatever its state, so a
 * page never shifts when it arrives; an icon and a text, the accent colour only repeats what they
 * say. Sizes in px (widgets live on pages with any root font size).
 */
/** The accent colour of the line's kind: its start border and its icon. */
const accent = createVar()

export const line = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  boxSizing: 'border-box',
  minHeight: '48px',
  margin: `0 0 ${vars.space.lg}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderInlineStartWidth: '6px',
  borderInlineStartColor: fallbackVar(accent, vars.color.border),
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: '18px',
  fontWeight: 600,
  lineHeight: 1.3,
  selectors: {
    '&[data-kind="pending"]': { fontWeight: 400, color: vars.color.muted, fontSize: '16px' },
    '&[data-kind="operational"]': { vars: { [accent]: vars.severity.operational } },
    '&[data-kind="partial"]': { vars: { [accent]: vars.severity.degradation } },
    '&[data-kind="major"]': { vars: { [accent]: vars.severity.disruption } },
    '&[data-kind="maintenance"]': { vars: { [accent]: vars.severity.maintenance } },
  },
})

export const icon = style({
  width: '24px',
  height: '24px',
  flex: 'none',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  color: accent,
})
