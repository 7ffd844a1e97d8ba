/**
 * Incidents from the vendor's own alerts (docs/operating/alertmanager.md): Prometheus Alertmanager
 * posts its webhook to `POST /api/integrations/alertmanager` with an API key
 * (`contract/api-keys.ts`, `Authorization: Bearer {key}`, a role with the `records` permission).
 * The operator's ordered alert rules map an alert group's labels onto a cloud, its services and
 * data centers; per rule the site drafts an incident for a person to publish from the desk (the
 * default) or publishes it at once. One alert incident per (rule, Alertmanager group key): repeated
 * firing updates it, never a second record. When the group resolves it is `resolving` for the
 * rule's grace period (firing again within it changes nothing visible: flapping); after it the
 * record is resolved (`on_resolve: 'resolve'`) or the desk offers "Resolve incident"
 * (`on_resolve: 'offer'`). A draft whose alerts resolve before anyone published it is closed as
 * `resolved` without publishing.
 *
 * Instants of this site's answers are epoch ms; Alertmanager's are RFC 3339 strings.
 *
 * Console routes (session + CSRF, permission `records`, answers wrapped as `{ data }`):
 * - `GET /api/admin/alert-rules` → `{ data: AlertRulesData }`
 * - `PUT /api/admin/alert-rules` body {@link PutAlertRulesBody} → `{ data: AlertRulesData }`
 * - `GET /api/admin/alerts` → `{ data: AlertIncidentsData }` (drafts, open, awaiting resolution)
 * - `POST /api/admin/alerts/{id}/publish` body {@link PublishAlertBody} → `{ data: AlertIncident }`
 * - `POST /api/admin/alerts/{id}/dismiss` → `{ data: AlertIncident }`
 * - `POST /api/admin/alerts/{id}/resolve` body {@link ResolveAlertBody} → `{ data: AlertIncident }`
 *
 * Errors are `{ error: { code, message } }` with a sentence: 400 `invalid` (names the field and
 * what to send), 401/403 (key or session), 404 `not_found`, 409 `conflict` (the alert incident is
 * not in a state the action applies to; the message says which state it is in).
 */

import Type, { type Static } from 'typebox'

const Labels = Type.Record(Type.String(), Type.String())

// ---------------------------------------------------------------------------------------------
// Alertmanager's webhook (version 4), as Alertmanager sends it; extra fields are accepted.
// ---------------------------------------------------------------------------------------------

/** `firing` or `resolved`. */
export const AlertStatus = Type.Union([Type.Literal('firing'), Type.Literal('resolved')])
export type AlertStatus = Static<typeof AlertStatus>

/** One alert of a notification. `startsAt`/`endsAt` are RFC 3339 (`endsAt` `0001-01-01T00:00:00Z` while firing). */
export const AlertmanagerAlert = Type.Object(
  {
    status: AlertStatus,
    labels: Labels,
    annotations: Type.Optional(Labels),
    startsAt: Type.Optional(Type.String()),
    endsAt: Type.Optional(Type.String()),
    generatorURL: Type.Optional(Type.String()),
    /** Alertmanager's identity of the alert (a hash of its labels). */
    fingerprint: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
)
export type AlertmanagerAlert = Static<typeof AlertmanagerAlert>

/**
 * `POST /api/integrations/alertmanager` body: one notification of an alert group. `groupKey`
 * identifies the group (the same group sends the same key every time); `status` is `resolved`
 * when every alert of the group has resolved. `truncatedAlerts` counts alerts Alertmanager left
 * out (its `max_alerts`).
 */
export const AlertmanagerWebhook = Type.Object(
  {
    /** `'4'`. */
    version: Type.String(),
    groupKey: Type.String({ minLength: 1, maxLength: 2000 }),
    truncatedAlerts: Type.Optional(Type.Integer({ minimum: 0 })),
    status: AlertStatus,
    receiver: Type.Optional(Type.String()),
    groupLabels: Type.Optional(Labels),
    commonLabels: Type.Optional(Labels),
    commonAnnotations: Type.Optional(Labels),
    externalURL: Type.Optional(Type.String()),
    alerts: Type.Array(AlertmanagerAlert, { maxItems: 10_000 }),
  },
  { additionalProperties: true },
)
export type AlertmanagerWebhook = Static<typeof AlertmanagerWebhook>

/**
 * What the receiver did with a notification:
 * - `drafted` / `published`: a new alert incident (a draft for the desk, or a published record);
 * - `updated`: the group's incident gained affected items or alerts (a published record got an update);
 * - `resolving`: the group resolved; the grace period runs;
 * - `unchanged`: nothing to change (a repeat, or firing again within the grace period);
 * - `unmatched`: no enabled rule matches; nothing stored but an audit line (answered 202).
 */
export const ALERT_OUTCOMES = ['drafted', 'published', 'updated', 'resolving', 'unchanged', 'unmatched'] as const
export const AlertOutcome = Type.Enum(ALERT_OUTCOMES)
export type AlertOutcome = Static<typeof AlertOutcome>

/**
 * The receiver's answer, `{ data: AlertReceipt }` (200; 202 when `unmatched`). `message` says in
 * words what happened, for Alertmanager's log. 400 `invalid` for a malformed payload, 401 / 403 for
 * the key (403 `out_of_scope` when the rule's cloud is outside the key's cloud).
 */
export const AlertReceipt = Type.Object({
  outcome: AlertOutcome,
  /** The alert incident, or null when unmatched. */
  alert_incident: Type.Union([Type.Integer(), Type.Null()]),
  message: Type.String(),
})
export type AlertReceipt = Static<typeof AlertReceipt>

// ---------------------------------------------------------------------------------------------
// Alert rules (the mapping the operator edits in the console)
// ---------------------------------------------------------------------------------------------

/** Longest rule name, characters. */
export const MAX_ALERT_RULE_NAME = 120
/** Most rules. */
export const MAX_ALERT_RULES = 200
/** Most matchers of a rule. */
export const MAX_ALERT_MATCHERS = 20
/** Longest title template, characters. */
export const MAX_TITLE_TEMPLATE = 300
/** Longest body template, characters. */
export const MAX_BODY_TEMPLATE = 5000
/** Default grace period, seconds. */
export const DEFAULT_GRACE_SECONDS = 300
/** Longest grace period, seconds (one day). */
export const MAX_GRACE_SECONDS = 86_400

/**
 * A matcher on one label, as Alertmanager's own: `=` equal, `!=` not equal, `=~` the whole value
 * matches the regular expression (anchored, like Alertmanager's), `!~` it does not. A missing label
 * has the value `''`.
 */
export const AlertMatcher = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 200 }),
  op: Type.Union([Type.Literal('='), Type.Literal('!='), Type.Literal('=~'), Type.Literal('!~')]),
  value: Type.String({ maxLength: 1000 }),
})
export type AlertMatcher = Static<typeof AlertMatcher>

/** Mode of a rule: `draft` (the default: a person publishes it from the desk) or `publish` (at once). */
export const AlertMode = Type.Union([Type.Literal('draft'), Type.Literal('publish')])
export type AlertMode = Static<typeof AlertMode>

/** What the group's resolution does after the grace period: `resolve` the record, or `offer` "Resolve incident" on the desk. */
export const AlertOnResolve = Type.Union([Type.Literal('resolve'), Type.Literal('offer')])
export type AlertOnResolve = Static<typeof AlertOnResolve>

/** The severity of the incident a rule makes: a service disruption or a degradation (docs/requirements/entities.md#severity). */
export const AlertSeverity = Type.Union([Type.Literal('disruption'), Type.Literal('degradation')])
export type AlertSeverity = Static<typeof AlertSeverity>

/**
 * The fields of a rule a person edits. The cloud is `cloud` (a cloud's machine name) or the value
 * of the label `cloud_label`; exactly one of them is set. Services and data centers are the fixed
 * `services` / `data_centers` (their names as the catalogue spells them, case-insensitive) plus the
 * names the label `services_label` / `data_centers_label` gives (a comma-separated value may name
 * several; a name the cloud does not have is left out). Templates substitute
 * `{{ $labels.NAME }}`, `{{ $annotations.NAME }}` (the group's common labels and annotations;
 * a value missing becomes `''`) and `{{ $count }}` (firing alerts), nothing else; the title of an
 * empty template is the `alertname` label.
 */
export const AlertRuleFields = Type.Object({
  name: Type.String({ minLength: 1, maxLength: MAX_ALERT_RULE_NAME }),
  enabled: Type.Boolean(),
  /** All must match the group's common labels (or, failing that, every alert's labels). */
  matchers: Type.Array(AlertMatcher, { maxItems: MAX_ALERT_MATCHERS }),
  cloud: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]),
  cloud_label: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
  services: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 200 }),
  services_label: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
  data_centers: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 500 }),
  data_centers_label: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
  severity: AlertSeverity,
  mode: AlertMode,
  on_resolve: AlertOnResolve,
  title_template: Type.String({ maxLength: MAX_TITLE_TEMPLATE }),
  /** Markdown after substitution. */
  body_template: Type.String({ maxLength: MAX_BODY_TEMPLATE }),
  /** Seconds, 0 to {@link MAX_GRACE_SECONDS}; default {@link DEFAULT_GRACE_SECONDS}. */
  grace_seconds: Type.Integer({ minimum: 0, maximum: MAX_GRACE_SECONDS }),
})
export type AlertRuleFields = Static<typeof AlertRuleFields>

/** A stored rule: its fields, its id and its place in the order (0 first; the first match wins). */
export const AlertRule = Type.Intersect([Type.Object({ id: Type.Integer(), position: Type.Integer({ minimum: 0 }) }), AlertRuleFields])
export type AlertRule = Static<typeof AlertRule>

/** `GET`/`PUT /api/admin/alert-rules` → `{ data: AlertRulesData }`, in order. */
export const AlertRulesData = Type.Object({ rules: Type.Array(AlertRule) })
export type AlertRulesData = Static<typeof AlertRulesData>

/**
 * A rule of `PUT /api/admin/alert-rules`: its fields, and `id` to keep a stored rule (its alert
 * incidents stay tied to it); without `id` it is new.
 */
export const AlertRuleInput = Type.Intersect([Type.Object({ id: Type.Optional(Type.Integer({ minimum: 1 })) }), AlertRuleFields])
export type AlertRuleInput = Static<typeof AlertRuleInput>

/**
 * `PUT /api/admin/alert-rules`: the whole list, replacing the stored one; its order is the rules'
 * order. A stored rule left out is deleted (its alert incidents keep their state, rule null).
 * 400 `invalid` names the rule (by its place and name) and what is wrong (an unknown cloud, a
 * regular expression that does not compile, neither or both of `cloud` and `cloud_label`…).
 */
export const PutAlertRulesBody = Type.Object({ rules: Type.Array(AlertRuleInput, { maxItems: MAX_ALERT_RULES }) })
export type PutAlertRulesBody = Static<typeof PutAlertRulesBody>

// ---------------------------------------------------------------------------------------------
// Alert incidents (what the desk lists)
// ---------------------------------------------------------------------------------------------

/**
 * State of an alert incident:
 * - `draft`: waiting for a person to publish or dismiss it (no record yet);
 * - `open`: published, its alerts firing;
 * - `resolving`: its alerts resolved; see `resolves_at` and `resolution_offered`;
 * - `resolved`: closed (the record resolved, or a draft whose alerts resolved first);
 * - `dismissed`: a draft a person dismissed; later notifications of the group change nothing.
 */
export const ALERT_INCIDENT_STATES = ['draft', 'open', 'resolving', 'resolved', 'dismissed'] as const
export const AlertIncidentState = Type.Enum(ALERT_INCIDENT_STATES)
export type AlertIncidentState = Static<typeof AlertIncidentState>

/** A service or data center an alert incident concerns. */
export const AlertAffected = Type.Object({
  kind: Type.Union([Type.Literal('service'), Type.Literal('data_center')]),
  /** The term id. */
  tid: Type.Integer(),
  name: Type.String(),
})
export type AlertAffected = Static<typeof AlertAffected>

/** An alert incident: one per (rule, Alertmanager group key). Instants are epoch ms. */
export const AlertIncident = Type.Object({
  id: Type.Integer(),
  /** The rule that matched, or null once that rule was deleted. */
  rule_id: Type.Union([Type.Integer(), Type.Null()]),
  rule_name: Type.String(),
  group_key: Type.String(),
  state: AlertIncidentState,
  /** The published record, or null (a draft, or a draft closed or dismissed before publishing). */
  record_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The cloud's machine name. */
  cloud: Type.String(),
  title: Type.String(),
  /** Markdown. */
  body: Type.String(),
  severity: AlertSeverity,
  mode: AlertMode,
  on_resolve: AlertOnResolve,
  affected: Type.Array(AlertAffected),
  /** Alerts of the group firing at the last notification. */
  alert_count: Type.Integer({ minimum: 0 }),
  first_fired: Type.Number(),
  last_fired: Type.Number(),
  /** When its alerts resolved (state `resolving`), else null. */
  resolving_since: Type.Union([Type.Number(), Type.Null()]),
  /** When the grace period ends (state `resolving`), else null. */
  resolves_at: Type.Union([Type.Number(), Type.Null()]),
  /** True when the grace period ended and the desk offers "Resolve incident" (`on_resolve: 'offer'`). */
  resolution_offered: Type.Boolean(),
  resolved_at: Type.Union([Type.Number(), Type.Null()]),
})
export type AlertIncident = Static<typeof AlertIncident>

/** `GET /api/admin/alerts` → `{ data: AlertIncidentsData }`: drafts, open and resolving ones, newest first. */
export const AlertIncidentsData = Type.Object({ alerts: Type.Array(AlertIncident) })
export type AlertIncidentsData = Static<typeof AlertIncidentsData>

/** `/api/admin/alerts/{id}/…` path parameters. */
export const AlertIncidentIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export type AlertIncidentIdParams = Static<typeof AlertIncidentIdParams>

/**
 * `POST /api/admin/alerts/{id}/publish` (a `draft` only; 409 otherwise): publishes it through the
 * normal publishing path (record, subscribers' mail, audit). `title` / `body` (Markdown) replace the
 * draft's when given; `notify: false` mails no one.
 */
export const PublishAlertBody = Type.Object({
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  body: Type.Optional(Type.String({ maxLength: 100_000 })),
  notify: Type.Optional(Type.Boolean()),
})
export type PublishAlertBody = Static<typeof PublishAlertBody>

/**
 * `POST /api/admin/alerts/{id}/resolve` (`open` or `resolving` with a record; 409 otherwise):
 * resolves the record with `update` (Markdown; default "The alerts behind this incident have
 * resolved.") and closes the alert incident.
 */
export const ResolveAlertBody = Type.Object({ update: Type.Optional(Type.String({ maxLength: 100_000 })) })
export type ResolveAlertBody = Static<typeof ResolveAlertBody>
