/**
 * Reference data of the Subscriptions page (docs/requirements/screens.md#subscriptions-page, Sections Maintenance and
 * Advisory; docs/requirements/states.md#advisory-event-types-and-style-classes event types): one maintenance topic and one advisory topic per advisory
 * event type, terms of the `subscription_topic` vocabulary with tids from
 * {@link TID_BASE}.subscription_topic + 1 in this order.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { ADVISORY_EVENT_TYPES } from '../repo/records.js'
import { TID_BASE } from '../db/tids.js'

/** Name of the one maintenance topic (matches every maintenance record). */
export const MAINTENANCE_TOPIC = 'Scheduled Maintenance'

/** The topics in tid order: the maintenance topic, then the advisory topics (name = event type). */
export const SUBSCRIPTION_TOPICS: ReadonlyArray<{
  tid: number
  kind: 'maintenance' | 'advisory'
  name: string
  event_type: string | null
}> = [
  { tid: TID_BASE.subscription_topic + 1, kind: 'maintenance', name: MAINTENANCE_TOPIC, event_type: null },
  ...ADVISORY_EVENT_TYPES.map((e, i) => ({
    tid: TID_BASE.subscription_topic + 2 + i,
    kind: 'advisory' as const,
    name: e.name,
    event_type: e.name,
  })),
]

/**
 * Inserts the topics missing from the database (by tid), in one transaction. Runs at every start
 * (production databases included), like the other reference data that later migrations need.
 * @returns How many topics were added.
 */
export async function ensureSubscriptionTopics(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const have = new Set((await trx.selectFrom('subscription_topics').select('tid').execute()).map((r) => r.tid))
    const missing = SUBSCRIPTION_TOPICS.filter((t) => !have.has(t.tid))
    if (missing.length === 0) return 0
    await trx
      .insertInto('terms')
      .values(missing.map((t) => ({ tid: t.tid, vocabulary: 'subscription_topic' })))
      .onConflict((oc) => oc.doNothing())
      .execute()
    await trx
      .insertInto('subscription_topics')
      .values(missing.map((t) => ({ ...t, sort: SUBSCRIPTION_TOPICS.indexOf(t) })))
      .execute()
    return missing.length
  })
}
