/**
 * The list of migrations, in code rather than found by scanning a folder, so that it works the same
 * under tsx, a bundler or compiled output. Add each new migration here; Kysely runs them in the
 * alphabetical order of their keys, so keep the zero-padded number prefix.
 */
import type { Migration, MigrationProvider } from 'kysely'
import * as m001 from './001_foundation.js'
import * as m002 from './002_records.js'
import * as m003 from './003_record_lists.js'
import * as m004 from './004_accounts.js'
import * as m005 from './005_subscriptions.js'
import * as m006 from './006_faq_compliance.js'
import * as m007 from './007_admin.js'
import * as m008 from './008_desk.js'
import * as m009 from './009_webhooks.js'
import * as m010 from './010_user_locale.js'
import * as m011 from './011_reference_data.js'
import * as m012 from './012_reminder_lead.js'
import * as m013 from './013_fanout.js'
import * as m014 from './014_postmortems.js'
import * as m015 from './015_third_party.js'
import * as m016 from './016_subscriber_import.js'
import * as m017 from './017_teams.js'
import * as m018 from './018_advisories.js'
import * as m019 from './019_advisory_minimums.js'
import * as m020 from './020_staff_identity.js'
import * as m021 from './021_api_keys.js'
import * as m022 from './022_alerts.js'
import * as m023 from './023_private_components.js'

export const migrations: Record<string, Migration> = {
  '001_foundation': m001,
  '002_records': m002,
  '003_record_lists': m003,
  '004_accounts': m004,
  '005_subscriptions': m005,
  '006_faq_compliance': m006,
  '007_admin': m007,
  '008_desk': m008,
  '009_webhooks': m009,
  '010_user_locale': m010,
  '011_reference_data': m011,
  '012_reminder_lead': m012,
  '013_fanout': m013,
  '014_postmortems': m014,
  '015_third_party': m015,
  '016_subscriber_import': m016,
  '017_teams': m017,
  '018_advisories': m018,
  '019_advisory_minimums': m019,
  '020_staff_identity': m020,
  '021_api_keys': m021,
  '022_alerts': m022,
  '023_private_components': m023,
}

/** A Kysely {@link MigrationProvider} over {@link migrations}. */
export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations
  },
}
