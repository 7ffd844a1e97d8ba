import type { CatalogSection } from '../../contract/admin'
import type { Catalog } from '../../contract/catalog'
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import { adminFormsMessages } from './forms/messages'
import { adminCatalogMessages, adminMessages, adminNavMessages, adminProblemMessages } from './messages'
import { SECTIONS } from './sections'

/**
 * The catalogue's refusals in words (docs/operating/catalogue.md). The server names each bad field by its path in the
 * whole catalogue, then says in English what is wrong and what to do
 * (`clouds[0].default_page: "cloud-status" is not the route of a main-menu item with deep link
 * on: …`, `server/catalog/import.ts`). The console puts the path in words, from the catalogue it
 * sent and in the page's language — `Cloud “Acme”, Default page: …` — and keeps the server's
 * sentence (on pages in another language than English, after a translated "the server refused
 * this value:"; docs/languages-and-themes.md keeps the server's words English).
 */

type Forms = ReturnType<typeof adminFormsMessages.in> extends { get(): infer T } ? T : never
type Texts = {
  forms: Forms
  catalog: ReturnType<typeof adminCatalogMessages.in> extends { get(): infer T } ? T : never
  admin: ReturnType<typeof adminMessages.in> extends { get(): infer T } ? T : never
  nav: ReturnType<typeof adminNavMessages.in> extends { get(): infer T } ? T : never
  problems: ReturnType<typeof adminProblemMessages.in> extends { get(): infer T } ? T : never
}

/** A field's name in words, by its key in the catalogue file. */
const FIELDS: Readonly<Record<string, (t: Texts) => string>> = {
  machine_name: (t) => t.forms.machineName,
  title: (t) => t.admin.title,
  domain: (t) => t.forms.domain,
  product: (t) => t.forms.product,
  default_page: (t) => t.forms.defaultPage,
  banner_title: (t) => t.forms.bannerTitle,
  banner_description: (t) => t.forms.bannerDescription,
  cloud_status: (t) => t.forms.statusBlocks,
  services: (t) => t.forms.servicesInOrder,
  service: (t) => t.forms.service,
  decommissioned: (t) => t.forms.decommissioned,
  since: (t) => t.problems.since,
  until: (t) => t.problems.until,
  name: (t) => t.forms.name,
  description: (t) => t.admin.description,
  city: (t) => t.forms.city,
  country: (t) => t.forms.country,
  region: (t) => t.forms.region,
  latitude: (t) => t.forms.latitude,
  longitude: (t) => t.forms.longitude,
  clouds: (t) => t.forms.cloudsItServes,
  cloud: (t) => t.admin.cloud,
  regional_surcharge: (t) => t.forms.regionalSurcharge,
  premium: (t) => t.forms.premium,
  label: (t) => t.forms.label,
  route: (t) => t.forms.route,
  component: (t) => t.forms.component,
  deep_link: (t) => t.forms.deepLink,
  hide_from_clouds: (t) => t.forms.hiddenFrom,
  sub_menus: (t) => t.forms.subMenus,
  tid: (t) => t.problems.id,
  color_code: (t) => t.forms.colour,
  icon: (t) => t.forms.icon,
  status_icon: (t) => t.forms.statusIcon,
  show_legend: (t) => t.forms.showLegend,
  type: (t) => t.forms.notificationType,
  vendor: (t) => t.catalog.vendor,
  sso_alias: (t) => t.catalog.ssoAlias,
  help_site: (t) => t.catalog.helpSite,
  help_site_gov: (t) => t.catalog.helpSiteGov,
  continuity_policy: (t) => t.catalog.continuityPolicy,
  feedback_email: (t) => t.catalog.feedbackEmail,
  cookie_consent_id: (t) => t.catalog.cookieConsentId,
  cookie_consent_gov_id: (t) => t.catalog.cookieConsentGovId,
  status_vm_url: (t) => t.catalog.statusVmUrl,
  status_branch_url: (t) => t.catalog.statusBranchUrl,
  console_token_issuer: (t) => t.catalog.consoleTokenIssuer,
  console_token_audience: (t) => t.catalog.consoleTokenAudience,
  console_token_jwks_url: (t) => t.catalog.consoleTokenJwksUrl,
  console_token_public_key: (t) => t.catalog.consoleTokenPublicKey,
  is_gov: (t) => t.catalog.isGov,
  is_trust_dr: (t) => t.catalog.isTrustDr,
}

/** The first of `keys` that `item` has as a non-empty text, else `''`. */
function textOf(item: unknown, ...keys: string[]): string {
  if (typeof item === 'string') return item
  for (const key of keys) {
    const value = (item as Record<string, unknown> | undefined)?.[key]
    if (typeof value === 'string' && value !== '') return value
  }
  return ''
}

/** How one list section's items are named: its noun and the fields that name an item (none: no name yet). */
const ITEMS: Partial<Record<CatalogSection, [keyof Texts['catalog'], string[]]>> = {
  products: ['nounProduct', ['title', 'machine_name']],
  clouds: ['nounCloud', ['title', 'machine_name']],
  core_services: ['nounService', ['name']],
  regions: ['nounRegion', []],
  data_centers: ['nounDataCenter', ['name']],
  main_menu: ['nounMenuItem', ['label']],
  top_menu: ['nounMenuItem', ['label']],
  severities: ['nounSeverity', ['name']],
  notification_categories: ['nounNotificationCategory', ['name']],
}

/** `clouds[0].services[2].since` → `['clouds', 0, 'services', 2, 'since']`; `null` when it is no path. */
export function pathParts(path: string): Array<string | number> | null {
  if (!/^[a-z_][a-z0-9_]*(\[\d+\]|\.[A-Za-z0-9_]+)*$/i.test(path)) return null
  return [...path.matchAll(/([A-Za-z0-9_]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]))
}

const capitalise = (text: string, locale: Locale) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)

/**
 * Where a path points, in words: `Cloud “Acme” › service “Authentication”, In service since`.
 * `null` when the path is not one of the catalogue.
 */
export function placeInWords(path: string, catalog: Catalog, locale: Locale = DEFAULT_LOCALE): { where: string; field?: string } | null {
  const parts = pathParts(path)
  if (!parts) return null
  const t: Texts = {
    forms: adminFormsMessages.in(locale).get(),
    catalog: adminCatalogMessages.in(locale).get(),
    admin: adminMessages.in(locale).get(),
    nav: adminNavMessages.in(locale).get(),
    problems: adminProblemMessages.in(locale).get(),
  }
  const [section, ...rest] = parts
  const info = SECTIONS.find((s) => s.section === section)
  if (!info) return null
  const named = ITEMS[info.section]
  const item = (noun: keyof Texts['catalog'], name: string, n: number) =>
    t.problems.item({
      noun: t.catalog[noun] as string,
      name: name || t.catalog.newName({ noun: t.catalog[noun] as string, n: String(n + 1) }),
    })
  let where = t.nav[info.name]
  let value: unknown = (catalog as unknown as Record<string, unknown>)[info.section]
  let field: string | undefined
  let i = 0
  if (named && typeof rest[0] === 'number') {
    const index = rest[0]
    value = (value as unknown[] | undefined)?.[index]
    where = item(named[0], textOf(value, ...named[1]), index)
    i = 1
  }
  // Nested lists: a cloud's services, a data center's clouds, a menu item's sub-menus.
  while (i < rest.length) {
    const key = rest[i]
    const index = rest[i + 1]
    if (typeof key === 'string' && typeof index === 'number' && ['services', 'clouds', 'sub_menus'].includes(key)) {
      const entry = (value as Record<string, unknown[]> | undefined)?.[key]?.[index] as Record<string, unknown> | undefined
      const inner =
        key === 'services'
          ? item('nounService', String(entry?.service ?? ''), index)
          : key === 'clouds'
            ? item('nounCloud', cloudName(catalog, String(entry?.cloud ?? '')), index)
            : item('nounMenuItem', String(entry?.label ?? ''), index)
      where = t.problems.within({ outer: where, inner })
      value = entry
      i += 2
      continue
    }
    if (typeof key === 'string' && field === undefined) field = FIELDS[key]?.(t) ?? key
    i += 1
  }
  return { where: capitalise(where, locale), field }
}

function cloudName(catalog: Catalog, machineName: string): string {
  return catalog.clouds.find((c) => c.machine_name === machineName)?.title || machineName
}

/**
 * One refusal of the server (`path: sentence`) in words: the place and field it names, then the
 * server's sentence. A message without a path of the catalogue stays as it is (in English), or,
 * in another locale, becomes the generic refusal with the server's words.
 *
 * @param catalog the catalogue as the refused save would have made it (the section replaced by the value sent)
 */
export function problemInWords(message: string, catalog: Catalog, locale: Locale = DEFAULT_LOCALE): string {
  const t = adminProblemMessages.in(locale).get()
  const match = /^([^\s:]+):\s+(.*)$/s.exec(message)
  const place = match ? placeInWords(match[1], catalog, locale) : null
  const reason = place ? match![2] : message
  const said = locale === DEFAULT_LOCALE ? reason : t.refused({ reason })
  if (!place) return said
  return place.field ? t.atField({ where: place.where, field: place.field, message: said }) : t.at({ where: place.where, message: said })
}

/**
 * The refusals of a catalogue save in words ({@link problemInWords}), given the section saved and
 * the value sent.
 */
export function catalogProblemsInWords(
  messages: readonly string[],
  catalog: Catalog,
  section: CatalogSection,
  value: unknown,
  locale: Locale = DEFAULT_LOCALE,
): string[] {
  const next = { ...catalog, [section]: value } as Catalog
  return messages.map((m) => problemInWords(m, next, locale))
}
