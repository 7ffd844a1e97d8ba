/**
 * Migration 012: a maintenance's own reminder lead (docs/operating/catalogue.md "Reminders per maintenance").
 *
 * - `records.reminder_minutes`: minutes before the window's start that the scheduler mails the
 *   reminder of a maintenance (`server/publishing/scheduler.ts`); `0` for none; `null` for the
 *   server's setting (`MAINTENANCE_REMINDER_MINUTES`). Always `null` for the other record types.
 *
 * A nullable column without a default: adding it rewrites no row on SQLite or PostgreSQL, and every
 * existing record keeps following the server's setting. Never edit this migration once it has
 * shipped; add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('records').addColumn('reminder_minutes', 'integer').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('records').dropColumn('reminder_minutes').execute()
}
