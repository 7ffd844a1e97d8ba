import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { ERROR_BOX, lightDark } from '../../styles/palette'
import { alert, button, errorAlert } from '../../styles/recipes.css'

/** Styles of the accounts pages, banners, user menu and toasts. */

export const formPage = style({ maxWidth: '460px' })

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const label = style({ fontWeight: 600, fontSize: '14px' })

export const input = style({
  boxSizing: 'border-box',
  width: '100%',
  padding: `8px ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: '15px',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.severity.disruption },
  },
})

export const fieldError = style({ margin: 0, color: vars.severity.disruption, fontSize: '13px' })

export const primary = style([
  button,
  { background: vars.color.accent, color: vars.color.accentText, alignSelf: 'flex-start', padding: `8px ${vars.space.lg}` },
])

export const secondary = button

export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg, marginTop: vars.space.lg, fontSize: '14px' })

export const errorBox = style([
  errorAlert,
  { marginBottom: vars.space.md, background: lightDark(ERROR_BOX.background), color: lightDark(ERROR_BOX.text) },
])

export const infoBox = style([alert, { marginBottom: vars.space.md, borderColor: vars.severity.informational }])

export const successBox = style([alert, { marginBottom: vars.space.md, borderColor: vars.severity.operational }])

export const warningBox = style([alert, { marginBottom: vars.space.md, borderColor: vars.severity.degradation }])

/** A button that reads as a link inside a sentence ('here' of the verification banner). */
export const inlineButton = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.link,
  textDecoration: 'underline',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
})

export const banners = style({ marginBottom: vars.space.lg })

export const toastRegion = style({
  position: 'fixed',
  insetInlineEnd: vars.space.lg,
  bottom: vars.space.lg,
  zIndex: 200,
  maxWidth: 'min(420px, calc(100vw - 32px))',
  pointerEvents: 'none',
})

export const toast = style({
  background: vars.color.header,
  color: vars.color.headerText,
  borderRadius: vars.radius.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  boxShadow: '0 8px 24px rgba(15,39,64,0.25)',
  fontSize: '14px',
})

export const userMenu = style({ position: 'relative' })

export const userMenuList = style({
  position: 'absolute',
  insetInlineEnd: 0,
  top: 'calc(100% + 6px)',
  zIndex: 60,
  listStyle: 'none',
  margin: 0,
  padding: vars.space.xs,
  minWidth: '200px',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: '0 8px 24px rgba(15,39,64,0.18)',
})

export const userMenuItem = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'block',
  width: '100%',
  padding: `8px ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  color: vars.color.text,
  fontSize: '14px',
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
  },
})

export const select = style([input, { maxWidth: '320px' }])

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.lg}`,
})
