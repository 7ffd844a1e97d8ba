/**
 * Alert incidents (docs/operating/alertmanager.md; shapes in `contract/alerts.ts`; table
 * `alert_incidents`, migration 022): what the Alertmanager receiver makes of a notification, the
 * desk's actions on it, and the grace-period pass.
 *
 * One alert incident per (rule, group key, episode): a notification of a group with a live
 * incident (draft, open or resolving; or dismissed while its alerts still fire) changes that one,
 * never a second; an episode ends when the incident is resolved (or a dismissed draft's alerts
 * resolve), and the group firing later starts the next one. Records are written by the publishing
 * code the desk uses (`publishRecord`, `changeRecord`): validated, audited, mailed to subscribers
 * and shown like a person's. Every change of an alert incident is audited too (`alert.*`), under
 * the key's name for the receiver, the person's for the desk, `system` for the pass.
 *
 * The alert incident and its record are written in two transactions (publishing has its own): a
 * publication first claims the draft (`draft` → `open` only if it still is a draft), so two people
 * (or a person and the receiver) never publish it twice; a failed publication puts the draft back.
 */
import { type Kysely, type Selectable, sql } from 'kysely'
import type {
  AlertAffected,
  AlertIncident,
  AlertIncidentState,
  AlertmanagerWebhook,
  AlertMode,
  AlertOnResolve,
  AlertReceipt,
  AlertSeverity,
  PublishAlertBody,
} from '../../contract/alerts.js'
import { htmlToText } from '../admin/sanitize.js'
import { type Actor, recordAudit } from '../admin/audit.js'
import type { AlertIncidentsTable, Database } from '../db/schema.js'
import { HttpError, notFound } from '../http/errors.js'
import { renderOperatorText } from '../publishing/markdown.js'
import { changeRecord, findStoredRecord, isClosed, type PublishOptions, publishRecord } from '../publishing/publish.js'
import { SYSTEM } from '../publishing/scheduler.js'
import { findCloud } from '../repo/clouds.js'
import { SEVERITY_DEGRADATION, SEVERITY_DISRUPTION } from '../statuspage/derive.js'
import { type CompiledRule, commonOf, fillTemplate, labelValues, pickRule } from './rules.js'

type Row = Selectable<AlertIncidentsTable>
/** An affected item as stored (`affected` JSON). */
interface StoredItem {
  kind: 'service' | 'data_center'
  tid: number
}

/** States of an incident that notifications of its group still change. */
const LIVE_STATES = ['draft', 'open', 'resolving'] as const

/** The text of the update that resolves a record when its alerts resolved. */
export const RESOLVED_TEXT = 'The alerts behind this incident have resolved.'

const SEVERITY_TID: Readonly<Record<AlertSeverity, number>> = {
  disruption: SEVERITY_DISRUPTION,
  degradation: SEVERITY_DEGRADATION,
}

const iso = (ms: number) => new Date(ms).toISOString()
const conflict = (message: string) => new HttpError(409, 'conflict', message)

/** What a write of an alert incident needs: the database, the time (epoch ms), who writes, and how records are published. */
export interface AlertWrite {
  db: Kysely<Database>
  now: number
  actor: Actor
  publish: PublishOptions
}

/** The active services and data centers of cloud `cloudId`, by lower-cased name → tid. */
async function cloudItems(db: Kysely<Database>, cloudId: number): Promise<Record<StoredItem['kind'], Map<string, number>>> {
  const { rows } = await sql<{ kind: StoredItem['kind']; tid: number; name: string }>`
    select 'service' as kind, s.tid, s.name from cloud_services c join services s on s.tid = c.service_tid
    where c.cloud_id = ${cloudId} and c.active = 1
    union all
    select 'data_center' as kind, d.tid, d.name from cloud_data_centers c join data_centers d on d.tid = c.data_center_tid
    where c.cloud_id = ${cloudId} and c.active = 1`.execute(db)
  const items = { service: new Map<string, number>(), data_center: new Map<string, number>() }
  for (const r of rows) items[r.kind].set(r.name.trim().toLowerCase(), Number(r.tid))
  return items
}

/** Union of two lists of items, in order, each once. */
function mergeItems(a: readonly StoredItem[], b: readonly StoredItem[]): StoredItem[] {
  const seen = new Set<string>()
  return [...a, ...b].filter((item) => {
    const key = `${item.kind}:${item.tid}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The names of items (services and data centers), by `kind:tid`. */
async function itemNames(db: Kysely<Database>, items: readonly StoredItem[]): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  const services = items.filter((i) => i.kind === 'service').map((i) => i.tid)
  const dcs = items.filter((i) => i.kind === 'data_center').map((i) => i.tid)
  if (services.length > 0) {
    for (const r of await db.selectFrom('services').select(['tid', 'name']).where('tid', 'in', services).execute()) {
      names.set(`service:${r.tid}`, r.name)
    }
  }
  if (dcs.length > 0) {
    for (const r of await db.selectFrom('data_centers').select(['tid', 'name']).where('tid', 'in', dcs).execute()) {
      names.set(`data_center:${r.tid}`, r.name)
    }
  }
  return names
}

const parseItems = (json: string): StoredItem[] => JSON.parse(json) as StoredItem[]

/** Alert incident rows as the console reads them, in the order given. */
async function toAnswers(db: Kysely<Database>, rows: readonly Row[]): Promise<AlertIncident[]> {
  const clouds = new Map(
    (await db.selectFrom('clouds').select(['id', 'machine_name']).execute()).map((c) => [c.id, c.machine_name] as const),
  )
  const names = await itemNames(
    db,
    rows.flatMap((r) => parseItems(r.affected)),
  )
  return rows.map((r) => ({
    id: r.id,
    rule_id: r.rule_id,
    rule_name: r.rule_name,
    group_key: r.group_key,
    state: r.state as AlertIncidentState,
    record_id: r.record_id,
    cloud: clouds.get(r.cloud_id) ?? '',
    title: r.title,
    body: r.body,
    severity: r.severity as AlertSeverity,
    mode: r.mode as AlertMode,
    on_resolve: r.on_resolve as AlertOnResolve,
    affected: parseItems(r.affected).map(
      (i): AlertAffected => ({ kind: i.kind, tid: i.tid, name: names.get(`${i.kind}:${i.tid}`) ?? String(i.tid) }),
    ),
    alert_count: r.alert_count,
    first_fired: r.first_fired,
    last_fired: r.last_fired,
    resolving_since: r.resolving_since,
    resolves_at: r.resolves_at,
    resolution_offered: r.resolution_offered === 1,
    resolved_at: r.resolved_at,
  }))
}

/** The alert incident `id` as the console reads it. @throws 404 `not_found` */
export async function getAlertIncident(db: Kysely<Database>, id: number): Promise<AlertIncident> {
  const row = await db.selectFrom('alert_incidents').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(`There is no alert incident ${id} (GET /api/admin/alerts lists the open ones).`)
  return (await toAnswers(db, [row]))[0]
}

/** `GET /api/admin/alerts`: drafts, open ones and those awaiting resolution, most recently fired first. */
export async function listOpenAlertIncidents(db: Kysely<Database>): Promise<AlertIncident[]> {
  const rows = await db
    .selectFrom('alert_incidents')
    .selectAll()
    .where('state', 'in', [...LIVE_STATES])
    .orderBy('last_fired', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return toAnswers(db, rows)
}

/** The words of a state, for the refusals. */
function stateWords(row: Row): string {
  if (row.state === 'draft' && row.resolves_at !== null) return 'a draft whose alerts resolved (it closes by itself)'
  if (row.state === 'resolving') return row.resolution_offered ? 'awaiting resolution' : 'resolving (its alerts resolved)'
  return { draft: 'a draft', open: 'open', resolved: 'resolved', dismissed: 'dismissed' }[row.state] ?? row.state
}

async function requireRow(db: Kysely<Database>, id: number): Promise<Row> {
  const row = await db.selectFrom('alert_incidents').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(`There is no alert incident ${id} (GET /api/admin/alerts lists the open ones).`)
  return row
}

/** Resolves record `recordId` with `text` (Markdown) unless it is closed already. */
async function resolveRecord(w: AlertWrite, recordId: number, text: string): Promise<void> {
  const stored = await findStoredRecord(w.db, recordId)
  if (!stored || isClosed(stored.status_name)) return
  await changeRecord(w.db, recordId, w.now, w.actor, w.publish, (current) => ({
    body: { status: 'Resolved', to: iso(Math.max(w.now, current.from_time)), update: text, body_format: 'markdown' },
    kind: 'updated',
    action: 'record.resolve',
  }))
}

/**
 * Publishes the draft `id` as an incident (`POST /api/admin/alerts/{id}/publish`, or the receiver
 * for a rule of mode `publish`): title and body (Markdown) from `body` or the draft.
 * @throws 404 `not_found`, 409 `conflict` (not a draft), whatever publishing refuses
 */
export async function publishAlertIncident(w: AlertWrite, id: number, body: PublishAlertBody = {}): Promise<AlertIncident> {
  const claimed = await w.db
    .updateTable('alert_incidents')
    .set({ state: 'open', updated: w.now })
    .where('id', '=', id)
    .where('state', '=', 'draft')
    .where('resolves_at', 'is', null)
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) === 0) {
    const row = await requireRow(w.db, id)
    throw conflict(`The alert incident ${id} is ${stateWords(row)}; only a draft whose alerts still fire can be published.`)
  }
  const row = await requireRow(w.db, id)
  const title = body.title?.trim() || row.title
  const text = body.body ?? row.body
  const html = text.trim() === '' ? '' : renderOperatorText(text, 'markdown')
  const cloud = await w.db.selectFrom('clouds').select('machine_name').where('id', '=', row.cloud_id).executeTakeFirstOrThrow()
  const items = parseItems(row.affected)
  let recordId: number
  try {
    const published = await publishRecord(
      w.db,
      {
        type: 'incident',
        title,
        summary: html === '' ? '' : htmlToText(html),
        body: html,
        status: 'In Progress',
        severity: SEVERITY_TID[row.severity as AlertSeverity] ?? null,
        clouds: [cloud.machine_name],
        terms: items.map((i) => i.tid),
        from: iso(Math.min(row.first_fired, w.now)),
        to: null,
        notify: body.notify !== false,
      },
      w.now,
      w.actor,
      w.publish,
    )
    recordId = published.id
  } catch (error) {
    await w.db.updateTable('alert_incidents').set({ state: 'draft' }).where('id', '=', id).where('record_id', 'is', null).execute()
    throw error
  }
  await w.db.updateTable('alert_incidents').set({ record_id: recordId, title, body: text, updated: w.now }).where('id', '=', id).execute()
  await recordAudit(w.db, { actor: w.actor, action: 'alert.publish', target: `alert:${id}`, after: { record_id: recordId, title } }, w.now)
  return getAlertIncident(w.db, id)
}

/**
 * Dismisses the draft `id` (`POST /api/admin/alerts/{id}/dismiss`): nothing is published, and later
 * notifications of its group change nothing until its alerts resolve.
 * @throws 404 `not_found`, 409 `conflict` (not a draft)
 */
export async function dismissAlertIncident(w: AlertWrite, id: number): Promise<AlertIncident> {
  const row = await requireRow(w.db, id)
  const done = await w.db
    .updateTable('alert_incidents')
    .set({ state: 'dismissed', updated: w.now, resolved_at: row.resolves_at === null ? null : w.now, resolves_at: null })
    .where('id', '=', id)
    .where('state', '=', 'draft')
    .executeTakeFirst()
  if (Number(done.numUpdatedRows) === 0) {
    throw conflict(`The alert incident ${id} is ${stateWords(row)}; only a draft can be dismissed (resolve a published incident instead).`)
  }
  await recordAudit(w.db, { actor: w.actor, action: 'alert.dismiss', target: `alert:${id}`, before: { title: row.title } }, w.now)
  return getAlertIncident(w.db, id)
}

/**
 * Resolves the published alert incident `id` (`POST /api/admin/alerts/{id}/resolve`: the desk's
 * "Resolve incident", offered after the grace period, or at any time while it is open): the record
 * gets a Resolved update with `update` (Markdown; default {@link RESOLVED_TEXT}).
 * @throws 404 `not_found`, 409 `conflict` (no record, or closed already)
 */
export async function resolveAlertIncident(w: AlertWrite, id: number, update?: string): Promise<AlertIncident> {
  const row = await requireRow(w.db, id)
  if (row.record_id === null || (row.state !== 'open' && row.state !== 'resolving')) {
    throw conflict(`The alert incident ${id} is ${stateWords(row)}; only a published incident that is not resolved can be resolved.`)
  }
  await resolveRecord(w, row.record_id, update?.trim() || RESOLVED_TEXT)
  await w.db
    .updateTable('alert_incidents')
    .set({ state: 'resolved', resolved_at: w.now, resolves_at: null, resolution_offered: 0, updated: w.now })
    .where('id', '=', id)
    .execute()
  await recordAudit(w.db, { actor: w.actor, action: 'alert.resolve', target: `alert:${id}`, after: { record_id: row.record_id } }, w.now)
  return getAlertIncident(w.db, id)
}

/** What the receiver needs beyond an {@link AlertWrite}. */
export interface ReceiveOptions {
  /** The enabled and disabled rules, in order, compiled. */
  rules: readonly CompiledRule[]
  /** Checks that the caller may write to the cloud `cloudId` (the key's scope and permission); throws to refuse. */
  checkCloud: (cloudId: number) => Promise<void>
}

/** The receiver's answer: its HTTP status and body. */
export interface Received {
  status: 200 | 202
  receipt: AlertReceipt
}

const unprocessable = (message: string) => new HttpError(422, 'unprocessable', message)

/**
 * The cloud a rule gives a new group: its fixed cloud, or the value of its cloud label (the common
 * one, else the first firing alert's).
 * @throws HttpError 422 `unprocessable` (audited as `alert.refused`) when that names no cloud
 */
async function cloudOfRule(
  w: AlertWrite,
  rule: CompiledRule,
  payload: AlertmanagerWebhook,
  labels: Readonly<Record<string, string>>,
): Promise<{ id: number }> {
  const label = rule.cloud_label ?? ''
  const cloudName = rule.cloud ?? labels[label] ?? payload.alerts.find((a) => a.status === 'firing' && a.labels[label])?.labels[label]
  const cloud = cloudName ? await findCloud(w.db, cloudName) : undefined
  if (cloud) return cloud
  const words = cloudName
    ? `whose value ${JSON.stringify(cloudName.slice(0, 100))} is not a cloud of this site`
    : 'which the alerts do not have'
  await recordAudit(
    w.db,
    {
      actor: w.actor,
      action: 'alert.refused',
      target: payload.groupKey.slice(0, 300),
      after: { rule: rule.name, cloud: cloudName ?? null },
    },
    w.now,
  )
  throw unprocessable(
    `The alert rule ${JSON.stringify(rule.name)} takes the cloud from the label ${JSON.stringify(rule.cloud_label)}, ${words}. Give the alerts that label with a cloud's machine name, or set the rule's cloud in the admin console.`,
  )
}

/**
 * Takes one Alertmanager notification (`POST /api/integrations/alertmanager`): see the module
 * comment and `contract/alerts.ts` `AlertOutcome` for what each case does.
 * @throws HttpError 422 `unprocessable` (the rule's cloud label names no cloud of this site), what
 *   `options.checkCloud` throws (403), what publishing throws
 */
export async function receiveNotification(w: AlertWrite, payload: AlertmanagerWebhook, options: ReceiveOptions): Promise<Received> {
  const labels = commonOf(payload, 'labels')
  const firing = payload.alerts.filter((a) => a.status === 'firing')
  // A group with a live incident keeps it, whatever the rules say now (edited or deleted meanwhile).
  const live = await w.db
    .selectFrom('alert_incidents')
    .selectAll()
    .where('group_key', '=', payload.groupKey)
    .where((eb) => eb.or([eb('state', 'in', [...LIVE_STATES]), eb.and([eb('state', '=', 'dismissed'), eb('resolved_at', 'is', null)])]))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  const rule = live ? options.rules.find((r) => r.id === live.rule_id) : pickRule(options.rules, payload)
  if (!live && !rule) {
    await recordAudit(
      w.db,
      { actor: w.actor, action: 'alert.unmatched', target: payload.groupKey.slice(0, 300), after: { labels, status: payload.status } },
      w.now,
    )
    return {
      status: 202,
      receipt: {
        outcome: 'unmatched',
        alert_incident: null,
        message: `No enabled alert rule matches this group (${payload.groupKey.slice(0, 200)}), so nothing was stored. Add a rule in the admin console (Alert rules) whose matchers match its labels.`,
      },
    }
  }
  const cloudId = live ? live.cloud_id : (await cloudOfRule(w, rule!, payload, labels)).id
  await options.checkCloud(cloudId)
  const done = (outcome: AlertReceipt['outcome'], id: number | null, message: string): Received => ({
    status: 200,
    receipt: { outcome, alert_incident: id, message },
  })

  if (payload.status === 'resolved' || firing.length === 0) {
    if (!live) return done('unchanged', null, 'No open alert incident of this group; nothing to resolve.')
    if (live.state === 'dismissed') {
      await w.db.updateTable('alert_incidents').set({ resolved_at: w.now, updated: w.now }).where('id', '=', live.id).execute()
      return done(
        'unchanged',
        live.id,
        `The alert incident ${live.id} was dismissed; its alerts resolved, so the next firing starts a new one.`,
      )
    }
    if (live.resolves_at !== null) return done('unchanged', live.id, `The alert incident ${live.id} is resolving already.`)
    const resolvesAt = w.now + live.grace_seconds * 1000
    await w.db
      .updateTable('alert_incidents')
      .set({
        state: live.record_id === null ? 'draft' : 'resolving',
        resolving_since: w.now,
        resolves_at: resolvesAt,
        alert_count: 0,
        updated: w.now,
      })
      .where('id', '=', live.id)
      .execute()
    await recordAudit(
      w.db,
      { actor: w.actor, action: 'alert.resolving', target: `alert:${live.id}`, after: { resolves_at: iso(resolvesAt) } },
      w.now,
    )
    return done(
      'resolving',
      live.id,
      `The alerts of alert incident ${live.id} resolved; unless they fire again, it ${live.record_id === null ? 'closes without being published' : live.on_resolve === 'offer' ? 'is offered for resolution on the desk' : 'is resolved'} at ${iso(resolvesAt)}.`,
    )
  }

  // Firing: the items the rule names, and those the alerts' labels name on this cloud (none when
  // the live incident's rule was deleted or disabled since).
  const known = await cloudItems(w.db, cloudId)
  const items: StoredItem[] = []
  const add = (kind: StoredItem['kind'], names: readonly string[]) => {
    for (const name of names) {
      const tid = known[kind].get(name.trim().toLowerCase())
      if (tid !== undefined) items.push({ kind, tid })
    }
  }
  if (rule) {
    add('service', rule.services)
    add('data_center', rule.data_centers)
    for (const alert of [{ labels }, ...firing]) {
      if (rule.services_label) add('service', labelValues(alert.labels[rule.services_label]))
      if (rule.data_centers_label) add('data_center', labelValues(alert.labels[rule.data_centers_label]))
    }
  }
  const affected = mergeItems([], items)
  const starts = firing.map((a) => Date.parse(a.startsAt ?? '')).filter((t) => Number.isFinite(t))
  const firstFired = Math.min(w.now, ...starts)

  if (!live) {
    // `rule` is set: a group without a live incident and without a rule was answered above.
    const newRule = rule!
    const annotations = commonOf(payload, 'annotations')
    const [last] = await w.db
      .selectFrom('alert_incidents')
      .select((eb) => eb.fn.max('episode').as('episode'))
      .where('rule_id', '=', newRule.id)
      .where('group_key', '=', payload.groupKey)
      .execute()
    const cloud = await w.db.selectFrom('clouds').select('machine_name').where('id', '=', cloudId).executeTakeFirstOrThrow()
    const title =
      fillTemplate(newRule.title_template, labels, annotations, firing.length).trim().slice(0, 300) ||
      labels.alertname ||
      `Alert ${payload.groupKey.slice(0, 200)}`
    const body = fillTemplate(newRule.body_template, labels, annotations, firing.length)
    const inserted = await w.db
      .insertInto('alert_incidents')
      .values({
        rule_id: newRule.id,
        rule_name: newRule.name,
        group_key: payload.groupKey,
        episode: Number(last?.episode ?? 0) + 1,
        state: 'draft',
        record_id: null,
        cloud_id: cloudId,
        title,
        body,
        severity: newRule.severity,
        mode: newRule.mode,
        on_resolve: newRule.on_resolve,
        grace_seconds: newRule.grace_seconds,
        affected: JSON.stringify(affected),
        alert_count: firing.length,
        first_fired: firstFired,
        last_fired: w.now,
        resolving_since: null,
        resolves_at: null,
        resolution_offered: 0,
        resolved_at: null,
        updated: w.now,
      })
      // Two notifications of a new group at the same moment (several origins, or Alertmanager's
      // retry): the second finds the first's row and goes on as a repeated firing.
      .onConflict((oc) => oc.columns(['rule_id', 'group_key', 'episode']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return receiveNotification(w, payload, options)
    await recordAudit(
      w.db,
      {
        actor: w.actor,
        action: 'alert.draft',
        target: `alert:${inserted.id}`,
        after: { rule: newRule.name, group_key: payload.groupKey, cloud: cloud.machine_name, title, affected },
      },
      w.now,
    )
    if (newRule.mode === 'publish') {
      const published = await publishAlertIncident(w, inserted.id)
      return done('published', inserted.id, `Published incident ${published.record_id} from alert rule ${JSON.stringify(newRule.name)}.`)
    }
    return done(
      'drafted',
      inserted.id,
      `Drafted alert incident ${inserted.id} from alert rule ${JSON.stringify(newRule.name)}; publish or dismiss it on the desk.`,
    )
  }

  if (live.state === 'dismissed') {
    return done(
      'unchanged',
      live.id,
      `The alert incident ${live.id} was dismissed on the desk; this group changes nothing until its alerts resolve.`,
    )
  }
  const before = parseItems(live.affected)
  const merged = mergeItems(before, affected)
  const added = merged.slice(before.length)
  const flapped = live.resolves_at !== null
  await w.db
    .updateTable('alert_incidents')
    .set({
      state: live.state === 'resolving' ? 'open' : live.state,
      affected: JSON.stringify(merged),
      alert_count: firing.length,
      last_fired: w.now,
      resolving_since: null,
      resolves_at: null,
      resolution_offered: 0,
      updated: w.now,
    })
    .where('id', '=', live.id)
    .execute()
  if (added.length > 0 && live.record_id !== null) {
    const names = await itemNames(w.db, added)
    const words = added.map((i) => names.get(`${i.kind}:${i.tid}`) ?? String(i.tid)).join(', ')
    const terms = merged.map((i) => i.tid)
    await changeRecord(w.db, live.record_id, w.now, w.actor, w.publish, () => ({
      body: { terms, update: `Also affected: ${words}.`, body_format: 'markdown' },
      kind: 'updated',
      action: 'record.update',
    }))
  }
  if (added.length > 0 || flapped) {
    await recordAudit(
      w.db,
      { actor: w.actor, action: 'alert.update', target: `alert:${live.id}`, after: { added, fired_again_within_grace: flapped } },
      w.now,
    )
  }
  if (added.length > 0) {
    return done('updated', live.id, `Alert incident ${live.id} now also concerns ${added.length} more service(s) or data center(s).`)
  }
  return done(
    'unchanged',
    live.id,
    flapped
      ? `The alerts of alert incident ${live.id} fired again within the grace period; it stays as it was.`
      : `Alert incident ${live.id} is up to date.`,
  )
}

/**
 * One pass over the alert incidents whose grace period ended by `now` (epoch ms): a draft closes
 * as `resolved` without publishing; a resolving incident resolves its record (`on_resolve:
 * 'resolve'`) or is offered for resolution on the desk (`offer`). Each step is conditional on the
 * incident still being as read (a notification in between wins). Runs with the maintenance
 * scheduler's passes (`server/publishing/scheduler.ts`) on the injected clock.
 * @returns how many incidents changed, and whether records changed (public answers and mail).
 */
export async function runAlertPass(
  db: Kysely<Database>,
  now: number,
  publish: PublishOptions = {},
): Promise<{ changed: number; records: number }> {
  const w: AlertWrite = { db, now, actor: SYSTEM, publish }
  const due = await db
    .selectFrom('alert_incidents')
    .selectAll()
    .where('state', 'in', ['draft', 'resolving'])
    .where('resolves_at', '<=', now)
    .where('resolution_offered', '=', 0)
    .orderBy('id')
    .execute()
  let changed = 0
  let records = 0
  for (const row of due) {
    const update = () => db.updateTable('alert_incidents')
    // Only while the incident is still as read: a notification in between wins.
    const still = (q: ReturnType<typeof update>) =>
      q.where('id', '=', row.id).where('state', '=', row.state).where('resolves_at', '=', row.resolves_at)
    if (row.state === 'resolving' && row.on_resolve === 'offer') {
      const r = await still(update().set({ resolution_offered: 1, updated: now })).executeTakeFirst()
      if (Number(r.numUpdatedRows) === 0) continue
      await recordAudit(db, { actor: SYSTEM, action: 'alert.offer', target: `alert:${row.id}` }, now)
      changed++
      continue
    }
    const r = await still(update().set({ state: 'resolved', resolved_at: now, resolves_at: null, updated: now })).executeTakeFirst()
    if (Number(r.numUpdatedRows) === 0) continue
    if (row.record_id !== null) {
      try {
        await resolveRecord(w, row.record_id, RESOLVED_TEXT)
        records++
      } catch (error) {
        // Left for the next pass.
        await update().set({ state: row.state, resolved_at: null, resolves_at: row.resolves_at }).where('id', '=', row.id).execute()
        throw error
      }
    }
    await recordAudit(
      db,
      { actor: SYSTEM, action: row.record_id === null ? 'alert.close' : 'alert.resolve', target: `alert:${row.id}` },
      now,
    )
    changed++
  }
  return { changed, records }
}
