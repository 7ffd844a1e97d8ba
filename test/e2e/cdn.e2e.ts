/**
 * A real CDN in front of the real server (docs/operating/cdn.md): Debian's nginx running the README's reference
 * configuration (examples/cdn/nginx.conf, see ./nginx.ts) before one origin. Chromium loads the
 * site and the drop-ins of examples/ through nginx only (a request straight to the origin fails
 * the page's checks); a signed-in administrator's answers bypass the cache and never reach an
 * anonymous visitor; then the origin is stopped and the pages, the status timeline and the
 * drop-ins keep answering from nginx's stale copies, showing what they showed before. A console
 * token's answer (docs/operating/console-tokens.md: a tenant's private data centers) bypasses the
 * cache and never reaches an anonymous request, before and after the origin stopped.
 *
 * The origin runs with `publicCacheSeconds` = 2 (s-maxage and stale-while-revalidate), so its
 * answers go stale within seconds. Without nginx installed the file prints one line and skips.
 */
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { Locator, Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { INTERNAL_FIELDS } from '../../contract/constants'
import { type ExamplesServer, startExamplesServer } from '../../examples/serve'
import {
  browser,
  eventually,
  loaded,
  newPage,
  queryDb,
  root,
  type SiteContext,
  screenshot,
  startServer,
  type TestPage,
  type TestServer,
} from './harness'
import { consoleKey, writeTenantSetup } from './console-token'
import { findNginx, type NginxServer, nginxMissingLine, REFERENCE_CONFIG, startNginx } from './nginx'

/** s-maxage and stale-while-revalidate of the origin's public answers, seconds. */
const S = 2
/** The demo administrator (development mode): a privileged viewer who sees internal-use fields. */
const ADMIN = { name: 'admin', pass: 'Admin12345' }
/** The front end's degraded-mode notice (docs/operating/cdn.md). */
const NOTICE = /Live updates are unavailable; showing status as of \d{1,2}:\d{2}/
/** The customer group whose console token sees private data centers, and their audience. */
const TENANT = { group: 'acme', audience: 'https://trust.cdn-test.example' }
/** A timeline answer whose tenant copy holds the private data centers. */
const TENANT_TIMELINE = '/api/cloud-status?cloud=auroraedge&requestType=public'
/** What a browser accepts; nginx keys its copies on the encoding it implies (br), so these requests share the browser's copies. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' }

/** One answer the browser received through nginx. */
interface Answer {
  method: string
  path: string
  status: number
  cache: string | undefined
  cacheControl: string
  vary: string
  allowOrigin: string | undefined
  lastModified: string | undefined
}

/** A page opened through the CDN with every answer it received from nginx. */
interface CdnPage extends TestPage {
  answers: Answer[]
}

/** What a visitor saw on each page before the origin stopped, compared after. */
interface Seen {
  homeBanner: string
  homeGauges: string[]
  statusWeek: string
  statusRows: string[]
  partnerGauges: string[]
  consoleRows: string[]
  incidents: string[]
}

interface CdnContext {
  origin: TestServer
  nginx: NginxServer
  examples: ExamplesServer
  /** The harness's view of the site: its URL is nginx's, its data directory the origin's. */
  site: SiteContext
  originStopped: boolean
  /** When the origin stopped, ms since the epoch. */
  originStoppedAt: number
  seen: Partial<Seen>
  /** A valid console token of {@link TENANT} and the data centers private to it. */
  tenant: { token: string; privateNames: string[] }
}

const reference = suite('docs/operating/cdn.md shows the reference CDN configuration')
reference('"Deployment behind a CDN" holds examples/cdn/nginx.conf as it is (without its heading comment)', () => {
  const section = readFileSync(join(root, 'docs/operating/cdn.md'), 'utf8')
  const shown = /\n```nginx\n([\s\S]*?)\n```\n/.exec(section)?.[1]
  const file = readFileSync(REFERENCE_CONFIG, 'utf8')
  assert.ok(shown, 'an nginx block in the section')
  assert.fixture(shown, file.slice(file.indexOf('\nuser ') + 1).trimEnd())
})
reference.run()

const nginxBinary = findNginx()
if (!nginxBinary) console.log(nginxMissingLine('test/e2e/cdn.e2e.ts (the site behind nginx)'))
else defineSuite()

function defineSuite() {
  const cdn = suite<CdnContext>('the site behind a CDN (nginx, examples/cdn/nginx.conf)', {
    origin: undefined as never,
    nginx: undefined as never,
    examples: undefined as never,
    site: undefined as never,
    originStopped: false,
    originStoppedAt: 0,
    seen: {},
    tenant: { token: '', privateNames: [] },
  })

  cdn.before(async (ctx) => {
    try {
      // `publicCacheSeconds` is the origin's s-maxage / stale-while-revalidate (PUBLIC_CACHE_SECONDS);
      // startServer hands its options to buildApp (the cast until its option list names it).
      ctx.origin = await startServer({ publicCacheSeconds: S } as Parameters<typeof startServer>[0])
      // Two of the demo's data centers become private to a tenant, whose console signs tokens.
      const key = await consoleKey()
      const privateNames = writeTenantSetup(ctx.origin.dataDir, {
        ...TENANT,
        publicPem: key.publicPem,
        cloud: 'auroraedge',
        dataCenters: 2,
      })
      ctx.tenant = { token: await key.mint([TENANT.group], TENANT.audience, { exp: 900 }), privateNames }
      ctx.nginx = await startNginx({ upstream: new URL(ctx.origin.url).host, binary: nginxBinary })
      ctx.examples = await startExamplesServer({ siteOrigin: ctx.nginx.url })
      ctx.site = { server: { ...ctx.origin, url: ctx.nginx.url }, pages: [] }
    } catch (err) {
      console.error(err) // uvu reports a failed hook without its reason
      throw err
    }
  })

  // Each test's tabs close when it ends (a phase opens five or six).
  cdn.after.each(async (ctx) => {
    for (const p of ctx.site.pages) await p.page.close()
    ctx.site.pages.length = 0
  })

  cdn.after(async (ctx) => {
    await (await browser()).clearCookies() // the next file starts without this file's chosen cloud
    await ctx.examples?.close()
    await ctx.nginx?.stop()
    if (ctx.originStopped) rmSync(ctx.origin.dataDir, { recursive: true, force: true })
    else await ctx.origin?.close()
  })

  cdn('through nginx: the pages and the drop-ins load, their API answers are public and come back from the cache', async (ctx) => {
    const pages = await visitAll(ctx, 'warm')
    const answers = pages.flatMap((p) => p.answers)
    assert.ok(answers.length > 20, `answers through nginx: ${answers.length}`)
    for (const a of answers) assert.is(a.status, 200, `${a.path}: ${a.status}`)
    // Every API answer an anonymous visitor gets is shareable, with the rules a CDN needs.
    const api = answers.filter((a) => a.path.startsWith('/api/'))
    assert.ok(api.length >= 8, `API answers: ${api.map((a) => a.path).join(', ')}`)
    for (const a of api) {
      assert.match(a.cacheControl, /^public\b/, `${a.path}: ${a.cacheControl}`)
      assert.match(a.cacheControl, new RegExp(`\\bs-maxage=${S}\\b`), `${a.path}: ${a.cacheControl}`)
      assert.match(a.cacheControl, /\bstale-if-error=86400\b/, `${a.path}: ${a.cacheControl}`)
      assert.not.match(a.vary, /cookie/i, `${a.path}: Vary ${a.vary}`)
      assert.is(a.allowOrigin, '*', `${a.path}: Access-Control-Allow-Origin`)
      assert.ok(a.lastModified, `${a.path}: Last-Modified`)
    }
    // The shell's HTML is shared too (the browser revalidates, the CDN keeps it s-maxage).
    const html = answers.filter((a) => a.path === '/auroraedge.net' || a.path === '/auroraedge.net/cloud-status')
    assert.ok(html.length >= 2)
    for (const a of html) assert.match(a.cacheControl, /^public, max-age=0\b.*\bs-maxage=/, `${a.path}: ${a.cacheControl}`)
    for (const a of answers.filter((x) => x.path.startsWith('/widgets/')))
      assert.match(a.cacheControl, /\bstale-if-error=86400\b/, `${a.path}: ${a.cacheControl}`)

    // Second loads find every answer in nginx's cache: HIT, or an expired copy (s-maxage is 2 s)
    // served while it refreshes (STALE, UPDATING) or refreshed first (REVALIDATED by a 304, EXPIRED).
    const again = await visitAll(ctx, 'again')
    for (const a of again.flatMap((p) => p.answers)) {
      assert.is(a.status, 200, `${a.path}: ${a.status}`)
      assert.ok(['HIT', 'STALE', 'UPDATING', 'REVALIDATED', 'EXPIRED'].includes(a.cache ?? ''), `second load of ${a.path}: ${a.cache}`)
    }
    const hits = again.flatMap((p) => p.answers).filter((a) => a.cache === 'HIT')
    assert.ok(hits.some((a) => a.path.startsWith('/widgets/')) && hits.some((a) => a.path.startsWith('/assets/')), 'scripts are HITs')
    // And within s-maxage an answer is a plain HIT (after a STALE one, once the background refresh is in).
    for (const path of [...new Set(api.map((a) => a.path))]) {
      const { seen } = await askUntilHit(ctx.nginx.url + path, BROWSER_ENCODINGS)
      assert.is(seen.at(-1), 'HIT', `${path}: ${seen.join(', ')}`)
      assert.not.ok(seen.includes('MISS'), `${path} was not in the cache: ${seen.join(', ')}`)
    }
    for (const p of [...pages, ...again]) assert.equal(p.errors, [], `${p.page.url()}: console errors or requests past nginx`)
  })

  cdn("a privileged viewer's answer bypasses the cache and never reaches an anonymous visitor", async (ctx) => {
    const secrets = internalValues(ctx.site)
    assert.ok(secrets.length > 100, `internal values seeded: ${secrets.length}`)
    const admin = await signInThroughCdn(ctx)
    await admin.page.getByTestId('internal-block').first().waitFor()
    const list = admin.answers.find((a) => a.path.startsWith('/api/incident?'))
    assert.ok(list, `the list's answer: ${admin.answers.map((a) => a.path).join(', ')}`)
    assert.is(list.cache, 'BYPASS')
    assert.match(list.cacheControl, /^private, no-store$/)
    assert.is(list.allowOrigin, undefined)
    // Every API read with the session cookie bypassed the cache, pages and scripts did not (they
    // are the same for everyone); writes never use it at all.
    for (const a of admin.answers) {
      if (a.method !== 'GET') assert.is(a.cache, undefined, `signed in: ${a.method} ${a.path}`)
      else if (a.path.startsWith('/api/')) assert.is(a.cache, 'BYPASS', `signed in: GET ${a.path}`)
      else assert.is.not(a.cache, 'BYPASS', `signed in: GET ${a.path}`)
    }
    const cookie = (await admin.page.context().cookies(ctx.nginx.url)).find((c) => c.name === 'trust_session')
    assert.ok(cookie, 'session cookie')
    const url = ctx.nginx.url + list.path
    // nginx stored nothing under that URL.
    assert.not.ok(
      cachedKeys(ctx.nginx).some((key) => key.split(' ')[0].endsWith(list.path)),
      `${list.path} is in the cache`,
    )

    // The same URL without the cookie: the public answer, fetched from the origin (not a stored privileged copy).
    const anonymous = await fetch(url, { headers: BROWSER_ENCODINGS })
    const body = await anonymous.text()
    assert.is(anonymous.status, 200)
    assert.is(anonymous.headers.get('x-cache-status'), 'MISS')
    assert.match(anonymous.headers.get('cache-control') ?? '', /^public\b/)
    assert.is(anonymous.headers.get('access-control-allow-origin'), '*')
    for (const field of INTERNAL_FIELDS) assert.not.ok(body.includes(`"${field}"`), `anonymous answer carries ${field}`)
    assert.is(
      secrets.find((s) => body.includes(s)),
      undefined,
      'anonymous answer carries an internal value',
    )
    assert.is((await fetch(url, { headers: BROWSER_ENCODINGS })).headers.get('x-cache-status'), 'HIT')
    // With the cookie again: still the origin's private answer, not the public copy now stored.
    const privileged = await fetch(url, { headers: { ...BROWSER_ENCODINGS, cookie: `trust_session=${cookie.value}` } })
    const privilegedBody = await privileged.text()
    assert.is(privileged.headers.get('x-cache-status'), 'BYPASS')
    assert.ok(
      INTERNAL_FIELDS.some((field) => privilegedBody.includes(`"${field}"`)),
      'the administrator still gets internal fields',
    )

    // A visitor without a session, in the browser: the public list from nginx's copy, no internal block.
    await (await browser()).clearCookies()
    const visitor = await openThroughCdn(ctx, '/auroraedge.net/incidents')
    await records(visitor.page)
    ctx.seen.incidents = await visitor.page.getByTestId('record-link').allInnerTexts()
    assert.is(await visitor.page.getByTestId('internal-block').count(), 0)
    const visitorList = visitor.answers.find((a) => a.path === list.path)
    assert.ok(visitorList, `the visitor asked for ${list.path}`)
    assert.ok(['HIT', 'STALE', 'UPDATING', 'REVALIDATED', 'EXPIRED'].includes(visitorList.cache ?? ''), `visitor: ${visitorList.cache}`)
    assert.equal(visitor.errors, [])

    // No copy nginx holds carries an internal-use value (nor an API answer such a field); writes were never cached.
    const bodies = cachedBodies(ctx.nginx)
    assert.ok(bodies.filter((b) => b.key.includes('/api/')).length >= 6, `cached answers: ${bodies.map((b) => b.key).join(', ')}`)
    for (const { key, body: cached } of bodies) {
      if (key.includes('/api/'))
        for (const field of INTERNAL_FIELDS) assert.not.ok(cached.includes(`"${field}"`), `${key} carries ${field}`)
      assert.is(
        secrets.find((s) => cached.includes(s)),
        undefined,
        `${key} carries an internal value`,
      )
    }
    const writes = ctx.nginx
      .accessLog()
      .split('\n')
      .filter((line) => /"(POST|PUT|PATCH|DELETE) /.test(line))
    assert.ok(writes.length >= 1, 'the sign-in went through nginx')
    for (const line of writes) assert.match(line, / cache=- /, line)
    await (await browser()).clearCookies()
  })

  cdn('pages are kept once per theme (the trust_theme cookie); API answers once for every theme', async (ctx) => {
    const path = '/auroraedge.net/faq'
    const untilHit = (url: string, cookie?: string) =>
      askUntilHit(url, { ...BROWSER_ENCODINGS, accept: 'text/html', ...(cookie && { cookie }) })
    const dark = await untilHit(ctx.nginx.url + path, 'trust_theme=dark')
    assert.is(dark.seen.at(-1), 'HIT', dark.seen.join(', '))
    assert.ok(dark.body.includes('<html lang="en" data-theme="dark" style="color-scheme:dark">'))
    // A visitor without the cookie, and one choosing the system theme: the kept light page, never the dark one.
    for (const cookie of [undefined, 'trust_theme=system', 'machineName=auroraedge']) {
      const plain = await untilHit(ctx.nginx.url + path, cookie)
      assert.is(plain.seen.at(-1), 'HIT', `${cookie}: ${plain.seen.join(', ')}`)
      assert.ok(plain.body.includes('<html lang="en">'), `${cookie}: ${plain.body.slice(0, 120)}`)
      assert.not.ok(plain.body.includes('data-theme='), String(cookie))
    }
    const light = await untilHit(ctx.nginx.url + path, 'machineName=auroraedge; trust_theme=light')
    assert.ok(light.body.includes('data-theme="light"'))
    assert.ok((await untilHit(ctx.nginx.url + path, 'trust_theme=dark')).body.includes('data-theme="dark"'))
    // A cookie written otherwise: the origin's page is private, so nginx keeps no copy of it.
    const odd = await fetch(ctx.nginx.url + path, { headers: { ...BROWSER_ENCODINGS, accept: 'text/html', cookie: 'trust_theme= light' } })
    await odd.text()
    if (odd.headers.get('x-cache-status') !== 'HIT') assert.is(odd.headers.get('cache-control'), 'private, no-cache')
    // The API does not vary by theme: the answer kept for a visitor without the cookie is a HIT with it.
    const global = await untilHit(`${ctx.nginx.url}/api/global`)
    assert.is(global.seen.at(-1), 'HIT')
    const withTheme = await fetch(`${ctx.nginx.url}/api/global`, { headers: { ...BROWSER_ENCODINGS, cookie: 'trust_theme=dark' } })
    await withTheme.text()
    assert.ok(
      ['HIT', 'STALE', 'UPDATING'].includes(withTheme.headers.get('x-cache-status') ?? ''),
      `${withTheme.headers.get('x-cache-status')}`,
    )
    const keys = cachedKeys(ctx.nginx)
    assert.equal(
      keys.filter((key) => key.includes('/api/') && /\b(light|dark)\b/.test(key)),
      [],
      'no API answer is kept per theme',
    )
    assert.ok(
      // The key ends with the theme and the page's language (docs/languages-and-themes.md): `… br dark en`.
      keys.some((key) => key.split(' ')[0].endsWith(path) && key.endsWith(' dark en')),
      `the dark page is kept under its own key: ${keys.filter((k) => k.includes(path)).join(' | ')}`,
    )
  })

  cdn(
    'pages are kept once per language (?lang=, trust_lang, Accept-Language); another visitor never gets a stranger’s language',
    async (ctx) => {
      const path = '/auroraedge.net/faq'
      const untilHit = async (headers: Record<string, string>, query = '') => {
        const { seen, body } = await askUntilHit(ctx.nginx.url + path + query, { ...BROWSER_ENCODINGS, accept: 'text/html', ...headers })
        return { seen, lang: /<html lang="(\w+)"/.exec(body)?.[1] }
      }
      const german = await untilHit({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })
      assert.equal([german.seen.at(-1), german.lang], ['HIT', 'de'])
      // The first supported language the header lists, as the origin chooses it.
      assert.is((await untilHit({ 'accept-language': 'pt-BR, ja;q=0.7, de;q=0.5' })).lang, 'ja')
      // The cookie beats Accept-Language; ?lang= beats the cookie.
      assert.is((await untilHit({ 'accept-language': 'de', cookie: 'trust_lang=fr' })).lang, 'fr')
      assert.is((await untilHit({ 'accept-language': 'de', cookie: 'trust_lang=fr' }, '?lang=es')).lang, 'es')
      // A visitor asking for nothing gets the English page, kept apart from the others.
      const plain = await untilHit({})
      assert.equal([plain.seen.at(-1), plain.lang], ['HIT', 'en'])
    },
  )

  cdn("a console token's answer bypasses the cache and never reaches an anonymous request", async (ctx) => {
    const url = ctx.nginx.url + TENANT_TIMELINE
    const { privateNames, token } = ctx.tenant
    assert.is(privateNames.length, 2, 'two private data centers')
    const holdsPrivate = (body: string) => privateNames.some((name) => body.includes(name))
    for (let round = 1; round <= 2; round++) {
      const tenant = await fetch(url, { headers: { ...BROWSER_ENCODINGS, authorization: `Bearer ${token}` } })
      const tenantBody = await tenant.text()
      assert.is(tenant.status, 200, tenantBody.slice(0, 200))
      assert.is(tenant.headers.get('x-cache-status'), 'BYPASS', `round ${round}`)
      assert.is(tenant.headers.get('cache-control'), 'private, no-store')
      assert.is(tenant.headers.get('trust-token-problem'), null)
      for (const name of privateNames) assert.ok(tenantBody.includes(name), `the tenant sees ${name}`)
      // Right after it, the same URL without the token: the public answer (the first round from
      // the origin, then nginx's copy of it), never the tenant's.
      const { seen, body } = await askUntilHit(url, BROWSER_ENCODINGS)
      assert.is(seen.at(-1), 'HIT', seen.join(', '))
      assert.not.ok(holdsPrivate(body), `round ${round}: the anonymous answer holds a private data center`)
      assert.ok(body.includes('"data"'), 'the public timeline')
    }
    // nginx's copy of that URL is the public one (the data centers are public on the demo's other clouds).
    const copies = cachedBodies(ctx.nginx).filter(({ key }) => key.split(' ')[0].endsWith(TENANT_TIMELINE))
    assert.ok(copies.length >= 1, 'the anonymous answer is kept')
    for (const { key, body } of copies) assert.not.ok(holdsPrivate(body), `${key} holds a private data center`)
  })

  cdn('origin stopped: the pages, the timeline and the drop-ins keep answering from nginx with what they showed', async (ctx) => {
    await ctx.origin.app.close()
    ctx.originStopped = true
    ctx.originStoppedAt = Date.now()
    assert.ok(
      await fetch(ctx.origin.url).then(
        () => false,
        () => true,
      ),
      'the origin refuses connections',
    )
    await sleep((S + 1) * 1000) // every copy is now past its s-maxage
    const pages = await visitAll(ctx, 'stale')
    const visitor = await openThroughCdn(ctx, '/auroraedge.net/incidents')
    await records(visitor.page)
    assert.equal(await visitor.page.getByTestId('record-link').allInnerTexts(), ctx.seen.incidents, 'incident list')
    pages.push(visitor)
    const answers = pages.flatMap((p) => p.answers)
    for (const a of answers) {
      assert.is(a.status, 200, `${a.path}: ${a.status}`)
      assert.ok(['STALE', 'HIT', 'UPDATING'].includes(a.cache ?? ''), `${a.path} with the origin down: ${a.cache}`)
    }
    const stale = answers.filter((a) => a.cache === 'STALE').map((a) => a.path)
    assert.ok(
      stale.some((p) => p.startsWith('/api/cloud-status?')),
      `stale timeline answers: ${stale.join(', ')}`,
    )
    assert.ok(stale.includes('/auroraedge.net/cloud-status'), 'the page itself is a stale copy')
    // Another browser's spelling of Accept-Encoding finds the same copies (the key holds the encoding, not the header).
    const timelinePath = stale.find((p) => p.startsWith('/api/cloud-status?'))!
    const other = await fetch(ctx.nginx.url + timelinePath, { headers: { 'accept-encoding': 'br, gzip' } })
    assert.is(other.status, 200)
    assert.is(other.headers.get('x-cache-status'), 'STALE')
    assert.ok(((await other.json()) as { data?: unknown }).data, 'the timeline answer')
    for (const p of pages) assert.equal(p.errors, [], `${p.page.url()}: console errors or requests past nginx`)
    // A signed-in visitor still gets the pages and scripts (only API requests skip the cache).
    const page = await fetch(`${ctx.nginx.url}/auroraedge.net/cloud-status`, {
      headers: { ...BROWSER_ENCODINGS, accept: 'text/html', cookie: 'trust_session=any-session' },
    })
    assert.is(page.status, 200)
    assert.match(await page.text(), /<div id="app"|<!doctype html/i)
    assert.match(ctx.nginx.errorLog(), /Connection refused/)

    // A console token's request with the origin down: nginx does not answer it from the public
    // copy nor from anything else; the anonymous request after it gets the stale public copy.
    const tenantUrl = ctx.nginx.url + TENANT_TIMELINE
    const holdsPrivate = (body: string) => ctx.tenant.privateNames.some((name) => body.includes(name))
    const tenant = await fetch(tenantUrl, { headers: { ...BROWSER_ENCODINGS, authorization: `Bearer ${ctx.tenant.token}` } })
    const tenantBody = await tenant.text()
    assert.is(tenant.headers.get('x-cache-status'), 'BYPASS')
    assert.ok(tenant.status >= 500, `the tenant's read with the origin down: ${tenant.status}`)
    assert.not.ok(holdsPrivate(tenantBody))
    const anonymous = await fetch(tenantUrl, { headers: BROWSER_ENCODINGS })
    const anonymousBody = await anonymous.text()
    assert.is(anonymous.status, 200)
    assert.is(anonymous.headers.get('x-cache-status'), 'STALE')
    assert.not.ok(holdsPrivate(anonymousBody), 'the stale anonymous answer holds a private data center')
    for (const { key, body } of cachedBodies(ctx.nginx).filter((c) => c.key.split(' ')[0].endsWith(TENANT_TIMELINE))) {
      assert.not.ok(holdsPrivate(body), `${key} holds a private data center`)
    }
  })

  cdn('origin stopped: screenshots of the status page through nginx at 375 and 1280 px', async (ctx) => {
    for (const width of [375, 1280]) {
      const tp = await openThroughCdn(ctx, '/auroraedge.net/cloud-status', width)
      await timeline(tp.page)
      assert.equal(await rowNames(tp.page.locator('body')), ctx.seen.statusRows, `rows at ${width} px`)
      assert.is(await tp.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0)
      await screenshot(tp.page, `cdn-origin-down-cloud-status-${width}`)
      assert.equal(tp.errors, [])
    }
  })

  cdn('origin stopped past the freshness threshold: the pages and the drop-ins say the status is not live', async (ctx) => {
    if (!builtWithNotice()) {
      console.log('e2e: cdn: degraded-notice check skipped: the build (dist/site) has no "Live updates are unavailable" notice yet.')
      return
    }
    // The front end calls an answer stale when Date − Last-Modified > 2·(s-maxage + stale-while-revalidate) + 10 s;
    // every copy was generated before the origin stopped.
    const threshold = (2 * (S + S) + 10) * 1000
    await sleep(Math.max(0, ctx.originStoppedAt + threshold + 2000 - Date.now()))
    const status = await openThroughCdn(ctx, '/auroraedge.net/cloud-status')
    await timeline(status.page)
    await status.page.getByText(NOTICE).first().waitFor()
    // The timeline drop-in of a vendor console says so too (the speedometer and records drop-ins
    // alone have no room for the notice in their byte budgets).
    const partner = await openThroughCdn(ctx, `${ctx.examples.url}/console.html`)
    await partner.page.getByText(NOTICE).first().waitFor()
    await screenshot(status.page, 'cdn-origin-down-notice-1280')
    assert.equal(status.errors, [])
    assert.equal(partner.errors, [])
  })

  cdn.run()
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Asks nginx for `url` until it answers from its cache (`X-Cache-Status: HIT`; s-maxage is S),
 * bounded at 15 s; returns the cache statuses seen, in order, and the last body.
 */
async function askUntilHit(url: string, headers: Record<string, string>): Promise<{ seen: string[]; body: string }> {
  const seen: string[] = []
  let body = ''
  await eventually(
    async () => {
      const res = await fetch(url, { headers })
      body = await res.text()
      seen.push(res.headers.get('x-cache-status') ?? '')
      return seen.at(-1)
    },
    (status) => status === 'HIT',
    `a cached answer for ${url}`,
  ).catch(() => undefined) // the callers assert on what was seen, naming it
  return { seen, body }
}

/**
 * Opens `target` (a path of the site, or a full URL of the examples server) in a new tab that can
 * reach nginx and the examples server only, and records every answer nginx gave it. The tab's
 * HTTP cache is off (request interception), so every load asks nginx.
 */
async function openThroughCdn(ctx: CdnContext, target: string, width = 1280): Promise<CdnPage> {
  const tp = await newPage(ctx.site.server, width, [ctx.examples.url])
  ctx.site.pages.push(tp)
  const answers = await watch(ctx, tp.page)
  await tp.page.goto(target.startsWith('http') ? target : ctx.nginx.url + target)
  return { ...tp, answers }
}

/** Records the answers nginx gives `page` from now on; routing turns the tab's HTTP cache off. */
async function watch(ctx: CdnContext, page: Page): Promise<Answer[]> {
  const answers: Answer[] = []
  await page.route(`${ctx.nginx.url}/**`, (route) => route.continue())
  page.on('response', (response) => {
    if (!response.url().startsWith(ctx.nginx.url)) return
    const url = new URL(response.url())
    const headers = response.headers()
    answers.push({
      method: response.request().method(),
      path: url.pathname + url.search,
      status: response.status(),
      cache: headers['x-cache-status'],
      cacheControl: headers['cache-control'] ?? '',
      vary: headers.vary ?? '',
      allowOrigin: headers['access-control-allow-origin'],
      lastModified: headers['last-modified'],
    })
  })
  return answers
}

/**
 * The visit every phase repeats, in the same order and with the same cookies so that every page
 * asks for the same URLs: two drop-in pages of examples/ on their own origin (their scripts and
 * API calls go to nginx), then the shell's home and status pages of auroraedge.net (the status
 * page also at 375 px). The first visit records what a visitor sees; later ones must see the same.
 */
async function visitAll(ctx: CdnContext, phase: 'warm' | 'again' | 'stale'): Promise<CdnPage[]> {
  await (await browser()).clearCookies()
  const partner = await openThroughCdn(ctx, `${ctx.examples.url}/partner.html`)
  const partnerGauges = await gauges(partner.page)
  const consolePage = await openThroughCdn(ctx, `${ctx.examples.url}/console.html`)
  await timeline(consolePage.page)
  const consoleRows = await rowNames(consolePage.page.locator('trust-cloud-status'))
  const home = await openThroughCdn(ctx, '/auroraedge.net')
  const banner = home.page.getByTestId('cloud-banner').locator('h1')
  await banner.waitFor()
  const homeBanner = (await banner.innerText()).trim()
  const homeGauges = await gauges(home.page)
  const status = await openThroughCdn(ctx, '/auroraedge.net/cloud-status')
  await timeline(status.page)
  const statusWeek = (await status.page.getByTestId('week-range').first().innerText()).trim()
  const statusRows = await rowNames(status.page.locator('body'))
  const narrow = await openThroughCdn(ctx, '/auroraedge.net/cloud-status', 375)
  await timeline(narrow.page)
  const seen: Seen = { homeBanner, homeGauges, statusWeek, statusRows, partnerGauges, consoleRows, incidents: ctx.seen.incidents ?? [] }
  assert.ok(homeBanner.includes('auroraedge.net'), homeBanner)
  assert.is(homeGauges.length, 3)
  assert.ok(statusRows.length > 10, `data-center rows: ${statusRows.length}`)
  assert.ok(consoleRows.length > 10, `console rows: ${consoleRows.length}`)
  if (phase === 'warm') ctx.seen = { ...ctx.seen, ...seen }
  else {
    const { incidents: _, ...now } = seen
    const { incidents: __, ...before } = ctx.seen as Seen
    assert.equal(now, before, `${phase}: what the pages show`)
  }
  return [partner, consolePage, home, status, narrow]
}

/** The three gauges' texts (label, value, window) once they show. */
async function gauges(page: Page): Promise<string[]> {
  const items = page.locator('trust-speedometer li')
  await items.nth(2).waitFor()
  await page.locator('trust-speedometer [data-testid="gauge-value"]').nth(2).waitFor()
  return (await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
}

/** Waits until the page's timeline shows its data-center rows, all of them (long weeks render in slices). */
async function timeline(page: Page): Promise<void> {
  const block = page.getByTestId('status-block-datacenter').first()
  await block.getByTestId('status-row').first().waitFor({ timeout: 15_000 })
  await block.locator('ul[aria-busy="true"]').waitFor({ state: 'detached', timeout: 15_000 })
  await loaded(page)
}

/**
 * The data-center rows of the timeline inside `scope`, as the page holds them: read once every row
 * is drawn with its text. `textContent`, not `innerText`: rows scrolled out of view are not
 * rendered (their `innerText` is empty), though their text is in the page.
 */
async function rowNames(scope: Locator): Promise<string[]> {
  const rows = scope.getByTestId('status-block-datacenter').first().getByTestId('status-row')
  const read = async () => (await rows.evaluateAll((els) => els.map((e) => e.textContent ?? ''))).map((t) => t.replace(/\s+/g, ' ').trim())
  return eventually(read, (names) => names.length > 0 && names.every(Boolean), 'every timeline row drawn with its text')
}

/** Waits until a record list shows its records. */
async function records(page: Page): Promise<void> {
  await page.getByTestId('record').first().waitFor({ timeout: 15_000 })
  await loaded(page)
}

/** Signs in as the administrator on /sign-in through nginx and opens the incident list with the session. */
async function signInThroughCdn(ctx: CdnContext): Promise<CdnPage> {
  await (await browser()).clearCookies()
  const tp = await openThroughCdn(ctx, `/sign-in?destination=${encodeURIComponent('/auroraedge.net/incidents')}`)
  await tp.page.getByLabel('Email or Username').fill(ADMIN.name)
  await tp.page.getByLabel('Password', { exact: true }).fill(ADMIN.pass)
  await tp.page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await tp.page.waitForURL((u) => new URL(u).pathname === '/auroraedge.net/incidents')
  await records(tp.page)
  // From here on every request carries the session cookie: load the list again, recorded.
  tp.answers.length = 0
  await tp.page.reload()
  await records(tp.page)
  return tp
}

/** Every internal-use value the database holds (longer than 8 characters, so it cannot match by chance). */
function internalValues(site: SiteContext): string[] {
  const rows = queryDb<Record<string, string | null>>(site, `select ${INTERNAL_FIELDS.join(', ')} from records`)
  return [...new Set(rows.flatMap((r) => Object.values(r)).filter((v): v is string => typeof v === 'string' && v.length > 8))]
}

/** The files of nginx's cache folder. */
function cacheFiles(nginx: NginxServer): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? walk(path) : [path]
    })
  return walk(nginx.cacheDir)
}

/** The cache key of every answer nginx stored (its `KEY:` line, e.g. `http://127.0.0.1:8081/api/global br`). */
function cachedKeys(nginx: NginxServer): string[] {
  return cacheFiles(nginx).flatMap((file) => /\nKEY: ([^\n]*)\n/.exec(readFileSync(file, 'latin1'))?.[1] ?? [])
}

/** Every stored answer's body, decoded (`Content-Encoding` br or gzip), with its key. */
function cachedBodies(nginx: NginxServer): Array<{ key: string; body: string }> {
  return cacheFiles(nginx).flatMap((file) => {
    const raw = readFileSync(file)
    const text = raw.toString('latin1')
    const key = /\nKEY: ([^\n]*)\n/.exec(text)?.[1]
    const end = text.indexOf('\r\n\r\n')
    if (!key || end < 0) return []
    const encoding = /\r\ncontent-encoding: *([^\r]*)/i.exec(text.slice(0, end))?.[1]?.trim()
    const payload = raw.subarray(end + 4)
    const body = encoding === 'br' ? brotliDecompressSync(payload) : encoding === 'gzip' ? gunzipSync(payload) : payload
    return [{ key, body: body.toString('utf8') }]
  })
}

/** Whether the built site carries the degraded-mode notice (docs/operating/cdn.md). */
function builtWithNotice(): boolean {
  const dirs = [join(root, 'dist/site/assets'), join(root, 'dist/site/widgets')]
  return dirs.some((dir) => {
    try {
      return readdirSync(dir).some((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes('Live updates are unavailable'))
    } catch {
      return false
    }
  })
}
