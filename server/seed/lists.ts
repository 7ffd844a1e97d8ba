/**
 * Demo records for the record lists, single posts, notification lists and feeds (docs/requirements/screens.md lists,
 * Notification list page, Single post; docs/requirements/entities.md#record; docs/requirements/states.md#record-statuses, advisory event types),
 * made once, relative to the seed's `now`, with FIXED ids from {@link LIST_RECORD_ID_BASE} + 1 on
 * so tests and example pages can link to them:
 *
 * - {@link DEMO_RECORD_IDS}: one record per list (incident, maintenance, advisory) and per
 *   notification type whose body carries {@link HOSTILE_BODY} (the client must render it inert;
 *   the server stores it raw), each the newest of its list on `auroraedge`; and four URL category
 *   notifications with a `url_redirect` — one same-site path, three hostile targets.
 * - Security advisories: every event type twice per product (once recent, once older), linked to
 *   every cloud of the product and to one of its services; statuses In Progress, Monitoring,
 *   Resolved, Remediated and Archived.
 * - Notifications of each type with categories (terms of `notification_categories`, linked through
 *   `record_terms`): URL category changes and privacy notices concern every cloud, cloud
 *   application notices a few clouds each (none concern `deception`); statuses Scheduled (future
 *   effective date), In Progress, Completed and Archived.
 * - Maintenance: per cloud with data centers two upcoming windows and a postponed one within the
 *   schedule table's 7 days; per cloud one upcoming service window 8–11 days ahead and two archived
 *   (cancelled) past windows; a window in progress now on `auroraedgeone` and `private`.
 * - Incidents: a few more ongoing ones (`private` Monitoring, `experience` and `workload` In
 *   Progress).
 *
 * Bodies are rich HTML (paragraphs, lists, tables, links). Times are epoch ms (UTC).
 */
import type { Kysely, Transaction } from 'kysely'
import type { NotificationType } from '../../contract/records.js'
import { escapeHtml } from '../../contract/text.js'
import type { Database } from '../db/schema.js'
import { dayStart, utcDay } from '../lib/days.js'
import { DAY_MS, MINUTE_MS, statusWeek } from '../lib/week.js'
import { SETTING } from '../repo/settings.js'
import { createRandom } from './prng.js'
import {
  DATA_CENTER_INCIDENTS,
  DATA_CENTER_MAINTENANCE,
  inService,
  insertDrafts,
  loadWorld,
  makeDraft,
  PEOPLE,
  SERVICE_INCIDENTS,
  SERVICE_MAINTENANCE,
  type CloudWorld,
  type Draft,
  type Item,
} from './records.js'
import { SEVERITY, STATUS } from './status-catalog.js'

const HOUR_MS = 60 * MINUTE_MS
const HELP_SITE = 'https://help.auroraedge.example'

/** The records of this module have ids from this + 1 on. */
export const LIST_RECORD_ID_BASE = 90_000

/**
 * The fixed ids of the records tests look for. Every "hostile" record's body contains
 * {@link HOSTILE_BODY}; every redirect record is a URL category notification with the
 * `url_redirect` of {@link REDIRECT_TARGETS}.
 */
export const DEMO_RECORD_IDS = {
  hostileIncident: 90_001,
  hostileMaintenance: 90_002,
  hostileAdvisory: 90_003,
  hostileUrlCategoryNotification: 90_004,
  hostileCloudAppNotification: 90_005,
  hostilePrivacyNotification: 90_006,
  redirectSameSite: 90_007,
  redirectProtocolRelative: 90_008,
  redirectBackslash: 90_009,
  redirectJavascript: 90_010,
} as const

/** The `url_redirect` of each redirect record: one same-site path, three that try to leave the site. */
export const REDIRECT_TARGETS = {
  redirectSameSite: 'auroraedge.net/incidents',
  redirectProtocolRelative: '//evil.example',
  redirectBackslash: '/\\evil.example',
  redirectJavascript: 'javascript:alert(1)',
} as const

/**
 * Markup a sanitiser must neutralise: an `onerror` handler, a script, a `javascript:` link and an
 * `onload` handler, each setting `window.__pwned`. Stored raw; the client sanitises.
 */
export const HOSTILE_BODY =
  '<p>Markup check: everything below must render inert.</p>' +
  '<img src=x onerror="window.__pwned=1">' +
  '<script>window.__pwned=1</script>' +
  '<p><a href="javascript:window.__pwned=1">x</a></p>' +
  '<svg onload="window.__pwned=1"></svg>'

/** The advisory event types (docs/requirements/states.md) with the severity and texts their demo advisories use. */
const ADVISORIES: ReadonlyArray<{
  event: string
  severity: number
  /** Status of the recent and of the older advisory. */
  statuses: readonly [number, number]
  /** Whether the recent one is still open (no end). */
  open: boolean
  title: (service: string, n: number) => string
  summary: (service: string) => string
}> = [
  {
    event: 'Under Investigation',
    severity: SEVERITY.informational,
    statuses: [STATUS.inProgress, STATUS.resolved],
    open: true,
    title: (s) => `Investigating reports of failed ${s} requests`,
    summary: (s) => `We are investigating reports that some ${s} requests fail. Updates follow as we learn more.`,
  },
  {
    event: 'Service Disruption',
    severity: SEVERITY.disruption,
    statuses: [STATUS.resolved, STATUS.archived],
    open: false,
    title: (s) => `${s} disruption after an upstream provider outage`,
    summary: (s) => `An outage at an upstream provider disrupted ${s} for some customers until traffic was moved.`,
  },
  {
    event: 'Service Degradation',
    severity: SEVERITY.degradation,
    statuses: [STATUS.monitoring, STATUS.resolved],
    open: true,
    title: (s) => `Degraded ${s} performance in some regions`,
    summary: (s) => `${s} responded more slowly than usual in some regions; a fix is deployed and we are monitoring it.`,
  },
  {
    event: 'Informational',
    severity: SEVERITY.informational,
    statuses: [STATUS.resolved, STATUS.archived],
    open: false,
    title: (s, n) => (n === 0 ? `Retirement of TLS 1.0 and 1.1 for ${s}` : `New IP ranges for ${s}`),
    summary: (s) => `Advance notice of a change to ${s}: review the details and update your configuration in time.`,
  },
  {
    event: 'No Service Impact',
    severity: SEVERITY.noImpact,
    statuses: [STATUS.remediated, STATUS.archived],
    open: false,
    title: (_s, n) => `CVE-2026-${41_000 + n * 17} in a common TLS library: no service impact`,
    summary: (s) => `A vulnerability in a widely used TLS library was assessed; ${s} does not use the affected code paths.`,
  },
  {
    event: 'Security Advisory',
    severity: SEVERITY.informational,
    statuses: [STATUS.remediated, STATUS.remediated],
    open: false,
    title: (s, n) => `Security advisory: privilege escalation in ${s} (TSA-2026-${String(7 + n * 11).padStart(3, '0')})`,
    summary: (s) => `A privilege escalation issue in ${s} was found by our security team and remediated on every node.`,
  },
]

const dateTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`

function internalFields(random: () => number, kind: string, closed: boolean) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]
  const author = pick(PEOPLE)
  return {
    note: `Handled by ${author}. ${kind} reviewed by the trust team.`,
    ticket: 1000 + Math.floor(random() * 9000),
    author,
    resolver: closed ? pick(PEOPLE) : null,
  }
}

function advisoryBody(summary: string, service: string, domains: string[], event: string, from: number): string {
  const e = escapeHtml
  return [
    `<p>${e(summary)}</p>`,
    '<table><thead><tr><th>Component</th><th>Affected</th><th>Action</th></tr></thead><tbody>',
    `<tr><td>${e(service)}</td><td>Yes</td><td>Updated by the vendor; no action needed</td></tr>`,
    '<tr><td>Client Connector 4.2 and later</td><td>No</td><td>None</td></tr>',
    '<tr><td>On-premises connectors</td><td>Under review</td><td>Upgrade when prompted</td></tr>',
    '</tbody></table>',
    '<p><strong>Clouds</strong></p>',
    `<ul>${domains.map((d) => `<li>${e(d)}</li>`).join('')}</ul>`,
    `<ol><li><strong>${e(dateTime(from))}</strong> ${e(event)} published.</li><li>Next review within 24 hours.</li></ol>`,
    `<p>See the <a href="${HELP_SITE}/articles/security-advisories">security advisory policy</a> for how we rate and disclose issues.</p>`,
  ].join('')
}

const URL_CHANGES = [
  ['news-daily.example', 'Miscellaneous', 'News and Media'],
  ['stream-hub.example', 'Entertainment', 'Streaming Media'],
  ['quick-bet.example', 'Games', 'Gambling'],
  ['ask-anything.example', 'Web Search', 'Generative AI'],
  ['friends-place.example', 'Blogs', 'Social Networking'],
  ['fresh-domain-2291.example', 'Uncategorized', 'Newly Registered Domains'],
] as const

function urlChangeBody(summary: string, from: number, n: number): string {
  const e = escapeHtml
  const rows = [0, 1, 2].map((i) => URL_CHANGES[(n + i) % URL_CHANGES.length])
  return [
    `<p>${e(summary)}</p>`,
    '<table><thead><tr><th>URL</th><th>Previous category</th><th>New category</th></tr></thead><tbody>',
    ...rows.map(([url, before, after]) => `<tr><td>${e(url)}</td><td>${e(before)}</td><td>${e(after)}</td></tr>`),
    '</tbody></table>',
    `<p>Effective <strong>${e(dateTime(from))}</strong>. Policies that reference these categories apply to the URLs from then on.</p>`,
    '<ul><li>Review URL filtering rules that allow or block the new categories.</li><li>Request a review if you disagree with a categorization.</li></ul>',
    `<p>Read more in <a href="${HELP_SITE}/articles/url-categories">URL categories</a>.</p>`,
  ].join('')
}

const CLOUD_APPS = [
  ['TeamBoard', 'Collaboration', 'Low'],
  ['ShareBox Pro', 'File Sharing', 'Medium'],
  ['PromptPal', 'Generative AI Apps', 'High'],
  ['CodeNest', 'Developer Tools', 'Medium'],
  ['Chirper', 'Social Media Apps', 'Medium'],
] as const

function cloudAppBody(summary: string, n: number): string {
  const e = escapeHtml
  const apps = [0, 1].map((i) => CLOUD_APPS[(n + i) % CLOUD_APPS.length])
  return [
    `<p>${e(summary)}</p>`,
    '<table><thead><tr><th>Application</th><th>Category</th><th>Risk</th></tr></thead><tbody>',
    ...apps.map(([app, category, risk]) => `<tr><td>${e(app)}</td><td>${e(category)}</td><td>${e(risk)}</td></tr>`),
    '</tbody></table>',
    '<ul><li>New signatures apply to cloud app control policies automatically.</li><li>Reports list the applications under their new names.</li></ul>',
    `<p>See <a href="${HELP_SITE}/articles/cloud-app-control">cloud app control</a>.</p>`,
  ].join('')
}

function privacyBody(summary: string, from: number): string {
  const e = escapeHtml
  return [
    `<p>${e(summary)}</p>`,
    '<table><thead><tr><th>Sub-processor</th><th>Purpose</th><th>Location</th></tr></thead><tbody>',
    '<tr><td>Northwind Hosting</td><td>Infrastructure</td><td>EU</td></tr>',
    '<tr><td>Contoso Mail</td><td>Transactional email</td><td>US</td></tr>',
    '</tbody></table>',
    `<p>The change takes effect on <strong>${e(dateTime(from))}</strong>.</p>`,
    `<p>Read the <a href="${HELP_SITE}/articles/privacy">privacy notice</a> and the <a href="${HELP_SITE}/articles/sub-processors">list of sub-processors</a>.</p>`,
  ].join('')
}

/** Status of a notification effective at `from`: Scheduled ahead, In Progress for 2 days, Completed, Archived after 90 days. */
function notificationStatus(from: number, now: number): number {
  if (from > now) return STATUS.scheduled
  if (now - from < 2 * DAY_MS) return STATUS.inProgress
  return now - from > 90 * DAY_MS ? STATUS.archived : STATUS.completed
}

/** A notification or advisory draft; `extra` is added to the body. */
function plainDraft(o: {
  type: 'advisory' | 'notification'
  title: string
  summary: string
  body: string
  status: number
  severity: number | null
  event?: string
  notificationType?: NotificationType
  urlRedirect?: string
  from: number
  /** Advisories: the end, `null` while open. Notifications end where they start. */
  to: number | null
  clouds: CloudWorld[]
  tids: number[]
  random: () => number
}): Draft {
  const closed =
    o.status === STATUS.resolved || o.status === STATUS.remediated || o.status === STATUS.completed || o.status === STATUS.archived
  const posted = o.type === 'notification' ? o.from - (3 + Math.floor(o.random() * 10)) * DAY_MS : o.from + 20 * MINUTE_MS
  return {
    type: o.type,
    title: o.title,
    summary: o.summary,
    body: o.body,
    status_id: o.status,
    severity_tid: o.severity,
    event_type: o.event ?? null,
    notification_type: o.notificationType ?? null,
    url_redirect: o.urlRedirect ?? null,
    from: o.from,
    // A notification takes effect at an instant.
    to: o.type === 'notification' ? o.from : o.to,
    posted_on: posted,
    closed_on: closed ? Math.max(posted, o.to ?? o.from) + HOUR_MS : null,
    customer_impact: o.type === 'advisory' ? '<p>See the table of affected components.</p>' : null,
    available_workaround: null,
    next_update: o.to === null && o.type === 'advisory' ? 'Next update within 24 hours' : null,
    how_found: o.type === 'advisory' ? 'Internal security review' : null,
    incident_type: null,
    cloudIds: o.clouds.map((c) => c.id),
    tids: o.tids,
    internal: internalFields(o.random, o.type === 'advisory' ? 'Advisory' : 'Notification', closed),
  }
}

/**
 * Seeds the records described in the module comment once: when the demo's status data was seeded
 * (the setting {@link SETTING.recordsHistoryThrough} exists; severities do not tell, as every
 * database has the spec's two from migration 011) and the setting {@link SETTING.recordListsSeeded}
 * is not set yet — so a database seeded before this module existed gets them at its next start.
 * One transaction.
 *
 * @param now The moment the records are relative to.
 * @returns `true` when it seeded.
 */
export async function seedListRecordsIfEmpty(db: Kysely<Database>, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx.selectFrom('settings').select('value').where('key', '=', SETTING.recordListsSeeded).executeTakeFirst()
    const seeded = await trx.selectFrom('settings').select('value').where('key', '=', SETTING.recordsHistoryThrough).executeTakeFirst()
    if (done || !seeded) return false
    const drafts = await listDrafts(trx, now, await notificationCategories(trx))
    // A database whose ids already reached the fixed block gets ordinary ids instead of failing.
    const taken = await trx.selectFrom('records').select('id').where('id', '>', LIST_RECORD_ID_BASE).limit(1).executeTakeFirst()
    if (taken) for (const d of drafts) delete d.id
    await insertDrafts(trx, drafts)
    await trx
      .insertInto('settings')
      .values({ key: SETTING.recordListsSeeded, value: '1' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1' }))
      .execute()
    return true
  })
}

/** One notification category of the catalogue. */
interface Category {
  tid: number
  name: string
}

/**
 * The notification categories of each type, in display order: the catalogue's (the demo catalogue
 * file brings the demo's, `./catalog.ts` NOTIFICATION_CATEGORIES); a type without any gets none.
 */
async function notificationCategories(trx: Transaction<Database>): Promise<Record<NotificationType, Category[]>> {
  const rows = await trx
    .selectFrom('notification_categories')
    .select(['tid', 'name', 'notification_type'])
    .orderBy('sort')
    .orderBy('tid')
    .execute()
  const of = (type: NotificationType) => rows.filter((r) => r.notification_type === type).map(({ tid, name }) => ({ tid, name }))
  return {
    url_change_notification: of('url_change_notification'),
    cloud_app: of('cloud_app'),
    privacy_notification: of('privacy_notification'),
  }
}

async function listDrafts(trx: Transaction<Database>, now: Date, categoryList: Record<NotificationType, Category[]>): Promise<Draft[]> {
  const world = await loadWorld(trx)
  const t = now.getTime()
  const today = dayStart(utcDay(now))
  const week0 = statusWeek(now, 0)
  const random = createRandom(`records:lists:${utcDay(now)}`)
  const cloud = (name: string) => world.clouds.find((c) => c.machine_name === name)
  const main = cloud('auroraedge') ?? world.clouds[0]
  if (!main) return []
  const usable = (items: Item[], at: number, to = at) => items.filter((i) => inService(i, at, to))
  const publicDcs = (c: CloudWorld) => c.dataCenters.filter((d) => !d.premium)
  const categories = (type: NotificationType, n: number, count: number) => {
    const list = categoryList[type]
    return list.length === 0 ? [] : Array.from({ length: count }, (_, i) => list[(n + i) % list.length].tid)
  }
  const allClouds = world.clouds

  // --- Records with fixed ids, in DEMO_RECORD_IDS order -------------------------------------
  const special: Draft[] = []
  const portal =
    usable(main.services, t - 4 * HOUR_MS, t - 3 * HOUR_MS).find((s) => s.name === 'Admin Portal') ?? usable(main.services, t)[0]
  const mainDc = usable(publicDcs(main), t)[0]
  special.push(
    {
      ...makeDraft({
        type: 'incident',
        template: SERVICE_INCIDENTS[2],
        targets: [portal],
        clouds: [main],
        from: t - 4 * HOUR_MS,
        to: t - 3 * HOUR_MS,
        status: STATUS.resolved,
        random,
        bodyExtra: HOSTILE_BODY,
      }),
      title: 'Markup check: intermittent errors in Admin Portal',
    },
    {
      ...makeDraft({
        type: 'maintenance',
        template: DATA_CENTER_MAINTENANCE[1],
        targets: [mainDc ?? portal],
        clouds: [main],
        from: week0.end + 12 * DAY_MS + 22 * HOUR_MS,
        to: week0.end + 13 * DAY_MS,
        status: STATUS.scheduled,
        random,
        postedOn: t - DAY_MS,
        bodyExtra: HOSTILE_BODY,
      }),
      title: `Markup check: network upgrade in ${(mainDc ?? portal).name}`,
    },
    plainDraft({
      type: 'advisory',
      title: 'Markup check: security advisory with embedded diagnostics',
      summary: 'An advisory whose body carries markup that must render inert.',
      body:
        advisoryBody(
          'An advisory whose body carries markup that must render inert.',
          portal.name,
          [main.domain],
          'Security Advisory',
          t - 2 * HOUR_MS,
        ) + HOSTILE_BODY,
      status: STATUS.inProgress,
      severity: SEVERITY.informational,
      event: 'Security Advisory',
      from: t - 2 * HOUR_MS,
      to: null,
      clouds: [main],
      tids: [portal.tid],
      random,
    }),
  )
  for (const type of ['url_change_notification', 'cloud_app', 'privacy_notification'] as const) {
    special.push(
      plainDraft({
        type: 'notification',
        title: `Markup check: ${type.replace(/_/g, ' ')} with embedded markup`,
        summary: 'A notification whose body carries markup that must render inert.',
        body: `<p>A notification whose body carries markup that must render inert.</p>${HOSTILE_BODY}`,
        status: STATUS.inProgress,
        severity: null,
        notificationType: type,
        from: t - HOUR_MS,
        to: null,
        clouds: type === 'cloud_app' ? [main] : allClouds,
        tids: categories(type, 0, 1),
        random,
      }),
    )
  }
  const redirects: Array<[keyof typeof REDIRECT_TARGETS, string]> = [
    ['redirectSameSite', 'Redirect check: moved to the incidents page'],
    ['redirectProtocolRelative', 'Redirect check: protocol-relative target'],
    ['redirectBackslash', 'Redirect check: backslash target'],
    ['redirectJavascript', 'Redirect check: javascript: target'],
  ]
  redirects.forEach(([key, title], i) => {
    const from = today - (40 + i) * DAY_MS + 9 * HOUR_MS
    special.push(
      plainDraft({
        type: 'notification',
        title,
        summary: 'This notification sends its reader to another page.',
        body: '<p>This notification sends its reader to another page.</p>',
        status: notificationStatus(from, t),
        severity: null,
        notificationType: 'url_change_notification',
        urlRedirect: REDIRECT_TARGETS[key],
        from,
        to: null,
        clouds: allClouds,
        tids: categories('url_change_notification', i, 1),
        random,
      }),
    )
  })
  const ids = Object.values(DEMO_RECORD_IDS)
  if (special.length !== ids.length) throw new Error('Seed: the fixed demo records and their ids differ in number.')
  for (const [i, d] of special.entries()) d.id = ids[i]

  // --- Security advisories: every event type twice per product ------------------------------
  const drafts: Draft[] = []
  const products = [...new Set(allClouds.map((c) => c.product))]
  products.forEach((product, p) => {
    const clouds = allClouds.filter((c) => c.product === product)
    const services = usable(clouds[0].services, t).filter((s) => clouds.every((c) => c.services.some((o) => o.tid === s.tid)))
    if (services.length === 0) return
    ADVISORIES.forEach((a, e) => {
      for (const n of [0, 1]) {
        const service = services[(e + n + p) % services.length]
        const from = n === 0 ? today - (2 + e * 4 + p) * DAY_MS + (8 + e) * HOUR_MS : today - (60 + e * 18 + p * 3) * DAY_MS + 14 * HOUR_MS
        const open = n === 0 && a.open
        const summary = a.summary(service.name)
        drafts.push(
          plainDraft({
            type: 'advisory',
            title: a.title(service.name, n),
            summary,
            body: advisoryBody(
              summary,
              service.name,
              clouds.map((c) => c.domain),
              a.event,
              from,
            ),
            status: a.statuses[n],
            severity: a.severity,
            event: a.event,
            from,
            to: open ? null : from + (3 + e) * HOUR_MS,
            clouds,
            tids: [service.tid],
            random,
          }),
        )
      }
    })
  })

  // --- Notifications ------------------------------------------------------------------------
  for (let n = 0; n < 24; n++) {
    // Three ahead (Scheduled), the rest every five days back.
    const from = today + (n < 3 ? (3 + n * 7) * DAY_MS : -(n - 3) * 5 * DAY_MS - DAY_MS) + 6 * HOUR_MS
    const summary = `Categorization changes for ${3} URLs take effect on ${dateTime(from)}.`
    drafts.push(
      plainDraft({
        type: 'notification',
        title: `URL category changes ${utcDay(new Date(from))}`,
        summary,
        body: urlChangeBody(summary, from, n),
        status: notificationStatus(from, t),
        severity: null,
        notificationType: 'url_change_notification',
        from,
        to: null,
        clouds: allClouds,
        tids: categories('url_change_notification', n, 1 + (n % 2)),
        random,
      }),
    )
  }
  const internet = allClouds.filter((c) => c.product === main.product)
  const cloudSets: CloudWorld[][] = [
    internet,
    [main, ...internet.slice(1, 2)],
    allClouds.filter((c) => c.machine_name === 'dataprotection' || c.machine_name === 'auroraedge'),
    allClouds.filter((c) => c.machine_name === 'private' || c.machine_name === 'privategov'),
  ].filter((set) => set.length > 0)
  for (let n = 0; n < 18; n++) {
    const from = today - (n * 6 + 1) * DAY_MS + 15 * HOUR_MS
    const [app] = CLOUD_APPS[n % CLOUD_APPS.length]
    const summary = `Signatures for ${app} and related applications are updated.`
    drafts.push(
      plainDraft({
        type: 'notification',
        title: `Cloud application update: ${app}`,
        summary,
        body: cloudAppBody(summary, n),
        status: notificationStatus(from, t),
        severity: null,
        notificationType: 'cloud_app',
        from,
        to: null,
        clouds: cloudSets[n % cloudSets.length],
        tids: categories('cloud_app', n, 1),
        random,
      }),
    )
  }
  for (let n = 0; n < 8; n++) {
    const from = today + (n === 0 ? 14 * DAY_MS : -(n * 21) * DAY_MS) + 12 * HOUR_MS
    const privacy = categoryList.privacy_notification
    const topic = privacy.length > 0 ? privacy[n % privacy.length].name : 'Privacy Policy'
    const summary = `We are updating our ${topic.toLowerCase()} information.`
    drafts.push(
      plainDraft({
        type: 'notification',
        title: `Privacy notice: ${topic} update`,
        summary,
        body: privacyBody(summary, from),
        status: notificationStatus(from, t),
        severity: null,
        notificationType: 'privacy_notification',
        from,
        to: null,
        clouds: allClouds,
        tids: categories('privacy_notification', n, 1),
        random,
      }),
    )
  }

  // --- Maintenance: upcoming, postponed, archived, in progress --------------------------------
  for (const c of allClouds) {
    const dcs = c.datacenter ? usable(publicDcs(c), t, t + 8 * DAY_MS) : []
    const services = c.core ? usable(c.services, t - 60 * DAY_MS, t + 12 * DAY_MS) : []
    const pick = <T>(list: T[], k: number) => list[(c.id * 7 + k) % list.length]
    if (dcs.length > 0) {
      for (const [k, day] of [
        [0, 1 + (c.id % 3)],
        [1, 4 + (c.id % 3)],
      ] as const) {
        const from = week0.end + (day - 1) * DAY_MS + (21 + k) * HOUR_MS
        drafts.push(
          makeDraft({
            type: 'maintenance',
            template: DATA_CENTER_MAINTENANCE[k],
            targets: [pick(dcs, k)],
            clouds: [c],
            from,
            to: from + 3 * HOUR_MS,
            status: STATUS.scheduled,
            random,
            postedOn: t - (2 + k) * DAY_MS,
          }),
        )
      }
      const from = week0.end + (2 + (c.id % 3)) * DAY_MS + 2 * HOUR_MS
      drafts.push(
        makeDraft({
          type: 'maintenance',
          template: DATA_CENTER_MAINTENANCE[2],
          targets: [pick(dcs, 2)],
          clouds: [c],
          from,
          to: from + 2 * HOUR_MS,
          status: STATUS.postponed,
          random,
          postedOn: t - 4 * DAY_MS,
        }),
      )
    }
    if (services.length > 0) {
      const from = week0.end + (7 + (c.id % 4)) * DAY_MS + 22 * HOUR_MS
      drafts.push(
        makeDraft({
          type: 'maintenance',
          template: SERVICE_MAINTENANCE[0],
          targets: [pick(services, 3)],
          clouds: [c],
          from,
          to: from + 2 * HOUR_MS,
          status: STATUS.scheduled,
          random,
          postedOn: t - DAY_MS,
        }),
      )
      for (const [k, daysAgo] of [
        [4, 10],
        [5, 40],
      ] as const) {
        const start = today - daysAgo * DAY_MS + 22 * HOUR_MS
        drafts.push(
          makeDraft({
            type: 'maintenance',
            template: SERVICE_MAINTENANCE[1],
            targets: [pick(services, k)],
            clouds: [c],
            from: start,
            to: start + 2 * HOUR_MS,
            status: STATUS.archived,
            random,
          }),
        )
      }
    }
  }
  for (const name of ['auroraedgeone', 'private']) {
    const c = cloud(name)
    const dc = c?.datacenter ? usable(publicDcs(c), t - HOUR_MS, t + 2 * HOUR_MS)[0] : undefined
    if (c && dc) {
      drafts.push(
        makeDraft({
          type: 'maintenance',
          template: DATA_CENTER_MAINTENANCE[0],
          targets: [dc],
          clouds: [c],
          from: t - HOUR_MS,
          to: t + 2 * HOUR_MS,
          status: STATUS.inProgress,
          random,
          postedOn: t - 3 * DAY_MS,
        }),
      )
    }
  }

  // --- More ongoing incidents ---------------------------------------------------------------
  for (const [name, status, minutesAgo] of [
    ['private', STATUS.monitoring, 95],
    ['experience', STATUS.inProgress, 40],
    ['workload', STATUS.inProgress, 70],
  ] as const) {
    const c = cloud(name)
    if (!c) continue
    const from = t - minutesAgo * MINUTE_MS
    const dcs = c.datacenter ? usable(publicDcs(c), from, t) : []
    const services = usable(c.services, from, t)
    const onDc = dcs.length > 0 && name === 'private'
    const target = onDc ? dcs[0] : services[0]
    if (!target) continue
    drafts.push(
      makeDraft({
        type: 'incident',
        template: onDc ? DATA_CENTER_INCIDENTS[1] : SERVICE_INCIDENTS[1],
        targets: [target],
        clouds: [c],
        from,
        to: null,
        status,
        random,
        nextUpdate: 'Next update within 60 minutes',
      }),
    )
  }

  let id = LIST_RECORD_ID_BASE + special.length
  for (const d of drafts) d.id = ++id
  return [...special, ...drafts]
}
