/**
 * Postmortems of resolved incidents (docs/operating/console-and-desk.md#postmortems; `contract/desk.ts`
 * `SavePostmortemBody`, `Postmortem`; migration 014).
 *
 * The desk writes one postmortem per incident, in Markdown, rendered and sanitised with the site's
 * one allow-list like record bodies (`./markdown.ts`). Published, the post shows it under its own
 * heading and the v2 API carries it (`postmortem_body`, the incident's status `postmortem`).
 * "Notify subscribers" mails it once, through the same fan-out as the incident's own events: a
 * record event (kind `updated`, its note the postmortem's HTML) tied to the postmortem by
 * `notify_event_id`, whose mails say "Postmortem: {title}" (`./dispatch.ts`) and go to the
 * subscribers the incident's clouds and components match — those it reached.
 */
import type { Kysely } from 'kysely'
import type { Postmortem, PostmortemData, SavePostmortemBody } from '../../contract/desk.js'
import { type Actor, recordAudit } from '../admin/audit.js'
import type { Database, RecordPostmortemsTable } from '../db/schema.js'
import { notFound } from '../http/errors.js'
import { enqueueFanout } from './fanout.js'
import { renderOperatorText } from './markdown.js'
import { findStoredRecord, insertEvent, invalid, isClosed, type PublishOptions } from './publish.js'

type Db = Kysely<Database>

const iso = (ms: number) => new Date(ms).toISOString()
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms))

/** A stored postmortem in the contract's shape. */
export function toPostmortem(row: Pick<RecordPostmortemsTable, 'body' | 'html' | 'updated' | 'published_at' | 'notified_at'>): Postmortem {
  return {
    body: row.body,
    html: row.html,
    updated_at: iso(row.updated),
    published_at: isoOrNull(row.published_at),
    notified_at: isoOrNull(row.notified_at),
  }
}

/** The postmortem of record `id` (draft or published), or null. */
export async function readPostmortem(db: Db, id: number): Promise<Postmortem | null> {
  const row = await db.selectFrom('record_postmortems').selectAll().where('record_id', '=', id).executeTakeFirst()
  return row ? toPostmortem(row) : null
}

/**
 * `PUT /api/admin/records/{id}/postmortem`: saves the postmortem of a resolved incident in one
 * transaction with its audit entry (`record.postmortem`, before and after) and, with `notify`, its
 * record event and fan-out job (the mails leave after the commit).
 *
 * @param now Epoch ms.
 * @throws HttpError 404 `not_found`; 400 `invalid` when the record is not an incident or not
 *   resolved, the body is empty, `notify` comes without `publish`, or subscribers were mailed
 *   already; whatever `options.authorize` throws.
 */
export async function savePostmortem(
  db: Db,
  id: number,
  body: SavePostmortemBody,
  now: number,
  actor: Actor,
  options: PublishOptions,
): Promise<PostmortemData> {
  const text = body.body.trim()
  if (text === '') throw invalid('body: the postmortem is empty; write what happened, why, and what will change.')
  const notify = body.notify === true
  if (notify && !body.publish) throw invalid('notify: subscribers are mailed a postmortem when it is published; publish it too.')
  const html = renderOperatorText(text, 'markdown')
  if (html === '') throw invalid('body: nothing of the postmortem is left once its markup is cleaned; write it as text.')
  return db.transaction().execute(async (trx) => {
    const record = await findStoredRecord(trx, id)
    if (!record) throw notFound(`No record ${id}.`, 'not_found')
    options.authorize?.({ type: record.type, notificationType: record.notification_type })
    if (record.type !== 'incident') throw invalid(`type: only incidents have a postmortem; this record is a ${record.type}.`)
    if (!isClosed(record.status_name)) {
      throw invalid('status: the incident is not resolved yet; resolve it first, then write its postmortem.')
    }
    const before = await trx.selectFrom('record_postmortems').selectAll().where('record_id', '=', id).executeTakeFirst()
    if (notify && before?.notified_at != null) {
      throw invalid(`notify: subscribers were mailed this postmortem on ${iso(before.notified_at)}; a postmortem is mailed once.`)
    }
    const published_at = body.publish ? (before?.published_at ?? now) : null
    if (before) {
      await trx
        .updateTable('record_postmortems')
        .set({ body: text, html, updated: now, updated_by: actor.uid, published_at })
        .where('record_id', '=', id)
        .execute()
    } else {
      await trx
        .insertInto('record_postmortems')
        .values({ record_id: id, body: text, html, created: now, updated: now, updated_by: actor.uid, published_at })
        .execute()
    }
    let mails = 0
    if (notify) {
      const eventId = await insertEvent(trx, id, 'updated', html, now)
      await trx.updateTable('record_postmortems').set({ notified_at: now, notify_event_id: eventId }).where('record_id', '=', id).execute()
      mails = await enqueueFanout(trx, eventId, now, options.publicUrl ?? null)
    }
    const after = await trx.selectFrom('record_postmortems').selectAll().where('record_id', '=', id).executeTakeFirstOrThrow()
    const audited = (row: typeof after | undefined) =>
      row && { body: row.body, published_at: isoOrNull(row.published_at), notified_at: isoOrNull(row.notified_at) }
    await recordAudit(trx, { actor, action: 'record.postmortem', target: String(id), before: audited(before), after: audited(after) }, now)
    return { postmortem: toPostmortem(after), mails }
  })
}
