import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { headerPanel } from '../shell.css'

/** The picker: its label before the select, on one line. */
export const picker = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: '14px',
})

export const label = style({ whiteSpace: 'nowrap' })

const select = style({
  boxSizing: 'border-box',
  font: 'inherit',
  fontSize: '14px',
  // At least 32 px high (WCAG 2.2 target size). A fixed width: the server renders the select with
  // the current zone alone and the full list arrives after hydrating, which must not move anything;
  // long names are cut in the closed select, the open list shows them whole.
  minHeight: '32px',
  width: '210px',
  maxWidth: '100%',
  padding: `4px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
})

/** The select per place: on the dark folded menu its focus ring is the header buttons' light blue. */
export const selectOn = styleVariants({
  dark: [select, { selectors: { '&:focus-visible': { outline: '2px solid #9cc3ff', outlineOffset: '2px' } } }],
  light: [select, { selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } } }],
})

/** The header bar's button: the zone's place name, cut with an ellipsis past 110 px. */
export const zoneButton = style({ maxWidth: '170px' })

export const zoneText = style({ maxWidth: '110px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

export const clock = style({ width: '14px', height: '14px', flex: 'none' })

/** The header button's panel (the cloud selector's look). */
export const panel = headerPanel

export const panelNote = style({ margin: `${vars.space.sm} 0 0`, fontSize: '13px', color: vars.color.muted })
