/**
 * The record routes (spec §2 lists, Calendar, Notification list page, Single post; §3 Record, List
 * response, Calendar response, Notification list; §7):
 *
 * - `GET /api/incident`, `/api/maintenance`, `/api/advisory` — a page of a record list;
 * - `GET /api/calendar` — the lists' side calendar;
 * - `GET /api/notifications` — a page of a notification list (zero-based pages);
 * - `GET /api/posts/{id}?cloud=` and `GET /api/notification/{id}/{cloud}` — one record.
 *
 * All are public and cacheable for 30 s, readable from any origin without credentials. Internal-use
 * fields appear only for a signed-in privileged viewer (see `server/repo/visibility.ts`); answers
 * to a request with a valid session are `Cache-Control: private, no-store` without CORS (see
 * `PUBLIC_SHORT_CACHE_PER_VIEWER`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ApiAnswer } from '../../contract/common.js'
import type {
  CalendarData,
  CalendarType,
  NotificationListData,
  NotificationType,
  PostData,
  RecordListData,
  RecordListType,
} from '../../contract/records.js'
import { badRequest } from '../http/errors.js'
import { PUBLIC_SHORT_CACHE, PUBLIC_SHORT_CACHE_PER_VIEWER } from '../http/public-api.js'
import { dayStart } from '../lib/days.js'
import { DEFAULT_ZONE, isTimeZone } from '../lib/zones.js'
import { CALENDAR_LISTS, recordCalendar } from '../repo/calendar.js'
import { requireCloud } from '../repo/clouds.js'
import { findPost, NOTIFICATION_TYPES, notificationList, recordList } from '../repo/records.js'
import { ANONYMOUS, type Viewer } from '../repo/visibility.js'
import { CLOUD_QUERY_SCHEMA, type CloudQuery, type RouteDeps } from './deps.js'

/** The record lists and their paths. */
export const RECORD_LISTS: readonly RecordListType[] = ['incident', 'maintenance', 'advisory']

/** The calendar kinds (spec §7 `type`). */
export const CALENDAR_TYPES = Object.keys(CALENDAR_LISTS) as CalendarType[]

/** At most this many data centers in one `datacenter` filter. */
export const MAX_DATACENTER_FILTER = 200

/**
 * Who is asking: the roles of the request's valid session (resolved by the session hook, see
 * `server/accounts/sessions.ts`), else {@link ANONYMOUS}. `visibleInternalFields` decides what
 * that viewer sees.
 */
export function viewerOf(request: FastifyRequest): Viewer {
  const session = request.userSession
  return session ? { roles: session.roles } : ANONYMOUS
}

/** The query string of the record lists. */
export interface RecordListQueryString {
  cloud: string
  category?: string
  page: number
  date?: string
  tz?: string
  datacenter?: string
}

const LIST_QUERY_SCHEMA = {
  type: 'object',
  required: ['cloud'],
  properties: {
    cloud: { type: 'string', minLength: 1, maxLength: 200 },
    category: { type: 'string', maxLength: 40 },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    date: { type: 'string', maxLength: 40 },
    tz: { type: 'string', maxLength: 64 },
    datacenter: { type: 'string', maxLength: 4000 },
  },
} as const

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
  const parts = (datacenter ?? '').split(',').map((p) => p.trim()).filter((p) => p !== '')
  if (parts.length > MAX_DATACENTER_FILTER) throw badRequest(`datacenter takes at most ${MAX_DATACENTER_FILTER} ids.`)
  const ids = parts.map((part) => {
    if (!/^[1-9][0-9]{0,8}$/.test(part)) {
      throw badRequest(`datacenter must be comma-separated data-center ids (positive integers), not ${JSON.stringify(part.slice(0, 40))}.`)
    }
    return Number(part)
  })
  return [...new Set(ids)]
}

/** The query string of GET /api/calendar. `cc_term` (sent with `advisory`) is accepted and ignored. */
export interface CalendarQueryString {
  cloud: string
  type: CalendarType
  tz?: string
  cc_term?: string
}

const CALENDAR_QUERY_SCHEMA = {
  type: 'object',
  required: ['cloud', 'type'],
  properties: {
    cloud: { type: 'string', minLength: 1, maxLength: 200 },
    type: { type: 'string', enum: CALENDAR_TYPES },
    tz: { type: 'string', maxLength: 64 },
    cc_term: { type: 'string', maxLength: 40 },
  },
} as const

/** The query string of GET /api/notifications. */
export interface NotificationsQueryString {
  notification_type?: string
  category?: string
  page: number
  cloud?: string
}

const NOTIFICATIONS_QUERY_SCHEMA = {
  type: 'object',
  properties: {
    notification_type: { type: 'string', maxLength: 64 },
    category: { type: 'string', maxLength: 40 },
    page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    cloud: { type: 'string', maxLength: 200 },
  },
} as const

const POST_PARAMS_SCHEMA = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const

const NOTIFICATION_PARAMS_SCHEMA = {
  type: 'object',
  required: ['id', 'cloud'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    cloud: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const

/**
 * Registers the record routes.
 *
 * - `GET /api/{incident|maintenance|advisory}?cloud=&category=&page=&date=&tz=&datacenter=` →
 *   `{ data: RecordListData }` (see `recordList`). Errors: 400 `bad_request` (no `cloud`; `page`
 *   not an integer ≥ 1; `category` not a status id of the list; `date` not `YYYY-MM-DD`; `tz` not
 *   a known IANA zone; `datacenter` not comma-separated positive integers), 404 `unknown_cloud`.
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
 */
export function registerRecordRoutes(app: FastifyInstance, { db, now }: RouteDeps): void {
  for (const type of RECORD_LISTS) {
    app.get<{ Querystring: RecordListQueryString }>(
      `/api/${type}`,
      { schema: { querystring: LIST_QUERY_SCHEMA }, config: PUBLIC_SHORT_CACHE_PER_VIEWER },
      async (request): Promise<ApiAnswer<RecordListData>> => {
        const q = request.query
        const tz = parseZone(q.tz)
        const date = parseDay(q.date)
        const dataCenters = parseDataCenters(q.datacenter)
        const cloud = await requireCloud(db, q.cloud)
        return {
          data: await recordList(db, cloud, type, { category: q.category, page: q.page, date, tz, dataCenters }, now(), viewerOf(request)),
        }
      },
    )
  }

  app.get<{ Querystring: CalendarQueryString }>(
    '/api/calendar',
    { schema: { querystring: CALENDAR_QUERY_SCHEMA }, config: PUBLIC_SHORT_CACHE },
    async (request): Promise<ApiAnswer<CalendarData>> => {
      const tz = parseZone(request.query.tz)
      const cloud = await requireCloud(db, request.query.cloud)
      return { data: await recordCalendar(db, cloud, request.query.type, tz, now()) }
    },
  )

  app.get<{ Querystring: NotificationsQueryString }>(
    '/api/notifications',
    { schema: { querystring: NOTIFICATIONS_QUERY_SCHEMA }, config: PUBLIC_SHORT_CACHE_PER_VIEWER },
    async (request): Promise<ApiAnswer<NotificationListData>> => {
      const q = request.query
      const raw = (q.notification_type ?? '').trim()
      const type = (raw === '' ? NOTIFICATION_TYPES[0] : raw) as NotificationType
      if (!NOTIFICATION_TYPES.includes(type)) {
        throw badRequest(`notification_type must be one of ${NOTIFICATION_TYPES.join(', ')}, not ${JSON.stringify(raw.slice(0, 64))}.`)
      }
      const cloudParam = (q.cloud ?? '').trim()
      const cloud = type === 'cloud_app' && cloudParam !== '' ? await requireCloud(db, cloudParam) : undefined
      return { data: await notificationList(db, { type, category: q.category, page: q.page, cloud }, now(), viewerOf(request)) }
    },
  )

  app.get<{ Params: { id: number }; Querystring: CloudQuery }>(
    '/api/posts/:id',
    { schema: { params: POST_PARAMS_SCHEMA, querystring: CLOUD_QUERY_SCHEMA }, config: PUBLIC_SHORT_CACHE_PER_VIEWER },
    async (request): Promise<ApiAnswer<PostData>> => {
      const cloud = await requireCloud(db, request.query.cloud)
      return { data: await findPost(db, request.params.id, cloud, 'post', viewerOf(request)) }
    },
  )

  app.get<{ Params: { id: number; cloud: string } }>(
    '/api/notification/:id/:cloud',
    { schema: { params: NOTIFICATION_PARAMS_SCHEMA }, config: PUBLIC_SHORT_CACHE_PER_VIEWER },
    async (request): Promise<ApiAnswer<PostData>> => {
      const cloud = await requireCloud(db, request.params.cloud)
      return { data: await findPost(db, request.params.id, cloud, 'notification', viewerOf(request)) }
    },
  )
}
