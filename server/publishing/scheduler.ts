/**
 * Maintenance that runs itself (`contract/desk.ts`): a pass of {@link runScheduler} moves every
 * maintenance record whose time has come, and mails its subscribers once per step:
 *
 * - `reminder`: a Scheduled or Postponed maintenance whose start is at most its reminder lead
 *   ahead (`now >= from − lead` and `now < from`); no change of status. The lead is the record's
 *   own `reminder_minutes` (set on the desk, the publishing API or `npm run publish:record`), or
 *   the server's `reminderMinutes` (`MAINTENANCE_REMINDER_MINUTES`) when the record has none
 *   (`null`); a lead of 0 sends no reminder. No reminder either when the window was announced
 *   inside its lead: when the latest announcing event of the record (`published`, `updated` or
 *   `postponed`, each of which mails the window's times) is later than `from − lead`, its mail was
 *   the last word before the start, and a reminder would repeat it moments later. A window whose
 *   reminder time passed while the server was down gets none once it has started.
 * - `started`: Scheduled or Postponed → In Progress once `from <= now`.
 * - `completed`: In Progress → Completed once `to <= now` (`closed_on` = now). A maintenance
 *   without `to` runs until someone resolves it.
 * - Catch-up: a Scheduled or Postponed maintenance whose whole window is over (`to <= now`, e.g.
 *   the server was down from before its start until after its end) goes straight to Completed with
 *   one `completed` event: no `started` mail is sent for a window that is over.
 *
 * Exactly once, also with several servers on one database: each step is one transaction that
 * first inserts the step's `record_events` row with `window_from` = the record's `from_time`,
 * `insert … on conflict do nothing`, under the unique index (`record_id`, `kind`, `window_from`)
 * of migration 008 — no row inserted means someone else has the step, and nothing else is done.
 * Then a conditional update (`where status_id = <expected> and from_time = <window>`) makes sure
 * the record is still in the state the step was planned for (an operator may have postponed or
 * cancelled it meanwhile); if it is not, the transaction rolls back, claim included. In the same
 * transaction: the entry of the update history ("Maintenance started." / "Maintenance
 * completed."; none for a reminder), the fan-out job of the subscribers' emails (`enqueueFanout`;
 * its mails are keyed `record-event:{id}:uid:{uid}`) and an audit entry of the actor `system` (`record.remind`,
 * `record.start`, `record.complete`). A postponed window has another `from`, so its reminder and
 * start are new claims; a cancelled maintenance (Archived) is never picked up again.
 *
 * On SQLite the claim is the transaction's first statement, so a second process waits for the
 * first's commit (`busy_timeout`) and then finds the row; a step that fails (e.g. `SQLITE_BUSY`)
 * is left for the next pass. A record whose step was claimed for a window and later reopened by
 * hand for the same window (e.g. set back to In Progress after it completed) is not completed
 * again by the scheduler: resolve it from the desk.
 *
 * {@link startScheduler} runs a pass at start-up (catch-up) and then every `intervalMs`, kicks the
 * mailer after a pass that enqueued mail, and stops with the app. Times come from the injected
 * clock, never from `Date.now()`.
 */
import { type Kysely, sql } from 'kysely'
import type { Database, RecordEventKind } from '../db/schema.js'
import type { Actor } from '../admin/audit.js'
import { recordAudit } from '../admin/audit.js'
import type { Mailer } from '../mail/outbox.js'
import { enqueueFanout } from './fanout.js'
import { insertUpdate, snapshot } from './publish.js'

/** Who the scheduler's changes are attributed to in the audit log. */
export const SYSTEM: Actor = { uid: null, name: 'system' }

/** Default time between passes, ms (`SCHEDULER_INTERVAL_MS`). */
export const DEFAULT_SCHEDULER_INTERVAL_MS = 15_000
/** Default reminder lead, minutes (`MAINTENANCE_REMINDER_MINUTES`; 0 = no reminders). */
export const DEFAULT_REMINDER_MINUTES = 60
/** The longest interval `setInterval` takes (a longer one would fire at once). */
const MAX_TIMER_MS = 2_147_483_647

const MINUTE_MS = 60_000

/** The kinds of event the scheduler makes. */
export type ScheduledKind = Extract<RecordEventKind, 'reminder' | 'started' | 'completed'>

/** What {@link runScheduler} needs. */
export interface SchedulerOptions {
  /**
   * The server's reminder lead: minutes before a window's start that its reminder goes out, for
   * records without a lead of their own (`reminder_minutes` null); 0 = none. Default 60.
   */
  reminderMinutes?: number
  /** Where a failed step is reported (it is retried by the next pass). */
  log?: { warn(obj: object, msg: string): void }
}

/** One step a pass made. */
export interface SchedulerStep {
  recordId: number
  kind: ScheduledKind
  eventId: number
  mails: number
}

/** A step planned from a read of the records, claimed (or not) by {@link applyStep}. */
export interface DueStep {
  recordId: number
  kind: ScheduledKind
  /** The record's `from_time` when planned: the window the step belongs to. */
  windowFrom: number
  /** The record's status (id) when planned: the step happens only if it is still that. */
  statusId: number
}

/** The statuses the scheduler reads and sets, by name. */
const STATUS_NAMES = ['Scheduled', 'Postponed', 'In Progress', 'Completed'] as const
type StatusName = (typeof STATUS_NAMES)[number]

async function statusIds(db: Kysely<Database>): Promise<Record<StatusName, number> | undefined> {
  const rows = await db.selectFrom('record_statuses').select(['id', 'name']).where('name', 'in', STATUS_NAMES).execute()
  const ids = Object.fromEntries(rows.map((r) => [r.name, r.id])) as Partial<Record<StatusName, number>>
  return STATUS_NAMES.every((n) => ids[n] !== undefined) ? (ids as Record<StatusName, number>) : undefined
}

/** The events that announce a maintenance window to its subscribers (see the module comment). */
const ANNOUNCING: readonly RecordEventKind[] = ['published', 'updated', 'postponed']

/**
 * A record's reminder lead in minutes: its own `reminder_minutes`, else the server's
 * `serverMinutes`; never below 0 (0 = no reminder).
 */
export function reminderLead(recordMinutes: number | null, serverMinutes: number): number {
  return Math.max(0, recordMinutes ?? serverMinutes)
}

/**
 * The steps due at `now` (see the module comment), oldest window first. Reminders already sent for
 * a window are not planned again, nor those of a window announced inside its lead.
 *
 * @param reminderMinutes The server's reminder lead, minutes, for records without their own.
 */
export async function dueSteps(db: Kysely<Database>, now: number, reminderMinutes = DEFAULT_REMINDER_MINUTES): Promise<DueStep[]> {
  const ids = await statusIds(db)
  if (!ids) return []
  const waiting = [ids.Scheduled, ids.Postponed]
  const serverLead = Math.max(0, Math.trunc(reminderMinutes))
  // A waiting window is read once its reminder time (from − lead) or its start has come.
  const reminderAt = sql<number>`r.from_time - coalesce(r.reminder_minutes, ${sql.lit(serverLead)}) * ${sql.lit(MINUTE_MS)}`
  const rows = await db
    .selectFrom('records as r')
    .select(['r.id', 'r.status_id', 'r.from_time', 'r.to_time', 'r.reminder_minutes'])
    .where('r.type', '=', 'maintenance')
    .where((eb) =>
      eb.or([
        eb.and([eb('r.status_id', 'in', waiting), eb.or([eb('r.from_time', '<=', now), eb(reminderAt, '<=', now)])]),
        eb.and([eb('r.status_id', '=', ids['In Progress']), eb('r.to_time', 'is not', null), eb('r.to_time', '<=', now)]),
      ]),
    )
    .orderBy('r.from_time')
    .orderBy('r.id')
    .execute()
  const steps: DueStep[] = []
  for (const r of rows) {
    const step = (kind: ScheduledKind): DueStep => ({ recordId: r.id, kind, windowFrom: r.from_time, statusId: r.status_id })
    const lead = reminderLead(r.reminder_minutes, serverLead) * MINUTE_MS
    if (r.status_id === ids['In Progress']) steps.push(step('completed'))
    else if (r.to_time !== null && r.to_time <= now) steps.push(step('completed'))
    else if (r.from_time <= now) steps.push(step('started'))
    else if (lead > 0 && now >= r.from_time - lead) {
      const sent = await db
        .selectFrom('record_events')
        .select('id')
        .where('record_id', '=', r.id)
        .where('kind', '=', 'reminder')
        .where('window_from', '=', r.from_time)
        .executeTakeFirst()
      if (sent) continue
      const announced = await db
        .selectFrom('record_events')
        .select((eb) => eb.fn.max('at').as('at'))
        .where('record_id', '=', r.id)
        .where('kind', 'in', ANNOUNCING)
        .executeTakeFirst()
      const lastAnnounced = announced?.at === null || announced?.at === undefined ? null : Number(announced.at)
      if (lastAnnounced !== null && lastAnnounced > r.from_time - lead) continue
      steps.push(step('reminder'))
    }
  }
  return steps
}

/** Thrown inside a step's transaction to roll it back: the record is no longer as planned. */
class StateChanged extends Error {}

/** The update history's text of each status-changing step. */
const STEP_TEXT: Record<Exclude<ScheduledKind, 'reminder'>, string> = {
  started: '<p>Maintenance started.</p>',
  completed: '<p>Maintenance completed.</p>',
}

const AUDIT_ACTION: Record<ScheduledKind, string> = {
  reminder: 'record.remind',
  started: 'record.start',
  completed: 'record.complete',
}

/**
 * Claims and makes one step in one transaction (see the module comment).
 * @returns The step made, or `null` when someone else has it or the record changed meanwhile.
 * @throws Database errors (e.g. `SQLITE_BUSY`); nothing of the step is kept then.
 */
export async function applyStep(db: Kysely<Database>, due: DueStep, now: number): Promise<SchedulerStep | null> {
  const ids = await statusIds(db)
  if (!ids) return null
  try {
    return await db.transaction().execute(async (trx) => {
      // The claim first: on SQLite the write lock is taken here, before anything is read.
      const claim = await trx
        .insertInto('record_events')
        .values({ record_id: due.recordId, kind: due.kind, at: now, note: null, window_from: due.windowFrom })
        .onConflict((oc) => oc.columns(['record_id', 'kind', 'window_from']).doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!claim) return null
      const before = await snapshot(trx, due.recordId)
      if (due.kind === 'reminder') {
        const still = await trx
          .selectFrom('records')
          .select('id')
          .where('id', '=', due.recordId)
          .where('status_id', '=', due.statusId)
          .where('from_time', '=', due.windowFrom)
          .where('from_time', '>', now)
          .executeTakeFirst()
        if (!still) throw new StateChanged()
      } else {
        const status = due.kind === 'started' ? ids['In Progress'] : ids.Completed
        const text = STEP_TEXT[due.kind]
        const moved = await trx
          .updateTable('records')
          .set(
            due.kind === 'started'
              ? { status_id: status, updated_on: now, updated_by: SYSTEM.name }
              : { status_id: status, updated_on: now, updated_by: SYSTEM.name, closed_on: now, resolved_by: SYSTEM.name },
          )
          .where('id', '=', due.recordId)
          .where('status_id', '=', due.statusId)
          .where('from_time', '=', due.windowFrom)
          .where((eb) =>
            due.kind === 'started' ? eb('from_time', '<=', now) : eb.and([eb('to_time', 'is not', null), eb('to_time', '<=', now)]),
          )
          .executeTakeFirst()
        if (Number(moved.numUpdatedRows) !== 1) throw new StateChanged()
        await trx.updateTable('record_events').set({ note: text }).where('id', '=', claim.id).execute()
        await insertUpdate(trx, { recordId: due.recordId, eventId: claim.id, at: now, statusId: status, text })
      }
      const mails = await enqueueFanout(trx, claim.id, now)
      await recordAudit(
        trx,
        { actor: SYSTEM, action: AUDIT_ACTION[due.kind], target: String(due.recordId), before, after: await snapshot(trx, due.recordId) },
        now,
      )
      return { recordId: due.recordId, kind: due.kind, eventId: claim.id, mails }
    })
  } catch (error) {
    if (error instanceof StateChanged) return null
    throw error
  }
}

/**
 * One pass of the scheduler at `now` (epoch ms): plans the due steps ({@link dueSteps}) and makes
 * each ({@link applyStep}). A step that fails is reported to `options.log` and left for the next
 * pass; the others go on.
 * @returns The steps this pass made (not those someone else made).
 */
export async function runScheduler(db: Kysely<Database>, now: number, options: SchedulerOptions): Promise<SchedulerStep[]> {
  const reminderMinutes = options.reminderMinutes ?? DEFAULT_REMINDER_MINUTES
  const made: SchedulerStep[] = []
  for (const due of await dueSteps(db, now, reminderMinutes)) {
    try {
      const step = await applyStep(db, due, now)
      if (step) made.push(step)
    } catch (error) {
      options.log?.warn(
        { recordId: due.recordId, kind: due.kind, err: error instanceof Error ? error.message : String(error) },
        'maintenance scheduler step failed',
      )
    }
  }
  return made
}

/** What {@link startScheduler} needs. */
export interface StartSchedulerOptions {
  db: Kysely<Database>
  /** The clock. */
  now: () => Date
  mailer: Pick<Mailer, 'kick'>
  /** Time between passes, ms (at most about 24.8 days: longer ones are cut to that). */
  intervalMs: number
  reminderMinutes: number
  log?: { warn(obj: object, msg: string): void }
  /** Called after a pass that made a step (public answers changed: the response cache is cleared). */
  onChange?: () => void
  /**
   * Another pass run after each of this one, on the same clock (the alert incidents' grace periods,
   * `server/alerts/incidents.ts`); resolves true when it changed records (then as for a step that mailed).
   */
  alsoEachPass?: (now: number) => Promise<boolean>
}

/** A running scheduler. */
export interface Scheduler {
  /** Runs a pass now (after the running one, if any); resolves with its steps. */
  pass(): Promise<SchedulerStep[]>
  /** Stops the interval and waits for a running pass. */
  stop(): Promise<void>
}

/**
 * Starts the scheduler: returns at once; call `pass()` for the start-up pass (catch-up). Passes
 * never overlap; the interval is unref'd, so it never keeps the process alive.
 */
export function startScheduler(o: StartSchedulerOptions): Scheduler {
  let running: Promise<SchedulerStep[]> = Promise.resolve([])
  let stopped = false

  const pass = (): Promise<SchedulerStep[]> => {
    running = running.then(async () => {
      if (stopped) return []
      try {
        const steps = await runScheduler(o.db, o.now().getTime(), {
          reminderMinutes: o.reminderMinutes,
          log: o.log,
        })
        if (steps.length > 0) o.onChange?.()
        if (steps.some((s) => s.mails > 0)) o.mailer.kick()
        return steps
      } catch (error) {
        o.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'maintenance scheduler pass failed')
        return []
      } finally {
        try {
          if (o.alsoEachPass && (await o.alsoEachPass(o.now().getTime()))) {
            o.onChange?.()
            o.mailer.kick()
          }
        } catch (error) {
          o.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'alert grace pass failed')
        }
      }
    })
    return running
  }

  let busy = false
  const timer = setInterval(
    () => {
      if (busy) return
      busy = true
      void pass().finally(() => {
        busy = false
      })
    },
    Math.min(Math.max(1, o.intervalMs), MAX_TIMER_MS),
  )
  timer.unref()

  return {
    pass,
    stop: async () => {
      clearInterval(timer)
      stopped = true
      await running
    },
  }
}
