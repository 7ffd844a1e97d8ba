/**
 * Migration 018: security advisories as a PSIRT publishes them (docs/operating/security-advisories.md;
 * `contract/advisories.ts`).
 *
 * - `advisory_details`: at most one per advisory record. `tracking_id` (unique, never changes) is
 *   the CSAF tracking id; `details` the JSON of the vulnerabilities, products, acknowledgements
 *   and `vex_only` as saved (scores computed, `AdvisoryDetails` without `tracking_id`, `tlp`,
 *   `revisions`, `highest`); `cves` the CVE ids joined by spaces (the list's search);
 *   `highest_score` (0–10) and `highest_rating` (`CVSS_RATINGS`, the list's filter) null without a
 *   vector; `created`/`updated` epoch ms.
 * - `advisory_revisions`: the revision history, one row a published change: `number` 1, 2, …
 *   (the CSAF tracking version), `date` epoch ms, `summary` plain text.
 * - `csaf_documents`: the CSAF 2.0 document of each advisory as last generated, with its hashes and
 *   detached OpenPGP signature (`asc` null without a signing key), `path` below `/.well-known/csaf/`
 *   (`white/2026/nimbus-sa-2026-0001.json`), `released` epoch ms of its `current_release_date`.
 *
 * New tables only: nothing existing is rewritten. Never edit this migration once it has shipped;
 * add a new one.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, hence `any`.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('advisory_details')
    .addColumn('record_id', 'integer', (c) => c.primaryKey().references('records.id').onDelete('cascade'))
    .addColumn('tracking_id', 'text', (c) => c.notNull().unique())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('cves', 'text', (c) => c.notNull())
    .addColumn('highest_score', 'real')
    .addColumn('highest_rating', 'text')
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('advisory_revisions')
    .addColumn('record_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('date', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('advisory_revisions_pk', ['record_id', 'number'])
    .execute()
  await db.schema
    .createTable('csaf_documents')
    .addColumn('record_id', 'integer', (c) => c.primaryKey().references('records.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('json', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('sha512', 'text', (c) => c.notNull())
    .addColumn('asc', 'text')
    .addColumn('released', 'integer', (c) => c.notNull())
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('csaf_documents').ifExists().execute()
  await db.schema.dropTable('advisory_revisions').ifExists().execute()
  await db.schema.dropTable('advisory_details').ifExists().execute()
}
