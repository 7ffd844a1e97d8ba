/**
 * Migration 010: a user's language (docs/languages-and-themes.md "locales").
 *
 * - `users.locale`: the language the user saved on the settings page or with the header's language
 *   picker, a code of contract/locale.ts `LOCALES` (`'de'`); `null` when none was ever saved (the
 *   site then follows the browser, the emails are English). It picks the language of the site on
 *   the user's other browsers (after `?lang=` and the cookie) and of the emails sent to the user.
 *
 * A nullable column without a default: adding it rewrites no row on SQLite or PostgreSQL. Never edit
 * this migration once it has shipped; add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute()
}
