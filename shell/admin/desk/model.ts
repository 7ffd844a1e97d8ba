import { MAX_REMINDER_MINUTES } from '../../../contract/constants'
import type { DeskRecordDetail, TemplateFields } from '../../../contract/desk'
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale'
import { type Permission, recordPermission } from '../../../contract/permissions'
import type { PublishRecordBody, UpdateRecordBody } from '../../../contract/publishing'
import type { NotificationType, PrivilegedRecord, RecordStatus, RecordType } from '../../../contract/records'
import { CLOSING_STATUS, DEFAULT_SEVERITY_TID, isClosedStatus, RECORD_STATUSES, RECORD_TYPES } from '../../../contract/reference-data'
import { adminMessages } from '../messages'
import { deskMessages } from './messages'
import { termName } from '../../../contract/terms'
import { fromLocalInput, toLocalInput } from './zone'

/**
 * The incident desk's pure logic (contract/desk.ts, contract/publishing.ts): which kinds of record
 * a person may publish, the statuses per type, the form's draft with its defaults, and the request
 * bodies made from it. Times in a draft are `datetime-local` values in the operator's zone; the
 * bodies carry UTC instants. Unit-tested without rendering in `test/unit/desk-model.test.tsx`.
 */

/** Every record type, in the order the type select offers them (`contract/reference-data.ts`). */
export { RECORD_TYPES }

/** The message (`admin` group) of each type's name, e.g. in the type select and the desk's table. */
const TYPE_NAMES: Readonly<Record<RecordType, keyof typeof adminMessages.base>> = {
  incident: 'typeIncident',
  maintenance: 'typeScheduledMaintenance',
  advisory: 'typeAdvisory',
  notification: 'typeNotification',
}

/** The name of a record type in `locale` (`Incident`, `Scheduled maintenance`); an unknown type as it is. */
export function typeName(type: RecordType, locale: Locale = DEFAULT_LOCALE): string {
  const key = TYPE_NAMES[type]
  return key ? (adminMessages.in(locale).get()[key] as string) : type
}

/** Every notification type (contract `NotificationType`), URL categories first (the default). */
export const NOTIFICATION_TYPES: readonly NotificationType[] = ['url_change_notification', 'cloud_app', 'privacy_notification']

type DeskText = keyof typeof deskMessages.base

const NOTIFICATION_TYPE_NAMES: Readonly<Record<NotificationType, DeskText>> = {
  url_change_notification: 'notificationUrl',
  cloud_app: 'notificationCloudApp',
  privacy_notification: 'notificationPrivacy',
}

/** The name of a notification type in `locale` (`URL category`). */
export function notificationTypeName(type: NotificationType, locale: Locale = DEFAULT_LOCALE): string {
  const key = NOTIFICATION_TYPE_NAMES[type]
  return key ? (deskMessages.in(locale).get()[key] as string) : type
}

/**
 * A status, an advisory event type or a severity as the console shows it in `locale`: a default
 * name in the locale's words, from the same catalogue the public pages use (`termName`,
 * contract/terms.ts); an operator's own name as it is.
 */
export function valueName(value: string, locale: Locale = DEFAULT_LOCALE): string {
  return termName(value, locale)
}

/** The statuses a record of each type may be given, its default first. */
export const STATUSES: Readonly<Record<RecordType, readonly string[]>> = {
  incident: ['In Progress', 'Monitoring', 'Resolved'],
  maintenance: ['Scheduled', 'In Progress', 'Completed'],
  advisory: ['In Progress', 'Monitoring', 'Remediated'],
  notification: ['Scheduled', 'In Progress', 'Completed', 'Archived'],
}

/** The status `POST …/resolve` sets (contract `ResolveBody`; `contract/reference-data.ts`). */
export { CLOSING_STATUS }

/** True when `status` closes a record (nothing to resolve any more; `contract/reference-data.ts`). */
export { isClosedStatus as isClosed }

/** The statuses offered for a record of `type` whose status is `current` (kept when it is not one of them, e.g. Postponed). */
export function statusOptions(type: RecordType, current = ''): string[] {
  const list = [...STATUSES[type]]
  return current && !list.includes(current) ? [current, ...list] : list
}

/** Advisory event types (contract `AdvisoryEventType`); advisories need one. */
export const EVENT_TYPES: readonly string[] = [
  'Under Investigation',
  'Service Disruption',
  'Service Degradation',
  'Informational',
  'No Service Impact',
  'Security Advisory',
]

/** The severity a new record starts with: the spec's 19, Service Degradation (`contract/reference-data.ts`). */
export { DEFAULT_SEVERITY_TID }

/** A status as the record view shows it (class and icon of `record_statuses`, `contract/reference-data.ts`). */
export function statusLook(name: string): RecordStatus {
  const status = RECORD_STATUSES.find((s) => s.name === name)
  return { id: name, name, class: status?.class ?? '', icon: status?.icon ?? '' }
}

// ---------------------------------------------------------------------------------------------
// The reminder lead of a maintenance
// ---------------------------------------------------------------------------------------------

/**
 * The reminder leads the form offers: none, 1 hour, 24 hours or a custom number of minutes; `''`
 * while the operator has not chosen (the record follows the server's setting, `null`).
 */
export type ReminderChoice = '' | 'none' | '60' | '1440' | 'custom'

/** The choices of the reminder select, in order (`''` is not offered: it is the untouched state). */
export const REMINDER_CHOICES: readonly Exclude<ReminderChoice, ''>[] = ['none', '60', '1440', 'custom']

/** The minutes of each preset choice. */
const PRESET_MINUTES: Readonly<Partial<Record<ReminderChoice, number>>> = { none: 0, '60': 60, '1440': 1440 }

/** The choice (and the custom minutes, as text) that shows a lead of `minutes`; `null` is the untouched `''`. */
export function reminderChoiceOf(minutes: number | null | undefined): { reminder: ReminderChoice; reminder_custom: string } {
  if (minutes === null || minutes === undefined) return { reminder: '', reminder_custom: '' }
  const preset = (Object.keys(PRESET_MINUTES) as ReminderChoice[]).find((c) => PRESET_MINUTES[c] === minutes)
  return preset ? { reminder: preset, reminder_custom: '' } : { reminder: 'custom', reminder_custom: String(minutes) }
}

/**
 * The lead a draft sends as `reminder_minutes`: `null` while untouched (the server's setting), the
 * preset's minutes, or the custom minutes; `undefined` when the custom text is not whole minutes
 * from 0 to {@link MAX_REMINDER_MINUTES}.
 */
export function reminderMinutesOf(draft: Pick<RecordDraft, 'reminder' | 'reminder_custom'>): number | null | undefined {
  if (draft.reminder === '') return null
  if (draft.reminder !== 'custom') return PRESET_MINUTES[draft.reminder]
  const text = draft.reminder_custom.trim()
  if (!/^\d{1,5}$/.test(text)) return undefined
  const minutes = Number(text)
  return minutes <= MAX_REMINDER_MINUTES ? minutes : undefined
}

/** The label of a reminder choice in `locale` (`1 hour before the start`). */
export function reminderChoiceName(choice: ReminderChoice, locale: Locale = DEFAULT_LOCALE): string {
  const t = deskMessages.in(locale).get()
  const names: Record<ReminderChoice, string> = {
    '': t.reminderServerDefault,
    none: t.reminderNone,
    '60': t.reminderHour,
    '1440': t.reminderDay,
    custom: t.reminderCustom,
  }
  return names[choice]
}

/** A lead of `minutes` in words in `locale`: `No reminder`, `1 hour before the start`, `30 minutes before the start`. */
export function reminderLeadText(minutes: number, locale: Locale = DEFAULT_LOCALE): string {
  const { reminder } = reminderChoiceOf(minutes)
  return reminder === 'custom' ? deskMessages.in(locale).get().reminderLead(minutes) : reminderChoiceName(reminder, locale)
}

/**
 * What the reminder controls show: the draft's choice, or — untouched — the choice of the
 * server's `defaultMinutes` (with its minutes in the custom field when it is no preset); `''` while
 * the server's setting is not known yet.
 */
export function reminderView(
  draft: Pick<RecordDraft, 'reminder' | 'reminder_custom'>,
  defaultMinutes: number | undefined,
): { choice: ReminderChoice; custom: string } {
  if (draft.reminder !== '') return { choice: draft.reminder, custom: draft.reminder_custom }
  const shown = reminderChoiceOf(defaultMinutes)
  return { choice: shown.reminder, custom: shown.reminder_custom }
}

// ---------------------------------------------------------------------------------------------
// Permissions
// ---------------------------------------------------------------------------------------------

/** True when the roles' permissions let one publish or change a record of this kind. */
export function mayChange(permissions: ReadonlySet<Permission>, type: RecordType, notificationType?: string | null): boolean {
  return permissions.has(recordPermission(type, notificationType))
}

/** The notification types the permissions allow. */
export function allowedNotificationTypes(permissions: ReadonlySet<Permission>): NotificationType[] {
  return NOTIFICATION_TYPES.filter((n) => mayChange(permissions, 'notification', n))
}

/** The record types the permissions allow (notifications when at least one notification type is). */
export function allowedTypes(permissions: ReadonlySet<Permission>): RecordType[] {
  return RECORD_TYPES.filter((t) => (t === 'notification' ? allowedNotificationTypes(permissions).length > 0 : mayChange(permissions, t)))
}

// ---------------------------------------------------------------------------------------------
// The draft
// ---------------------------------------------------------------------------------------------

/** What the record form edits: the publish fields as the controls hold them. */
export interface RecordDraft {
  type: RecordType
  /** Notifications only; `''` otherwise. */
  notification_type: NotificationType | ''
  title: string
  /** A severity tid in digits, `''` for none. */
  severity: string
  status: string
  /** Advisories only. */
  event_type: string
  /** Machine names. */
  clouds: string[]
  /** Tids of services and data centers (notifications: categories). */
  terms: number[]
  /** `datetime-local` values in the operator's zone; `to` `''` for none. */
  from: string
  to: string
  summary: string
  /** Markdown (new posts, templates) or HTML (a record's stored fields), see {@link TextFormat}. */
  body: string
  customer_impact: string
  available_workaround: string
  next_update: string
  internal_note: string
  slack_link: string
  jira_link: string
  sfdc_link: string
  severity_link: string
  /** Maintenance: the reminder lead chosen, `''` for the server's setting (see {@link reminderMinutesOf}). */
  reminder: ReminderChoice
  /** Maintenance: the custom lead, whole minutes as typed (with `reminder` `'custom'`). */
  reminder_custom: string
  /** Mail the subscribers. */
  notify: boolean
}

/** How the draft's body, customer impact and workaround are written (`body_format`). */
export type TextFormat = 'markdown' | 'html'

/** The internal-use fields of a draft (sent as `null` when empty). */
export const INTERNAL_KEYS = ['internal_note', 'slack_link', 'jira_link', 'sfdc_link', 'severity_link'] as const

/** The link fields among them (http(s) URLs). */
export const LINK_KEYS = ['slack_link', 'jira_link', 'sfdc_link', 'severity_link'] as const

/** The optional text fields (sent as `null` when empty). */
const OPTIONAL_TEXTS = ['customer_impact', 'available_workaround', 'next_update'] as const

/** Hours a new maintenance window lasts unless changed. */
export const MAINTENANCE_HOURS = 2

/** Options of {@link newDraft}. */
export interface NewDraftOptions {
  /** The permitted type to start with; the first permitted one when absent or not permitted. */
  type?: string
  /** The catalogue's severities: the default is {@link DEFAULT_SEVERITY_TID} when it is one of them. */
  severities?: ReadonlyArray<{ tid: number; name: string }>
  /** Clouds to preselect (machine names). @default [] */
  clouds?: string[]
  /** @default new Date() */
  now?: Date
  /** The operator's IANA zone. */
  zone: string
}

/**
 * A new post's draft: incident (or the requested type, when permitted), its default status,
 * severity Service Degradation (none for notifications), starting now (maintenance: a
 * {@link MAINTENANCE_HOURS}-hour window and the server's reminder lead), notify on.
 */
export function newDraft(permissions: ReadonlySet<Permission>, options: NewDraftOptions): RecordDraft {
  const allowed = allowedTypes(permissions)
  const type = allowed.find((t) => t === options.type) ?? allowed[0] ?? 'incident'
  const now = options.now ?? new Date()
  const draft: RecordDraft = {
    type,
    notification_type: '',
    title: '',
    severity: '',
    status: '',
    event_type: '',
    clouds: options.clouds ?? [],
    terms: [],
    from: toLocalInput(now, options.zone),
    to: '',
    summary: '',
    body: '',
    customer_impact: '',
    available_workaround: '',
    next_update: '',
    internal_note: '',
    slack_link: '',
    jira_link: '',
    sfdc_link: '',
    severity_link: '',
    reminder: '',
    reminder_custom: '',
    notify: true,
  }
  return withType(draft, type, permissions, options.severities ?? [], options.zone)
}

/**
 * The draft switched to `type`: the type's default status (unless the current one, changed from
 * the old type's default, is one of it),
 * the first permitted notification type, an event type for advisories, no severity for
 * notifications, and an end for maintenance.
 */
export function withType(
  draft: RecordDraft,
  type: RecordType,
  permissions: ReadonlySet<Permission>,
  severities: ReadonlyArray<{ tid: number; name: string }>,
  zone: string,
): RecordDraft {
  const next: RecordDraft = { ...draft, type }
  // A status still at the old type's default follows the new type's (incident In Progress → maintenance Scheduled).
  const untouched = draft.type !== type && draft.status === STATUSES[draft.type][0]
  if (untouched || !STATUSES[type].includes(next.status)) next.status = STATUSES[type][0]
  if (type === 'notification') {
    const notificationTypes = allowedNotificationTypes(permissions)
    if (!notificationTypes.includes(next.notification_type as NotificationType)) next.notification_type = notificationTypes[0] ?? ''
    next.severity = ''
    next.terms = draft.type === 'notification' ? next.terms : []
  } else {
    next.notification_type = ''
    if (draft.type === 'notification') next.terms = []
    if (!next.severity) next.severity = severities.some((s) => s.tid === DEFAULT_SEVERITY_TID) ? String(DEFAULT_SEVERITY_TID) : ''
  }
  next.event_type = type === 'advisory' ? next.event_type || EVENT_TYPES[0] : ''
  if (type === 'maintenance' && !next.to) {
    const from = fromLocalInput(next.from, zone)
    if (from) next.to = toLocalInput(Date.parse(from) + MAINTENANCE_HOURS * 3_600_000, zone)
  }
  return next
}

const trimOrNull = (value: string): string | null => value.trim() || null

/** The field names of `field: message` errors (for `aria-invalid`). */
export function invalidFields(messages: readonly string[]): Set<string> {
  return new Set(messages.map((m) => m.split(':')[0].trim()))
}

/**
 * What is wrong with a draft before it is sent, one `field: message` each (the server's wording;
 * it checks everything again): title, at least one cloud, status, the times, the advisory's event
 * type, the notification's type, and http(s) links.
 */
export function draftErrors(
  draft: RecordDraft,
  zone: string,
  { template = false, locale = DEFAULT_LOCALE }: { template?: boolean; locale?: Locale } = {},
): string[] {
  const t = deskMessages.in(locale).get()
  const errors: string[] = []
  if (!template) {
    if (!draft.title.trim()) errors.push(`title: ${adminMessages.in(locale).get().titleRequired}`)
    if (!draft.clouds.length) errors.push(`clouds: ${t.cloudsRequired}`)
  }
  if (draft.title.trim().length > 300) errors.push(`title: ${t.titleTooLong}`)
  if (!draft.status) errors.push(`status: ${t.statusRequired}`)
  if (draft.type === 'advisory' && !draft.event_type) errors.push(`event_type: ${t.eventTypeRequired}`)
  if (draft.type === 'notification' && !draft.notification_type) errors.push(`notification_type: ${t.notificationTypeRequired}`)
  if (draft.type === 'maintenance' && reminderMinutesOf(draft) === undefined) errors.push(`reminder_minutes: ${t.reminderInvalid}`)
  if (!template) {
    const from = fromLocalInput(draft.from, zone)
    const to = draft.to ? fromLocalInput(draft.to, zone) : null
    if (!from) errors.push(`from: ${t.fromRequired}`)
    if (to === undefined) errors.push(`to: ${t.toInvalid}`)
    if (from && to && to < from) errors.push(`to: ${t.toBeforeFrom}`)
    if (draft.type === 'maintenance' && !draft.to) errors.push(`to: ${t.maintenanceNeedsEnd}`)
    for (const key of LINK_KEYS) {
      const link = draft[key].trim()
      if (link && !/^https?:\/\/\S+$/i.test(link)) errors.push(`${key}: ${t.linkInvalid}`)
    }
  }
  return errors
}

/** A severity tid of the draft, or `null`. */
const severityOf = (draft: RecordDraft): number | null => (/^\d+$/.test(draft.severity) ? Number(draft.severity) : null)

/**
 * `POST /api/admin/records` body of a checked draft ({@link draftErrors} empty): times in UTC,
 * texts in `format` (Markdown for new posts), empty optional fields `null`, `event_type` only for
 * advisories and `notification_type` only for notifications.
 */
export function publishBody(draft: RecordDraft, zone: string, format: TextFormat = 'markdown'): PublishRecordBody {
  const body: PublishRecordBody = {
    type: draft.type,
    title: draft.title.trim(),
    status: draft.status,
    severity: severityOf(draft),
    clouds: draft.clouds,
    terms: draft.terms,
    from: fromLocalInput(draft.from, zone) ?? '',
    to: draft.to ? (fromLocalInput(draft.to, zone) ?? null) : null,
    summary: draft.summary.trim(),
    body: draft.body,
    body_format: format,
    notify: draft.notify,
  }
  for (const key of OPTIONAL_TEXTS) body[key] = trimOrNull(draft[key])
  for (const key of INTERNAL_KEYS) body[key] = trimOrNull(draft[key])
  if (draft.type === 'advisory') body.event_type = draft.event_type
  if (draft.type === 'notification') body.notification_type = draft.notification_type as NotificationType
  if (draft.type === 'maintenance') body.reminder_minutes = reminderMinutesOf(draft) ?? null
  return body
}

/** A stored record's draft (its texts are HTML as stored; notify on). */
export function detailDraft(detail: DeskRecordDetail, zone: string): RecordDraft {
  return {
    type: detail.type,
    notification_type: detail.notification_type ?? '',
    title: detail.title,
    severity: detail.severity === null ? '' : String(detail.severity),
    status: detail.status,
    event_type: detail.event_type ?? '',
    clouds: [...detail.clouds],
    terms: [...detail.terms],
    from: toLocalInput(detail.from, zone),
    to: detail.to ? toLocalInput(detail.to, zone) : '',
    summary: detail.summary,
    body: detail.body,
    customer_impact: detail.customer_impact ?? '',
    available_workaround: detail.available_workaround ?? '',
    next_update: detail.next_update ?? '',
    internal_note: detail.internal_note ?? '',
    slack_link: detail.slack_link ?? '',
    jira_link: detail.jira_link ?? '',
    sfdc_link: detail.sfdc_link ?? '',
    severity_link: detail.severity_link ?? '',
    ...reminderChoiceOf(detail.reminder_minutes),
    notify: true,
  }
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x) => b.includes(x))

/**
 * `PATCH /api/admin/records/{id}` body of what the draft changed of the stored record (the texts
 * are HTML as stored: `body_format: 'html'` when one of them changed), with `notify`; `null` when
 * nothing changed. Times compare at the minute the form shows.
 */
export function changesOf(detail: DeskRecordDetail, draft: RecordDraft, zone: string): UpdateRecordBody | null {
  const before = detailDraft(detail, zone)
  const next = publishBody(draft, zone, 'html')
  const body: UpdateRecordBody = {}
  if (draft.title.trim() !== before.title) body.title = next.title
  if (draft.status !== before.status) body.status = next.status
  if (draft.severity !== before.severity) body.severity = next.severity
  if (draft.type === 'advisory' && draft.event_type !== before.event_type) body.event_type = next.event_type
  if (draft.type === 'notification' && draft.notification_type !== before.notification_type) body.notification_type = next.notification_type
  if (!sameSet(draft.clouds, before.clouds)) body.clouds = next.clouds
  if (!sameSet(draft.terms, before.terms)) body.terms = next.terms
  if (draft.from !== before.from) body.from = next.from
  if (draft.to !== before.to) body.to = next.to
  if (draft.summary.trim() !== before.summary.trim()) body.summary = next.summary
  if (draft.body !== before.body) body.body = next.body
  for (const key of [...OPTIONAL_TEXTS, ...INTERNAL_KEYS]) if (draft[key].trim() !== before[key].trim()) body[key] = next[key]
  if (draft.type === 'maintenance' && (reminderMinutesOf(draft) ?? null) !== (detail.reminder_minutes ?? null)) {
    body.reminder_minutes = next.reminder_minutes
  }
  if (Object.keys(body).length === 0) return null
  if (body.body !== undefined || body.customer_impact !== undefined || body.available_workaround !== undefined) body.body_format = 'html'
  body.notify = draft.notify
  return body
}

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

/** A template's fields from a draft (everything but the window, the internal-use fields and notify). */
export function templateFields(draft: RecordDraft, format: TextFormat = 'markdown'): TemplateFields {
  const fields: TemplateFields = {
    type: draft.type,
    title: draft.title.trim(),
    summary: draft.summary.trim(),
    body: draft.body,
    body_format: format,
    status: draft.status,
    severity: severityOf(draft),
    clouds: draft.clouds,
    terms: draft.terms,
  }
  for (const key of OPTIONAL_TEXTS) fields[key] = trimOrNull(draft[key])
  if (draft.type === 'advisory') fields.event_type = draft.event_type
  if (draft.type === 'notification') fields.notification_type = (draft.notification_type || null) as NotificationType | null
  if (draft.type === 'maintenance') fields.reminder_minutes = reminderMinutesOf(draft) ?? null
  return fields
}

/**
 * The draft with a template's fields filled in (the window, the internal-use fields and notify
 * stay); fields the template leaves out keep the draft's values. A type the permissions do not
 * allow is not applied (`null`).
 */
export function applyTemplate(
  draft: RecordDraft,
  fields: TemplateFields,
  permissions: ReadonlySet<Permission>,
  severities: ReadonlyArray<{ tid: number; name: string }>,
  zone: string,
): RecordDraft | null {
  if (!mayChange(permissions, fields.type, fields.notification_type)) return null
  let next: RecordDraft = { ...draft }
  if (fields.type === 'notification' && fields.notification_type) next.notification_type = fields.notification_type
  next = withType(next, fields.type, permissions, severities, zone)
  const text = (v: string | null | undefined, fallback: string) => (v === undefined ? fallback : (v ?? ''))
  next.title = text(fields.title, next.title)
  next.summary = text(fields.summary, next.summary)
  next.body = text(fields.body, next.body)
  next.customer_impact = text(fields.customer_impact, next.customer_impact)
  next.available_workaround = text(fields.available_workaround, next.available_workaround)
  next.next_update = text(fields.next_update, next.next_update)
  if (fields.status && STATUSES[next.type].includes(fields.status)) next.status = fields.status
  if (fields.severity !== undefined && next.type !== 'notification') next.severity = fields.severity === null ? '' : String(fields.severity)
  if (fields.event_type && next.type === 'advisory') next.event_type = fields.event_type
  if (fields.reminder_minutes !== undefined && next.type === 'maintenance') Object.assign(next, reminderChoiceOf(fields.reminder_minutes))
  if (fields.clouds) next.clouds = [...fields.clouds]
  if (fields.terms) next.terms = [...fields.terms]
  return next
}

// ---------------------------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------------------------

/**
 * The draft as a public record (no internal-use fields), for the record view's article: `html`
 * is the body as it will be stored, `impact` and `workaround` likewise; times are the UTC instants.
 */
export function previewRecord(
  draft: RecordDraft,
  zone: string,
  html: { body: string; impact: string; workaround: string },
  now: Date = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): PrivilegedRecord {
  const from = fromLocalInput(draft.from, zone) ?? ''
  const to = draft.to ? (fromLocalInput(draft.to, zone) ?? null) : null
  const stamp = now.toISOString()
  return {
    id: 0,
    type: draft.type,
    title: draft.title.trim() || deskMessages.in(locale).get().notNamedYet,
    alias: '',
    summary: draft.summary,
    body: html.body,
    status: draft.status,
    statusId: draft.status,
    severityId: draft.severity || null,
    tags: [],
    clusters: [],
    clouds: draft.clouds,
    customer_impact: html.impact || null,
    available_workaround: html.workaround || null,
    next_update: draft.next_update || null,
    how_found: null,
    posted_on: stamp,
    created: stamp,
    updated_on: stamp,
    closed_on: null,
    fromTime: from,
    toTime: to,
    incident_type: null,
    post_type: null,
    notification_type: draft.type === 'notification' ? (draft.notification_type as NotificationType) || null : null,
    event_type: draft.type === 'advisory' ? (draft.event_type as PrivilegedRecord['event_type']) : null,
    pageType: draft.type,
    resolved: false,
  }
}

/** "Published. 3 emails queued." and the like: what a change did (`done`, in `locale`), with its mail count. */
export function mailsText(done: string, mails: number, locale: Locale = DEFAULT_LOCALE): string {
  return deskMessages.in(locale).get().mails({ done })(mails)
}
