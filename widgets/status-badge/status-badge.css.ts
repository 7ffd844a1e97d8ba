import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { fluidWidgetRoot } from '../../styles/recipes.css'
import { icon, line } from '../overall-status/overall-status.css'

/**
 * The badge's box: block-level (a flex container, so the host's line height never reaches in),
 * its line as wide as its text, never wider than the container.
 */
export const root = style([fluidWidgetRoot, { display: 'flex' }])

/** The badge's line: the overall status line, smaller and without the page's bottom margin. */
export const compact = style({
  selectors: { [`${line}&`]: { minHeight: '36px', margin: 0, padding: `${vars.space.xs} ${vars.space.sm}`, fontSize: '15px' } },
})
globalStyle(`${compact} ${icon}`, { width: '20px', height: '20px' })

/** The line's text as a link to the status page it summarises. */
export const link = style({
  color: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  ':focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
})
