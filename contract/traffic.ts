/**
 * Feeding the speedometer's daily figures (docs/requirements/screens.md#home): `PUT /api/admin/traffic/{cloud}` and the
 * rows of `npm run traffic -- import FILE.csv`. The figures are the operator's own; no demo data
 * reaches a production site, so a cloud shows gauges only once they are fed.
 *
 * A day is a UTC calendar day, `YYYY-MM-DD`, no later than the current UTC day; its three counts are
 * whole numbers from 0 to 2^53 − 1 (JSON numbers, not texts). Writing a day again replaces its
 * counts (upsert by cloud and day); days not sent are left as they are.
 */
import Type, { type Static } from 'typebox'

/** The most days one `PUT /api/admin/traffic/{cloud}` may carry: a leap year. */
export const TRAFFIC_MAX_DAYS = 366

/** One day's counts of one cloud. */
export const TrafficDay = Type.Object(
  {
    /** The UTC day, `YYYY-MM-DD`. */
    day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    /** Transactions processed that day. */
    transactions: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    /** Threats blocked that day. */
    threats_blocked: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    /** Policy enforcements that day. */
    policy_enforcements: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  },
  { additionalProperties: false },
)
export type TrafficDay = Static<typeof TrafficDay>

/** The three counts of a {@link TrafficDay}, in the speedometer's order. */
export const TRAFFIC_COUNTS = ['transactions', 'threats_blocked', 'policy_enforcements'] as const
export type TrafficCount = (typeof TRAFFIC_COUNTS)[number]

/** `PUT /api/admin/traffic/{cloud}` path: a cloud machine name or domain. */
export const TrafficParams = Type.Object({ cloud: Type.String({ minLength: 1, maxLength: 200 }) })
export type TrafficParams = Static<typeof TrafficParams>

/**
 * `PUT /api/admin/traffic/{cloud}` body: 1 to {@link TRAFFIC_MAX_DAYS} days, each day once, in any
 * order. The server checks it itself and refuses it whole (400 `invalid`) with one sentence per
 * problem naming the day and the field (`2026-03-14: transactions must be a whole number of 0 or
 * more, not -5.`), joined by a space; nothing is written then.
 */
export const PutTrafficBody = Type.Object(
  { days: Type.Array(TrafficDay, { minItems: 1, maxItems: TRAFFIC_MAX_DAYS }) },
  { additionalProperties: false },
)
export type PutTrafficBody = Static<typeof PutTrafficBody>

/** `PUT /api/admin/traffic/{cloud}` → `{ data: PutTrafficData }`. */
export const PutTrafficData = Type.Object({
  /** The cloud's machine name. */
  cloud: Type.String(),
  /** Days in the request. */
  received: Type.Integer({ minimum: 0 }),
  /** Days whose counts were new or different (the rest already held those counts). */
  changed: Type.Integer({ minimum: 0 }),
})
export type PutTrafficData = Static<typeof PutTrafficData>
