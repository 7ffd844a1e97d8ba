/**
 * The admin console's content: the FAQ (basic page `'faq'`, shared or per cloud) and each cloud's
 * compliance page (`contract/admin.ts` "Content"; tables of migration 006). Reads for the console,
 * and the two writes: HTML is sanitised with the site's allow-list before it is stored
 * ({@link sanitizeOperatorHtml}), and each write is recorded in the audit log in the transaction
 * that makes it. The public reads are `server/repo/faq-compliance.ts`.
 */
import { type Kysely, sql, type Transaction } from 'kysely'
import type { AdminCompliancePage, AdminFaqPage, ContentData, SaveComplianceBody } from '../../contract/admin.js'
import type { Database } from '../db/schema.js'
import { badRequest } from '../http/errors.js'
import { type CloudRow, requireCloud } from '../repo/clouds.js'
import { type Actor, recordAudit } from './audit.js'
import { sanitizeOperatorHtml } from './sanitize.js'

/** The machine name of the FAQ among the basic pages. */
export const FAQ_MACHINE_NAME = 'faq'

type Db = Kysely<Database> | Transaction<Database>

type CloudRef = Pick<CloudRow, 'id' | 'machine_name'>

/** The FAQ row of a cloud (`cloudId` null: the shared one), as the console shows it. */
async function faqRow(db: Db, cloudId: number | null) {
  return db
    .selectFrom('basic_pages')
    .select(['id', 'title', 'body'])
    .where('machine_name', '=', FAQ_MACHINE_NAME)
    .where('cloud_id', cloudId === null ? 'is' : '=', cloudId)
    .executeTakeFirst()
}

/** A cloud's compliance page as stored (`page_top` `''` when it has none; rows in display order). */
async function complianceOf(db: Db, cloud: CloudRef): Promise<AdminCompliancePage> {
  const top = await db.selectFrom('compliance_pages').select('page_top').where('cloud_id', '=', cloud.id).executeTakeFirst()
  const rows = await db
    .selectFrom('compliance_rows')
    .select(['description', 'date'])
    .where('cloud_id', '=', cloud.id)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  return { cloud: cloud.machine_name, page_top: top?.page_top ?? '', rows }
}

/**
 * What the console's content screens edit (`GET /api/admin/content`): every FAQ page (the shared
 * one first, then the clouds' own in cloud order) and every cloud's compliance page, in cloud
 * order (a cloud without rows or page top has `{ page_top: '', rows: [] }`).
 */
export async function readContent(db: Kysely<Database>): Promise<ContentData> {
  const clouds = await db.selectFrom('clouds').select(['id', 'machine_name']).orderBy('sort').orderBy('id').execute()
  const pages = await db
    .selectFrom('basic_pages as p')
    .leftJoin('clouds as c', 'c.id', 'p.cloud_id')
    .select(['c.machine_name as cloud', 'p.title', 'p.body'])
    .where('p.machine_name', '=', FAQ_MACHINE_NAME)
    .orderBy(sql`p.cloud_id is not null`)
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute()
  const compliance: AdminCompliancePage[] = []
  for (const cloud of clouds) compliance.push(await complianceOf(db, cloud))
  return { faq: pages.map((p) => ({ cloud: p.cloud ?? null, title: p.title, body: p.body })), compliance }
}

/** A 400 `invalid` naming each bad field (`rows[1].date: …`), joined by `; `. */
function invalid(messages: readonly string[]) {
  return badRequest(messages.join('; '), 'invalid')
}

/** True when `date` (`YYYY-MM-DD`) names a day of the proleptic Gregorian calendar (no 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const d = new Date(Date.UTC(2000, month - 1, day))
  d.setUTCFullYear(year)
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

/**
 * Saves a FAQ page (`PUT /api/admin/faq`): the cloud's own page, or the shared one (`cloud` null),
 * created when missing. The title is plain text (trimmed, stored as given otherwise); the body is
 * sanitised. Audit: action `faq.update`, target the cloud's machine name (`''` for the shared
 * page), before `{ title, body }` (none, stored as NULL, for a new page), after `{ title, body }`.
 *
 * @param now epoch ms of the audit entry
 * @returns the page as stored
 * @throws HttpError 404 `unknown_cloud`; 400 `invalid` for an empty title
 */
export async function saveFaq(db: Kysely<Database>, page: AdminFaqPage, actor: Actor, now: number): Promise<AdminFaqPage> {
  const title = page.title.trim()
  if (title === '') throw invalid(['title: must not be empty.'])
  const body = sanitizeOperatorHtml(page.body)
  return db.transaction().execute(async (trx) => {
    const cloud = page.cloud === null ? null : await requireCloud(trx, page.cloud)
    const cloudId = cloud?.id ?? null
    const current = await faqRow(trx, cloudId)
    if (current) await trx.updateTable('basic_pages').set({ title, body }).where('id', '=', current.id).execute()
    else await trx.insertInto('basic_pages').values({ machine_name: FAQ_MACHINE_NAME, cloud_id: cloudId, title, body }).execute()
    const target = cloud?.machine_name ?? ''
    const before = current ? { title: current.title, body: current.body } : undefined
    await recordAudit(trx, { actor, action: 'faq.update', target, before, after: { title, body } }, now)
    return { cloud: cloud?.machine_name ?? null, title, body }
  })
}

/**
 * Replaces a cloud's compliance page (`PUT /api/admin/compliance/{cloud}`): its page top and all
 * its rows, in the order given, in one transaction. `page_top` and each row's description are
 * sanitised; a description that is empty once sanitised is refused, as is a date that is not a
 * day of the calendar. Audit: action `compliance.update`, target the cloud's machine name,
 * before and after `{ page_top, rows }`.
 *
 * @param cloudParam the cloud's machine name or domain
 * @param now epoch ms of the audit entry
 * @returns the page as stored
 * @throws HttpError 404 `unknown_cloud`; 400 `invalid` naming each bad field (`rows[1].date: …`),
 *   with nothing changed
 */
export async function saveCompliance(
  db: Kysely<Database>,
  cloudParam: string,
  body: SaveComplianceBody,
  actor: Actor,
  now: number,
): Promise<AdminCompliancePage> {
  const problems: string[] = []
  const rows = body.rows.map((row, i) => {
    const description = sanitizeOperatorHtml(row.description).trim()
    if (description === '') problems.push(`rows[${i}].description: must not be empty once disallowed markup is removed.`)
    if (!isCalendarDate(row.date)) problems.push(`rows[${i}].date: ${JSON.stringify(row.date)} is not a date of the calendar (YYYY-MM-DD).`)
    return { description, date: row.date }
  })
  const pageTop = sanitizeOperatorHtml(body.page_top).trim()
  return db.transaction().execute(async (trx) => {
    const cloud = await requireCloud(trx, cloudParam)
    if (problems.length > 0) throw invalid(problems)
    const before = await complianceOf(trx, cloud)
    await trx.deleteFrom('compliance_rows').where('cloud_id', '=', cloud.id).execute()
    if (rows.length > 0) {
      await trx
        .insertInto('compliance_rows')
        .values(rows.map((r, sort) => ({ cloud_id: cloud.id, description: r.description, date: r.date, sort })))
        .execute()
    }
    await trx
      .insertInto('compliance_pages')
      .values({ cloud_id: cloud.id, page_top: pageTop })
      .onConflict((oc) => oc.column('cloud_id').doUpdateSet({ page_top: pageTop }))
      .execute()
    const after: AdminCompliancePage = { cloud: cloud.machine_name, page_top: pageTop, rows }
    await recordAudit(
      trx,
      {
        actor,
        action: 'compliance.update',
        target: cloud.machine_name,
        before: { page_top: before.page_top, rows: before.rows },
        after: { page_top: pageTop, rows },
      },
      now,
    )
    return after
  })
}
