/**
 * Third-party groups in the database (migration 015; docs/operating/console-and-desk.md#third-party-components): the
 * console's add / rename / remove (audited), applying a poll's outcome, the public answer of a
 * cloud, and the mail of a status change to the component's subscribers.
 *
 * Poll rules:
 * - A valid summary replaces the group's components (matched by the upstream's id; a component
 *   the upstream no longer lists is removed, with its subscriptions), clears the failure run and
 *   keeps the answer's `ETag` / `Last-Modified`; a 304 counts as success and keeps the components.
 * - A failure counts one more failure in a row, notes its instant and reason, starts the failure
 *   run (`failing_since`) when none runs, and puts the next poll off by {@link backoffMs}.
 * - A component whose status differs from the stored one is mailed to its subscribers (stored
 *   targets `third-party:{id}` of the group's cloud, verified accounts) through the outbox, keyed
 *   `third-party:{id}:{status}:{upstream updated_at}:uid:{uid}`, so one change is mailed once even
 *   if two origins read it. Nothing is written to the vendor's records: an upstream change opens
 *   no incident.
 */
import type { Kysely, Transaction } from 'kysely'
import type { ComponentStatus } from '../../contract/statuspage.js'
import type {
  AddThirdPartyData,
  AdminThirdPartyData,
  AdminThirdPartyGroup,
  ThirdPartyData,
  ThirdPartyGroup,
  ThirdPartyStatus,
} from '../../contract/third-party.js'
import { type Locale, textDirection, toLocale } from '../../contract/locale.js'
import { randomToken, sha256 } from '../accounts/tokens.js'
import { type Actor, recordAudit } from '../admin/audit.js'
import type { Database, UpstreamGroupsTable } from '../db/schema.js'
import { HttpError, notFound } from '../http/errors.js'
import { mailTexts } from '../mail/catalogues.js'
import { escapeHtml } from '../mail/messages.js'
import { enqueueMails, type OutgoingMail } from '../mail/outbox.js'
import { formatInZone } from '../publishing/dispatch.js'
import { requireCloud } from '../repo/clouds.js'
import { vendorName } from '../repo/settings.js'
import type { WebhookUrlPolicy } from '../webhooks/ssrf.js'
import { type FetchedComponent, normalizeBaseUrl, type PollOutcome, pollSummary, UpstreamUrlError } from './fetch.js'
import { thirdPartyMailMessages } from './messages.js'

type Db = Kysely<Database> | Transaction<Database>
type GroupRow = {
  [K in keyof UpstreamGroupsTable]: UpstreamGroupsTable[K] extends import('kysely').Generated<infer T> ? T : UpstreamGroupsTable[K]
}

/** Default time between two polls of a page, ms (`THIRD_PARTY_POLL_MS`). */
export const DEFAULT_UPSTREAM_INTERVAL_MS = 60_000
/** The longest wait between polls of a failing page, ms (30 min; never less than the interval). */
export const UPSTREAM_BACKOFF_CAP_MS = 30 * 60_000
/** The subscription target of an upstream component. */
export const thirdPartyTarget = (componentId: number) => `third-party:${componentId}`

/**
 * The wait before the next poll after the `failures`-th failure in a row: the interval doubled
 * per failure (2×, 4×, 8×, …), at most {@link UPSTREAM_BACKOFF_CAP_MS} (or the interval, if longer).
 */
export function backoffMs(intervalMs: number, failures: number): number {
  return Math.min(intervalMs * 2 ** Math.max(0, Math.min(failures, 20)), Math.max(intervalMs, UPSTREAM_BACKOFF_CAP_MS))
}

const iso = (ms: number) => new Date(ms).toISOString()
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms))

/** What polling needs besides the database. */
export interface PollContext {
  policy: WebhookUrlPolicy
  /** Time between polls, ms. */
  intervalMs: number
  /** Time a poll may take, ms (default `UPSTREAM_TIMEOUT_MS`). */
  timeoutMs?: number
  /** The site's origin for links in mail. */
  publicUrl: () => string
}

/** The console's view of a group row. */
async function adminView(db: Db, row: GroupRow): Promise<AdminThirdPartyGroup> {
  const [cloud, count] = await Promise.all([
    db.selectFrom('clouds').select('machine_name').where('id', '=', row.cloud_id).executeTakeFirst(),
    db
      .selectFrom('upstream_components')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', row.id)
      .executeTakeFirst(),
  ])
  return {
    id: row.id,
    cloud: cloud?.machine_name ?? '',
    name: row.name,
    base_url: row.base_url,
    page_name: row.page_name,
    components: Number(count?.n ?? 0),
    last_success_at: isoOrNull(row.last_success_at),
    last_failure_at: isoOrNull(row.last_failure_at),
    last_error: row.last_error,
    failing_since: isoOrNull(row.failing_since),
    next_poll_at: iso(row.next_poll_at),
  }
}

async function groupRow(db: Db, id: number): Promise<GroupRow | undefined> {
  return (await db.selectFrom('upstream_groups').selectAll().where('id', '=', id).executeTakeFirst()) as GroupRow | undefined
}

/** The group `id` for the console. @throws HttpError 404 `not_found`. */
export async function adminThirdPartyGroup(db: Db, id: number): Promise<AdminThirdPartyGroup> {
  const row = await groupRow(db, id)
  if (!row) throw notFound('No such third-party group.')
  return adminView(db, row)
}

/** Every cloud and every third-party group (cloud order, then the groups' order). */
export async function adminThirdPartyData(db: Kysely<Database>): Promise<AdminThirdPartyData> {
  const clouds = await db.selectFrom('clouds').select(['id', 'machine_name', 'title']).orderBy('id').execute()
  const rows = (await db
    .selectFrom('upstream_groups')
    .selectAll()
    .orderBy('cloud_id')
    .orderBy('sort')
    .orderBy('id')
    .execute()) as GroupRow[]
  return {
    clouds: clouds.map((c) => ({ machine_name: c.machine_name, title: c.title })),
    groups: await Promise.all(rows.map((r) => adminView(db, r))),
  }
}

/** The audit log's picture of a group. */
const auditView = (g: Pick<GroupRow, 'id' | 'name' | 'base_url'>, cloud: string) => ({
  id: g.id,
  cloud,
  name: g.name,
  base_url: g.base_url,
})

/**
 * Adds a group to `cloud` following the page at `url` (see `normalizeBaseUrl`): polls it first,
 * and stores the group with the components of the answer only when that poll succeeded; audited
 * as `third_party.add`.
 * @returns `added: false` with the reason in words when the page could not be read.
 * @throws HttpError 404 `unknown_cloud`; 400 `invalid` for a name of spaces only.
 */
export async function addThirdPartyGroup(
  db: Kysely<Database>,
  input: { cloud: string; name: string; url: string },
  actor: Actor,
  at: Date,
  ctx: PollContext,
): Promise<AddThirdPartyData> {
  const cloud = await requireCloud(db, input.cloud)
  const name = input.name.trim()
  if (!name) throw new HttpError(400, 'invalid', 'name: enter the name the group shows under.')
  let base: string
  try {
    base = normalizeBaseUrl(input.url, ctx.policy)
  } catch (error) {
    if (error instanceof UpstreamUrlError) return { added: false, error: error.message, group: null }
    throw error
  }
  const outcome = await pollSummary(base, { etag: null, lastModified: null }, ctx.policy, ctx.timeoutMs)
  if (outcome.kind !== 'fresh') {
    return {
      added: false,
      error: outcome.kind === 'failed' ? outcome.error : 'The page answered 304 Not Modified to a first request.',
      group: null,
    }
  }
  const now = at.getTime()
  const id = await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('upstream_groups')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .where('cloud_id', '=', cloud.id)
      .executeTakeFirst()
    const inserted = await trx
      .insertInto('upstream_groups')
      .values({
        cloud_id: cloud.id,
        name,
        base_url: base,
        sort: Number(last?.sort ?? 0) + 1,
        created: now,
        page_name: outcome.pageName,
        last_success_at: now,
        next_poll_at: now + ctx.intervalMs,
        etag: outcome.etag,
        last_modified: outcome.lastModified,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeComponents(trx, inserted.id, outcome.components, now)
    await recordAudit(
      trx,
      {
        actor,
        action: 'third_party.add',
        target: cloud.machine_name,
        after: auditView({ id: inserted.id, name, base_url: base }, cloud.machine_name),
      },
      now,
    )
    return inserted.id
  })
  return { added: true, error: null, group: await adminThirdPartyGroup(db, id) }
}

/** Renames group `id` (audited as `third_party.rename`). @throws HttpError 404 / 400. */
export async function renameThirdPartyGroup(
  db: Kysely<Database>,
  id: number,
  name: string,
  actor: Actor,
  at: Date,
): Promise<AdminThirdPartyGroup> {
  const trimmed = name.trim()
  if (!trimmed) throw new HttpError(400, 'invalid', 'name: enter the name the group shows under.')
  return db.transaction().execute(async (trx) => {
    const row = await groupRow(trx, id)
    if (!row) throw notFound('No such third-party group.')
    const before = await adminView(trx, row)
    await trx.updateTable('upstream_groups').set({ name: trimmed }).where('id', '=', id).execute()
    await recordAudit(
      trx,
      {
        actor,
        action: 'third_party.rename',
        target: before.cloud,
        before: auditView(row, before.cloud),
        after: auditView({ ...row, name: trimmed }, before.cloud),
      },
      at.getTime(),
    )
    return adminThirdPartyGroup(trx, id)
  })
}

/** Removes group `id`, its components and their subscriptions (audited as `third_party.remove`). @throws HttpError 404. */
export async function removeThirdPartyGroup(db: Kysely<Database>, id: number, actor: Actor, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await groupRow(trx, id)
    if (!row) throw notFound('No such third-party group.')
    const view = await adminView(trx, row)
    const components = await trx.selectFrom('upstream_components').select('id').where('group_id', '=', id).execute()
    await dropSubscriptions(
      trx,
      row.cloud_id,
      components.map((c) => c.id),
    )
    await trx.deleteFrom('upstream_components').where('group_id', '=', id).execute()
    await trx.deleteFrom('upstream_groups').where('id', '=', id).execute()
    await recordAudit(trx, { actor, action: 'third_party.remove', target: view.cloud, before: auditView(row, view.cloud) }, at.getTime())
  })
}

/** Deletes every subscription of cloud `cloudId` to the upstream components `componentIds`. */
async function dropSubscriptions(trx: Db, cloudId: number, componentIds: number[]): Promise<void> {
  if (componentIds.length === 0) return
  await trx.deleteFrom('subscriptions').where('cloud_id', '=', cloudId).where('target', 'in', componentIds.map(thirdPartyTarget)).execute()
}

/** A component whose status changed in a poll. */
interface Change {
  id: number
  name: string
  groupName: string | null
  from: ComponentStatus
  to: ComponentStatus
  updatedAt: number
}

/** Replaces the components of group `groupId` by `components`; returns the status changes. */
async function writeComponents(trx: Db, groupId: number, components: FetchedComponent[], now: number): Promise<Change[]> {
  const existing = await trx
    .selectFrom('upstream_components')
    .select(['id', 'upstream_id', 'name', 'status', 'group_name', 'position', 'updated_at'])
    .where('group_id', '=', groupId)
    .execute()
  const byUpstream = new Map(existing.map((c) => [c.upstream_id, c]))
  const changes: Change[] = []
  const seen = new Set<string>()
  for (const c of components) {
    if (seen.has(c.upstreamId)) continue
    seen.add(c.upstreamId)
    const old = byUpstream.get(c.upstreamId)
    const values = { name: c.name, status: c.status, group_name: c.groupName, position: c.position, updated_at: c.updatedAt ?? now }
    if (old) {
      // A page that changed one component rewrites that one only.
      const same = (Object.keys(values) as Array<keyof typeof values>).every((k) => old[k] === values[k])
      if (!same) await trx.updateTable('upstream_components').set(values).where('id', '=', old.id).execute()
      if (old.status !== c.status) {
        changes.push({
          id: old.id,
          name: c.name,
          groupName: c.groupName,
          from: old.status as ComponentStatus,
          to: c.status,
          updatedAt: values.updated_at,
        })
      }
    } else {
      await trx
        .insertInto('upstream_components')
        .values({ group_id: groupId, upstream_id: c.upstreamId, ...values })
        .execute()
    }
  }
  const gone = existing.filter((c) => !seen.has(c.upstream_id))
  if (gone.length > 0) {
    const group = await trx.selectFrom('upstream_groups').select('cloud_id').where('id', '=', groupId).executeTakeFirstOrThrow()
    await dropSubscriptions(
      trx,
      group.cloud_id,
      gone.map((c) => c.id),
    )
    await trx
      .deleteFrom('upstream_components')
      .where(
        'id',
        'in',
        gone.map((c) => c.id),
      )
      .execute()
  }
  return changes
}

/** The mail of `changes` to their subscribers (see the module comment). @returns mails enqueued. */
async function enqueueChangeMails(trx: Db, group: GroupRow, changes: Change[], now: number, publicUrl: string): Promise<number> {
  if (changes.length === 0) return 0
  const cloud = await trx.selectFrom('clouds').select(['id', 'domain', 'title']).where('id', '=', group.cloud_id).executeTakeFirstOrThrow()
  const targets = changes.map((c) => thirdPartyTarget(c.id))
  const subscribers = await trx
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.uid', 's.uid')
    .select(['u.uid', 'u.mail', 'u.timezone', 'u.locale', 's.target'])
    .where('u.verified', '=', 1)
    .where('s.cloud_id', '=', cloud.id)
    .where('s.target', 'in', targets)
    .orderBy('u.uid')
    .execute()
  if (subscribers.length === 0) return 0
  const vendor = await vendorName(trx as Kysely<Database>)
  const byTarget = new Map(changes.map((c) => [thirdPartyTarget(c.id), c]))
  const mails: OutgoingMail[] = []
  const tokens = new Map<string, { uid: number; hash: string; target: string }>()
  for (const s of subscribers) {
    const change = byTarget.get(s.target)
    if (!change) continue
    const token = randomToken()
    const eventKey = `third-party:${change.id}:${change.to}:${change.updatedAt}:uid:${s.uid}`
    tokens.set(eventKey, { uid: s.uid, hash: sha256(token), target: s.target })
    mails.push({
      ...changeMail({
        change,
        group,
        cloud,
        vendor,
        to: s.mail,
        locale: toLocale(s.locale) ?? 'en',
        zone: s.timezone || 'UTC',
        publicUrl,
        token,
      }),
      eventKey,
    })
  }
  const added = await enqueueMails(trx, mails, now)
  for (const key of added) {
    const t = tokens.get(key)
    if (!t) continue
    await trx
      .insertInto('unsubscribe_tokens')
      .values({ token_hash: t.hash, uid: t.uid, scope: 'cloud', cloud_id: cloud.id, targets: JSON.stringify([t.target]), created: now })
      .execute()
  }
  return added.length
}

/** One subscriber's mail of one change, in their language and zone. */
function changeMail(o: {
  change: Change
  group: GroupRow
  cloud: { domain: string; title: string }
  vendor: string
  to: string
  locale: Locale
  zone: string
  publicUrl: string
  token: string
}): Omit<OutgoingMail, 'eventKey'> {
  const { change, group, cloud, vendor, locale, publicUrl, token } = o
  const t = mailTexts(thirdPartyMailMessages, locale)
  const words = { component: change.name, group: group.name, status: t[change.to] }
  const heading = t.heading(words)
  const link = `${publicUrl}/${cloud.domain}`
  const unsubscribeLink = `${publicUrl}/unsubscribe/${token}`
  const intro = t.intro({ page: group.page_name || group.name, component: change.name, vendor })
  const lines: Array<[string, string]> = [
    [t.current, t[change.to]],
    [t.previous, t[change.from]],
    [t.changedAt, formatInZone(change.updatedAt, o.zone, locale)],
    [t.source, group.base_url],
  ]
  const subscribed = t.subscribedTo({ component: change.name })
  const text = [
    heading,
    '',
    intro,
    '',
    ...lines.map(([k, v]) => `${k}: ${v}`),
    '',
    `${t.view}: ${link}`,
    '',
    subscribed,
    `${t.unsubscribe}: ${unsubscribeLink}`,
    '',
  ].join('\n')
  const align = textDirection(locale) === 'rtl' ? 'right' : 'left'
  const html = [
    `<h1>${escapeHtml(heading)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${lines.map(([k, v]) => `<tr><th align="${align}">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.view)}</a></p>`,
    `<p>${escapeHtml(subscribed)}</p>`,
    `<p><a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(t.unsubscribe)}</a></p>`,
  ].join('\n')
  return {
    to: o.to,
    subject: `[${cloud.title}] ${t.subject(words)}`,
    text,
    html: textDirection(locale) === 'rtl' ? `<div dir="rtl">${html}</div>` : html,
    headers: { 'List-Unsubscribe': `<${publicUrl}/api/unsubscribe/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

/** What one poll did. */
export interface PollResult {
  groupId: number
  outcome: PollOutcome['kind']
  /** Whether what the public sees changed (statuses, components, or the group's failing state). */
  changed: boolean
  /** Mails enqueued. */
  mails: number
}

/**
 * Records `outcome` of a poll of group `id` at `now` (see the module comment), in one transaction.
 * @returns what changed, or null when the group was removed meanwhile.
 */
export async function applyPollOutcome(
  db: Kysely<Database>,
  id: number,
  outcome: PollOutcome,
  now: number,
  ctx: PollContext,
): Promise<PollResult | null> {
  return db.transaction().execute(async (trx) => {
    const group = await groupRow(trx, id)
    if (!group) return null
    if (outcome.kind === 'failed') {
      const failures = group.failures + 1
      await trx
        .updateTable('upstream_groups')
        .set({
          failures,
          last_failure_at: now,
          last_error: outcome.error.slice(0, 1000),
          failing_since: group.failing_since ?? now,
          next_poll_at: now + backoffMs(ctx.intervalMs, failures),
        })
        .where('id', '=', id)
        .execute()
      return { groupId: id, outcome: outcome.kind, changed: group.failing_since === null, mails: 0 }
    }
    let changes: Change[] = []
    let componentsChanged = false
    if (outcome.kind === 'fresh') {
      const before = await trx
        .selectFrom('upstream_components')
        .select(['upstream_id', 'name', 'group_name', 'position'])
        .where('group_id', '=', id)
        .execute()
      changes = await writeComponents(trx, id, outcome.components, now)
      const key = (c: { upstream_id: string; name: string; group_name: string | null; position: number }) =>
        `${c.upstream_id}\u0001${c.name}\u0001${c.group_name}\u0001${c.position}`
      const after = outcome.components.map((c) =>
        key({ upstream_id: c.upstreamId, name: c.name, group_name: c.groupName, position: c.position }),
      )
      componentsChanged = before.length !== after.length || before.map(key).sort().join('\u0002') !== [...after].sort().join('\u0002')
    }
    await trx
      .updateTable('upstream_groups')
      .set({
        failures: 0,
        failing_since: null,
        last_success_at: now,
        next_poll_at: now + ctx.intervalMs,
        ...(outcome.kind === 'fresh' ? { page_name: outcome.pageName, etag: outcome.etag, last_modified: outcome.lastModified } : {}),
      })
      .where('id', '=', id)
      .execute()
    const mails = await enqueueChangeMails(trx, group, changes, now, ctx.publicUrl())
    return { groupId: id, outcome: outcome.kind, changed: group.failing_since !== null || changes.length > 0 || componentsChanged, mails }
  })
}

/** Time a claimed poll holds its group before another origin may poll it, ms. */
const LEASE_MS = 60_000

/**
 * Polls group `id` now if no other origin holds it (it claims the group by moving its next poll
 * time), then records the outcome. Pass `force` to poll a group that is not due yet.
 * @returns the result, or null when the group is held by another poll or was removed.
 */
export async function pollGroupNow(
  db: Kysely<Database>,
  id: number,
  now: () => Date,
  ctx: PollContext,
  force = false,
): Promise<PollResult | null> {
  const at = now().getTime()
  const group = await groupRow(db, id)
  if (!group) return null
  if (!force && group.next_poll_at > at) return null
  const claim = await db
    .updateTable('upstream_groups')
    .set({ next_poll_at: at + LEASE_MS + (ctx.timeoutMs ?? 0) })
    .where('id', '=', id)
    .where('next_poll_at', '=', group.next_poll_at)
    .executeTakeFirst()
  if (Number(claim.numUpdatedRows) !== 1) return null
  const outcome = await pollSummary(group.base_url, { etag: group.etag, lastModified: group.last_modified }, ctx.policy, ctx.timeoutMs)
  return applyPollOutcome(db, id, outcome, now().getTime(), ctx)
}

/** Ids of the groups due at `at`, soonest first. */
export async function dueGroups(db: Kysely<Database>, at: number): Promise<number[]> {
  const rows = await db
    .selectFrom('upstream_groups')
    .select('id')
    .where('next_poll_at', '<=', at)
    .orderBy('next_poll_at')
    .orderBy('id')
    .execute()
  return rows.map((r) => r.id)
}

/** A cloud's groups with their components, in order (one query each). */
export async function cloudUpstream(db: Db, cloudIds: number[]) {
  if (cloudIds.length === 0) return []
  const groups = (await db
    .selectFrom('upstream_groups')
    .selectAll()
    .where('cloud_id', 'in', cloudIds)
    .orderBy('cloud_id')
    .orderBy('sort')
    .orderBy('id')
    .execute()) as GroupRow[]
  const components =
    groups.length === 0
      ? []
      : await db
          .selectFrom('upstream_components')
          .selectAll()
          .where(
            'group_id',
            'in',
            groups.map((g) => g.id),
          )
          .orderBy('position')
          .orderBy('id')
          .execute()
  return groups.map((g) => ({ group: g, components: components.filter((c) => c.group_id === g.id) }))
}

/**
 * The public answer of `GET /api/third-party` for `cloudId`: each group with its components; a
 * group whose page fails has `unknown_since`. `stored` is the signed-in viewer's stored targets.
 */
export async function thirdPartyData(db: Db, cloudId: number, stored?: ReadonlySet<string>): Promise<ThirdPartyData> {
  const groups = await cloudUpstream(db, [cloudId])
  return {
    groups: groups.map(
      ({ group, components }): ThirdPartyGroup => ({
        id: group.id,
        name: group.name,
        base_url: group.base_url,
        checked_at: isoOrNull(group.last_success_at),
        unknown_since: isoOrNull(group.failing_since),
        components: components.map((c) => ({
          id: c.id,
          name: c.name,
          group_name: c.group_name,
          status: c.status as ThirdPartyStatus,
          updated_at: iso(c.updated_at),
          subscribed: stored?.has(thirdPartyTarget(c.id)) ? '1' : '0',
        })),
      }),
    ),
  }
}

/**
 * Subscribes `uid` to (or removes from) upstream component `componentId` of `cloudId`.
 * @throws HttpError 404 `not_found` for a component that is not the cloud's.
 */
export async function setThirdPartySubscription(
  db: Kysely<Database>,
  uid: number,
  cloudId: number,
  componentId: number,
  action: 'subscribe' | 'unsubscribe',
  now: number,
): Promise<boolean> {
  const found = await db
    .selectFrom('upstream_components as c')
    .innerJoin('upstream_groups as g', 'g.id', 'c.group_id')
    .select('c.id')
    .where('c.id', '=', componentId)
    .where('g.cloud_id', '=', cloudId)
    .executeTakeFirst()
  if (!found) throw notFound('No such third-party component on this cloud.')
  const target = thirdPartyTarget(componentId)
  if (action === 'unsubscribe') {
    await db.deleteFrom('subscriptions').where('uid', '=', uid).where('cloud_id', '=', cloudId).where('target', '=', target).execute()
    return false
  }
  await db
    .insertInto('subscriptions')
    .values({ uid, cloud_id: cloudId, target, created: now })
    .onConflict((oc) => oc.columns(['uid', 'cloud_id', 'target']).doNothing())
    .execute()
  return true
}
