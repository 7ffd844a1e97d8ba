/**
 * The Statuspage-compatible status API (docs/statuspage-api.md#statuspage-compatible-api): the shapes
 * and value sets of Atlassian Statuspage's public API v2, which monitoring dashboards, chat bots,
 * aggregators and Atlassian's own `@statuspage/status-widget` read. Written from Statuspage's public
 * documentation of `/api/v2/*.json`; the answers are these documents as they are (no `{ data }`
 * envelope), errors are JSON like the rest of the API.
 *
 * Served for the whole site at the root (`/api/v2/summary.json`, …: every cloud's components as
 * one component group per cloud, the indicator the worst of all clouds) and per cloud under its
 * domain (`/{cloudDomain}/api/v2/summary.json`, …: the core services as one group, the data centers
 * as one group per region). Instants are ISO 8601 strings in UTC; ids are strings.
 */
import Type, { type Static } from 'typebox'

/** The documents of the API, by path below `/api/v2/` (`STATUSPAGE_DOCUMENTS`). */
export const STATUSPAGE_DOCUMENTS = [
  'summary.json',
  'status.json',
  'components.json',
  'incidents.json',
  'incidents/unresolved.json',
  'scheduled-maintenances.json',
  'scheduled-maintenances/upcoming.json',
  'scheduled-maintenances/active.json',
] as const
export type StatuspageDocumentName = (typeof STATUSPAGE_DOCUMENTS)[number]

// The indicators and the overall status texts are plain values the drop-ins read too: constants.ts.
export { type Indicator, INDICATORS, OVERALL_STATUS_TEXT } from './constants.js'

/** A component's status, from best to worst (`under_maintenance` ranks between operational and degraded). */
export const COMPONENT_STATUSES = ['operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'] as const
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number]

/** Incident statuses of Statuspage. */
export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved', 'postmortem'] as const
/** Scheduled-maintenance statuses of Statuspage. */
export const MAINTENANCE_STATUSES = ['scheduled', 'in_progress', 'verifying', 'completed'] as const
/** An incident's or a maintenance's impact. */
export const IMPACTS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const

const Instant = Type.String({ format: 'date-time' })
const ComponentStatusSchema = Type.Union([
  Type.Literal('operational'),
  Type.Literal('under_maintenance'),
  Type.Literal('degraded_performance'),
  Type.Literal('partial_outage'),
  Type.Literal('major_outage'),
])
const NullableInstant = Type.Union([Instant, Type.Null()])

/** `page`: which status page answered. `url` is the page a person reads. */
export const StatuspagePage = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  time_zone: Type.String(),
  updated_at: Instant,
})
export type StatuspagePage = Static<typeof StatuspagePage>

/** `status`: the one line that says whether everything is fine (`description` is the text to show). */
export const StatuspageStatus = Type.Object({
  indicator: Type.Union([
    Type.Literal('none'),
    Type.Literal('maintenance'),
    Type.Literal('minor'),
    Type.Literal('major'),
    Type.Literal('critical'),
  ]),
  description: Type.String(),
})
export type StatuspageStatus = Static<typeof StatuspageStatus>

/**
 * An uptime: percent, 0…100 with two decimals, rounded down (100 only when nothing counted), or
 * null when there is none (a group, or a component with no time in service in the window). How
 * it is computed: docs/statuspage-api.md#statuspage-compatible-api, "Uptime" (`server/statuspage/uptime.ts`).
 */
export const UptimePercent = Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()])

/**
 * The day the uptime figures count from, `YYYY-MM-DD` (UTC): the component's in-service day when
 * it went into service less than 90 days ago, so that the 90-day window — and the 30-day one when
 * the day is within the last 30 — is clipped to its life. `null` when it was in service before
 * the 90 days began, or the day is unknown. With both figures `null` (its first day in service)
 * it says since when it is in service. docs/statuspage-api.md#statuspage-compatible-api, "Uptime".
 */
export const UptimeSince = Type.Union([Type.String({ format: 'date' }), Type.Null()])

/**
 * A component or a component group (`group: true`, `components` = its members' ids). Members
 * carry their group's id in `group_id`. `uptime_30d` / `uptime_90d` (additions of this site, not
 * Statuspage's) are percentages with two decimals, or null for groups; `uptime_since` (also an
 * addition) the day they count from for a component younger than 90 days.
 */
export const StatuspageComponent = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: ComponentStatusSchema,
  created_at: Instant,
  updated_at: Instant,
  position: Type.Integer({ minimum: 1 }),
  description: Type.Union([Type.String(), Type.Null()]),
  showcase: Type.Boolean(),
  start_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  group_id: Type.Union([Type.String(), Type.Null()]),
  page_id: Type.String(),
  group: Type.Boolean(),
  only_show_if_degraded: Type.Boolean(),
  components: Type.Optional(Type.Array(Type.String())),
  /** Uptime over the 30 days ending now, percent ({@link UptimePercent}); null for groups. */
  uptime_30d: UptimePercent,
  /** Uptime over the 90 days ending now, percent ({@link UptimePercent}); null for groups. */
  uptime_90d: UptimePercent,
  /** The day the figures count from ({@link UptimeSince}); null for groups. */
  uptime_since: UptimeSince,
  /**
   * An addition of this site: `true` on a third-party group and its components (they follow another
   * status page: docs/operating/console-and-desk.md#third-party-components); absent on this site's own components.
   */
  third_party: Type.Optional(Type.Boolean()),
})
export type StatuspageComponent = Static<typeof StatuspageComponent>

/**
 * A component an update changed (Statuspage's `affected_components`): `code` is the component's
 * id, `old_status` and `new_status` its status before and after the update.
 */
export const StatuspageAffectedComponent = Type.Object({
  code: Type.String(),
  name: Type.String(),
  old_status: ComponentStatusSchema,
  new_status: ComponentStatusSchema,
})

/**
 * One update of an incident or maintenance (newest first in the lists). `affected_components`:
 * the components whose status the update changed — the opening post (from operational to the
 * record's effect), the maintenance's start and the resolution or completion (back to
 * operational) — else null. `deliver_notifications`: whether subscribers were told of it.
 * `custom_tweet` and `tweet_id` are always null (this site does not post to X).
 */
export const StatuspageUpdate = Type.Object({
  id: Type.String(),
  status: Type.String(),
  body: Type.String(),
  incident_id: Type.String(),
  created_at: Instant,
  updated_at: Instant,
  display_at: Instant,
  affected_components: Type.Union([Type.Array(StatuspageAffectedComponent), Type.Null()]),
  deliver_notifications: Type.Boolean(),
  custom_tweet: Type.Null(),
  tweet_id: Type.Null(),
})
export type StatuspageUpdate = Static<typeof StatuspageUpdate>

const incidentFields = {
  id: Type.String(),
  name: Type.String(),
  created_at: Instant,
  updated_at: Instant,
  monitoring_at: NullableInstant,
  resolved_at: NullableInstant,
  impact: Type.Union([
    Type.Literal('none'),
    Type.Literal('minor'),
    Type.Literal('major'),
    Type.Literal('critical'),
    Type.Literal('maintenance'),
  ]),
  /** The record's page on the site (`{origin}/{cloud domain}/posts/{id}`). */
  shortlink: Type.String(),
  started_at: Instant,
  /**
   * Hours before the start that subscribers are reminded of a maintenance, as Statuspage writes
   * them (a JSON array in a string, e.g. `"[1]"`); `null` for incidents and for none.
   */
  reminder_intervals: Type.Union([Type.String(), Type.Null()]),
  /** The published postmortem, Markdown as the operator wrote it; null for none (or a draft). */
  postmortem_body: Type.Union([Type.String(), Type.Null()]),
  /** When the postmortem was first published; null for none. */
  postmortem_published_at: NullableInstant,
  /** When the published postmortem was last changed; null for none. */
  postmortem_body_last_updated_at: NullableInstant,
  /** Whether subscribers were mailed the postmortem. */
  postmortem_notified_subscribers: Type.Boolean(),
  page_id: Type.String(),
  incident_updates: Type.Array(StatuspageUpdate),
  /** The affected components (as in `components.json`). */
  components: Type.Array(StatuspageComponent),
}

/** An incident. */
export const StatuspageIncident = Type.Object({
  ...incidentFields,
  status: Type.Union([
    Type.Literal('investigating'),
    Type.Literal('identified'),
    Type.Literal('monitoring'),
    Type.Literal('resolved'),
    Type.Literal('postmortem'),
  ]),
})
export type StatuspageIncident = Static<typeof StatuspageIncident>

/** A scheduled maintenance: an incident with a window. */
export const StatuspageMaintenance = Type.Object({
  ...incidentFields,
  status: Type.Union([Type.Literal('scheduled'), Type.Literal('in_progress'), Type.Literal('verifying'), Type.Literal('completed')]),
  scheduled_for: Instant,
  scheduled_until: NullableInstant,
})
export type StatuspageMaintenance = Static<typeof StatuspageMaintenance>

/** `summary.json`: everything a widget needs in one request. */
export const StatuspageSummary = Type.Object({
  page: StatuspagePage,
  components: Type.Array(StatuspageComponent),
  incidents: Type.Array(StatuspageIncident),
  scheduled_maintenances: Type.Array(StatuspageMaintenance),
  status: StatuspageStatus,
})
export type StatuspageSummary = Static<typeof StatuspageSummary>

/** `status.json`. */
export const StatuspageStatusDocument = Type.Object({ page: StatuspagePage, status: StatuspageStatus })
/** `components.json`. */
export const StatuspageComponents = Type.Object({ page: StatuspagePage, components: Type.Array(StatuspageComponent) })
/** `incidents.json` and `incidents/unresolved.json`. */
export const StatuspageIncidents = Type.Object({ page: StatuspagePage, incidents: Type.Array(StatuspageIncident) })
/** `scheduled-maintenances.json`, `…/upcoming.json` and `…/active.json`. */
export const StatuspageMaintenances = Type.Object({
  page: StatuspagePage,
  scheduled_maintenances: Type.Array(StatuspageMaintenance),
})

/** Any of the documents. */
export type StatuspageDocument =
  | Static<typeof StatuspageSummary>
  | Static<typeof StatuspageStatusDocument>
  | Static<typeof StatuspageComponents>
  | Static<typeof StatuspageIncidents>
  | Static<typeof StatuspageMaintenances>

/** The schema of each document, by name. */
export const STATUSPAGE_SCHEMAS = {
  'summary.json': StatuspageSummary,
  'status.json': StatuspageStatusDocument,
  'components.json': StatuspageComponents,
  'incidents.json': StatuspageIncidents,
  'incidents/unresolved.json': StatuspageIncidents,
  'scheduled-maintenances.json': StatuspageMaintenances,
  'scheduled-maintenances/upcoming.json': StatuspageMaintenances,
  'scheduled-maintenances/active.json': StatuspageMaintenances,
} as const satisfies Record<StatuspageDocumentName, unknown>
