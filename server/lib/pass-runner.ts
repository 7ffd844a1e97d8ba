/**
 * A background worker's rhythm, shared by the mail outbox (`server/mail/outbox.ts`) and the webhook
 * outbox (`server/webhooks/deliver.ts`): one pass at a time, a pass every `intervalMs` and on
 * `kick()`, and a kick during a pass runs one more pass after it (nothing enqueued meanwhile waits
 * for the interval).
 */

/** Runs the passes; see the module comment. */
export interface PassRunner {
  /** Starts a pass soon (after the current one, if one is running). */
  kick(): void
  /** Runs a pass now, or joins the running one (then one more follows); resolves when done. */
  flush(): Promise<void>
  /** Stops the interval and further passes, and waits for the running one. */
  close(): Promise<void>
  /** Whether `close()` was called: a pass checks it between items and stops early. */
  readonly closed: boolean
}

/** What {@link createPassRunner} needs. */
export interface PassRunnerOptions {
  /** One pass; it may throw (reported through `log`, the next pass runs as usual). */
  pass: () => Promise<void>
  /** Time between passes, ms (the timer is unref'd: it never keeps the process alive). */
  intervalMs: number
  /** What a failed pass is reported as, e.g. `'mail outbox pass failed'`. */
  failure: string
  log?: { warn(obj: object, msg: string): void }
  /** Called after each pass (also a failed one). */
  after?: () => void
}

export function createPassRunner({ pass, intervalMs, failure, log, after }: PassRunnerOptions): PassRunner {
  let running: Promise<void> | null = null
  let again = false
  let closed = false

  function flush(): Promise<void> {
    if (closed) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          await pass()
        } while (again && !closed)
      } catch (error) {
        log?.warn({ err: error instanceof Error ? error.message : String(error) }, failure)
      } finally {
        running = null
        after?.()
      }
    })()
    return running
  }

  const timer = setInterval(() => void flush(), intervalMs)
  timer.unref()

  return {
    kick: () => {
      setImmediate(() => void flush())
    },
    flush,
    close: async () => {
      clearInterval(timer)
      // A running pass finishes what it holds, then takes no more.
      closed = true
      if (running) await running
    },
    get closed() {
      return closed
    },
  }
}
