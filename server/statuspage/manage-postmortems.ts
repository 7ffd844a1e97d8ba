/**
 * Postmortems through the Statuspage-compatible manage API (docs/statuspage-manage-api.md#postmortems),
 * written by the desk's own `savePostmortem` (`../publishing/postmortem.ts`): one postmortem per
 * resolved incident, Markdown, mailed to subscribers at most once.
 *
 * Statuspage keeps a draft beside the published text; this site keeps one text. So `PUT
 * …/postmortem` saves the text and leaves it as it is: a draft stays a draft, a published
 * postmortem is changed where it stands (as the desk's save does); `PUT …/postmortem/publish`
 * publishes it (and mails it with `notify_subscribers`); `PUT …/postmortem/revert` takes it back to
 * a draft.
 */
import type { ManagePostmortem, PostmortemPublishBody } from '../../contract/statuspage-manage.js'
import { invalid } from '../publishing/publish.js'
import { readPostmortem, savePostmortem } from '../publishing/postmortem.js'
import { notFound } from '../http/errors.js'
import { invalidField, keyActor, type ManageContext, publishOptions, recordStatus } from './manage-common.js'
import { findIncident } from './manage-incidents.js'

/** The record's postmortem in Statuspage's shape. */
async function answer(ctx: ManageContext, id: number): Promise<ManagePostmortem> {
  const stored = await ctx.db.selectFrom('record_postmortems').selectAll().where('record_id', '=', id).executeTakeFirstOrThrow()
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
  return {
    preview_key: null,
    body: stored.published_at === null ? null : stored.body,
    body_updated_at: stored.published_at === null ? null : iso(stored.updated),
    body_draft: stored.body,
    body_draft_updated_at: iso(stored.updated)!,
    published_at: iso(stored.published_at),
    notify_subscribers: stored.notified_at !== null,
    notify_twitter: false,
    custom_tweet: null,
    created_at: iso(stored.created)!,
    updated_at: iso(stored.updated)!,
  }
}

/** The incident `incidentId` of the page, resolved, with a postmortem possible. @throws 404 / 400 in the API's words */
async function resolvedIncident(ctx: ManageContext, incidentId: string): Promise<number> {
  const { id, type } = await findIncident(ctx, incidentId)
  const page = ctx.cloud.machine_name
  if (type !== 'incident') throw invalidField(`incident_id: ${id} is a scheduled maintenance; only incidents have a postmortem.`)
  const row = { status: await recordStatus(ctx.db, id) }
  if (row.status !== 'Resolved' && row.status !== 'Remediated') {
    throw invalidField(
      `incident_id: the incident ${id} is not resolved yet (${row.status}); resolve it first (PATCH /v1/pages/${page}/incidents/${id} with {"incident": {"status": "resolved"}}), then write its postmortem.`,
    )
  }
  return id
}

/** `GET …/postmortem`. @throws 404 when the incident has none */
export async function getPostmortem(ctx: ManageContext, incidentId: string): Promise<ManagePostmortem> {
  const { id } = await findIncident(ctx, incidentId)
  if (!(await readPostmortem(ctx.db, id))) {
    throw notFound(
      `The incident ${id} has no postmortem yet; PUT /v1/pages/${ctx.cloud.machine_name}/incidents/${id}/postmortem with {"postmortem": {"body_draft": "…"}} writes one.`,
    )
  }
  return answer(ctx, id)
}

/** `PUT …/postmortem` `{postmortem: {body_draft}}`: saves the text, published or not as it was. */
export async function savePostmortemDraft(ctx: ManageContext, incidentId: string, text: string): Promise<ManagePostmortem> {
  const id = await resolvedIncident(ctx, incidentId)
  if (text.trim() === '')
    throw invalidField('postmortem.body_draft: the postmortem is empty; write what happened, why, and what will change (Markdown).')
  const before = await readPostmortem(ctx.db, id)
  await savePostmortem(ctx.db, id, { body: text, publish: before?.published_at != null }, ctx.now, keyActor(ctx.key), publishOptions(ctx))
  return answer(ctx, id)
}

/** `PUT …/postmortem/publish`: publishes the saved text; `notify_subscribers` mails it (once). */
export async function publishPostmortem(ctx: ManageContext, incidentId: string, body: PostmortemPublishBody): Promise<ManagePostmortem> {
  const id = await resolvedIncident(ctx, incidentId)
  const before = await readPostmortem(ctx.db, id)
  if (!before) {
    throw invalidField(
      `postmortem: the incident ${id} has no postmortem to publish; PUT /v1/pages/${ctx.cloud.machine_name}/incidents/${id}/postmortem with {"postmortem": {"body_draft": "…"}} first.`,
    )
  }
  const notify = body.postmortem?.notify_subscribers === true
  if (notify && before.notified_at !== null) {
    throw invalidField(
      `postmortem.notify_subscribers: subscribers were mailed this postmortem on ${before.notified_at}; a postmortem is mailed once. Send false to publish it without mail.`,
    )
  }
  await savePostmortem(ctx.db, id, { body: before.body, publish: true, notify }, ctx.now, keyActor(ctx.key), publishOptions(ctx))
  return answer(ctx, id)
}

/** `PUT …/postmortem/revert`: takes a published postmortem back to a draft (its mail, if sent, stays sent). */
export async function revertPostmortem(ctx: ManageContext, incidentId: string): Promise<ManagePostmortem> {
  const id = await resolvedIncident(ctx, incidentId)
  const before = await readPostmortem(ctx.db, id)
  if (!before) throw invalid(`postmortem: the incident ${id} has no postmortem.`)
  await savePostmortem(ctx.db, id, { body: before.body, publish: false }, ctx.now, keyActor(ctx.key), publishOptions(ctx))
  return answer(ctx, id)
}
