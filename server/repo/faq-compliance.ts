/**
 * Reads of the FAQ (a basic page) and the Compliance page (migration 006; docs/requirements/entities.md#faq, Compliance).
 */
import type { Kysely } from 'kysely'
import type { BasicPageData, ComplianceData } from '../../contract/content.js'
import type { Database } from '../db/schema.js'

/**
 * The basic page `machineName` for a cloud: the cloud's own row when it has one, else the shared
 * row (`cloud_id` null); `undefined` when neither exists.
 */
export async function findBasicPage(db: Kysely<Database>, machineName: string, cloudId: number): Promise<BasicPageData | undefined> {
  const rows = await db
    .selectFrom('basic_pages')
    .select(['cloud_id', 'title', 'body'])
    .where('machine_name', '=', machineName)
    .where((eb) => eb.or([eb('cloud_id', '=', cloudId), eb('cloud_id', 'is', null)]))
    .execute()
  const row = rows.find((r) => r.cloud_id === cloudId) ?? rows[0]
  return row ? { page_content: { title: row.title, body: row.body } } : undefined
}

/** A cloud's compliance page: its top HTML ('' when none) and its rows in `sort` order. */
export async function findCompliance(db: Kysely<Database>, cloudId: number): Promise<ComplianceData> {
  const top = await db.selectFrom('compliance_pages').select('page_top').where('cloud_id', '=', cloudId).executeTakeFirst()
  const rows = await db
    .selectFrom('compliance_rows')
    .select(['description', 'date'])
    .where('cloud_id', '=', cloudId)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return { page_top: top?.page_top ?? '', page_content: rows.map((r) => ({ description: r.description, date: r.date })) }
}
