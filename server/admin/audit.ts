/**
 * The audit log (migration 007): every change made through the admin API or the catalogue import,
 * with who, when, what and the values before and after. Written in the same transaction as the
 * change it records, so a rolled-back change leaves no entry.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.js'

/** Who made a change: a signed-in user, or the command line (`uid` null). */
export interface Actor {
  uid: number | null
  name: string
}

/** The command line's actor (`npm run catalog -- import`). */
export const COMMAND_LINE: Actor = { uid: null, name: 'command line' }

/** One change to record. `before` / `after` are any JSON-serialisable values; `undefined` = none. */
export interface AuditEntry {
  actor: Actor
  /** e.g. `'catalog.data_centers'`, `'compliance.update'`, `'record.publish'`. */
  action: string
  /** What was changed (a cloud's machine name, a record id, …); `''` for the whole site. */
  target?: string
  before?: unknown
  after?: unknown
}

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value))

/** Appends an entry; `at` is epoch ms. Pass the transaction of the change. */
export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry, at: number): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at,
      actor_uid: entry.actor.uid,
      actor_name: entry.actor.name,
      action: entry.action,
      target: entry.target ?? '',
      before: json(entry.before),
      after: json(entry.after),
    })
    .execute()
}
