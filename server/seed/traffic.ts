/**
 * Demo daily traffic per cloud for the speedometer (docs/requirements/screens.md#home).
 *
 * A day's counts are a pure function of the cloud and the day (a PRNG seeded by both), not of the
 * moment the seed runs: filling in missing days later gives the same numbers a full seed would.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { addDays, epochDay, lastCompleteDay } from '../lib/days.js'
import { createRandom } from './prng.js'

/** Typical daily counts of a cloud on a weekday. */
export interface TrafficProfile {
  transactions: number
  threats_blocked: number
  policy_enforcements: number
}

/** One day's counts. */
export type DailyTraffic = TrafficProfile

/** How many days of traffic the database keeps filled: the speedometer's year. */
export const TRAFFIC_DAYS = 365

/** Per cloud: transactions in the hundreds of millions to billions, threats in millions. */
export const TRAFFIC_PROFILES: Record<string, TrafficProfile> = {
  auroraedge: { transactions: 3_800_000_000, threats_blocked: 9_200_000, policy_enforcements: 11_000_000_000 },
  auroraedgeone: { transactions: 2_900_000_000, threats_blocked: 7_400_000, policy_enforcements: 8_600_000_000 },
  auroraedgetwo: { transactions: 3_300_000_000, threats_blocked: 8_100_000, policy_enforcements: 9_700_000_000 },
  auroraedgethree: { transactions: 1_900_000_000, threats_blocked: 5_200_000, policy_enforcements: 5_600_000_000 },
  auroraedgegov: { transactions: 460_000_000, threats_blocked: 1_300_000, policy_enforcements: 1_400_000_000 },
  private: { transactions: 1_200_000_000, threats_blocked: 2_100_000, policy_enforcements: 3_500_000_000 },
  privategov: { transactions: 210_000_000, threats_blocked: 1_100_000, policy_enforcements: 640_000_000 },
  experience: { transactions: 650_000_000, threats_blocked: 1_000_000, policy_enforcements: 1_900_000_000 },
  workload: { transactions: 880_000_000, threats_blocked: 1_700_000, policy_enforcements: 2_600_000_000 },
  dataprotection: { transactions: 740_000_000, threats_blocked: 2_400_000, policy_enforcements: 2_200_000_000 },
  deception: { transactions: 160_000_000, threats_blocked: 3_100_000, policy_enforcements: 480_000_000 },
}

// Weekly shape, Sunday first (Date#getUTCDay): business traffic drops at the weekend, attacks less so.
const WEEKLY_TRAFFIC = [0.58, 1.04, 1.06, 1.05, 1.03, 0.97, 0.62]
const WEEKLY_THREATS = [0.86, 1.02, 1.03, 1.02, 1.01, 0.98, 0.88]

/**
 * The counts of `machineName` on `day` (a UTC `YYYY-MM-DD`), from its profile with weekly
 * seasonality, a yearly swing of ±8 %, day-to-day noise and occasional threat waves.
 * @returns `undefined` when the cloud has no traffic profile.
 */
export function dailyTraffic(machineName: string, day: string): DailyTraffic | undefined {
  const profile = TRAFFIC_PROFILES[machineName]
  if (!profile) return undefined
  const random = createRandom(`traffic:${machineName}:${day}`)
  const n = epochDay(day)
  const weekday = (n + 4) % 7 // 1970-01-01 was a Thursday
  const season = 1 + 0.08 * Math.sin((2 * Math.PI * n) / 365.25)
  const noise = () => 0.92 + 0.16 * random()
  const trafficNoise = noise()
  const wave = random() < 0.04 ? 1.4 + 0.6 * random() : 1
  return {
    transactions: Math.round(profile.transactions * WEEKLY_TRAFFIC[weekday] * season * trafficNoise),
    threats_blocked: Math.round(profile.threats_blocked * WEEKLY_THREATS[weekday] * season * noise() * wave),
    policy_enforcements: Math.round(profile.policy_enforcements * WEEKLY_TRAFFIC[weekday] * season * (0.5 * trafficNoise + 0.5 * noise())),
  }
}

/**
 * Fills `traffic_daily` for every cloud with a profile so it holds the {@link TRAFFIC_DAYS} days
 * ending with the last complete UTC day before `now`. Days already present are kept; only missing
 * days after a cloud's latest row (or the whole year, for a cloud without rows) are added.
 *
 * @returns The number of rows inserted.
 */
export async function extendTraffic(db: Kysely<Database>, now: Date): Promise<number> {
  const lastDay = lastCompleteDay(now)
  const firstDay = addDays(lastDay, -(TRAFFIC_DAYS - 1))
  const clouds = await db
    .selectFrom('clouds')
    .leftJoin('traffic_daily', 'traffic_daily.cloud_id', 'clouds.id')
    .select(['clouds.id', 'clouds.machine_name'])
    .select((eb) => eb.fn.max('traffic_daily.day').as('latest'))
    .groupBy(['clouds.id', 'clouds.machine_name'])
    .execute()

  const rows: Array<{ cloud_id: number } & DailyTraffic & { day: string }> = []
  for (const cloud of clouds) {
    const latest = cloud.latest as string | null
    let day = latest && latest >= firstDay ? addDays(latest, 1) : firstDay
    for (; day <= lastDay; day = addDays(day, 1)) {
      const counts = dailyTraffic(cloud.machine_name, day)
      if (!counts) break
      rows.push({ cloud_id: cloud.id, day, ...counts })
    }
  }
  if (rows.length === 0) return 0
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('traffic_daily')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['cloud_id', 'day']).doNothing())
        .execute()
    }
  })
  return rows.length
}
