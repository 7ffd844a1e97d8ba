import { globalStyle } from '@vanilla-extract/css'
import { vars } from './theme.css'

/** Page-level styles of the site shell (not used inside widget shadow roots). */
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })

/*
 * The site's theme (docs/languages-and-themes.md): every colour is a `light-dark()` pair resolved by `color-scheme`.
 * By default the site follows the visitor's `prefers-color-scheme`; `data-theme` on `<html>`, put
 * there by the server from the `trust_theme` cookie and by the header's switch, forces one
 * (shell/theme.ts). `color-scheme` also turns native controls, scrollbars and the canvas dark.
 */
globalStyle(':root', { colorScheme: 'light dark' })
globalStyle(':root[data-theme="light"]', { colorScheme: 'light' })
globalStyle(':root[data-theme="dark"]', { colorScheme: 'dark' })

/*
 * Drop-in elements the site hosts (the home page's speedometer) follow the site's choice, not
 * only `prefers-color-scheme`: their `:host { color-scheme: light dark }` (theme.css.ts) loses to
 * the page's own rule on the element, which inherits the document's scheme.
 */
globalStyle(
  ':where(trust-speedometer, trust-status-badge, trust-cloud-status, trust-records, trust-notifications, trust-post, trust-subscriptions, trust-dc-map, trust-faq, trust-compliance, trust-cloud-picker)',
  { colorScheme: 'inherit' },
)

globalStyle('html, body', {
  margin: 0,
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: '15px',
  lineHeight: 1.5,
})
globalStyle('a', { color: vars.color.link })
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' })
