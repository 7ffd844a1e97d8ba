/**
 * The Statuspage-compatible manage API (docs/statuspage-manage-api.md): the paths and shapes of
 * Atlassian Statuspage's REST API v1 (`/v1/pages/{page_id}/…`) that automations use, answered by
 * this site with an API key (`contract/api-keys.ts`). One page per cloud: `page_id` is the cloud's
 * machine name. Answers are the objects as they are (no `{ data }` wrapper), as Statuspage sends
 * them; failures are `{ error: { code, message } }` like the rest of the API.
 */

import Type, { type Static } from 'typebox'
import { StatuspageComponent, StatuspageMaintenance } from './statuspage.js'

const Instant = Type.String({ format: 'date-time' })

/** `page_id` of a path: a cloud's machine name. */
export const PageParams = Type.Object({ page_id: Type.String({ minLength: 1, maxLength: 100 }) })
export type PageParams = Static<typeof PageParams>

/**
 * A page (`GET /v1/pages`, `GET /v1/pages/{page_id}`): one cloud. The fields Statuspage's clients
 * read; what this site has no notion of is Statuspage's neutral value (`null`, `false`, `'basic'`).
 */
export const ManagePage = Type.Object({
  /** The cloud's machine name. */
  id: Type.String(),
  /** When the site's database was set up. */
  created_at: Instant,
  updated_at: Instant,
  /** The cloud's title. */
  name: Type.String(),
  page_description: Type.Union([Type.String(), Type.Null()]),
  headline: Type.Union([Type.String(), Type.Null()]),
  branding: Type.Literal('basic'),
  /** The cloud's machine name. */
  subdomain: Type.String(),
  /** The cloud's domain (its pages live under `/{domain}`). */
  domain: Type.String(),
  /** The cloud's home page on this site. */
  url: Type.String(),
  support_url: Type.Union([Type.String(), Type.Null()]),
  hidden_from_search: Type.Boolean(),
  allow_page_subscribers: Type.Boolean(),
  allow_incident_subscribers: Type.Boolean(),
  allow_email_subscribers: Type.Boolean(),
  allow_sms_subscribers: Type.Boolean(),
  allow_rss_atom_feeds: Type.Boolean(),
  allow_webhook_subscribers: Type.Boolean(),
  notifications_from_email: Type.Union([Type.String(), Type.Null()]),
  notifications_email_footer: Type.Union([Type.String(), Type.Null()]),
  activity_score: Type.Number(),
  twitter_username: Type.Union([Type.String(), Type.Null()]),
  viewers_must_be_subscribed: Type.Boolean(),
  ip_restrictions: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  state: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Type.String(), Type.Null()]),
  time_zone: Type.String(),
})
export type ManagePage = Static<typeof ManagePage>

/** `component_id` (and `page_id`) of a path: a component id of the v2 documents (`{cloud}-service-{tid}`, …). */
export const ComponentParams = Type.Object({
  page_id: Type.String({ minLength: 1, maxLength: 100 }),
  component_id: Type.String({ minLength: 1, maxLength: 200 }),
})
export type ComponentParams = Static<typeof ComponentParams>

/**
 * A component (`GET /v1/pages/{page_id}/components`, `…/components/{component_id}`): the v2
 * document's component (docs/statuspage-api.md) with Statuspage's `automation_email`, which is
 * always null here (incidents come from the API and from Alertmanager, not from mail).
 */
export const ManageComponent = Type.Intersect([StatuspageComponent, Type.Object({ automation_email: Type.Null() })])
export type ManageComponent = Static<typeof ManageComponent>

/** A component group (`GET /v1/pages/{page_id}/component-groups`). */
export const ManageComponentGroup = Type.Object({
  id: Type.String(),
  page_id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  /** The ids of its components. */
  components: Type.Array(Type.String()),
  position: Type.Integer({ minimum: 1 }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
})
export type ManageComponentGroup = Static<typeof ManageComponentGroup>

// ---------------------------------------------------------------------------------------------
// Incidents and scheduled maintenances (docs/statuspage-manage-api.md#incidents): Statuspage calls
// both "incidents"; here they are records of type incident and maintenance. The request bodies are
// Statuspage's (`{ incident: { … } }`); fields this site has no notion of are accepted and left
// aside (the page's mapping table says which). The server checks what depends on the page (its
// components, the record's type) and answers 400 `invalid` / 422 `unprocessable` with words that
// name the field (`incident.status`) and say what to send.
// ---------------------------------------------------------------------------------------------

/** `page_id` and `incident_id` of a path; `incident_id` is the record's id. */
export const IncidentParams = Type.Object({
  page_id: Type.String({ minLength: 1, maxLength: 100 }),
  incident_id: Type.String({ minLength: 1, maxLength: 40 }),
})
export type IncidentParams = Static<typeof IncidentParams>

/** Statuspage's statuses of incidents (realtime) and of scheduled maintenances, as a request names them. */
export const REALTIME_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const
export const SCHEDULED_STATUSES = ['scheduled', 'in_progress', 'verifying', 'completed'] as const
/** A component status a request may set (`''` is Statuspage's "leave it"). */
export const WRITABLE_COMPONENT_STATUSES = [
  'operational',
  'under_maintenance',
  'degraded_performance',
  'partial_outage',
  'major_outage',
] as const
/** `impact_override` values. */
export const IMPACT_OVERRIDES = ['none', 'maintenance', 'minor', 'major', 'critical'] as const

/**
 * The `incident` object of `POST /v1/pages/{page_id}/incidents` and of `PATCH`/`PUT
 * /v1/pages/{page_id}/incidents/{incident_id}`: Statuspage's fields. Types are checked here; values
 * (statuses, component ids, times) by the server, which names the field it refuses.
 */
export const IncidentFields = Type.Object({
  name: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
  impact_override: Type.Optional(Type.Union([Type.Null(), Type.String()])),
  /** The first message (create) or the update's text (update), Markdown. */
  body: Type.Optional(Type.Union([Type.Null(), Type.String()])),
  component_ids: Type.Optional(Type.Array(Type.String())),
  /** Component id → its status. */
  components: Type.Optional(Type.Record(Type.String(), Type.String())),
  deliver_notifications: Type.Optional(Type.Boolean()),
  scheduled_for: Type.Optional(Type.Union([Type.Null(), Type.String()])),
  scheduled_until: Type.Optional(Type.Union([Type.Null(), Type.String()])),
  scheduled_remind_prior: Type.Optional(Type.Boolean()),
  scheduled_auto_in_progress: Type.Optional(Type.Boolean()),
  scheduled_auto_completed: Type.Optional(Type.Boolean()),
  scheduled_auto_transition: Type.Optional(Type.Boolean()),
  auto_transition_to_maintenance_state: Type.Optional(Type.Boolean()),
  auto_transition_to_operational_state: Type.Optional(Type.Boolean()),
  auto_transition_deliver_notifications_at_start: Type.Optional(Type.Boolean()),
  auto_transition_deliver_notifications_at_end: Type.Optional(Type.Boolean()),
  reminder_intervals: Type.Optional(Type.Union([Type.Null(), Type.String()])),
  /** Accepted and not kept (docs/statuspage-manage-api.md). */
  metadata: Type.Optional(Type.Unknown()),
  backfilled: Type.Optional(Type.Boolean()),
  backfill_date: Type.Optional(Type.Union([Type.Null(), Type.String()])),
})
export type IncidentFields = Static<typeof IncidentFields>

/** The body of `POST /v1/pages/{page_id}/incidents` and of `PATCH`/`PUT …/incidents/{incident_id}`. */
export const IncidentBody = Type.Object({ incident: IncidentFields })
export type IncidentBody = Static<typeof IncidentBody>

/**
 * An incident or scheduled maintenance as the manage API answers it: the v2 document's
 * (docs/statuspage-api.md) in one shape, as Statuspage's v1 answers both, with the scheduling
 * fields (null on incidents) and Statuspage's switches as this site applies them.
 */
const { status: _status, scheduled_for: _for, ...recordFields } = StatuspageMaintenance.properties
export const ManageIncident = Type.Object({
  ...recordFields,
  status: Type.Union([
    Type.Literal('investigating'),
    Type.Literal('identified'),
    Type.Literal('monitoring'),
    Type.Literal('resolved'),
    Type.Literal('postmortem'),
    Type.Literal('scheduled'),
    Type.Literal('in_progress'),
    Type.Literal('verifying'),
    Type.Literal('completed'),
  ]),
  scheduled_for: Type.Union([Instant, Type.Null()]),
  /** Maintenance: whether subscribers are reminded before the start (a reminder lead above 0). */
  scheduled_remind_prior: Type.Boolean(),
  /** Maintenance: always true, the scheduler starts every window (server/publishing/scheduler.ts). */
  scheduled_auto_in_progress: Type.Boolean(),
  /** Maintenance: true when it has an end (the scheduler completes it then). */
  scheduled_auto_completed: Type.Boolean(),
  /** Never kept: the impact is the record's severity (docs/statuspage-manage-api.md). */
  impact_override: Type.Null(),
  postmortem_ignored: Type.Boolean(),
  postmortem_notified_twitter: Type.Boolean(),
})
export type ManageIncident = Static<typeof ManageIncident>

/** `GET /v1/pages/{page_id}/incidents` query: Statuspage's `q`, `limit` (≤ 100) and `page` (from 1); the sub-lists take `page` and `per_page`. */
export const IncidentListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
})
export type IncidentListQuery = Static<typeof IncidentListQuery>

/** The body of `PATCH`/`PUT /v1/pages/{page_id}/components/{component_id}`: only `status` is written here. */
export const ComponentBody = Type.Object({
  component: Type.Object({
    status: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.Union([Type.Null(), Type.String()])),
    group_id: Type.Optional(Type.Union([Type.Null(), Type.String()])),
    showcase: Type.Optional(Type.Boolean()),
    only_show_if_degraded: Type.Optional(Type.Boolean()),
    start_date: Type.Optional(Type.Union([Type.Null(), Type.String()])),
  }),
})
export type ComponentBody = Static<typeof ComponentBody>

/** `PUT /v1/pages/{page_id}/incidents/{incident_id}/postmortem`: the postmortem's text, Markdown. */
export const PostmortemBody = Type.Object({ postmortem: Type.Object({ body_draft: Type.String() }) })
export type PostmortemBody = Static<typeof PostmortemBody>

/** `PUT …/postmortem/publish`: mail subscribers (once) or not; Statuspage's tweet fields are accepted and not used. */
export const PostmortemPublishBody = Type.Object({
  postmortem: Type.Optional(
    Type.Object({
      notify_subscribers: Type.Optional(Type.Boolean()),
      notify_twitter: Type.Optional(Type.Boolean()),
      custom_tweet: Type.Optional(Type.Union([Type.Null(), Type.String()])),
    }),
  ),
})
export type PostmortemPublishBody = Static<typeof PostmortemPublishBody>

/**
 * A postmortem as Statuspage answers it. There is one text here: `body_draft` is it always,
 * `body` only once published.
 */
export const ManagePostmortem = Type.Object({
  preview_key: Type.Null(),
  body: Type.Union([Type.String(), Type.Null()]),
  body_updated_at: Type.Union([Instant, Type.Null()]),
  body_draft: Type.String(),
  body_draft_updated_at: Instant,
  published_at: Type.Union([Instant, Type.Null()]),
  notify_subscribers: Type.Boolean(),
  notify_twitter: Type.Boolean(),
  custom_tweet: Type.Null(),
  created_at: Instant,
  updated_at: Instant,
})
export type ManagePostmortem = Static<typeof ManagePostmortem>
