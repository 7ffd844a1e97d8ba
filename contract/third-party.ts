/**
 * Third-party components (docs/operating/console-and-desk.md#third-party-components): component groups of a
 * cloud that follow another Statuspage-v2-compatible page, polled by the server.
 *
 * Public: `GET /api/third-party?cloud=` → `{ data: ThirdPartyData }`; signed in:
 * `POST /api/third-party/subscribe` (`ThirdPartySubscribeBody`) → `{ data: ThirdPartySubscribeData }`.
 * Console (permission `catalog`, audited): `GET /api/admin/third-party` → `{ data: AdminThirdPartyData }`,
 * `POST /api/admin/third-party` (`AddThirdPartyBody`) → `{ data: AddThirdPartyData }`,
 * `PUT /api/admin/third-party/{id}` (`RenameThirdPartyBody`) and `POST /api/admin/third-party/{id}/poll`
 * → `{ data: AdminThirdPartyGroup }`, `DELETE /api/admin/third-party/{id}` → `{ data: { removed: true } }`.
 * Instants are ISO 8601 UTC.
 */
import Type, { type Static } from 'typebox'
import { Flag } from './common'

const Instant = Type.String({ format: 'date-time' })
const NullableInstant = Type.Union([Instant, Type.Null()])

/** Statuspage's component statuses, as the upstream page gives them. */
export const ThirdPartyStatus = Type.Union([
  Type.Literal('operational'),
  Type.Literal('under_maintenance'),
  Type.Literal('degraded_performance'),
  Type.Literal('partial_outage'),
  Type.Literal('major_outage'),
])
export type ThirdPartyStatus = Static<typeof ThirdPartyStatus>

/** One upstream component. `id` is this site's id (the subscription key). */
export const ThirdPartyComponent = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The upstream group it belongs to, or null. */
  group_name: Type.Union([Type.String(), Type.Null()]),
  /** The last status the upstream gave; not current while the group's `unknown_since` is set. */
  status: ThirdPartyStatus,
  /** When the upstream last changed it. */
  updated_at: Instant,
  /** `'1'` when the signed-in viewer is subscribed to it; `'0'` for anonymous viewers. */
  subscribed: Flag,
})
export type ThirdPartyComponent = Static<typeof ThirdPartyComponent>

/**
 * A third-party group as the public sees it. `unknown_since` is set (the first failed poll of the
 * current run of failures) while the upstream page cannot be read: its components' statuses are
 * then unknown, whatever `status` says. `checked_at` is the last successful poll.
 */
export const ThirdPartyGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The followed page's base URL. */
  base_url: Type.String(),
  checked_at: NullableInstant,
  unknown_since: NullableInstant,
  components: Type.Array(ThirdPartyComponent),
})
export type ThirdPartyGroup = Static<typeof ThirdPartyGroup>

/** `GET /api/third-party?cloud=`: the cloud's third-party groups in their order. 404 `unknown_cloud`. */
export const ThirdPartyData = Type.Object({ groups: Type.Array(ThirdPartyGroup) })
export type ThirdPartyData = Static<typeof ThirdPartyData>

/** `POST /api/third-party/subscribe`: subscribe to (or leave) one upstream component of `cloud`. */
export const ThirdPartySubscribeBody = Type.Object({
  cloud: Type.String({ minLength: 1, maxLength: 200 }),
  component: Type.Integer({ minimum: 1 }),
  action: Type.Union([Type.Literal('subscribe'), Type.Literal('unsubscribe')]),
})
export type ThirdPartySubscribeBody = Static<typeof ThirdPartySubscribeBody>

/** The answer of `POST /api/third-party/subscribe`. 404 `unknown_cloud` / `not_found`. */
export const ThirdPartySubscribeData = Type.Object({ component: Type.Integer(), subscribed: Flag })
export type ThirdPartySubscribeData = Static<typeof ThirdPartySubscribeData>

/** A third-party group in the console, with its poll state. */
export const AdminThirdPartyGroup = Type.Object({
  id: Type.Integer(),
  /** The cloud's machine name. */
  cloud: Type.String(),
  name: Type.String(),
  base_url: Type.String(),
  /** The upstream page's own name. */
  page_name: Type.Union([Type.String(), Type.Null()]),
  components: Type.Integer({ minimum: 0 }),
  last_success_at: NullableInstant,
  last_failure_at: NullableInstant,
  /** Why the last poll failed, in words (English). */
  last_error: Type.Union([Type.String(), Type.Null()]),
  /** Set while the page fails: the first failure of the current run. */
  failing_since: NullableInstant,
  next_poll_at: Instant,
})
export type AdminThirdPartyGroup = Static<typeof AdminThirdPartyGroup>

/** `GET /api/admin/third-party`: every cloud (to choose from) and every group. */
export const AdminThirdPartyData = Type.Object({
  clouds: Type.Array(Type.Object({ machine_name: Type.String(), title: Type.String() })),
  groups: Type.Array(AdminThirdPartyGroup),
})
export type AdminThirdPartyData = Static<typeof AdminThirdPartyData>

/** `POST /api/admin/third-party`: follow the page at `url` (base URL, with or without `/api/v2/summary.json`). */
export const AddThirdPartyBody = Type.Object({
  cloud: Type.String({ minLength: 1, maxLength: 200 }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  url: Type.String({ minLength: 1, maxLength: 2000 }),
})
export type AddThirdPartyBody = Static<typeof AddThirdPartyBody>

/**
 * The answer of `POST /api/admin/third-party`: the first poll's result. `added: false` with
 * `error` (why, in words) when the page could not be read as a Statuspage summary: nothing is
 * stored then.
 */
export const AddThirdPartyData = Type.Object({
  added: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
  group: Type.Union([AdminThirdPartyGroup, Type.Null()]),
})
export type AddThirdPartyData = Static<typeof AddThirdPartyData>

/** `PUT /api/admin/third-party/{id}`: rename the group. */
export const RenameThirdPartyBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) })
export type RenameThirdPartyBody = Static<typeof RenameThirdPartyBody>

/** The `{id}` of the group routes. */
export const ThirdPartyIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export type ThirdPartyIdParams = Static<typeof ThirdPartyIdParams>

/** The body of `POST /api/admin/third-party/{id}/poll`: `{}` or none. */
export const PollThirdPartyBody = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()])
export type PollThirdPartyBody = Static<typeof PollThirdPartyBody>

/** `DELETE /api/admin/third-party/{id}`. */
export const RemoveThirdPartyData = Type.Object({ removed: Type.Literal(true) })
export type RemoveThirdPartyData = Static<typeof RemoveThirdPartyData>
