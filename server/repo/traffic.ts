/**
 * The speedometer's figures (docs/requirements/screens.md#home): reading them from `traffic_daily`, and writing the
 * operator's daily counts into it (`PUT /api/admin/traffic/{cloud}`, `npm run traffic -- import`;
 * shapes in `contract/traffic.ts`). Nothing else writes the table on a production site.
 */
import { sql, type Kysely } from 'kysely'
import type { Gauge, SpeedometerData } from '../../contract/global.js'
import { TRAFFIC_COUNTS, TRAFFIC_MAX_DAYS, type TrafficCount, type TrafficDay } from '../../contract/traffic.js'
import { type Actor, recordAudit } from '../admin/audit.js'
import type { Database } from '../db/schema.js'
import { addDays, dayBounds, dayStart, lastCompleteDay, utcDay } from '../lib/days.js'

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
 * are that day's bounds. A cloud without figures for any complete day answers `has_data: false`
 * with zeros for yesterday (kept for drop-ins older than the flag).
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
    has_data: latest !== undefined,
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

// ---------------------------------------------------------------------------------------------
// Checking what the operator sends
// ---------------------------------------------------------------------------------------------

/** The fields of one day, in the order the messages list them. */
const FIELDS = ['day', ...TRAFFIC_COUNTS] as const
/** At most this many problems are spelled out; the rest are counted. */
const MAX_PROBLEMS = 20
const EXAMPLE_DAY = '2026-03-14'

/**
 * What is wrong with `day` as a traffic day at `now`, in words (`day "14/03/2026" is not a date:
 * write it as YYYY-MM-DD …`), or `undefined` when it is a UTC day no later than today.
 */
export function dayProblem(day: unknown, now: Date): string | undefined {
  if (typeof day !== 'string') return `day must be a text "YYYY-MM-DD" (a UTC day), e.g. "${EXAMPLE_DAY}"`
  try {
    dayStart(day)
  } catch {
    return `day ${JSON.stringify(day.slice(0, 40))} is not a date: write it as YYYY-MM-DD (a UTC day), e.g. ${EXAMPLE_DAY}`
  }
  const today = utcDay(now)
  if (day > today) return `day ${day} is after today (${today}, UTC): send figures of days that have begun only`
  return undefined
}

/**
 * What is wrong with `value` as a daily count (a JSON number), in words naming `field`
 * (`transactions must be a whole number of 0 or more, not -5`), or `undefined` when it is a whole
 * number from 0 to 2^53 − 1.
 */
export function countProblem(field: TrafficCount, value: unknown): string | undefined {
  if (value === undefined || value === null) return `${field} is missing: add it as a whole number of 0 or more`
  if (typeof value === 'string') {
    return `${field} must be a whole number of 0 or more, not the text ${JSON.stringify(value.slice(0, 40))}: send it as a JSON number, without quotes`
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    return `${field} must be a whole number of 0 or more, not ${JSON.stringify(value)?.slice(0, 40) ?? String(value)}`
  }
  if (value > Number.MAX_SAFE_INTEGER) return `${field} ${value} is too large: the largest count taken is ${Number.MAX_SAFE_INTEGER}`
  return undefined
}

/** `problems`, at most {@link MAX_PROBLEMS} of them, then how many more there are. */
export function firstProblems(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS) return problems
  const more = problems.length - MAX_PROBLEMS
  return [...problems.slice(0, MAX_PROBLEMS), `… and ${more} more problem${more === 1 ? '' : 's'}.`]
}

/**
 * The days of a `PUT /api/admin/traffic/{cloud}` body (`contract/traffic.ts` `PutTrafficBody`),
 * checked at `now`: `{ days }` when every day is right, else `{ problems }`, one sentence per
 * problem naming the day (or its place in the list when the day itself is wrong) and the field,
 * saying what to do (at most 20 spelled out). Nothing is refused silently: unknown fields,
 * texts for numbers, days given twice and days after today are problems too.
 */
export function readTrafficBody(body: unknown, now: Date): { days: TrafficDay[] } | { problems: string[] } {
  const shape = `{ "days": [{ "day": "${EXAMPLE_DAY}", "transactions": 0, "threats_blocked": 0, "policy_enforcements": 0 }, …] }`
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { problems: [`Send a JSON object: ${shape}.`] }
  const extra = Object.keys(body).filter((k) => k !== 'days')
  const list = (body as { days?: unknown }).days
  if (!Array.isArray(list)) return { problems: [`The body has no list "days": send ${shape}.`] }
  const problems: string[] = extra.map((k) => `Unknown field ${JSON.stringify(k)}: the body has only "days".`)
  if (list.length === 0) problems.push('"days" is empty: send at least one day.')
  if (list.length > TRAFFIC_MAX_DAYS) {
    problems.push(`${list.length} days were sent; at most ${TRAFFIC_MAX_DAYS} are taken per request: send them in parts.`)
    return { problems }
  }
  const seen = new Set<string>()
  const days: TrafficDay[] = []
  list.forEach((item, index) => {
    const place = `Day ${index + 1} of the list`
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(
        `${place} is not an object: write each day as { "day": "${EXAMPLE_DAY}", "transactions": …, "threats_blocked": …, "policy_enforcements": … }.`,
      )
      return
    }
    const fields = item as Record<string, unknown>
    const badDay = dayProblem(fields.day, now)
    const name = badDay ? place : (fields.day as string)
    const here: string[] = []
    if (fields.day === undefined) here.push('day is missing: add "day": "YYYY-MM-DD" (a UTC day)')
    else if (badDay) here.push(badDay)
    else if (seen.has(name)) here.push('it is sent twice: send each day once')
    else seen.add(name)
    for (const key of Object.keys(fields)) {
      if (!(FIELDS as readonly string[]).includes(key)) {
        here.push(`unknown field ${JSON.stringify(key.slice(0, 40))}: the fields of a day are ${FIELDS.join(', ')}`)
      }
    }
    for (const count of TRAFFIC_COUNTS) {
      const problem = countProblem(count, fields[count])
      if (problem) here.push(problem)
    }
    if (here.length > 0) {
      for (const problem of here) problems.push(`${name}: ${problem}.`)
      return
    }
    days.push({
      day: name,
      transactions: fields.transactions as number,
      threats_blocked: fields.threats_blocked as number,
      policy_enforcements: fields.policy_enforcements as number,
    })
  })
  return problems.length > 0 ? { problems: firstProblems(problems) } : { days }
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** The days of one cloud to write. */
export interface TrafficBatch {
  cloudId: number
  /** The cloud's machine name: the audit entry's target. */
  machineName: string
  /** Each day at most once. */
  days: TrafficDay[]
}

/** Rows per insert statement (5 parameters each). */
const ROWS_PER_STATEMENT = 200

const countsOf = (row: Record<TrafficCount, unknown>) =>
  Object.fromEntries(TRAFFIC_COUNTS.map((c) => [c, Number(row[c])])) as Record<TrafficCount, number>

/**
 * Writes the days of each batch in one transaction: a day already stored is replaced, the others
 * are added, days not given are left alone. Per cloud with a changed day, one audit entry
 * (`audit.action`, target the machine name; `before` and `after` map each changed day to its counts,
 * `before` to `null` for a new day). `now` is the audit entry's time.
 *
 * @returns how many days were new or different (a day sent with the counts it had is not counted)
 */
export async function saveTraffic(
  db: Kysely<Database>,
  batches: readonly TrafficBatch[],
  audit: { actor: Actor; action: string },
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let changed = 0
    for (const { cloudId, machineName, days } of batches) {
      if (days.length === 0) continue
      const sorted = days.map((d) => d.day).sort()
      const stored = await trx
        .selectFrom('traffic_daily')
        .select(['day', ...TRAFFIC_COUNTS])
        .where('cloud_id', '=', cloudId)
        .where('day', '>=', sorted[0])
        .where('day', '<=', sorted[sorted.length - 1])
        .execute()
      const old = new Map(stored.map((row) => [row.day, countsOf(row)]))
      const before: Record<string, Record<TrafficCount, number> | null> = {}
      const after: Record<string, Record<TrafficCount, number>> = {}
      const rows = []
      for (const day of days) {
        const previous = old.get(day.day)
        const counts = countsOf(day)
        if (previous && TRAFFIC_COUNTS.every((c) => previous[c] === counts[c])) continue
        before[day.day] = previous ?? null
        after[day.day] = counts
        rows.push({ cloud_id: cloudId, day: day.day, ...counts })
      }
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('traffic_daily')
          .values(rows.slice(i, i + ROWS_PER_STATEMENT))
          .onConflict((oc) =>
            oc.columns(['cloud_id', 'day']).doUpdateSet((eb) => ({
              transactions: eb.ref('excluded.transactions'),
              threats_blocked: eb.ref('excluded.threats_blocked'),
              policy_enforcements: eb.ref('excluded.policy_enforcements'),
            })),
          )
          .execute()
      }
      if (rows.length > 0) {
        await recordAudit(trx, { actor: audit.actor, action: audit.action, target: machineName, before, after }, now.getTime())
      }
      changed += rows.length
    }
    return changed
  })
}
