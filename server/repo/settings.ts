/**
 * Site-wide settings, stored as key/value text in the `settings` table.
 */
import type { Kysely } from 'kysely'
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
  /** The last UTC day (`YYYY-MM-DD`) the demo record history has been generated for (seed). */
  recordsHistoryThrough: 'records_history_through',
  /** `'1'` once the demo advisories, notifications and list records are seeded (seed, `./seed/lists.ts`). */
  recordListsSeeded: 'record_lists_seeded',
} as const

/** Every setting as a plain object; missing keys are simply absent. */
export async function readSettings(db: Kysely<Database>): Promise<Record<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute()
  return Object.fromEntries(rows.map((r) => [r.key, r.value]))
}
