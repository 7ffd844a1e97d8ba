/**
 * GET /api/global — menus, clouds, products, single sign-on, variant flags and site links
 * (docs/requirements/entities.md#global, docs/requirements/calls.md). Revalidated on every load (see `PUBLIC_REVALIDATE`).
 */
import { trimBase } from '../../contract/links.js'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { STATUS_PAGE_COMPONENT } from '../../contract/constants.js'
import { GlobalData, type Menu, type MenuItem } from '../../contract/global.js'
import { isExternal, resolveRoute } from '../../contract/menu.js'
import { PUBLIC_REVALIDATE } from '../http/public-api.js'
import { listClouds, listProducts } from '../repo/clouds.js'
import { readMenu } from '../repo/menus.js'
import { readSettings, SETTING } from '../repo/settings.js'
import type { RouteDeps, TrustApp } from './deps.js'
import { SSO_LOGIN_PATH } from './sso.js'

/** The configured URLs of the Notifications dropdown's two external status pages. */
export interface StatusPages {
  vulnerabilityManagement?: string
  zeroTrustBranch?: string
}

/**
 * The menus as the variant shows them: the two external status pages of the Notifications
 * dropdown point at their configured URLs (unset: the stored route stays, and an item left
 * without an absolute URL is left out — it would lead to 'Page not found'), and on the government
 * variant every top-menu route that leads to the commercial help site leads to the government one.
 */
export function variantMenu(menu: Menu, opts: { isGov: boolean; helpSite: string; helpSiteGov: string; statusPages: StatusPages }): Menu {
  const configured = new Map<string, string | undefined>([
    [STATUS_PAGE_COMPONENT.vulnerabilityManagement, opts.statusPages.vulnerabilityManagement],
    [STATUS_PAGE_COMPONENT.zeroTrustBranch, opts.statusPages.zeroTrustBranch],
  ])
  const status = (item: MenuItem): MenuItem[] => {
    const route = configured.get(item.component) || item.route
    if (configured.has(item.component) && !isExternal(resolveRoute(route, undefined))) return []
    return [{ ...item, route, sub_menus: item.sub_menus.flatMap(status) }]
  }
  const help = (item: MenuItem): MenuItem => {
    if (!opts.isGov || !opts.helpSite || !opts.helpSiteGov) return item
    const commercial = typeof item.route === 'string' ? item.route : item.route.commercial
    return trimBase(commercial) === trimBase(opts.helpSite) ? { ...item, route: opts.helpSiteGov } : item
  }
  return { main_menu: menu.main_menu.flatMap(status), top_menu: menu.top_menu.map(help) }
}

/**
 * Assembles the global data. The variant flags come from the `settings` table (`is_gov`,
 * `is_trust_dr`, `'1'` = on) unless `deps.variant` forces them; the government variant links to
 * its own help site (also the top menu's Help link) and cookie-consent domain id.
 * `sso.employee_domains` comes from the configuration (`TRUST_EMPLOYEE_DOMAINS`), and `sso.alias` is
 * `/sso/login` when single sign-on is set up (`OIDC_ISSUER`; else the settings' alias); the
 * cookie-consent ids and the external status pages from `deps.site` (environment) or the settings.
 */
export async function readGlobalData({
  db,
  variant,
  accounts,
  site = {},
}: Pick<RouteDeps, 'db' | 'variant'> & Partial<Pick<RouteDeps, 'accounts' | 'site'>>): Promise<GlobalData> {
  const [settings, menu, clouds, products] = await Promise.all([readSettings(db), readMenu(db), listClouds(db), listProducts(db)])
  const isGov = variant.isGov ?? settings[SETTING.isGov] === '1'
  const isTrustDR = variant.isTrustDR ?? settings[SETTING.isTrustDR] === '1'
  const helpSite = settings[SETTING.helpSite] ?? ''
  const helpSiteGov = settings[SETTING.helpSiteGov] ?? ''
  const consentId = site.cookieConsentId || settings[SETTING.cookieConsentId] || ''
  const consentGovId = site.cookieConsentGovId || settings[SETTING.cookieConsentGovId] || consentId
  return {
    menu: variantMenu(menu, {
      isGov,
      helpSite,
      helpSiteGov,
      statusPages: {
        vulnerabilityManagement: site.statusVmUrl || settings[SETTING.statusVmUrl],
        zeroTrustBranch: site.statusBranchUrl || settings[SETTING.statusBranchUrl],
      },
    }),
    clouds,
    products,
    // With single sign-on set up, the Employee login link leads to it, whatever the settings say.
    sso: { alias: accounts?.sso ? SSO_LOGIN_PATH : (settings[SETTING.ssoAlias] ?? ''), employee_domains: accounts?.employeeDomains ?? [] },
    isGov,
    isTrustDR,
    links: {
      help_site: isGov ? helpSiteGov || helpSite : helpSite,
      continuity_policy: settings[SETTING.continuityPolicy] ?? '',
      feedback_email: settings[SETTING.feedbackEmail] ?? '',
      vendor: settings[SETTING.vendor] ?? '',
      cookie_consent_id: isGov ? consentGovId : consentId,
    },
  }
}

/** Registers GET /api/global: answers `{ data: GlobalData }`, `Cache-Control: no-cache`. */
export function registerGlobalRoutes(app: TrustApp, deps: RouteDeps): void {
  app.get(
    '/api/global',
    { schema: { response: { 200: answer(GlobalData), ...ERROR_RESPONSES } }, config: PUBLIC_REVALIDATE },
    async () => ({ data: await readGlobalData(deps) }),
  )
}
