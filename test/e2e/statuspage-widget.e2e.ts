/**
 * The Statuspage-compatible API read by a client nobody here wrote: Atlassian's own
 * `@statuspage/status-widget` 1.0.5 (from npm), on a page of another origin, pointed at the site.
 * It reads `${origin of src}/api/v2/summary.json` (the site-wide summary) across origins and shows
 * `status.description` in its `basic` and `badge` appearances; after a core service goes down
 * through the desk, a fresh load shows the new line.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import * as assert from 'uvu/assert'
import { SESSION_COOKIE } from '../../contract/constants'
import { axeViolations, newPage, queryDb, screenshot, siteSuite, type SiteContext, type TestPage, withoutBrowserCache } from './harness'

// The package's published entry. Babel's "use strict" on top of it makes its Parcel loader assign
// an undeclared global `parcelRequire` (a ReferenceError at load): the page declares it first, as
// any page using this package must.
const widgetJs = readFileSync(createRequire(import.meta.url).resolve('@statuspage/status-widget/dist/index.js'), 'utf8')

let partner: Server
let partnerUrl = ''
/** The core-service disruption the first test publishes, and the admin session that did. */
let outage = 0
let admin = { cookie: '', csrf: '' }

const test = siteSuite("Atlassian's status widget on a partner page")

test.before(async (ctx) => {
  partner = createServer((req, res) => {
    if (req.url === '/status-widget.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' })
      res.end(widgetJs)
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner page</title>
<link rel="icon" href="data:,"><script>var parcelRequire</script><script src="/status-widget.js"></script></head>
<body style="font-family: sans-serif; margin: 2rem">
<h1>A partner's page</h1>
<p>basic: <statuspage-widget id="basic" src="${ctx.server.url}" appearance="basic"></statuspage-widget></p>
<p>badge: <statuspage-widget id="badge" src="${ctx.server.url}" appearance="badge" title="Aurora Edge"></statuspage-widget></p>
</body></html>`)
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
  const address = partner.address()
  partnerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

test.after(async () => {
  // Chromium keeps its connections open: drop them, or close() waits for them.
  partner.closeAllConnections()
  await new Promise<void>((resolve) => partner.close(() => resolve()))
})

async function openPartner(ctx: SiteContext, width: number): Promise<TestPage> {
  const tp = await newPage(ctx.server, width, [partnerUrl])
  ctx.pages.push(tp)
  // Every load asks the site again (no answer reused from an earlier page's HTTP cache).
  await withoutBrowserCache(tp.page)
  await tp.page.goto(partnerUrl)
  return tp
}

/** The site-wide status line, as the API answers it now. */
async function siteDescription(ctx: SiteContext): Promise<string> {
  const res = await ctx.server.app.inject('/api/v2/summary.json')
  return JSON.parse(res.body).status.description
}

/** The text each widget holds (playwright's locators read open shadow roots; the badge lower-cases it with CSS). */
async function shown(tp: TestPage) {
  const basic = tp.page.locator('#basic .status-text')
  const badge = tp.page.locator('#badge .status-indicator')
  await basic.waitFor()
  await badge.waitFor()
  return {
    basic: ((await basic.textContent()) ?? '').trim(),
    badge: ((await badge.textContent()) ?? '').trim(),
    title: ((await tp.page.locator('#badge .status-text').textContent()) ?? '').trim(),
  }
}

test('both appearances show the live site-wide status, and the new one after a core service goes down', async (ctx) => {
  const before = await siteDescription(ctx)
  for (const width of [1280, 375]) {
    const tp = await openPartner(ctx, width)
    assert.equal(await shown(tp), { basic: before, badge: before, title: 'Aurora Edge' })
    await screenshot(tp.page, `statuspage-widget-${width}`)
    assert.equal(tp.errors, [])
  }

  // A core service of the first cloud goes down, published through the desk.
  const login = await ctx.server.app.inject({ method: 'POST', url: '/api/user/login', payload: { name: 'admin', pass: 'Admin12345' } })
  const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`
  const csrf = JSON.parse(login.body).data.csrf_token
  admin = { cookie, csrf }
  const [service] = queryDb<{ tid: number }>(
    ctx,
    `select cs.service_tid as tid from cloud_services cs join clouds c on c.id = cs.cloud_id
     where c.machine_name = 'auroraedge' and cs.active = 1 order by cs.sort limit 1`,
  )
  const published = await ctx.server.app.inject({
    method: 'POST',
    url: '/api/admin/records',
    headers: { cookie, 'x-csrf-token': csrf },
    payload: {
      type: 'incident',
      title: 'Authentication unavailable',
      summary: 'Sign-ins fail.',
      status: 'In Progress',
      severity: 20,
      clouds: ['auroraedge'],
      terms: [service.tid],
      from: new Date(Date.now() - 60_000).toISOString(),
    },
  })
  assert.is(published.statusCode, 201, published.body)
  outage = JSON.parse(published.body).data.id
  const after = await siteDescription(ctx)
  assert.is(after, 'Major Service Disruption')
  assert.is.not(after, before)

  const tp = await openPartner(ctx, 1280)
  assert.equal(await shown(tp), { basic: after, badge: after, title: 'Aurora Edge' })
  await screenshot(tp.page, 'statuspage-widget-major')
  assert.equal(tp.errors, [])
})

test('the overall status line of the home and cloud-status pages follows the same derivation, in text and icon', async (ctx) => {
  const lineOf = async (path: string, width: number) => {
    const tp = await newPage(ctx.server, width)
    ctx.pages.push(tp)
    await withoutBrowserCache(tp.page)
    await tp.page.goto(ctx.server.url + path)
    const line = tp.page.getByTestId('overall-status')
    await line.locator('svg').waitFor()
    return { tp, text: (await line.innerText()).trim(), kind: await line.getAttribute('data-kind') }
  }
  // The disruption published above: a core service is down.
  assert.ok(outage > 0)
  for (const [path, width] of [
    ['/auroraedge.net', 375],
    ['/auroraedge.net/cloud-status', 1280],
  ] as const) {
    const { tp, text, kind } = await lineOf(path, width)
    assert.equal([text, kind], ['Major Service Disruption', 'major'], path)
    assert.equal(await axeViolations(tp.page, '[data-testid="overall-status"]'), [])
    await screenshot(tp.page, `overall-status-${path === '/auroraedge.net' ? 'home' : 'cloud-status'}-${width}`)
    assert.equal(tp.errors, [])
  }
  // Resolved through the desk: the line says what the cloud's API says now.
  const resolved = await ctx.server.app.inject({
    method: 'POST',
    url: `/api/admin/records/${outage}/resolve`,
    headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
    payload: { notify: false },
  })
  assert.is(resolved.statusCode, 200, resolved.body)
  const expected = JSON.parse((await ctx.server.app.inject('/auroraedge.net/api/v2/status.json')).body).status.description
  assert.is.not(expected, 'Major Service Disruption')
  const { text } = await lineOf('/auroraedge.net', 1280)
  assert.is(text, expected)
})

test.run()
