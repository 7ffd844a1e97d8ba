import type { Locale } from '../contract/locale'
import { menuLabel, type PageMessageKey, pageMessages } from './messages'
import { createRouter } from '@nanostores/router'
import type { CatalogSection } from '../contract/admin'
import type { Cloud, GlobalData, MenuItem } from '../contract/global'
import { NOINDEX_COMPONENTS } from '../contract/menu'
import { cloudFromPath, defaultPagePath } from '../widgets/core/cloud'
import { ADMIN_ROUTES, sectionOf, screenName, type AdminScreen } from './admin/sections'
import { flattenMenu, isExternal, isHidden, isNotificationsMenu, resolveRoute } from './menu'

/**
 * Every route of the spec's route table (docs/requirements/screens.md). Order matters: the first pattern that
 * matches wins, so fixed paths come before the cloud-prefixed catch-alls. Menu-driven pages
 * (home, cloud status, lists, map, FAQ, compliance) are resolved against the menu data by
 * {@link resolvePage}, not listed here one by one.
 */
export const $router = createRouter({
  signIn: '/sign-in',
  signUp: '/sign-up',
  subscribe: '/subscribe',
  unsubscribe: '/unsubscribe/:token',
  optIn: '/opt-in/:token',
  thankYou: '/thank-you',
  cookiePolicy: '/privacy-compliance/cookie-policy',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminCatalog: '/admin/catalog/:section',
  adminFaq: '/admin/content/faq',
  adminCompliance: '/admin/content/compliance',
  adminStaff: '/admin/staff',
  adminSubscribers: '/admin/subscribers',
  adminAudit: '/admin/audit',
  adminThirdParty: '/admin/third-party',
  adminApiKeys: '/admin/api-keys',
  adminAlertRules: '/admin/alert-rules',
  adminDesk: '/admin/desk',
  adminDeskNew: '/admin/desk/new',
  adminDeskTemplates: '/admin/desk/templates',
  adminDeskRecord: '/admin/desk/:id',
  userPassword: '/user/password',
  userReset: '/user/reset/:token',
  userEdit: '/user/:uid/edit',
  accountSettings: '/account-settings',
  rssFeed: '/rss-feed/:name',
  notification: '/notification/:id',
  post: '/posts/:id',
  cloudNotification: '/:cloud/notification/:id',
  cloudPost: '/:cloud/posts/:id',
  cloudVex: '/:cloud/vex',
  notificationList: '/:cloud/notifications/:type',
  cloudPage: '/:cloud/:page',
  cloudHome: '/:cloud',
  root: '/',
})

/** Page components the shell knows (the `component` of menu items, plus fixed pages). */
export type PageComponent =
  | 'home'
  | 'cloud-status'
  | 'incidents'
  | 'maintenance'
  | 'security-advisories'
  | 'notifications'
  | 'dc-map'
  | 'faq'
  | 'compliance'
  | 'sign-in'
  | 'sign-up'
  | 'subscribe'
  | 'unsubscribe'
  | 'opt-in'
  | 'thank-you'
  | 'cookie-policy'
  | 'notification'
  | 'post'
  | 'vex'
  | 'user-edit'
  | 'user-password'
  | 'user-reset'
  | 'admin'
  | 'fallback'

/**
 * What the shell shows for a path. An `admin` page carries `params.screen` (an {@link AdminScreen})
 * and, on a catalogue screen, `params.section` (a `CatalogSection` key such as `data_centers`).
 */
export type Resolution =
  | { kind: 'page'; component: PageComponent; cloud?: Cloud; item?: MenuItem; params: Record<string, string> }
  | { kind: 'redirect'; to: string }

const FIXED: Partial<Record<string, PageComponent>> = {
  signIn: 'sign-in',
  signUp: 'sign-up',
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  optIn: 'opt-in',
  thankYou: 'thank-you',
  cookiePolicy: 'cookie-policy',
  userPassword: 'user-password',
  userReset: 'user-reset',
  userEdit: 'user-edit',
  accountSettings: 'user-edit',
  notification: 'notification',
}

/** Routes that need a signed-in visitor (docs/requirements/roles.md); others go to sign-in. */
const PROTECTED = new Set(['subscribe', 'userEdit', 'accountSettings'])

/** True when `path` is a protected page (docs/requirements/roles.md: /subscribe, /user/{uid}/edit, /account-settings). */
export function isProtectedPath(path: string): boolean {
  const p = path.split(/[?#]/)[0].replace(/\/+$/, '')
  return p === '/subscribe' || p === '/account-settings' || /^\/user\/[^/]+\/edit$/.test(p)
}

/** Where a signed-out visitor of a protected page goes: sign-in, keeping the page (docs/requirements/screens.md). */
export function signInPathFor(path: string): string {
  return `/sign-in?destination=${encodeURIComponent(path)}`
}

const fallback = (params: Record<string, string> = {}): Resolution => ({ kind: 'page', component: 'fallback', params })

/** Where `/admin` leads. */
export const ADMIN_HOME = '/admin/dashboard'

/**
 * The admin console's routes (issue "the operator's own site"): `/admin` goes to the dashboard; a
 * signed-out visitor goes to sign-in and comes back (not in DR mode, where the console shows the
 * unavailable message like the account pages); an unknown catalogue section, or a desk record path
 * whose id is not a number (`/admin/desk/{id}`), is the fallback page.
 * Whether the signed-in user's roles open the console is the console's to say: the roles arrive
 * after the session (`shell/admin/AdminConsole.tsx`).
 */
function resolveAdmin(
  path: string,
  route: { route: string; params: Record<string, string> },
  global: Partial<Pick<GlobalData, 'isTrustDR'>>,
  signedIn: boolean,
): Resolution {
  if (route.route === 'admin') return { kind: 'redirect', to: ADMIN_HOME }
  const screen: AdminScreen = ADMIN_ROUTES[route.route]
  const params: Record<string, string> = { screen }
  if (screen === 'catalog') {
    const info = sectionOf(route.params.section)
    if (!info) return fallback(route.params)
    params.section = info.section
  }
  if (screen === 'desk-record') {
    if (!/^[1-9]\d{0,9}$/.test(route.params.id ?? '')) return fallback(route.params)
    params.id = route.params.id
  }
  if (!signedIn && !global.isTrustDR) return { kind: 'redirect', to: signInPathFor(path) }
  return { kind: 'page', component: 'admin', params }
}

/**
 * Decides what a path shows (docs/requirements/screens.md#route-table): fixed pages; menu items deep-linked under
 * the cloud's domain prefix (`/{domain}/{route}`) or at absolute paths (`/{route}`); a page
 * hidden for the chosen cloud redirects to the cloud's default page; `/` goes to the chosen
 * cloud's default page; `/posts/{id}` redirects to `/{domain}/posts/{id}`; the Notifications
 * dropdown's own route (`/{domain}/notifications`) is the `notifications` page with that parent as
 * its `item`, which lists the dropdown's entries; anything else is the fallback page.
 *
 * @param path the location's pathname
 * @param route the router's match (`undefined` when nothing matched)
 * @param global the loaded global data
 * @param chosen the chosen cloud
 * @param signedIn whether the visitor is signed in (docs/requirements/states.md#session)
 */
export function resolvePage(
  path: string,
  route: { route: string; params: Record<string, string> } | undefined,
  global: Pick<GlobalData, 'clouds' | 'menu'> & Partial<Pick<GlobalData, 'isTrustDR'>>,
  chosen: Cloud | null | undefined,
  signedIn = false,
): Resolution {
  if (!route) return fallback()
  const { params } = route
  if (route.route === 'admin' || route.route in ADMIN_ROUTES) return resolveAdmin(path, route, global, signedIn)
  const fixed = FIXED[route.route]
  // Protected pages send signed-out visitors to sign-in (not in DR mode, where every account
  // page only says the service is unavailable).
  if (fixed && PROTECTED.has(route.route) && !signedIn && !global.isTrustDR) {
    return { kind: 'redirect', to: signInPathFor(path) }
  }
  if (fixed) return { kind: 'page', component: fixed, params, cloud: chosen ?? undefined }
  if (route.route === 'root') return chosen ? { kind: 'redirect', to: defaultPagePath(chosen) } : fallback()
  if (route.route === 'post')
    return chosen ? { kind: 'redirect', to: `/${chosen.domain}/posts/${encodeURIComponent(params.id)}` } : fallback()

  const items = flattenMenu(global.menu.main_menu).filter((i) => !isExternal(resolveRoute(i.route, chosen?.machine_name)))
  const cloud = cloudFromPath(global.clouds, path)
  const rest = cloud ? path.split('/').slice(2).join('/').replace(/\/+$/, '') : ''
  // The menu item at a path: a page's, or the Notifications dropdown's own route, the page listing
  // its entries (docs/requirements/screens.md#header-and-menus).
  const itemAt = (at: string, deepLink: boolean, machineName: string | undefined) =>
    items.find(
      (i) => !!i.deep_link === deepLink && (i.component || isNotificationsMenu(i)) && normalise(resolveRoute(i.route, machineName)) === at,
    )

  if (cloud) {
    if (route.route === 'cloudPost') return { kind: 'page', component: 'post', cloud, params }
    if (route.route === 'cloudNotification') return { kind: 'page', component: 'notification', cloud, params }
    if (route.route === 'cloudVex') return { kind: 'page', component: 'vex', cloud, params }
    const item =
      itemAt(rest, true, cloud.machine_name) ??
      (route.route === 'notificationList' ? items.find((i) => i.component === 'notifications') : undefined)
    if (!item) return fallback(params)
    if (isHidden(item, cloud)) return { kind: 'redirect', to: defaultPagePath(cloud) }
    return { kind: 'page', component: (item.component || 'notifications') as PageComponent, cloud, item, params }
  }

  // Not under a cloud domain: an absolute menu route such as /faq.
  const absolute = normalise(path)
  const item = itemAt(absolute, false, chosen?.machine_name)
  if (!item) return fallback(params)
  if (chosen && isHidden(item, chosen)) return { kind: 'redirect', to: defaultPagePath(chosen) }
  return { kind: 'page', component: (item.component || 'notifications') as PageComponent, cloud: chosen ?? undefined, item, params }
}

function normalise(p: string): string {
  return p.replace(/^\/+|\/+$/g, '')
}

/** Title and description of a page (docs/requirements/screens.md "Page titles and descriptions are set per path"). */
export interface PageMeta {
  title: string
  description: string
  noindex: boolean
}

/** The message keys of each page's title and description (shell/messages.ts `pageMessages`). */
const PAGE_TITLES = {
  home: ['home', 'homeText'],
  'cloud-status': ['cloudStatus', 'cloudStatusText'],
  incidents: ['incidents', 'incidentsText'],
  maintenance: ['maintenance', 'maintenanceText'],
  'security-advisories': ['advisories', 'advisoriesText'],
  notifications: ['notifications', 'notificationsText'],
  'dc-map': ['dcMap', 'dcMapText'],
  faq: ['faq', 'faqText'],
  compliance: ['compliance', 'complianceText'],
  'sign-in': ['signIn', 'signInText'],
  'sign-up': ['signUp', 'signUpText'],
  subscribe: ['subscribe', 'subscribeText'],
  unsubscribe: ['unsubscribe', 'unsubscribeText'],
  'opt-in': ['optIn', 'optInText'],
  'thank-you': ['thankYou', 'thankYouText'],
  'cookie-policy': ['cookiePolicy', 'cookiePolicyText'],
  notification: ['notification', 'notificationText'],
  post: ['post', 'postText'],
  vex: ['vex', 'vexText'],
  'user-edit': ['settings', 'settingsText'],
  'user-password': ['resetPassword', 'resetPasswordText'],
  'user-reset': ['newPassword', 'newPasswordText'],
  admin: ['admin', 'adminText'],
  fallback: ['notFound', 'notFoundText'],
} as const satisfies Record<PageComponent, [PageMessageKey, PageMessageKey]>

/** Account pages kept out of search results (see `NOINDEX_COMPONENTS`). */
const NOINDEX: readonly string[] = NOINDEX_COMPONENTS

/**
 * Page meta per resolution; /sign-in, /subscribe and the other account pages are marked noindex
 * (docs/requirements/screens.md#route-table). Titles and descriptions in the page's language (docs/languages-and-themes.md); a menu
 * label the operator left at its default is translated too (`menuLabel`).
 *
 * @param locale the page's language @default 'en'
 */
export function pageMeta(resolution: Resolution, siteName: string, cloud?: Cloud | null, locale: Locale = 'en'): PageMeta {
  if (resolution.kind === 'redirect') return { title: siteName, description: '', noindex: true }
  const t = pageMessages.in(locale).get()
  const [nameKey, descriptionKey] = PAGE_TITLES[resolution.component]
  const name = t[nameKey]
  const description = t[descriptionKey]
  const noindex = NOINDEX.includes(resolution.component)
  if (resolution.component === 'admin') {
    const { screen, section, id } = resolution.params
    const name = `${screenName(screen as AdminScreen, section as CatalogSection)}${id ? ` ${id}` : ''}`
    return { title: `Admin: ${name} | ${siteName}`, description, noindex }
  }
  const label = resolution.item ? menuLabel(resolution.item.item, locale) : name
  const title = [label, resolution.cloud?.title ?? cloud?.title, siteName].filter(Boolean).join(' | ')
  return { title, description, noindex }
}
