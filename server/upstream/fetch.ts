/**
 * Reading another Statuspage-v2-compatible page (docs/operating/console-and-desk.md#third-party-components): the address of
 * its summary from the base URL an operator pastes, one conditional GET of
 * `${base}/api/v2/summary.json` under the webhooks' SSRF policy (`server/webhooks/ssrf.ts`), and
 * the validation of the answer. Every failure comes back as a sentence saying what is wrong and
 * what to do; nothing here throws for anything the upstream does.
 */
import http from 'node:http'
import https from 'node:https'
import Type, { type Static } from 'typebox'
import Value from 'typebox/value'
import { COMPONENT_STATUSES, type ComponentStatus } from '../../contract/statuspage.js'
import { type CheckedUrl, checkWebhookUrl, pinnedLookup, WebhookUrlError, type WebhookUrlPolicy } from '../webhooks/ssrf.js'

/** Time a poll may take, connection and whole answer included, ms. */
export const UPSTREAM_TIMEOUT_MS = 10_000
/** The largest summary read, bytes (2 MB; the summaries of large public pages are 20–500 KB). */
export const UPSTREAM_MAX_BYTES = 2 * 1024 * 1024
/** The `User-Agent` of polls. */
export const UPSTREAM_USER_AGENT = 'trust-site-third-party/1'

/** Why a base URL is refused, in words. */
export class UpstreamUrlError extends Error {
  override name = 'UpstreamUrlError'
}

/**
 * The base URL of a page from what an operator pasted: `https://status.example.com`,
 * `https://status.example.com/` or `https://status.example.com/api/v2/summary.json` (any
 * `/api/v2/….json` document) all give `https://status.example.com`. Query and fragment are
 * dropped; a path below the host is kept (pages served under a path).
 *
 * @throws UpstreamUrlError when it is not an absolute http(s) URL allowed by `policy` (https only
 *   in production; no user name or password).
 */
export function normalizeBaseUrl(raw: string, policy: WebhookUrlPolicy): string {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new UpstreamUrlError('Enter the address of a status page, such as https://status.example.com.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UpstreamUrlError('Enter the address of a status page, such as https://status.example.com.')
  }
  if (url.protocol === 'http:' && policy.httpsOnly && !policy.allowLoopback) {
    throw new UpstreamUrlError('The status page address must start with https://.')
  }
  if (url.username || url.password) throw new UpstreamUrlError('A status page address may not contain a user name or password.')
  const path = url.pathname.replace(/\/api\/v2(\/[\w./-]*\.json)?\/?$/i, '').replace(/\/+$/, '')
  return `${url.protocol}//${url.host}${path}`
}

/** The summary document of a base URL. */
export const summaryUrl = (base: string) => `${base}/api/v2/summary.json`

/** The part of a Statuspage v2 summary this site reads; other fields are ignored. */
const UpstreamComponent = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200 }),
  name: Type.String({ maxLength: 500 }),
  status: Type.String(),
  group: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  group_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  position: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  updated_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})
const UpstreamSummary = Type.Object({
  page: Type.Optional(Type.Object({ name: Type.Optional(Type.String()) })),
  components: Type.Array(UpstreamComponent, { maxItems: 5000 }),
})
type UpstreamSummary = Static<typeof UpstreamSummary>

/** One component of an upstream page as stored (`upstream_components`). */
export interface FetchedComponent {
  upstreamId: string
  name: string
  status: ComponentStatus
  /** The name of its upstream group, or null. */
  groupName: string | null
  /** Its place in the upstream page (1, 2, …), groups' members after their group's place. */
  position: number
  /** The upstream's `updated_at`, epoch ms, or null when absent or not a date. */
  updatedAt: number | null
}

/** The outcome of one poll. */
export type PollOutcome =
  | { kind: 'fresh'; pageName: string | null; components: FetchedComponent[]; etag: string | null; lastModified: string | null }
  | { kind: 'not_modified' }
  | { kind: 'failed'; error: string }

/** Words for a path of the summary (`/components/3/status` → `component 4's status`). */
function where(path: string): string {
  const parts = path.split('/').filter(Boolean)
  if (parts[0] === 'components' && parts[1] !== undefined) {
    const n = Number(parts[1]) + 1
    return parts[2] ? `component ${n}'s "${parts[2]}"` : `component ${n}`
  }
  return parts.length ? `"${parts.join('.')}"` : 'the document'
}

const NOT_A_SUMMARY =
  'check that the address is the base URL of a Statuspage-compatible status page (its /api/v2/summary.json must answer).'

/**
 * Validates a summary's text and turns its components into {@link FetchedComponent}s (groups are
 * not components of their own: their members carry the group's name).
 * @returns the components and the page's name, or a failure in words.
 */
export function parseSummary(text: string): Extract<PollOutcome, { kind: 'fresh' }> | Extract<PollOutcome, { kind: 'failed' }> {
  const trimmed = text.trimStart()
  if (trimmed.startsWith('<')) {
    return { kind: 'failed', error: `The address answered with an HTML page, not a Statuspage summary: ${NOT_A_SUMMARY}` }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'failed', error: `The answer is not valid JSON: ${NOT_A_SUMMARY}` }
  }
  if (!Value.Check(UpstreamSummary, value)) {
    const first = [...Value.Errors(UpstreamSummary, value)][0]
    const path = first?.instancePath ?? ''
    const what =
      path === '' && typeof value === 'object' && value !== null && !('components' in value)
        ? 'it has no "components" list'
        : `${where(path)} ${first?.message ?? 'is not valid'}`
    return { kind: 'failed', error: `The answer is not a Statuspage summary (${what}): ${NOT_A_SUMMARY}` }
  }
  const summary = value as UpstreamSummary
  const unknown = summary.components.find((c) => !(COMPONENT_STATUSES as readonly string[]).includes(c.status))
  if (unknown) {
    return {
      kind: 'failed',
      error: `The component "${unknown.name}" has the status "${unknown.status.slice(0, 40)}", which is not one of Statuspage's (${COMPONENT_STATUSES.join(', ')}): the page is not Statuspage-compatible.`,
    }
  }
  const ordered = summary.components.map((c, i) => ({ c, i })).sort((a, b) => (a.c.position ?? a.i) - (b.c.position ?? b.i) || a.i - b.i)
  const groups = new Map(ordered.filter(({ c }) => c.group === true).map(({ c }) => [c.id, c.name]))
  const rank = new Map(ordered.map(({ c }, i) => [c.id, i]))
  const members = ordered
    .filter(({ c }) => c.group !== true)
    .map(({ c }) => c)
    // Members follow their group's place, in their own order.
    .sort(
      (a, b) => (rank.get(a.group_id ?? a.id) ?? 0) - (rank.get(b.group_id ?? b.id) ?? 0) || (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0),
    )
  const components = members.map((c, i): FetchedComponent => {
    const updated = c.updated_at ? Date.parse(c.updated_at) : Number.NaN
    return {
      upstreamId: c.id,
      name: c.name,
      status: c.status as ComponentStatus,
      groupName: c.group_id ? (groups.get(c.group_id) ?? null) : null,
      position: i + 1,
      updatedAt: Number.isFinite(updated) ? updated : null,
    }
  })
  return { kind: 'fresh', pageName: summary.page?.name ?? null, components, etag: null, lastModified: null }
}

/** Text of a network error. */
function networkError(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; code?: string; message?: string }
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || e?.code === 'ABORT_ERR') {
    return `The page did not answer within ${timeoutMs / 1000} s.`
  }
  const known: Record<string, string> = {
    ECONNREFUSED: 'The connection to the page was refused: the page is down or the address is wrong.',
    ECONNRESET: 'The connection to the page was reset before it answered.',
    ETIMEDOUT: 'The connection to the page timed out.',
    EHOSTUNREACH: 'The page’s host is unreachable.',
    ENETUNREACH: 'The network of the page’s host is unreachable.',
  }
  if (e?.code && known[e.code]) return known[e.code]
  if (e?.code?.startsWith('ERR_TLS') || e?.code?.includes('CERT')) return `The page’s TLS certificate was refused: ${e.message ?? e.code}.`
  return `The page could not be read: ${(e?.message ?? String(error)).slice(0, 200)}`
}

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

/** Too large: the answer is cut and refused. */
class TooLarge extends Error {}

/** GETs the checked URL over a connection to the checked address; reads at most `maxBytes`. */
function getFrom(target: CheckedUrl, headers: Record<string, string>, timeoutMs: number, maxBytes: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = target.url.protocol === 'https:' ? https : http
    const req = client.request(
      target.url,
      {
        method: 'GET',
        headers,
        lookup: pinnedLookup(target.address),
        // A fresh connection each time: a pooled one might lead to an address checked for another URL.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const declared = Number(res.headers['content-length'] ?? Number.NaN)
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.destroy()
          reject(new TooLarge())
          return
        }
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxBytes) {
            res.destroy()
            reject(new TooLarge())
            return
          }
          chunks.push(chunk)
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** What {@link pollSummary} sends back: the validators of the last good answer. */
export interface Validators {
  etag: string | null
  lastModified: string | null
}

/**
 * One poll of `${base}/api/v2/summary.json`: checks the address against `policy` (again at every
 * poll: DNS answers change), sends `If-None-Match` / `If-Modified-Since` when `validators` has
 * them, follows no redirect, reads at most {@link UPSTREAM_MAX_BYTES} within `timeoutMs`.
 * A 304 is `not_modified`; a 200 whose body is a valid summary is `fresh` with the answer's
 * `ETag` / `Last-Modified`; anything else is `failed` with a sentence. Never throws.
 */
export async function pollSummary(
  base: string,
  validators: Validators,
  policy: WebhookUrlPolicy,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
  maxBytes = UPSTREAM_MAX_BYTES,
): Promise<PollOutcome> {
  let target: CheckedUrl
  try {
    target = await checkWebhookUrl(summaryUrl(base), policy)
  } catch (error) {
    const message =
      error instanceof WebhookUrlError ? error.message.replace('webhooks may only', 'third-party pages may only') : String(error)
    return { kind: 'failed', error: `The address is refused: ${message}` }
  }
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': UPSTREAM_USER_AGENT }
  if (validators.etag) headers['if-none-match'] = validators.etag
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified
  let answer: Answer
  try {
    answer = await getFrom(target, headers, timeoutMs, maxBytes)
  } catch (error) {
    if (error instanceof TooLarge) {
      return {
        kind: 'failed',
        error: `The answer is larger than ${maxBytes / 1024 / 1024} MB, too large for a status summary: ${NOT_A_SUMMARY}`,
      }
    }
    return { kind: 'failed', error: networkError(error, timeoutMs) }
  }
  if (answer.status === 304) return { kind: 'not_modified' }
  if (answer.status >= 300 && answer.status < 400) {
    const location = String(answer.headers.location ?? '').slice(0, 300)
    return {
      kind: 'failed',
      error: `The page redirects (HTTP ${answer.status})${location ? ` to ${location}` : ''}; redirects are not followed: enter the address it leads to.`,
    }
  }
  if (answer.status === 404) return { kind: 'failed', error: `The page answered 404 Not Found for /api/v2/summary.json: ${NOT_A_SUMMARY}` }
  if (answer.status !== 200)
    return { kind: 'failed', error: `The page answered HTTP ${answer.status} instead of its summary; it will be asked again later.` }
  const parsed = parseSummary(answer.text)
  if (parsed.kind === 'failed') return parsed
  const header = (name: string) => {
    const v = answer.headers[name]
    return typeof v === 'string' && v.length <= 500 ? v : null
  }
  return { ...parsed, etag: header('etag'), lastModified: header('last-modified') }
}
