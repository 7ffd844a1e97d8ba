/**
 * Site-wide settings, stored as key/value text in the `settings` table.
 */
import type { Kysely } from 'kysely'
import { originHost, siteName } from '../../contract/site-name.js'
import type { Database } from '../db/schema.js'

/** The setting keys the server reads. Flags are `'1'` / `'0'`. */
export const SETTING = {
  isGov: 'is_gov',
  isTrustDR: 'is_trust_dr',
  ssoAlias: 'sso_alias',
  helpSite: 'help_site',
  helpSiteGov: 'help_site_gov',
  continuityPolicy: 'continuity_policy',
  feedbackEmail: 'feedback_email',
  vendor: 'vendor',
  /** Cookie-consent domain id of the commercial site (env `COOKIE_CONSENT_ID` wins). */
  cookieConsentId: 'cookie_consent_id',
  /** Cookie-consent domain id of the government variant (env `COOKIE_CONSENT_GOV_ID` wins). */
  cookieConsentGovId: 'cookie_consent_gov_id',
  /** External vulnerability-management status page in the Notifications dropdown (env `TRUST_STATUS_VM_URL` wins). */
  statusVmUrl: 'status_vm_url',
  /** External zero-trust-branch status page in the Notifications dropdown (env `TRUST_STATUS_BRANCH_URL` wins). */
  statusBranchUrl: 'status_branch_url',
  /** Console tokens (`server/accounts/console-token.ts`): the `iss` the vendor's console signs with. */
  consoleTokenIssuer: 'console_token_issuer',
  /** Console tokens: the `aud` they must name; unset: the origin of `PUBLIC_URL`. */
  consoleTokenAudience: 'console_token_audience',
  /** Console tokens: the console's JWKS URL (keys by `kid`, rotation). */
  consoleTokenJwksUrl: 'console_token_jwks_url',
  /** Console tokens: a PEM (SPKI) or JWK public key, when the console publishes no JWKS. */
  consoleTokenPublicKey: 'console_token_public_key',
  /** The last UTC day (`YYYY-MM-DD`) the demo record history has been generated for (seed). */
  recordsHistoryThrough: 'records_history_through',
  /** `'1'` once the demo advisories, notifications and list records are seeded (seed, `./seed/lists.ts`). */
  recordListsSeeded: 'record_lists_seeded',
  /** `'1'` once the demo's security advisories with CVEs, CVSS and VEX are seeded (seed, `./seed/advisories.ts`): their CVE ids are invented, and the public pages say so. */
  demoAdvisoriesSeeded: 'demo_advisories_seeded',
} as const

/** Every setting as a plain object; missing keys are simply absent. */
export async function readSettings(db: Kysely<Database>): Promise<Record<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute()
  return Object.fromEntries(rows.map((r) => [r.key, r.value]))
}

/** The vendor's name (`settings.vendor`, trimmed), `''` while none is set. */
export async function vendorName(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SETTING.vendor).executeTakeFirst()
  return row?.value.trim() ?? ''
}

/**
 * The site's name as mail, feeds and the status API give it (`contract/site-name.ts`): `'{vendor} Trust'`,
 * or while no vendor name is set the host of `publicUrl` (`PUBLIC_URL`), else `'Trust site'`. Read
 * from the settings at each call, so a name set later is used at once.
 *
 * @param publicUrl the site's origin (`PUBLIC_URL`), null when not configured (development)
 */
export async function readSiteName(db: Kysely<Database>, publicUrl: string | null): Promise<string> {
  return siteName(await vendorName(db), originHost(publicUrl))
}
