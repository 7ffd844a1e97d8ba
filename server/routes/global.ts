/**
 * GET /api/global — menus, clouds, products, single sign-on, variant flags and site links
 * (spec §3 Global, §7). Revalidated on every load (see `PUBLIC_REVALIDATE`).
 */
import type { FastifyInstance } from 'fastify'
import type { ApiAnswer, GlobalData } from '../../widgets/core/contract.js'
import { PUBLIC_REVALIDATE } from '../http/public-api.js'
import { listClouds, listProducts } from '../repo/clouds.js'
import { readMenu } from '../repo/menus.js'
import { readSettings, SETTING } from '../repo/settings.js'
import type { RouteDeps } from './deps.js'

/**
 * Assembles the global data. The variant flags come from the `settings` table (`is_gov`,
 * `is_trust_dr`, `'1'` = on) unless `deps.variant` forces them; the government variant links to
 * its own help site. `sso.employee_domains` comes from the configuration (`TRUST_EMPLOYEE_DOMAINS`).
 */
export async function readGlobalData({
  db,
  variant,
  accounts,
}: Pick<RouteDeps, 'db' | 'variant'> & Partial<Pick<RouteDeps, 'accounts'>>): Promise<GlobalData> {
  const [settings, menu, clouds, products] = await Promise.all([
    readSettings(db),
    readMenu(db),
    listClouds(db),
    listProducts(db),
  ])
  const isGov = variant.isGov ?? settings[SETTING.isGov] === '1'
  const isTrustDR = variant.isTrustDR ?? settings[SETTING.isTrustDR] === '1'
  const helpSite = settings[SETTING.helpSite] ?? ''
  return {
    menu,
    clouds,
    products,
    sso: { alias: settings[SETTING.ssoAlias] ?? '', employee_domains: accounts?.employeeDomains ?? [] },
    isGov,
    isTrustDR,
    links: {
      help_site: isGov ? (settings[SETTING.helpSiteGov] ?? helpSite) : helpSite,
      continuity_policy: settings[SETTING.continuityPolicy] ?? '',
      feedback_email: settings[SETTING.feedbackEmail] ?? '',
      vendor: settings[SETTING.vendor] ?? '',
    },
  }
}

/** Registers GET /api/global: answers `{ data: GlobalData }`, `Cache-Control: no-cache`. */
export function registerGlobalRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/api/global', { config: PUBLIC_REVALIDATE }, async (): Promise<ApiAnswer<GlobalData>> => ({
    data: await readGlobalData(deps),
  }))
}
