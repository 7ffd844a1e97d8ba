import { PAGE_DATA_ID } from '../contract/constants'
import type { GlobalData } from '../contract/global'

/**
 * The data a server-rendered page carries for the browser (issue "front-end speed"): what the
 * server rendered the page from, so the first render in the browser is the same and hydrates
 * without asking the API first. Sent as `<script type="application/json" id="trust-page-data">`
 * (JSON, not executed: the Content-Security-Policy allows no inline script).
 */
export interface PageData {
  /** The `data` of `GET /api/global` the page was rendered from. */
  global: GlobalData
  /** Other public API answers the page was rendered from, by request path and query (e.g. `/api/cloud-banner?cloud=x`): their `data`. */
  answers: Record<string, unknown>
  /** The lazy pages the server rendered (shell/lazy-page.ts): loaded before hydrating. */
  pages: string[]
}

/** Answers of {@link PageData.answers} not used yet. */
const answers = new Map<string, unknown>()

/**
 * Reads the page's {@link PageData} from the document once, keeping its answers for
 * {@link takeAnswer}. `undefined` when the page was not server-rendered or the data is malformed
 * (the shell then starts as a client-rendered page).
 */
export function readPageData(doc: Document = document): PageData | undefined {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent
  if (!text) return undefined
  try {
    const data = JSON.parse(text) as PageData
    if (typeof data !== 'object' || data === null || typeof data.answers !== 'object' || !Array.isArray(data.pages)) return undefined
    setAnswers(data.answers)
    return data
  } catch {
    return undefined
  }
}

/** Replaces the answers {@link takeAnswer} hands out (the server renderer sets them per page). */
export function setAnswers(next: Record<string, unknown>): void {
  answers.clear()
  for (const [key, value] of Object.entries(next ?? {})) answers.set(key, value)
}

/**
 * The answer the page was rendered with for `key` (path and query, as the server listed it),
 * or `undefined`. In the browser each answer is handed out until the page's first data load
 * takes it ({@link takeAnswer} with `consume`), so later loads ask the API.
 */
export function takeAnswer<T>(key: string, consume = false): T | undefined {
  const value = answers.get(key) as T | undefined
  if (consume) answers.delete(key)
  return value
}
