/**
 * Shared set-up of the admin console's unit tests (`admin-*.test.tsx`): a staff member's
 * `auth` answer, a signed-in session with given roles, and finding a button the way a person
 * names it. Not a test file itself (its name does not end in `.test.tsx`).
 */
import * as assert from 'uvu/assert'
import type { UserDetailsData } from '../../contract/accounts'
import type { CatalogData } from '../../contract/admin'
import type { CatalogDataCenter } from '../../contract/catalog'
import type { DeskRecord, DeskRecordDetail, RecordTemplate } from '../../contract/desk'
import type { PublishRecordBody } from '../../contract/publishing'
import { COOKIE, writeCookie } from '../../widgets/core/cookies'
import { $session, type SessionState } from '../../widgets/core/session'
import { type Served, serve } from '../fixtures/dom'

/**
 * The `auth` part of `GET /api/user/details` for Ann: uid `7`, name and mail `ann@vendor.example`,
 * verified, time zone UTC, with `roles`.
 */
export function auth(roles: string[]): UserDetailsData['auth'] {
  return {
    user: {
      timezone: [{ value: 'UTC' }],
      mail: [{ value: 'ann@vendor.example' }],
      uid: [{ value: '7' }],
      name: [{ value: 'ann@vendor.example' }],
      verified: [{ value: true }],
    },
    roles,
  }
}

/**
 * Signs Ann in as the shell does after a sign-in: the CSRF cookie `csrf` and logout cookie `l`,
 * and a signed-in `$session` with those tokens and {@link auth} of `roles` as its `apiData`
 * (`null` roles: signed in, details not loaded). `extra` overrides other session keys (e.g. `timezone`).
 */
export function signedInAs(roles: string[] | null, csrf: string, extra: Partial<SessionState> = {}): void {
  writeCookie(COOKIE.csrfToken, csrf)
  writeCookie(COOKIE.logoutToken, 'l')
  $session.set({ ...$session.get(), isLoggedIn: true, csrfToken: csrf, logoutToken: 'l', apiData: roles ? auth(roles) : null, ...extra })
}

/** The button named `name` (its `aria-label`, else its trimmed text) in `container`; fails the test if there is none. */
export function button(container: HTMLElement, name: string): HTMLButtonElement {
  const b = Array.from(container.querySelectorAll('button')).find((x) => (x.getAttribute('aria-label') ?? x.textContent?.trim()) === name)
  assert.ok(b, `button ${name}`)
  return b as HTMLButtonElement
}

// ---------------------------------------------------------------------------------------------
// The incident desk (`desk-*.test.tsx`)
// ---------------------------------------------------------------------------------------------

/** The label (its trimmed text) `text` in `container` and the control it names (by `for`, else the one inside it). */
export function labelled<T extends HTMLElement = HTMLInputElement>(container: ParentNode, text: string): T {
  const l = Array.from(container.querySelectorAll('label')).find((x) => x.textContent?.trim() === text)
  assert.ok(l, `label ${text}`)
  const el = l!.htmlFor ? document.getElementById(l!.htmlFor) : l!.querySelector('input, select, textarea')
  assert.ok(el, `control of ${text}`)
  return el as T
}

const T0 = '2024-01-01T00:00:00.000Z'

/** A catalogue of two clouds (`alpha.net`, `beta.net`) and the spec's severities, for the desk's form. */
export function deskCatalog(): CatalogData {
  return {
    revision: 'r1',
    catalog: {
      format: 1,
      products: [{ machine_name: 'internet_access', title: 'Internet Access' }],
      clouds: ['alpha', 'beta'].map((m) => ({
        machine_name: m,
        domain: `${m}.net`,
        title: `${m}.net`,
        product: 'internet_access',
        default_page: 'cloud-status',
        banner_title: m,
        banner_description: '',
        cloud_status: { core_cloud_services: true, datacenter: true, premium_datacenter: false },
        services: [{ service: 'Authentication', decommissioned: false, since: T0, until: null }],
      })),
      core_services: [{ name: 'Authentication', description: 'Sign-in.' }],
      regions: ['EMEA', 'Americas'],
      data_centers: [],
      main_menu: [],
      top_menu: [],
      severities: [
        { tid: 20, name: 'Service Disruption', color_code: '#d32f2f', icon: 'ban', status_icon: 'circle-ban', show_legend: true },
        { tid: 19, name: 'Service Degradation', color_code: '#f59e0b', icon: 'minus', status_icon: 'circle-minus', show_legend: true },
      ],
      settings: { vendor: 'Aurora' },
    },
  }
}

/**
 * The data center Amsterdam II (city Amsterdam, country NL, region EMEA, 52.37° N 4.9° E) serving
 * {@link deskCatalog}'s cloud `alpha` in service since `since` (an ISO instant, by default
 * 2024-01-01T00:00:00.000Z; no surcharge, not premium).
 */
export function amsterdamDataCenter(since: string = T0): CatalogDataCenter {
  return {
    name: 'Amsterdam II',
    city: 'Amsterdam',
    country: 'NL',
    region: 'EMEA',
    latitude: 52.37,
    longitude: 4.9,
    clouds: [{ cloud: 'alpha', regional_surcharge: false, premium: false, decommissioned: false, since, until: null }],
  }
}

/** A status item (service or data center) of a `GET /api/cloud-status` answer. */
const statusItem = (tid: number, name: string, status = true) => ({
  tid,
  name,
  status,
  subscribed: '0',
  startDate: '',
  endDate: '',
  info: '',
  category_status: [],
  issues: [],
})

/**
 * `GET /api/cloud-status` data of `cloud` for `requestType`: alpha's services Authentication (101)
 * and Web Proxy (102), its public data centers Amsterdam II (201, EMEA), Frankfurt I (202, EMEA),
 * Old Paris (203, EMEA, decommissioned) and Dallas (211, Americas); beta has Authentication and
 * Frankfurt I. No premium data centers.
 */
export function cloudStatusOf(cloud: string, requestType: string) {
  const alpha = cloud === 'alpha'
  const category =
    requestType === 'core_cloud_services'
      ? [
          {
            tid: 'core_cloud_services',
            title: 'Core cloud services',
            subCategory: [statusItem(101, 'Authentication'), ...(alpha ? [statusItem(102, 'Web Proxy')] : [])],
          },
        ]
      : requestType === 'public'
        ? [
            {
              tid: 1,
              title: 'EMEA',
              subCategory: alpha
                ? [statusItem(202, 'Frankfurt I'), statusItem(201, 'Amsterdam II'), statusItem(203, 'Old Paris', false)]
                : [statusItem(202, 'Frankfurt I')],
            },
            ...(alpha ? [{ tid: 2, title: 'Americas', subCategory: [statusItem(211, 'Dallas')] }] : []),
          ]
        : []
  return { category, start_date: T0, end_date: T0, current_time: 0, page_number: 0, severity: [] }
}

/** A stored incident as `GET /api/admin/records/{id}` answers it (overridable). */
export function deskDetail(extra: Partial<DeskRecordDetail> = {}): DeskRecordDetail {
  return {
    id: 42,
    type: 'incident',
    title: 'Sign-in failures',
    summary: 'Some users cannot sign in.',
    body: '<p>We are investigating.</p>',
    status: 'In Progress',
    severity: 19,
    event_type: null,
    notification_type: null,
    clouds: ['alpha'],
    terms: [101, 201],
    from: '2026-03-15T09:30:00.000Z',
    to: null,
    customer_impact: null,
    available_workaround: null,
    next_update: null,
    internal_note: '<p>Paged the on-call.</p>',
    slack_link: 'https://chat.example/inc-42',
    jira_link: null,
    sfdc_link: null,
    severity_link: null,
    reminder_minutes: null,
    reminder_default_minutes: 60,
    href: '/alpha.net/posts/42',
    updates: [
      { at: '2026-03-15T09:45:00.000Z', status: 'In Progress', statusClass: 'in_progress', text: '<p>Investigating.</p>', resolved: false },
      { at: '2026-03-15T10:15:00.000Z', status: 'Monitoring', statusClass: 'monitoring', text: '<p>Fix deployed.</p>', resolved: false },
    ],
    events: [
      { id: 1, kind: 'published', at: '2026-03-15T09:31:00.000Z', mails: 12, postmortem: false },
      { id: 2, kind: 'updated', at: '2026-03-15T10:15:00.000Z', mails: 11, postmortem: false },
    ],
    postmortem: null,
    advisory: null,
    ...extra,
  }
}

/** A saved template (overridable). */
export function deskTemplate(extra: Partial<RecordTemplate> = {}): RecordTemplate {
  return {
    id: 5,
    name: 'Authentication outage',
    fields: {
      type: 'incident',
      title: 'Authentication failures',
      body: 'We are **investigating** sign-in failures.',
      body_format: 'markdown',
      status: 'In Progress',
      severity: 20,
      clouds: ['alpha'],
      terms: [101],
    },
    updated: '2026-03-01T08:00:00.000Z',
    updated_by: 'ann@vendor.example',
    ...extra,
  }
}

/** Options of {@link deskApi}. */
export interface DeskApiOptions {
  detail?: DeskRecordDetail
  templates?: RecordTemplate[]
  /** Records of the desk's lists (`open=1`: those not closed). */
  records?: DeskRecord[]
  /** Answers a write instead of the default (a `PublishData` with `mails`). */
  onWrite?: (call: Served) => Response | unknown
}

/** A record row of the desk's lists. */
export function deskRow(id: number, extra: Partial<DeskRecord> = {}): DeskRecord {
  return {
    id,
    type: 'incident',
    notification_type: null,
    title: `Record ${id}`,
    status: 'In Progress',
    statusClass: 'in_progress',
    severity: 'Service Degradation',
    clouds: ['alpha'],
    from: '2026-03-15T09:30:00.000Z',
    to: null,
    updated_on: '2026-03-15T10:00:00.000Z',
    href: `/alpha.net/posts/${id}`,
    ...extra,
  }
}

/**
 * A stub of the desk's server (`serve` of `test/fixtures/dom`): the catalogue, the status answers
 * of {@link cloudStatusOf}, the notification categories (URL categories 301 Gambling and 302
 * Streaming; cloud app 311 Dropbox), templates (kept as created, saved and deleted), the lists and
 * the record; writes answer `{ id: 42, mails: 3 }` (publish) or `{ id, mails: 2 }`.
 */
export function deskApi(options: DeskApiOptions = {}) {
  let templates = [...(options.templates ?? [])]
  let nextTemplate = 100
  return serve((call) => {
    const { path, method } = call
    if (path === '/api/admin/catalog') return { data: deskCatalog() }
    if (path === '/api/cloud-status') return { data: cloudStatusOf(call.query.cloud, call.query.requestType) }
    if (path === '/api/user_notifications') {
      const type = (t: string, categories: Array<[number, string]>) => ({
        type: t,
        notification_type: t,
        all_subscribed: '0',
        categories: categories.map(([tid, name]) => ({
          notification_subcategory_id: String(tid),
          notification_subcategory_name: name,
          notification_subcategory_sub_status: '0',
        })),
      })
      return {
        data: {
          terms: {
            url_change_notification: type('url_change_notification', [
              [301, 'Gambling'],
              [302, 'Streaming'],
            ]),
            cloud_app: type('cloud_app', [[311, 'Dropbox']]),
            totalCount: 2,
          },
          all_subscribed: '0',
          subscriptions_count: 0,
        },
      }
    }
    if (path.startsWith('/api/admin/templates')) {
      const id = Number(path.split('/')[4])
      if (method === 'GET') return { data: { templates, reminder_default_minutes: 60 } }
      if (options.onWrite) return options.onWrite(call)
      const body = call.body as { name: string; fields: RecordTemplate['fields'] }
      if (method === 'POST') {
        const t = deskTemplate({ id: nextTemplate++, ...body })
        templates = [...templates, t]
        return new Response(JSON.stringify({ data: t }), { status: 201 })
      }
      if (method === 'PUT') {
        const t = { ...templates.find((x) => x.id === id)!, ...body }
        templates = templates.map((x) => (x.id === id ? t : x))
        return { data: t }
      }
      templates = templates.filter((x) => x.id !== id)
      return { data: { id } }
    }
    if (path === '/api/admin/records' && method === 'GET') {
      const all = options.records ?? []
      const records =
        call.query.open === '1' ? all.filter((r) => !['Resolved', 'Completed', 'Remediated', 'Archived'].includes(r.status)) : all
      return { data: { records, page: Number(call.query.page ?? 0), pages: 1 } }
    }
    if (path.startsWith('/api/admin/records/') && method === 'GET') return { data: options.detail ?? deskDetail() }
    if (options.onWrite) return options.onWrite(call)
    if (path === '/api/admin/records') {
      return new Response(JSON.stringify({ data: { id: 42, alias: '/posts/42', event_id: 7, mails: 3 } }), { status: 201 })
    }
    const id = Number(path.split('/')[4])
    return { data: { id, alias: `/posts/${id}`, event_id: 8, mails: 2 } }
  })
}

/**
 * The body the desk sends to publish an incident titled "Sign-in failures" (In Progress, severity
 * 19, cloud `alpha`, from 09:30 UTC on 15 March 2026, a Markdown body, no notification), with
 * every optional field empty; `over` replaces fields.
 */
export function publishBodyOf(over: Partial<PublishRecordBody> = {}): PublishRecordBody {
  return {
    type: 'incident',
    title: 'Sign-in failures',
    status: 'In Progress',
    severity: 19,
    clouds: ['alpha'],
    terms: [],
    from: '2026-03-15T09:30:00.000Z',
    to: null,
    summary: '',
    body: 'We are **investigating**.',
    body_format: 'markdown',
    notify: false,
    customer_impact: null,
    available_workaround: null,
    next_update: null,
    internal_note: null,
    slack_link: null,
    jira_link: null,
    sfdc_link: null,
    severity_link: null,
    ...over,
  } as PublishRecordBody
}
