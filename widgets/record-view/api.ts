import { INTERNAL_FIELDS } from '../../contract/constants'
import type { ListSeverity, PrivilegedRecord, RecordStatus } from '../../contract/records'
import { ApiError, is } from '../core/request'

/*
 * The answer checks every record view shares: one record (lists, notification lists, posts),
 * statuses and severities. The front end parses answers with these small checks, not with the
 * contract's schemas (those stay on the server and in the tests, so no schema library reaches a
 * drop-in).
 */

/** An {@link ApiError} for an answer of the wrong shape, naming the first bad field. */
export function malformed(what: string): ApiError {
  return new ApiError(`The service sent record data of an unexpected shape (${what}).`, 0, 'Malformed answer')
}

const isStringOrNull = (v: unknown): v is string | null => v === null || is.string(v)
const optionalString = (v: unknown): string | null => (is.string(v) ? v : null)
const stringList = (v: unknown): string[] => (is.array(v) ? v.filter(is.string) : [])

/**
 * Checks one record against the contract (`TrustRecord`, docs/requirements/entities.md#record): `id` a number,
 * `title`/`summary`/`body`/`status` strings, `posted_on` and `fromTime` strings. Optional and
 * nullable fields are defaulted (missing lists become `[]`, missing strings `null`), and
 * internal-use fields (a privileged viewer's answer, contract `PrivilegedRecord`) are kept only
 * when they are strings. HTML fields stay untrusted strings: they are sanitised when rendered.
 *
 * @throws ApiError (status 0, 'Malformed answer')
 */
export function parseRecord(raw: unknown, where = 'record'): PrivilegedRecord {
  if (!is.object(raw)) throw malformed(`${where} is not an object`)
  if (!is.number(raw.id)) throw malformed(`${where}.id`)
  for (const key of ['title', 'summary', 'body', 'status'] as const) {
    if (!is.string(raw[key])) throw malformed(`${where}.${key}`)
  }
  if (!isStringOrNull(raw.fromTime ?? null) || !isStringOrNull(raw.toTime ?? null)) throw malformed(`${where}.fromTime/toTime`)
  const record: PrivilegedRecord = {
    id: raw.id,
    type: (is.string(raw.type) ? raw.type : 'incident') as PrivilegedRecord['type'],
    title: raw.title as string,
    alias: is.string(raw.alias) ? raw.alias : `/posts/${raw.id}`,
    summary: raw.summary as string,
    body: raw.body as string,
    status: raw.status as string,
    statusId: is.string(raw.statusId) ? raw.statusId : is.number(raw.statusId) ? String(raw.statusId) : '',
    severityId: is.string(raw.severityId) ? raw.severityId : is.number(raw.severityId) ? String(raw.severityId) : null,
    tags: stringList(raw.tags),
    clusters: stringList(raw.clusters),
    clouds: stringList(raw.clouds),
    customer_impact: optionalString(raw.customer_impact),
    available_workaround: optionalString(raw.available_workaround),
    next_update: optionalString(raw.next_update),
    how_found: optionalString(raw.how_found),
    posted_on: is.string(raw.posted_on) ? raw.posted_on : '',
    created: is.string(raw.created) ? raw.created : '',
    updated_on: is.string(raw.updated_on) ? raw.updated_on : '',
    closed_on: optionalString(raw.closed_on),
    fromTime: is.string(raw.fromTime) ? raw.fromTime : '',
    toTime: optionalString(raw.toTime),
    incident_type: optionalString(raw.incident_type),
    post_type: optionalString(raw.post_type),
    notification_type: optionalString(raw.notification_type) as PrivilegedRecord['notification_type'],
    event_type: optionalString(raw.event_type) as PrivilegedRecord['event_type'],
    pageType: (is.string(raw.pageType) ? raw.pageType : is.string(raw.type) ? raw.type : 'incident') as PrivilegedRecord['pageType'],
    resolved: raw.resolved === true,
  }
  if (is.array(raw.categories)) record.categories = stringList(raw.categories)
  // Checked by the page that shows it (the site's advisory list); passed on as sent.
  if (is.object(raw.advisory_summary)) record.advisory_summary = raw.advisory_summary as PrivilegedRecord['advisory_summary']
  for (const field of INTERNAL_FIELDS) if (is.string(raw[field])) record[field] = raw[field] as string
  return record
}

/** Checks the `statuses` list of a list answer (docs/requirements/entities.md#list-response). */
export function parseStatuses(raw: unknown): RecordStatus[] {
  if (!is.array(raw)) throw malformed('statuses is not a list')
  return raw.map((s, i) => {
    if (!is.object(s) || !(is.string(s.id) || is.number(s.id)) || !is.string(s.name)) throw malformed(`statuses[${i}]`)
    return { id: String(s.id), name: s.name, class: is.string(s.class) ? s.class : '', icon: is.string(s.icon) ? s.icon : '' }
  })
}

/**
 * Checks a list answer's `severity` (docs/requirements/entities.md#severity): a list of `{ tid, name, color_code }`;
 * absent is `[]`.
 *
 * @throws ApiError (status 0, 'Malformed answer')
 */
export function parseSeverity(raw: unknown): ListSeverity[] {
  if (raw === undefined) return []
  if (!is.array(raw)) throw malformed('severity is not a list')
  return raw.map((s, i) => {
    if (!is.object(s) || !(is.string(s.tid) || is.number(s.tid)) || !is.string(s.name)) throw malformed(`severity[${i}]`)
    return { tid: String(s.tid), name: s.name, color_code: is.string(s.color_code) ? s.color_code : '' }
  })
}
