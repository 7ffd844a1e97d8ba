import type { CatalogSection } from '../../contract/admin'
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import { adminNavMessages } from './messages'

/**
 * The admin console's screens and the catalogue sections it edits, as plain data. The router
 * (`shell/routes.ts`, in the main entry) reads it for titles and to tell a known section from a
 * typo, so it holds no code of the console itself; everything else of `shell/admin/` is a lazy chunk.
 *
 * The list is written out here rather than taken from `CATALOG_SECTIONS` of `contract/admin.ts`:
 * that is a schema module, which the front end may import types from only.
 */

/** One catalogue section: its key in the catalogue, the path segment of its screen and its name. */
export interface SectionInfo {
  section: CatalogSection
  /** Path segment of `/admin/catalog/{slug}`: the key with dashes (`data-centers`). */
  slug: string
  /** Its plural name's message (`admin.nav`, e.g. `Data centers`; {@link sectionName} gives it in a locale). */
  name: keyof typeof adminNavMessages.base
}

/**
 * Every catalogue section, in the order of the console's navigation: the order a new site is set
 * up in (`./setup.ts`; each screen picks from what the ones before it made), then the optional
 * notification categories and the severities.
 */
export const SECTIONS: readonly SectionInfo[] = [
  { section: 'settings', slug: 'settings', name: 'settings' },
  { section: 'products', slug: 'products', name: 'products' },
  { section: 'core_services', slug: 'core-services', name: 'coreServices' },
  { section: 'regions', slug: 'regions', name: 'regions' },
  { section: 'data_centers', slug: 'data-centers', name: 'dataCenters' },
  { section: 'clouds', slug: 'clouds', name: 'clouds' },
  { section: 'main_menu', slug: 'main-menu', name: 'mainMenu' },
  { section: 'top_menu', slug: 'top-menu', name: 'topMenu' },
  { section: 'notification_categories', slug: 'notification-categories', name: 'notificationCategories' },
  { section: 'severities', slug: 'severities', name: 'severities' },
]

/**
 * The section a path segment names: the slug (`data-centers`) or the key itself (`data_centers`),
 * case-insensitive; `undefined` for anything else.
 */
export function sectionOf(segment: string | undefined): SectionInfo | undefined {
  const slug = (segment ?? '').toLowerCase().replace(/_/g, '-')
  return SECTIONS.find((s) => s.slug === slug)
}

/**
 * The screens of the console (the `screen` param of an `admin` page resolution). The incident
 * desk's: `desk` (the records), `desk-new` (a new post), `desk-record` (one record, `params.id`)
 * and `templates`.
 */
export type AdminScreen =
  | 'dashboard'
  | 'catalog'
  | 'faq'
  | 'compliance'
  | 'staff'
  | 'subscribers'
  | 'audit'
  | 'desk'
  | 'desk-new'
  | 'desk-record'
  | 'templates'
  | 'third-party'
  | 'api-keys'
  | 'alert-rules'

/** Route name of `shell/routes.ts` → screen. */
export const ADMIN_ROUTES: Readonly<Record<string, AdminScreen>> = {
  adminDashboard: 'dashboard',
  adminCatalog: 'catalog',
  adminFaq: 'faq',
  adminCompliance: 'compliance',
  adminStaff: 'staff',
  adminSubscribers: 'subscribers',
  adminAudit: 'audit',
  adminDesk: 'desk',
  adminDeskNew: 'desk-new',
  adminDeskTemplates: 'templates',
  adminDeskRecord: 'desk-record',
  adminThirdParty: 'third-party',
  adminApiKeys: 'api-keys',
  adminAlertRules: 'alert-rules',
}

/** Where each screen lives; a catalogue section's is {@link catalogPath}, a desk record's `/admin/desk/{id}`. */
export const ADMIN_PATHS: Readonly<Record<Exclude<AdminScreen, 'catalog' | 'desk-record'>, string>> = {
  dashboard: '/admin/dashboard',
  faq: '/admin/content/faq',
  compliance: '/admin/content/compliance',
  staff: '/admin/staff',
  subscribers: '/admin/subscribers',
  audit: '/admin/audit',
  desk: '/admin/desk',
  'desk-new': '/admin/desk/new',
  templates: '/admin/desk/templates',
  'third-party': '/admin/third-party',
  'api-keys': '/admin/api-keys',
  'alert-rules': '/admin/alert-rules',
}

/** `/admin/catalog/{slug}` of a section. */
export function catalogPath(section: CatalogSection): string {
  return `/admin/catalog/${section.replace(/_/g, '-')}`
}

const SCREEN_NAMES: Readonly<Record<Exclude<AdminScreen, 'catalog'>, keyof typeof adminNavMessages.base>> = {
  dashboard: 'dashboard',
  faq: 'faq',
  compliance: 'compliance',
  staff: 'staff',
  subscribers: 'subscribers',
  audit: 'audit',
  desk: 'desk',
  'desk-new': 'newPost',
  'desk-record': 'record',
  templates: 'templates',
  'third-party': 'thirdParty',
  'api-keys': 'apiKeys',
  'alert-rules': 'alertRules',
}

/** A catalogue section's name in `locale`, e.g. `Data centers`; `undefined` for an unknown section. */
export function sectionName(section: CatalogSection | undefined, locale: Locale = DEFAULT_LOCALE): string | undefined {
  const info = SECTIONS.find((s) => s.section === section)
  return info && adminNavMessages.in(locale).get()[info.name]
}

/**
 * The name of a screen (a catalogue section's own name), e.g. `Dashboard`, `Data centers`.
 * @param locale @default 'en' (the console's catalogue must have loaded for another)
 */
export function screenName(screen: AdminScreen, section?: CatalogSection, locale: Locale = DEFAULT_LOCALE): string {
  const t = adminNavMessages.in(locale).get()
  if (screen === 'catalog') return sectionName(section, locale) ?? t.catalogue
  return t[SCREEN_NAMES[screen]]
}
