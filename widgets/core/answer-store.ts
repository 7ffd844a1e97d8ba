/**
 * The last public answers the page received, kept in `localStorage` so the site can show the last
 * status it rendered when the API cannot be reached (docs/operating/cdn.md "degraded mode").
 *
 * Drop-ins run on partner pages whose `localStorage` is shared with the partner: every key this
 * module writes, reads or evicts starts with {@link ANSWER_KEY_PREFIX}, and it never touches any
 * other key. A copy is found by its exact URL only. It holds at most {@link ANSWER_LIMITS}; when
 * the browser refuses a write (quota) it evicts its own oldest copies and tries again, and when
 * nothing of its own is left it gives up. No function here throws: a storage that is missing,
 * disabled or full only means nothing is kept.
 */

/** Prefix of every key written here: `trust-kit:v1:answer:` + the answer's absolute URL. */
export const ANSWER_KEY_PREFIX = 'trust-kit:v1:answer:'

/** Bounds of what is kept (string lengths in UTF-16 code units, as `localStorage` counts them). */
export const ANSWER_LIMITS = {
  /** Most copies kept at once; the oldest stored goes first. */
  entries: 40,
  /** Largest single copy kept (the biggest seeded answer, a public data-center week, is ~20 000). */
  entryChars: 250_000,
  /** Most characters of all copies together: about a fifth of the usual 5 MB quota. */
  totalChars: 1_000_000,
}

/** One kept answer. */
export interface StoredAnswer {
  /** When it was stored, epoch ms (eviction order). */
  storedAt: number
  /** When the origin generated it (its `Last-Modified`, else `Date`, else the client's clock), epoch ms. */
  generated: number
  /** Until when it may stand in for the live answer, epoch ms (generated + `stale-if-error`). */
  until: number
  /** The answer's body, JSON text. */
  body: string
}

/** The `localStorage` of this page, or `undefined` when it is missing or access is refused (sandboxes, blocked storage). */
export function pageStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    return undefined
  }
}

/** Value format: `{storedAt} {generated} {until}\n{body}`; the head is read without parsing the body. */
function encode(answer: StoredAnswer): string {
  return `${answer.storedAt} ${answer.generated} ${answer.until}\n${answer.body}`
}

function decode(value: string | null): StoredAnswer | undefined {
  if (!value) return undefined
  const split = value.indexOf('\n')
  if (split < 0) return undefined
  const [storedAt, generated, until, extra] = value.slice(0, split).split(' ').map(Number)
  if (extra !== undefined || ![storedAt, generated, until].every(Number.isFinite)) return undefined
  return { storedAt, generated, until, body: value.slice(split + 1) }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Swallows what a refusing storage throws (SecurityError, a broken implementation). */
function attempt<T>(run: () => T, otherwise: T): T {
  try {
    return run()
  } catch {
    return otherwise
  }
}

/** This module's keys with their store time and length, oldest first. */
function ownEntries(storage: Storage): { key: string; storedAt: number; chars: number }[] {
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith(ANSWER_KEY_PREFIX)) keys.push(key)
  }
  return keys
    .map((key) => {
      const value = storage.getItem(key) ?? ''
      // An unreadable head sorts first: it is the first evicted.
      return { key, storedAt: Number(value.slice(0, value.indexOf(' '))) || 0, chars: key.length + value.length }
    })
    .sort((a, b) => a.storedAt - b.storedAt)
}

/**
 * Keeps `answer` as the copy of `url`, replacing an earlier one.
 *
 * Evicts this module's oldest copies first so that at most {@link ANSWER_LIMITS}`.entries`
 * copies and `.totalChars` characters are kept, and again, one at a time, while the browser
 * refuses the write (`QuotaExceededError`).
 *
 * @param storage where to keep it (`pageStorage()` in the browser); `undefined` keeps nothing
 * @param url the answer's absolute URL (query included)
 * @returns whether the copy was kept (false: too large, no storage, or still refused with nothing of ours left to evict)
 */
export function storeAnswer(storage: Storage | undefined, url: string, answer: StoredAnswer): boolean {
  if (!storage || answer.body.length > ANSWER_LIMITS.entryChars) return false
  const key = ANSWER_KEY_PREFIX + url
  const value = encode(answer)
  return attempt(() => {
    const others = ownEntries(storage).filter((e) => e.key !== key)
    let total = others.reduce((sum, e) => sum + e.chars, key.length + value.length)
    while (others.length && (others.length + 1 > ANSWER_LIMITS.entries || total > ANSWER_LIMITS.totalChars)) {
      const oldest = others.shift()!
      storage.removeItem(oldest.key)
      total -= oldest.chars
    }
    for (;;) {
      try {
        storage.setItem(key, value)
        return true
      } catch {
        const oldest = others.shift()
        if (!oldest) {
          storage.removeItem(key) // an earlier copy of this URL would now be older than what was shown
          return false
        }
        storage.removeItem(oldest.key)
      }
    }
  }, false)
}

/**
 * The kept copy of `url`, when there is a usable one: stored under exactly this URL, with a
 * readable head, a body that parses as JSON, and `until` not passed. An unreadable or expired
 * copy is removed.
 *
 * @param storage where copies are kept; `undefined` finds nothing
 * @param url the absolute URL asked for (query included)
 * @param now epoch ms @default Date.now()
 */
export function readAnswer(storage: Storage | undefined, url: string, now: number = Date.now()): StoredAnswer | undefined {
  if (!storage) return undefined
  const key = ANSWER_KEY_PREFIX + url
  return attempt(() => {
    const value = storage.getItem(key)
    if (value === null) return undefined
    const answer = decode(value)
    if (answer && answer.until >= now && isJson(answer.body)) return answer
    storage.removeItem(key)
    return undefined
  }, undefined)
}
