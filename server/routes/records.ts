/**
 * The record routes (docs/requirements/screens.md lists, Calendar, Notification list page, Single post; docs/requirements/entities.md#record, List
 * response, Calendar response, Notification list; docs/requirements/calls.md):
 *
 * - `GET /api/incident`, `/api/maintenance`, `/api/advisory` — a page of a record list;
 * - `GET /api/calendar` — the lists' side calendar;
 * - `GET /api/notifications` — a page of a notification list (zero-based pages);
 * - `GET /api/posts/{id}?cloud=` and `GET /api/notification/{id}/{cloud}` — one record.
 *
 * All are public and cacheable for 30 s, readable from any origin without credentials. Each route
 * declares its request and response schemas from `contract/records.ts`; Fastify validates the
 * request and serialises the answer through them. Internal-use fields appear only for a signed-in
 * privileged viewer (see `server/repo/visibility.ts`): the routes' 200 schemas are the public ones,
 * which do not name those fields, and only a privileged viewer's answer is serialised through the
 * `Privileged…` schema instead ({@link serialiseFor}). Answers to a request with a valid session
 * are `Cache-Control: private, no-store` without CORS (see `PUBLIC_SHORT_CACHE_PER_VIEWER`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import { CVSS_RATINGS, type CvssRating } from '../../contract/advisories.js'
import { CloudQuery, ERROR_RESPONSES } from '../../contract/common.js'
import {
  CalendarAnswer,
  CalendarQuery,
  type CalendarType,
  NotificationListAnswer,
  NotificationListQuery,
  NotificationParams,
  type NotificationType,
  PostAnswer,
  PostParams,
  PrivilegedNotificationListAnswer,
  PrivilegedPostAnswer,
  PrivilegedRecordListAnswer,
  RecordListAnswer,
  RecordListQuery,
  type RecordListType,
} from '../../contract/records.js'
import { tenantGroupsOf } from '../accounts/console-token.js'
import { badRequest } from '../http/errors.js'
import { PUBLIC_SHORT_CACHE, PUBLIC_SHORT_CACHE_PER_VIEWER } from '../http/public-api.js'
import { dayStart } from '../lib/days.js'
import { DEFAULT_ZONE, isTimeZone } from '../lib/zones.js'
import { CALENDAR_LISTS, recordCalendar } from '../repo/calendar.js'
import { requireCloud } from '../repo/clouds.js'
import { findPost, NOTIFICATION_TYPES, notificationList, parseSearch, recordList } from '../repo/records.js'
import { ANONYMOUS, isPrivileged, type Viewer } from '../repo/visibility.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** The record lists and their paths. */
export const RECORD_LISTS: readonly RecordListType[] = ['incident', 'maintenance', 'advisory']

/** The calendar kinds (docs/requirements/calls.md `type`). */
export const CALENDAR_TYPES = Object.keys(CALENDAR_LISTS) as CalendarType[]

/** At most this many data centers in one `datacenter` filter. */
export const MAX_DATACENTER_FILTER = 200

/**
 * Who is asking: the roles of the request's valid session (resolved by the session hook, see
 * `server/accounts/sessions.ts`), else {@link ANONYMOUS}. `visibleInternalFields` decides what
 * that viewer sees. A session that still owes its second factor (docs/operating/staff-sign-in.md)
 * sees what a plain registered user sees. A verified console token adds its customer groups
 * (`tenantGroupsOf`): their private components' records (docs/operating/catalogue.md#private-components).
 */
export function viewerOf(request: FastifyRequest): Viewer {
  const session = request.userSession
  const groups = tenantGroupsOf(request)
  if (!session) return groups.length === 0 ? ANONYMOUS : { roles: [], groups }
  return { roles: session.due === null ? session.roles : [], groups }
}

/**
 * The `tz` parameter: an IANA zone; absent or empty = UTC.
 * @throws HttpError 400 `bad_request` for a zone this server does not know.
 */
export function parseZone(tz: string | undefined): string {
  const zone = (tz ?? '').trim()
  if (zone === '') return DEFAULT_ZONE
  if (!isTimeZone(zone)) throw badRequest(`tz must be an IANA time zone such as UTC or Europe/Berlin, not ${JSON.stringify(zone)}.`)
  return zone
}

/**
 * The `date` parameter: a `YYYY-MM-DD` day; absent or empty = every day.
 * @throws HttpError 400 `bad_request` for anything else.
 */
export function parseDay(date: string | undefined): string | undefined {
  const day = (date ?? '').trim()
  if (day === '') return undefined
  try {
    dayStart(day)
  } catch {
    throw badRequest(`date must be a day written YYYY-MM-DD, not ${JSON.stringify(day)}.`)
  }
  return day
}

/**
 * The `datacenter` parameter: comma-separated data-center term ids; absent or empty = all.
 * @throws HttpError 400 `bad_request` when an entry is not a positive integer or there are more
 *   than {@link MAX_DATACENTER_FILTER}.
 */
export function parseDataCenters(datacenter: string | undefined): number[] {
  const parts = (datacenter ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
  if (parts.length > MAX_DATACENTER_FILTER) throw badRequest(`datacenter takes at most ${MAX_DATACENTER_FILTER} ids.`)
  const ids = parts.map((part) => {
    if (!/^[1-9][0-9]{0,8}$/.test(part)) {
      throw badRequest(`datacenter must be comma-separated data-center ids (positive integers), not ${JSON.stringify(part.slice(0, 40))}.`)
    }
    return Number(part)
  })
  return [...new Set(ids)]
}

/**
 * The advisory list's `rating` parameter: a minimum CVSS rating, one of `CVSS_RATINGS` in any case;
 * absent or empty = every advisory.
 * @throws HttpError 400 `bad_request` naming the allowed values, also when given to another list.
 */
export function parseRating(rating: string | undefined, list: RecordListType): CvssRating | undefined {
  const value = (rating ?? '').trim()
  if (value === '') return undefined
  if (list !== 'advisory') throw badRequest('rating filters the advisory list only (GET /api/advisory); leave it out here.')
  const found = CVSS_RATINGS.find((r) => r.toLowerCase() === value.toLowerCase())
  if (!found) {
    throw badRequest(
      `rating must be a CVSS rating, one of ${CVSS_RATINGS.join(', ')}, or empty for all, not ${JSON.stringify(value.slice(0, 20))}.`,
    )
  }
  return found
}

/** The content type of JSON answers (what Fastify sets for a route's own serialiser). */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/**
 * Chooses the schema an answer to `viewer` is serialised through. By default that is the route's
 * 200 schema, the public one: it does not name the internal-use fields, so they cannot leave the
 * server even if a record carried them. A viewer who may see them ({@link isPrivileged}) is
 * answered through `privileged` instead (the same answer plus the internal-use fields). Call it
 * once the answer is ready, right before returning it, so error answers keep the error schemas.
 */
function serialiseFor(reply: FastifyReply, viewer: Viewer, privileged: TSchema): void {
  if (!isPrivileged(viewer)) return
  // Fastify caches the compiled serialiser by schema object, so each schema compiles once.
  const schema = privileged as unknown as Record<string, unknown>
  reply.type(JSON_CONTENT_TYPE).serializer(reply.compileSerializationSchema(schema, '200'))
}

/**
 * Registers the record routes.
 *
 * - `GET /api/{incident|maintenance|advisory}?cloud=&category=&page=&date=&tz=&datacenter=&q=` (and
 *   `&rating=` on advisories) → `{ data: RecordListData }` (see `recordList`; advisory rows carry
 *   `advisory_summary`). Errors: 400 `bad_request` (no `cloud`; `page` not an integer ≥ 1;
 *   `category` not a status id of the list; `date` not `YYYY-MM-DD`; `tz` not a known IANA zone;
 *   `datacenter` not comma-separated positive integers; `rating` not a CVSS rating or on another
 *   list), 404 `unknown_cloud`.
 * - `GET /api/calendar?cloud=&type=&tz=[&cc_term=]` → `{ data: CalendarData }`. Errors: 400
 *   `bad_request` (no `cloud`, `type` not `recent_incident|scheduled_maintenance|advisory`, unknown
 *   `tz`), 404 `unknown_cloud`.
 * - `GET /api/notifications?notification_type=&category=&page=&cloud=` →
 *   `{ data: NotificationListData }`, zero-based pages; `notification_type` defaults to
 *   `url_change_notification`; `cloud` is read only for `cloud_app`. Errors: 400 `bad_request`
 *   (unknown type, `page` not an integer ≥ 0, `category` not a notification status id), 404
 *   `unknown_cloud` (cloud_app only).
 * - `GET /api/posts/{id}?cloud=` → `{ data: PostData }` (any record). `GET
 *   /api/notification/{id}/{cloud}` → `{ data: PostData }` (notifications only, with
 *   `url_redirect` when the record has one). Errors: 400 `bad_request` (id not a positive integer,
 *   no cloud), 404 `unknown_cloud`, 404 `not_found`, 404 `not_on_cloud`.
 *
 * Request schemas: `RecordListQuery`, `CalendarQuery`, `NotificationListQuery`, `PostParams` with
 * `CloudQuery`, `NotificationParams`; answers: `RecordListAnswer`, `CalendarAnswer`,
 * `NotificationListAnswer`, `PostAnswer` (privileged viewers: `PrivilegedRecordListAnswer`,
 * `PrivilegedNotificationListAnswer`, `PrivilegedPostAnswer`); errors: `ERROR_RESPONSES`.
 */
export function registerRecordRoutes(app: TrustApp, { db, now }: RouteDeps): void {
  for (const type of RECORD_LISTS) {
    app.get(
      `/api/${type}`,
      {
        schema: { querystring: RecordListQuery, response: { 200: RecordListAnswer, ...ERROR_RESPONSES } },
        config: PUBLIC_SHORT_CACHE_PER_VIEWER,
      },
      async (request, reply) => {
        const q = request.query
        const tz = parseZone(q.tz)
        const date = parseDay(q.date)
        const dataCenters = parseDataCenters(q.datacenter)
        const rating = parseRating(q.rating, type)
        const search = parseSearch(q.q)
        const cloud = await requireCloud(db, q.cloud)
        const viewer = viewerOf(request)
        const data = await recordList(
          db,
          cloud,
          type,
          { category: q.category, page: q.page ?? 1, date, tz, dataCenters, rating, search },
          now(),
          viewer,
        )
        serialiseFor(reply, viewer, PrivilegedRecordListAnswer)
        return { data }
      },
    )
  }

  app.get(
    '/api/calendar',
    { schema: { querystring: CalendarQuery, response: { 200: CalendarAnswer, ...ERROR_RESPONSES } }, config: PUBLIC_SHORT_CACHE },
    async (request) => {
      const tz = parseZone(request.query.tz)
      const cloud = await requireCloud(db, request.query.cloud)
      return { data: await recordCalendar(db, cloud, request.query.type, tz, now(), tenantGroupsOf(request)) }
    },
  )

  app.get(
    '/api/notifications',
    {
      schema: { querystring: NotificationListQuery, response: { 200: NotificationListAnswer, ...ERROR_RESPONSES } },
      config: PUBLIC_SHORT_CACHE_PER_VIEWER,
    },
    async (request, reply) => {
      const q = request.query
      const raw = (q.notification_type ?? '').trim()
      const type = (raw === '' ? NOTIFICATION_TYPES[0] : raw) as NotificationType
      if (!NOTIFICATION_TYPES.includes(type)) {
        throw badRequest(`notification_type must be one of ${NOTIFICATION_TYPES.join(', ')}, not ${JSON.stringify(raw.slice(0, 64))}.`)
      }
      const cloudParam = (q.cloud ?? '').trim()
      const cloud = type === 'cloud_app' && cloudParam !== '' ? await requireCloud(db, cloudParam) : undefined
      const viewer = viewerOf(request)
      const data = await notificationList(db, { type, category: q.category, page: q.page ?? 0, cloud }, now(), viewer)
      serialiseFor(reply, viewer, PrivilegedNotificationListAnswer)
      return { data }
    },
  )

  app.get(
    '/api/posts/:id',
    {
      schema: { params: PostParams, querystring: CloudQuery, response: { 200: PostAnswer, ...ERROR_RESPONSES } },
      config: PUBLIC_SHORT_CACHE_PER_VIEWER,
    },
    (request, reply) => answerPost(request, reply, request.params.id, request.query.cloud, 'post'),
  )

  app.get(
    '/api/notification/:id/:cloud',
    { schema: { params: NotificationParams, response: { 200: PostAnswer, ...ERROR_RESPONSES } }, config: PUBLIC_SHORT_CACHE_PER_VIEWER },
    (request, reply) => answerPost(request, reply, request.params.id, request.params.cloud, 'notification'),
  )

  /** `{ data }` of post or notification `id` of the cloud `cloudParam` names, as `request`'s viewer may see it. */
  async function answerPost(request: FastifyRequest, reply: FastifyReply, id: number, cloudParam: string, kind: 'post' | 'notification') {
    const cloud = await requireCloud(db, cloudParam)
    const viewer = viewerOf(request)
    const data = await findPost(db, id, cloud, kind, viewer)
    serialiseFor(reply, viewer, PrivilegedPostAnswer)
    return { data }
  }
}
