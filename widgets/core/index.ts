/**
 * `trust-site-kit/core`: what a host page that embeds the widgets as modules uses (docs/embedding.md
 * "The npm package"): the page-wide stores every widget shares and their setters (the chosen
 * cloud, the session's time zone), the element base a host defines its own tags with, the events
 * an element sends, and the catalogues of a language the module flavour has no script to load
 * beside (docs/languages-and-themes.md). Every name here is a promise of the package; the project's
 * own modules import what else they need from `widgets/core/<module>` by path.
 */
export type { Locale } from '../../contract/locale'
export type { Cloud } from '../../contract/global'
export { addCatalogue } from '../../contract/i18n/index.js'
export type { Catalogue } from '../../contract/i18n/index.js'
export { $cloud, $cloudName, selectCloud } from './cloud'
export { createWidgetElement, defineElement, TrustEvent } from './element'
export type { HostProps, WidgetElement, WidgetElementClass, WidgetElementOptions } from './element'
export { SignInRequiredEvent } from './events'
export type { SignInRequiredDetail } from './events'
export { $session, setTimezone } from './session'
export type { SessionState } from './session'
