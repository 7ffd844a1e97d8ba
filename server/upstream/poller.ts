/**
 * The third-party poller (docs/operating/console-and-desk.md#third-party-components): runs in the server process beside the
 * maintenance scheduler and the outboxes. A pass polls every group whose next poll is due
 * (`server/upstream/repo.ts` `dueGroups`, `pollGroupNow`), a few at a time; passes never overlap,
 * run every `checkMs` (unref'd timer) and on `pollNow()`. Times come from the injected clock, so
 * tests move time and call `pollNow()` instead of waiting.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { createPassRunner } from '../lib/pass-runner.js'
import { dueGroups, type PollContext, type PollResult, pollGroupNow } from './repo.js'

/** Groups polled at once in a pass. */
const PARALLEL = 4

/** What {@link createUpstreamPoller} needs. */
export interface UpstreamPollerOptions extends PollContext {
  db: Kysely<Database>
  now: () => Date
  /** How often due groups are looked for, ms (default: the poll interval, at most 15 s). */
  checkMs?: number
  /** Called after a pass whose polls changed what the public sees (the response cache is cleared). */
  onChange?: () => void
  /** Called after a pass that enqueued mail (the mailer is kicked). */
  onMail?: () => void
  log?: { warn(obj: object, msg: string): void }
}

/** The running poller. */
export interface UpstreamPoller {
  /** Runs a pass now (polls every due group), after the running one; resolves with its polls. */
  pollNow(): Promise<PollResult[]>
  /** Polls group `id` now, due or not; null when another poll holds it or it is gone. */
  pollGroup(id: number): Promise<PollResult | null>
  /** Stops the timer and waits for a running pass. */
  close(): Promise<void>
}

/** Starts the poller (see the module comment); the first pass runs at the first tick or `pollNow()`. */
export function createUpstreamPoller(o: UpstreamPollerOptions): UpstreamPoller {
  let results: PollResult[] = []
  const report = (done: Array<PollResult | null>) => {
    const made = done.filter((r) => r !== null)
    results.push(...made)
    if (made.some((r) => r.changed)) o.onChange?.()
    if (made.some((r) => r.mails > 0)) o.onMail?.()
    return made
  }
  const runner = createPassRunner({
    intervalMs: o.checkMs ?? Math.min(o.intervalMs, 15_000),
    failure: 'third-party poll pass failed',
    log: o.log,
    pass: async () => {
      const due = await dueGroups(o.db, o.now().getTime())
      for (let i = 0; i < due.length && !runner.closed; i += PARALLEL) {
        const batch = due.slice(i, i + PARALLEL)
        const ends = await Promise.allSettled(batch.map((id) => pollGroupNow(o.db, id, o.now, o)))
        for (const [j, end] of ends.entries()) {
          if (end.status === 'rejected') {
            o.log?.warn(
              { groupId: batch[j], err: end.reason instanceof Error ? end.reason.message : String(end.reason) },
              'third-party poll failed',
            )
          }
        }
        report(ends.map((e) => (e.status === 'fulfilled' ? e.value : null)))
      }
    },
  })
  return {
    pollNow: async () => {
      results = []
      await runner.flush()
      const made = results
      results = []
      return made
    },
    pollGroup: async (id) => {
      const result = await pollGroupNow(o.db, id, o.now, o, true)
      report([result])
      return result
    },
    close: runner.close,
  }
}
