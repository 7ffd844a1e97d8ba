/**
 * The speedometer's figures, computed from `traffic_daily` (spec §2 Home).
 */
import { sql, type Kysely } from 'kysely'
import type { Gauge, SpeedometerData } from '../../contract/global.js'
import type { Database } from '../db/schema.js'
import { addDays, dayBounds, lastCompleteDay } from '../lib/days.js'

/** The three gauges, in display order. */
export const GAUGES = [
  { id: 'transactions', label: 'Transactions per day' },
  { id: 'threats_blocked', label: 'Threats blocked per day' },
  { id: 'policy_enforcements', label: 'Policies enforced per day' },
] as const satisfies ReadonlyArray<Pick<Gauge, 'id' | 'label'>>

/**
 * The speedometer of a cloud at `now`.
 *
 * The gauges show the last complete UTC day before `now` that has data (normally yesterday) and,
 * as the scale's end, the largest daily count of the 365 days ending with that day. `from`/`to`
 * are that day's bounds. A cloud without traffic answers zeros for yesterday.
 */
export async function speedometer(db: Kysely<Database>, cloudId: number, now: Date): Promise<SpeedometerData> {
  const latest = await db
    .selectFrom('traffic_daily')
    .select(['day', 'transactions', 'threats_blocked', 'policy_enforcements'])
    .where('cloud_id', '=', cloudId)
    .where('day', '<=', lastCompleteDay(now))
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst()

  const day = latest?.day ?? lastCompleteDay(now)
  const peaks = latest
    ? await db
        .selectFrom('traffic_daily')
        .select([
          sql<number>`max(transactions)`.as('transactions'),
          sql<number>`max(threats_blocked)`.as('threats_blocked'),
          sql<number>`max(policy_enforcements)`.as('policy_enforcements'),
        ])
        .where('cloud_id', '=', cloudId)
        .where('day', '>', addDays(day, -365))
        .where('day', '<=', day)
        .executeTakeFirstOrThrow()
    : undefined

  const { from, to } = dayBounds(day)
  return {
    gauges: GAUGES.map(({ id, label }) => ({
      id,
      label,
      value: Number(latest?.[id] ?? 0),
      max: Number(peaks?.[id] ?? 0),
      from,
      to,
    })),
  }
}
