/**
 * Migration 019: subscribers choose advisories by severity, and advisory mails are signed
 * (docs/subscriptions.md#advisories-by-severity-and-signed-mail; `contract/subscriptions.ts`
 * `AdvisoryMinimum`, docs/decisions/0089-advisory-minimum-per-cloud.md).
 *
 * - `advisory_minimums`: the lowest CVSS rating (`Medium`, `High` or `Critical`, contract
 *   `ADVISORY_MINIMUMS`) of the advisories a user hears about on a cloud — one row per user and
 *   cloud that chose one; no row means every advisory. It is kept beside `subscriptions`, whose
 *   rows (the stored targets) are replaced whole at every star press; the minimum applies to every
 *   advisory of the cloud that reaches the user, whichever target matched. `updated` epoch ms.
 * - `outbox.sign`: `1` for a mail the mailer signs with the provider's OpenPGP key (PGP/MIME,
 *   RFC 3156) when it sends it — the advisory mails; `0` for every other mail and every row
 *   already queued.
 *
 * A new table and a new column with a default: nothing existing is rewritten. Never edit this
 * migration once it has shipped; add a new one.
 */
import { type Kysely, sql } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('advisory_minimums')
    .addColumn('uid', 'integer', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('cloud_id', 'integer', (c) => c.notNull().references('clouds.id').onDelete('cascade'))
    .addColumn('rating', 'text', (c) => c.notNull().check(sql`rating IN ('Medium', 'High', 'Critical')`))
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('advisory_minimums_pk', ['uid', 'cloud_id'])
    .execute()
  await db.schema
    .alterTable('outbox')
    .addColumn('sign', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('sign').execute()
  await db.schema.dropTable('advisory_minimums').ifExists().execute()
}
