import { style } from '@vanilla-extract/css'
import { alert } from '../../styles/recipes.css'
import { vars } from '../../styles/theme.css'

/**
 * The degraded-mode notice: the kit's alert box with the degradation colour on its leading edge
 * (the words carry the meaning; the colour only echoes it). Wraps on narrow screens.
 */
export const notice = style([
  alert,
  {
    margin: `0 0 ${vars.space.md}`,
    borderInlineStart: `4px solid ${vars.severity.degradation}`,
    color: vars.color.text,
    lineHeight: 1.5,
    overflowWrap: 'anywhere',
  },
])
