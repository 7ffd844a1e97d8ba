/**
 * End-to-end harness: one Chromium per test run (Debian's, driven by playwright-core), one
 * server per e2e file on a free loopback port with a throw-away database, console errors
 * collected per page, screenshots into test-results/screenshots.
 */
import SQLite from 'better-sqlite3'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import type { FastifyInstance } from 'fastify'
import { SESSION_COOKIE } from '../../contract/constants'
import type { LoginData } from '../../contract/accounts'
import type { TotpEnrolment } from '../../contract/staff-identity'
import { hashPassword } from '../../server/accounts/passwords'
import { stepOf, totpCode } from '../../server/accounts/second-factor'
import { type BuildAppOptions, buildApp } from '../../server/app'
import { CHROMIUM_ARGS, chromiumPath } from './chromium'

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
export const screenshotDir = join(root, 'test-results/screenshots')

let context: Promise<BrowserContext> | undefined
let profileDir: string | undefined

/** The run's one browser (a persistent context on a fresh profile directory). */
export function browser(): Promise<BrowserContext> {
  if (!context) {
    profileDir = mkdtempSync(join(tmpdir(), 'trust-e2e-profile-'))
    context = chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath(),
      headless: true,
      args: [...CHROMIUM_ARGS],
      viewport: { width: 1280, height: 900 },
    })
  }
  return context
}

/** Closes the browser; called by the last e2e file. */
export async function closeBrowser(): Promise<void> {
  if (context) await (await context).close()
  context = undefined
  if (profileDir) rmSync(profileDir, { recursive: true, force: true })
}

/**
 * The second factor the harness set up for an account (docs/operating/staff-sign-in.md): the
 * authenticator's secret, the recovery codes not spent yet, and the last 30-second step whose
 * code it used (a code is accepted once).
 */
export interface KnownFactor {
  secret: string
  codes: string[]
  lastStep: number
}

/** A running server with its own database. */
export interface TestServer {
  url: string
  app: FastifyInstance
  dataDir: string
  /** The server's clock (its `now` option, else the real time): authenticator codes are computed at it. */
  now(): Date
  /** The second factors the harness set up on this server, by account name or mail as signed in with (lower case). */
  factors: Map<string, KnownFactor>
  close(): Promise<void>
}

/** Starts the real server on 127.0.0.1 with a throw-away data directory and the built site. */
export async function startServer(
  options: Pick<
    BuildAppOptions,
    | 'variant'
    | 'mode'
    | 'accounts'
    | 'schedulerIntervalMs'
    | 'maintenanceReminderMinutes'
    | 'publicCacheSeconds'
    // The server's clock (the seed, "now" of the status answers), for a test that needs a given time of the week.
    | 'now'
    // The webhook test mode (`WEBHOOK_ALLOW_LOOPBACK=1`): receivers on loopback, over http://.
    | 'webhookAllowLoopback'
    // The provider's OpenPGP key (`CSAF_OPENPGP_KEY_FILE`'s content): signs CSAF documents and advisory mails.
    | 'openpgpKey'
  > = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trust-e2e-data-'))
  const app = await buildApp({ dataDir, staticDir: join(root, 'dist/site'), ssrDir: join(root, 'dist/ssr'), logger: false, ...options })
  // By the time a suite closes its server its pages are closed, but Chromium may still hold a
  // preconnected socket that never sent a request: Node counts it neither idle nor timed out once
  // the server is closing, so `server.close()` would wait for it forever. Drop every connection.
  app.addHook('preClose', (done) => {
    app.server.closeAllConnections()
    done()
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    dataDir,
    now: options.now ?? (() => new Date()),
    factors: new Map(),
    async close() {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A page with its console errors and failed requests collected. */
export interface TestPage {
  page: Page
  errors: string[]
  /** The HTTP status of the document, for a page opened with {@link open}. */
  status?: number
}

/**
 * `errors` without the browser's note for an answer of 404: a missing post's API answer and the
 * 'Page not found' page itself are 404s by design.
 */
export const withoutNotFound = (errors: string[]): string[] =>
  errors.filter((e) => e !== 'console: Failed to load resource: the server responded with a status of 404 (Not Found)')

/**
 * Opens a new tab at `width` × 900 px collecting console errors, page errors and requests that
 * left the server (requests to `alsoAllowed` origins, e.g. an examples server, are expected).
 */
export async function newPage(server: Pick<TestServer, 'url'>, width = 1280, alsoAllowed: readonly string[] = []): Promise<TestPage> {
  const ctx = await browser()
  const page = await ctx.newPage()
  await page.setViewportSize({ width, height: 900 })
  // A missing element fails in seconds, not after playwright's 30 s default.
  page.setDefaultTimeout(8000)
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`)
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  page.on('request', (req) => {
    const url = req.url()
    const allowed = [server.url, ...alsoAllowed, 'data:', 'blob:']
    if (!allowed.some((prefix) => url.startsWith(prefix))) errors.push(`foreign request: ${url}`)
  })
  return { page, errors }
}

/**
 * Draws what the browser skips while off screen (`content-visibility: auto`, as the timeline's
 * rows) as it shows once scrolled to, in the document and every shadow root. Returns the undo.
 */
export async function renderSkipped(page: Page): Promise<() => Promise<void>> {
  const shown = await page.evaluateHandle(() => {
    // No named functions here: tsx would wrap them in a helper the page does not have.
    const skipped: HTMLElement[] = []
    const roots: Array<Document | ShadowRoot> = [document]
    for (let root = roots.pop(); root; root = roots.pop()) {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (getComputedStyle(el).contentVisibility === 'auto') skipped.push(el)
        if (el.shadowRoot) roots.push(el.shadowRoot)
      }
    }
    for (const el of skipped) el.style.contentVisibility = 'visible'
    return skipped
  })
  return async () => {
    await shown.evaluate((skipped) => {
      for (const el of skipped) el.style.contentVisibility = ''
    })
    await shown.dispose()
  }
}

/**
 * Saves a full-page screenshot as test-results/screenshots/{name}.png, with what the browser
 * skips off screen drawn ({@link renderSkipped}).
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true })
  const path = join(screenshotDir, `${name}.png`)
  const undo = await renderSkipped(page)
  try {
    await page.screenshot({ path, fullPage: true })
  } finally {
    await undo()
  }
  return path
}

/** Context of a {@link siteSuite}: its server and the pages it opened (closed after the suite). */
export interface SiteContext {
  server: TestServer
  pages: TestPage[]
}

/**
 * A uvu suite with its own server (throw-away database) started before its tests and closed,
 * with every page it opened, after them.
 */
export function siteSuite(name: string, options: Parameters<typeof startServer>[0] = {}) {
  const test = suite<SiteContext>(name, { server: undefined as never, pages: [] })
  test.before(async (ctx) => {
    ctx.server = await startServer(options)
  })
  test.after(async (ctx) => {
    for (const p of ctx.pages) await p.page.close()
    await ctx.server?.close()
  })
  return test
}

/** Opens `path` of the suite's server in a new tab `width` px wide. */
export async function open(ctx: SiteContext, path: string, width = 1280): Promise<TestPage> {
  const tp = await newPage(ctx.server, width)
  ctx.pages.push(tp)
  const response = await tp.page.goto(ctx.server.url + path)
  return { ...tp, status: response?.status() }
}

/** GET `path` from the suite's server without the browser; asserts 200 and returns `data`. */
export async function apiData<T>(ctx: SiteContext, path: string): Promise<T> {
  const res = await ctx.server.app.inject({ method: 'GET', url: path })
  if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${res.body.slice(0, 200)}`)
  return (JSON.parse(res.body) as { data: T }).data
}

/** Runs one read-only SQL query on the suite server's database (checks made apart from the server's code). */
export function queryDb<T = any>(ctx: SiteContext, sql: string, ...params: unknown[]): T[] {
  const db = new SQLite(join(ctx.server.dataDir, 'trust.sqlite'), { readonly: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** The axe-core rule tags every scan runs: WCAG 2.0 A/AA, 2.1 A/AA and 2.2 AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const

/**
 * Runs axe-core ({@link AXE_TAGS}: WCAG 2.0, 2.1 and 2.2 A/AA rules) on the page, or on the elements matching `selector`, open
 * shadow roots included, and returns one line per violating node: `rule-id: target — summary`.
 * The status timeline's bars are left out of the target-size rule alone (their width is their
 * duration; decision 0091). axe is injected through the DevTools protocol, so the site's Content-Security-Policy stays on.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  await page.evaluate(axeSource)
  return page.evaluate(
    async ([sel, tags]) => {
      const axe = (globalThis as unknown as { axe: any }).axe
      const result = await axe.run(sel ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        elementRef: true,
      })
      // A status timeline bar is as wide as its issue lasted: its size is the information
      // (WCAG 2.5.8's "essential" exception, docs/decisions/0091-timeline-bars-and-target-size.md).
      // No named function here: the test runner's transpiler would wrap it in a helper the page lacks.
      return result.violations.flatMap((v: any) =>
        v.nodes
          .filter((n: any) => !(v.id === 'target-size' && n.element?.hasAttribute?.('data-issue-id')))
          .map((n: any) => `${v.id}: ${JSON.stringify(n.target)} — ${n.failureSummary?.split('\n').slice(0, 2).join(' ')}`),
      )
    },
    [selector, [...AXE_TAGS]] as const,
  )
}

/** The session headers of an API call: the session cookie and `x-csrf-token`. */
export type SessionHeaders = { cookie: string; 'x-csrf-token': string }

/**
 * Signs `name` in through the suite server's API, without a browser, and returns the headers a
 * signed-in API call needs. A privileged account of a production server passes its second factor
 * the way a person would (docs/operating/staff-sign-in.md): at its first sign-in on the server it
 * sets up an authenticator app (the code computed at the server's clock, the secret and recovery
 * codes kept in `server.factors`); later sessions prove it with a kept recovery code.
 */
export async function apiSignIn(ctx: SiteContext, name: string, pass: string): Promise<SessionHeaders> {
  const app = ctx.server.app
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { name, pass } })
  if (login.statusCode !== 200) throw new Error(`sign-in of ${name}: ${login.statusCode} ${login.body.slice(0, 200)}`)
  const data = (JSON.parse(login.body) as { data: LoginData }).data
  const headers = {
    cookie: `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`,
    'x-csrf-token': data.csrf_token,
  }
  const call = async <T>(url: string, payload: unknown): Promise<T> => {
    const res = await app.inject({ method: 'POST', url, headers, payload: payload as object })
    if (res.statusCode !== 200) throw new Error(`${url} for ${name}: ${res.statusCode} ${res.body.slice(0, 200)}`)
    return (JSON.parse(res.body) as { data: T }).data
  }
  if (data.second_factor === 'enrol') {
    const { secret } = await call<TotpEnrolment>('/api/user/totp/enrol', {})
    const at = ctx.server.now().getTime()
    const { codes } = await call<{ codes: string[] }>('/api/user/totp/confirm', { code: totpCode(secret, at) })
    ctx.server.factors.set(name.toLowerCase(), { secret, codes, lastStep: stepOf(at) })
  } else if (data.second_factor === 'verify') {
    const [method, code] = nextProof(ctx, name)
    await call('/api/user/second-factor', { method, code })
  }
  return headers
}

/**
 * The next proof of `name`'s second factor the harness holds: a kept recovery code (each works
 * once), else the authenticator code of the server's current 30-second step, or of the next one
 * (accepted for clock skew) when the current one was used.
 * @throws when the harness set up no factor for the account, or used up both
 */
export function nextProof(ctx: SiteContext, name: string): ['recovery' | 'totp', string] {
  const factor = ctx.server.factors.get(name.toLowerCase())
  if (!factor) throw new Error(`${name} owes a second factor the harness did not set up on this server`)
  const code = factor.codes.shift()
  if (code) return ['recovery', code]
  const at = ctx.server.now().getTime()
  const step = Math.max(stepOf(at), factor.lastStep + 1)
  if (step > stepOf(at) + 1) throw new Error(`${name}: no recovery code left and this step's authenticator codes are used`)
  factor.lastStep = step
  return ['totp', totpCode(factor.secret, step * 30_000)]
}

/**
 * Signs the demo administrator in through the suite server's API, without a browser, and returns
 * the headers an admin API call needs: the session cookie and `x-csrf-token` ({@link apiSignIn}).
 */
export function adminHeaders(ctx: SiteContext): Promise<SessionHeaders> {
  return apiSignIn(ctx, 'admin', 'Admin12345')
}

/**
 * Adds a verified account straight into the suite server's database: `roles` (docs/requirements/roles.md role
 * names) and, with `subscribeTo` (a cloud's machine name), an `all` subscription on that cloud.
 */
export async function addAccount(ctx: SiteContext, mail: string, password: string, roles: string[], subscribeTo?: string): Promise<void> {
  const db = new SQLite(join(ctx.server.dataDir, 'trust.sqlite'))
  try {
    const uid = db
      .prepare("insert into users (name, mail, pass_hash, verified, timezone, created) values (?, ?, ?, 1, 'UTC', 0)")
      .run(mail, mail, await hashPassword(password)).lastInsertRowid
    for (const role of roles) db.prepare('insert into user_roles (uid, role) values (?, ?)').run(uid, role)
    if (subscribeTo) {
      db.prepare(
        "insert into subscriptions (uid, cloud_id, target, created) select ?, id, 'all', 0 from clouds where machine_name = ?",
      ).run(uid, subscribeTo)
    }
  } finally {
    db.close()
  }
}

/**
 * Signs in on /sign-in with `destination` in a new tab `width` px wide and waits for it. Clears
 * the shared browser context's cookies first (no session of an earlier suite's server). A second
 * factor is passed as a person would ({@link passSecondFactor}).
 */
export async function signInTo(ctx: SiteContext, name: string, pass: string, destination: string, width = 1280): Promise<TestPage> {
  await (await browser()).clearCookies()
  const tp = await open(ctx, `/sign-in?destination=${encodeURIComponent(destination)}`, width)
  await tp.page.getByLabel('Email or Username').fill(name)
  await tp.page.getByLabel('Password', { exact: true }).fill(pass)
  await tp.page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await passSecondFactor(ctx, tp.page, name, destination)
  return tp
}

/**
 * After "Sign In" was pressed for `name` on `page`: waits for the page to reach `destination`
 * (a path), passing the second factor on the way (docs/operating/staff-sign-in.md) — the sign-in
 * page's "Confirm it's you" with a kept recovery code or authenticator code ({@link nextProof}),
 * and, when the destination is the console and the account has none yet, its gate's "Set up a
 * second factor": the authenticator app with the key the page shows and the code of the server's
 * clock, then the recovery codes, kept for later sign-ins.
 */
export async function passSecondFactor(ctx: SiteContext, page: Page, name: string, destination: string): Promise<void> {
  const arrived = (u: URL) => u.pathname === destination.split(/[?#]/)[0]
  const asked = page.locator('#sign-in-code')
  const first = await Promise.race([
    page.waitForURL(arrived, { timeout: 15_000 }).then(() => 'arrived' as const),
    asked.waitFor({ timeout: 15_000 }).then(() => 'asked' as const),
  ])
  if (first === 'asked') {
    const [method, code] = nextProof(ctx, name)
    if (method === 'recovery') await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await page.getByLabel(method === 'recovery' ? 'Recovery code' : 'Authenticator code', { exact: true }).fill(code)
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await page.waitForURL(arrived)
  }
  if (!destination.startsWith('/admin')) return
  const opened = page.getByTestId('admin-console')
  const gate = page.getByTestId('second-factor-enrol')
  const forbidden = page.getByTestId('admin-forbidden')
  const shown = await Promise.race([
    opened.waitFor().then(() => 'console' as const),
    gate.waitFor().then(() => 'enrol' as const),
    forbidden.waitFor().then(() => 'forbidden' as const),
  ])
  if (shown !== 'enrol') return
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  const secret = await page.getByTestId('totp-secret').getAttribute('data-secret')
  if (!secret) throw new Error('the enrolment shows no key')
  const at = ctx.server.now().getTime()
  await gate.getByLabel('Authenticator code', { exact: true }).fill(totpCode(secret, at))
  await page.getByRole('button', { name: 'Turn on', exact: true }).click()
  const list = page.getByTestId('recovery-code-list')
  await list.waitFor()
  const codes = (await list.locator('li').allTextContents()).map((c) => c.trim())
  ctx.server.factors.set(name.toLowerCase(), { secret, codes, lastStep: stepOf(at) })
  await page.getByLabel('I have saved my recovery codes').check()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await opened.waitFor()
}

/** Waits until no `role="status"` element of the page says it is loading (`Loading…`). */
export async function loaded(page: Page, timeout = 8000): Promise<void> {
  await page.waitForFunction(
    () => ![...document.querySelectorAll('[role="status"]')].some((e) => /^Loading/.test(e.textContent ?? '')),
    undefined,
    { timeout },
  )
}

/**
 * Polls `read` until `ok` holds for its value, then returns that value; fails naming `what` (and
 * the last value seen) after `ms`. For conditions outside the page — an API answer, a mail, a
 * receiver's log; inside the page, wait on a locator or `page.waitForFunction`.
 */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms
  let value = await read()
  while (!ok(value)) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}: last seen ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 100))
    value = await read()
  }
  return value
}

/**
 * Waits until the page has settled: nothing says `Loading…`, the web fonts are in, and the DOM
 * (open shadow roots included) went two animation frames without a change — what loads after the
 * main content (a calendar's days, a week's rows, a late layout pass) is drawn. A condition on the
 * page, not a fixed time: on a busy machine it simply takes longer.
 */
export async function settled(page: Page, timeout = 15_000): Promise<void> {
  await loaded(page, timeout)
  // Plain JavaScript source: the test runner's transpiler would wrap named functions in a helper
  // the page does not have.
  await page.evaluate(`new Promise((resolve, reject) => {
    let changed = true
    const seen = new MutationObserver(() => { changed = true })
    const options = { subtree: true, childList: true, attributes: true, characterData: true }
    seen.observe(document, options)
    for (const el of document.querySelectorAll('*')) if (el.shadowRoot) seen.observe(el.shadowRoot, options)
    const stop = setTimeout(() => { seen.disconnect(); reject(new Error('the page kept changing')) }, ${timeout})
    let quiet = 0
    const frame = () => {
      quiet = changed ? 0 : quiet + 1
      changed = false
      if (quiet < 2) return requestAnimationFrame(frame)
      clearTimeout(stop)
      seen.disconnect()
      resolve()
    }
    document.fonts.ready.then(() => requestAnimationFrame(frame))
  })`)
}

/**
 * Turns the browser's HTTP cache off for `page`, so every load is a first visit. Needed before
 * `waitForLoadState('networkidle')`: Chromium applies `stale-while-revalidate` to answers it
 * holds, and DevTools never reports those background revalidations finished.
 */
export async function withoutBrowserCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
}
