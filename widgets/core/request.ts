import type { ApiErrorBody } from '../../contract/common'
import { trimBase } from '../../contract/links'
import { readCookie, COOKIE } from './cookies'
import { shared } from './shared'

/**
 * An API call that did not succeed: a non-accepted HTTP status, a network failure, an answer
 * that is not JSON, or JSON of the wrong shape (docs/requirements/calls.md preamble, docs/requirements/errors.md"Any non-success HTTP
 * status raises an error with the status text").
 */
export class ApiError extends Error {
  /** HTTP status; 0 for network failures and malformed answers. */
  readonly status: number
  /** The HTTP status text, or a short description of the failure. */
  readonly statusText: string
  /** The server's machine code (`error.code` of an `ApiErrorBody`, e.g. `'not_found'`), when it sent one. */
  readonly code?: string
  constructor(message: string, status: number, statusText: string, code?: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.statusText = statusText
    if (code !== undefined) this.code = code
  }
}

/** Options of {@link request}. */
export interface RequestOptions {
  /** HTTP method. @default 'GET' */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, string | number | undefined>
  /** JSON body for POST. */
  body?: unknown
  /** Origin (and optional path prefix) of the API; same origin when empty. @default '' */
  apiBase?: string
  /** Aborts the request (e.g. when the widget unmounts). */
  signal?: AbortSignal
  /** The console token to read with (`./token.ts` `tokenReader`): a GET of private answers. */
  auth?: TokenReader
}

/**
 * A read with a console token (docs/embedding.md#a-customers-own-status), made by `./token.ts`
 * `tokenReader` for an element: calls `send` with the element's token (or none) and returns the
 * answer to use, sending again with a fresh token when the first was refused as expired.
 */
export type TokenReader = (send: (token?: string) => Promise<Response>) => Promise<Response>

/** The header a trust site answers a refused console token with: the public answer plus why, in English. */
export const TOKEN_PROBLEM_HEADER = 'Trust-Token-Problem'

/**
 * The page-wide network hook (on the {@link shared} bag, so every bundle on the page sees it):
 * `fetch`, when set, replaces the platform `fetch` for every API call. `widgets/core/live.ts`
 * installs its wrapper there (stale answers, stored copies when the API cannot be reached), so
 * the drop-ins that do not import it carry no more than this one lookup, read per call.
 */
export interface NetHook {
  fetch?: typeof fetch
}

/** Accepted statuses: 200–299 and 301 (docs/requirements/calls.md). */
export function isAcceptedStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 301
}

/** Builds the absolute URL of an API path on `apiBase` (or this page's origin). */
export function apiUrl(path: string, apiBase = '', query?: RequestOptions['query']): string {
  const base = trimBase(apiBase)
  const origin = typeof location !== 'undefined' ? location.origin : 'http://localhost'
  const url = new URL(base + path, base && /^https?:/i.test(base) ? undefined : origin)
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v))
  return url.href
}

/** True when `url` is on another origin than this page: such calls carry no credentials. */
function isForeign(url: string): boolean {
  if (typeof location === 'undefined') return true
  return new URL(url).origin !== location.origin
}

/**
 * The kit's one HTTP client (architecture §The API client, docs/requirements/calls.md).
 *
 * Same-origin calls include credentials and send `X-CSRF-Token` when the `z_csrf_token` cookie
 * exists (signed in), and then always revalidate with the server (`cache: 'no-cache'`), so a
 * signed-in viewer never sees a browser copy of an anonymous answer; calls to a foreign `apiBase`
 * carry neither. With `auth` and a token, a read sends `Authorization: Bearer <token>` (see
 * {@link TokenReader}, {@link TOKEN_PROBLEM_HEADER}). 204/205 resolve to `undefined`; 200–299
 * and 301 resolve to the parsed JSON; anything else rejects with an {@link ApiError} carrying
 * the status text (or the server's `error.message` when it sent one). Aborting rejects with the
 * platform's `AbortError`.
 *
 * @throws ApiError on any failure other than an abort.
 * @example
 * const banner = await request<ApiAnswer<BannerData>>('/api/cloud-banner', { query: { cloud } })
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = apiUrl(path, options.apiBase, options.query)
  const foreign = isForeign(url)
  const headers: Record<string, string> = { Accept: 'application/json' }
  const csrf = foreign ? undefined : readCookie(COOKIE.csrfToken)
  if (csrf) headers['X-CSRF-Token'] = csrf
  let body: string | undefined
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  const send = (token?: string) =>
    (shared<NetHook>('net', () => ({})).fetch ?? fetch)(url, {
      method: options.method ?? 'GET',
      // A console token goes in this header only, never in the URL.
      headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
      body,
      credentials: foreign ? 'omit' : 'include',
      // Signed in: never a browser copy of the anonymous answer (its stale-while-revalidate would
      // show it first); revalidating is a cheap 304 when nothing changed. With a console token:
      // neither read from nor written to the browser's cache.
      cache: token ? 'no-store' : csrf ? 'no-cache' : undefined,
      signal: options.signal,
    })
  let response: Response
  try {
    response = await (options.auth ? options.auth(send) : send())
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error
    throw new ApiError('The service could not be reached.', 0, 'Network error')
  }
  if (response.status === 204 || response.status === 205) return undefined as T
  const text = await response.text()
  if (!isAcceptedStatus(response.status)) {
    let message = response.statusText || `HTTP ${response.status}`
    let code: string | undefined
    try {
      const parsed = JSON.parse(text) as Partial<ApiErrorBody>
      if (typeof parsed?.error?.message === 'string') message = parsed.error.message
      if (typeof parsed?.error?.code === 'string') code = parsed.error.code
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ApiError(message, response.status, response.statusText || `HTTP ${response.status}`, code)
  }
  if (text === '') return undefined as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw new ApiError('The service sent an answer that could not be read.', 0, 'Malformed answer')
  }
}

/**
 * Checks the shape of an answer and returns its `data`; a wrong shape becomes an
 * {@link ApiError} (never a crash further down).
 *
 * @param answer the parsed JSON
 * @param isData a type guard for the expected `data`
 * @throws ApiError with status 0 and status text 'Malformed answer'
 */
export function dataOf<T>(answer: unknown, isData: (d: unknown) => d is T): T {
  const data = (answer as { data?: unknown } | null | undefined)?.data
  if (!isData(data)) throw new ApiError('The service sent an answer of an unexpected shape.', 0, 'Malformed answer')
  return data
}

/** Small type guards for {@link dataOf}. */
export const is = {
  object: (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v),
  string: (v: unknown): v is string => typeof v === 'string',
  number: (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v),
  array: (v: unknown): v is unknown[] => Array.isArray(v),
}
