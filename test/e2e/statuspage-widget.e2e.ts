/**
 * The Statuspage-compatible API read by a client nobody here wrote: Atlassian's own
 * `@statuspage/status-widget` 1.0.5 (from npm), on a page of another origin, pointed at the site.
 * It reads `${origin of src}/api/v2/summary.json` (the site-wide summary) across origins and shows
 * `status.description` in its `basic` and `badge` appearances; after a core service goes down
 * through the desk, a fresh load shows the new line. Beside it, this kit's own drop-ins on the
 * same page: `<trust-status-badge>` (site-wide and per cloud) and `<trust-cloud-status>`, whose
 * script loads the badge's from beside itself; and the badge's script alone on a second page.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import * as assert from 'uvu/assert'
import {
  adminHeaders,
  axeViolations,
  newPage,
  queryDb,
  screenshot,
  siteSuite,
  type SiteContext,
  type TestPage,
  withoutBrowserCache,
} from './harness'

// The package's published entry. Babel's "use strict" on top of it makes its Parcel loader assign
// an undeclared global `parcelRequire` (a ReferenceError at load): the page declares it first, as
// any page using this package must.
const widgetJs = readFileSync(createRequire(import.meta.url).resolve('@statuspage/status-widget/dist/index.js'), 'utf8')

let partner: Server
let partnerUrl = ''
/** The core-service disruption the first test publishes, and the admin session that did. */
let outage = 0
let admin = { cookie: '', 'x-csrf-token': '' }

const test = siteSuite("Atlassian's status widget on a partner page")

test.before(async (ctx) => {
  partner = createServer((req, res) => {
    if (req.url === '/status-widget.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' })
      res.end(widgetJs)
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    if (req.url?.startsWith('/one-cloud?')) {
      // docs/embedding.md#embedding-a-widget, "Atlassian's status widget on one cloud": the cloud in the src's query.
      const cloud = new URL(req.url, 'http://partner').searchParams.get('cloud') ?? ''
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner page, one cloud</title>
<link rel="icon" href="data:,"><script>var parcelRequire</script><script src="/status-widget.js"></script></head>
<body style="font-family: sans-serif; margin: 2rem"><main><h1>A partner's page for one cloud</h1>
<p>this cloud: <statuspage-widget id="one" src="${ctx.server.url}/?cloud=${encodeURIComponent(cloud)}" appearance="basic"></statuspage-widget></p>
<p>the whole site: <statuspage-widget id="all" src="${ctx.server.url}" appearance="basic"></statuspage-widget></p>
</main></body></html>`)
      return
    }
    if (req.url === '/badge-only') {
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner footer</title>
<link rel="icon" href="data:,"><script src="${ctx.server.url}/widgets/status-badge.js"></script></head>
<body style="font-family: sans-serif; margin: 2rem"><main><h1>A partner's footer</h1>
<trust-status-badge id="only" cloud="auroraedge.net" api-base="${ctx.server.url}"></trust-status-badge></main></body></html>`)
      return
    }
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner page</title>
<link rel="icon" href="data:,"><script>var parcelRequire</script><script src="/status-widget.js"></script></head>
<body style="font-family: sans-serif; margin: 2rem">
<h1>A partner's page</h1>
<p>basic: <statuspage-widget id="basic" src="${ctx.server.url}" appearance="basic"></statuspage-widget></p>
<p>badge: <statuspage-widget id="badge" src="${ctx.server.url}" appearance="badge" title="Aurora Edge"></statuspage-widget></p>
<h2>This kit's drop-ins</h2>
<p><trust-status-badge id="ours-site" api-base="${ctx.server.url}"></trust-status-badge></p>
<p><trust-status-badge id="ours-cloud" cloud="auroraedge" api-base="${ctx.server.url}"></trust-status-badge></p>
<trust-cloud-status id="timeline" cloud="auroraedge" api-base="${ctx.server.url}"></trust-cloud-status>
<script src="${ctx.server.url}/widgets/cloud-status.js"></script>
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

/** The first cloud's status line, as its API answers it now. */
async function cloudDescription(ctx: SiteContext): Promise<string> {
  const res = await ctx.server.app.inject('/auroraedge.net/api/v2/status.json')
  return JSON.parse(res.body).status.description
}

/** The look a line takes for its text (the kit's `overallKind`, read from the words). */
const kindOf = (text: string) =>
  ({
    'All Systems Operational': 'operational',
    'Partial Service Disruption': 'partial',
    'Major Service Disruption': 'major',
    'Service Under Maintenance': 'maintenance',
  })[text]

/** The site-wide status line, as the API answers it now. */
async function siteDescription(ctx: SiteContext): Promise<string> {
  const res = await ctx.server.app.inject('/api/v2/summary.json')
  return JSON.parse(res.body).status.description
}

/** What one of this kit's status lines shows, once loaded: its text, its kind and its link. */
async function ourLine(tp: TestPage, host: string) {
  const line = tp.page.locator(`${host} [data-testid="overall-status"]`)
  await line.locator('svg').waitFor()
  return {
    text: (await line.innerText()).trim(),
    kind: await line.getAttribute('data-kind'),
    href: await line.locator('a').getAttribute('href'),
  }
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

/** This kit's lines on the partner page: the site's, the cloud's, and the timeline's (its companion badge). */
async function ours(tp: TestPage) {
  return {
    site: await ourLine(tp, '#ours-site'),
    cloud: await ourLine(tp, '#ours-cloud'),
    timeline: await ourLine(tp, '#timeline trust-status-badge'),
  }
}

test('both appearances show the live site-wide status, and the new one after a core service goes down', async (ctx) => {
  const before = await siteDescription(ctx)
  const cloudBefore = await cloudDescription(ctx)
  for (const width of [1280, 375]) {
    const tp = await openPartner(ctx, width)
    assert.equal(await shown(tp), { basic: before, badge: before, title: 'Aurora Edge' })
    const lines = await ours(tp)
    assert.equal(lines.site, { text: before, kind: kindOf(before), href: ctx.server.url })
    assert.equal(lines.cloud, { text: cloudBefore, kind: kindOf(cloudBefore), href: `${ctx.server.url}/auroraedge.net` })
    assert.equal(lines.timeline, lines.cloud)
    // The timeline's script loaded the badge's from beside itself, once for the page.
    assert.equal(await tp.page.$$eval('script[data-trust-element]', (ss) => ss.map((s) => (s as HTMLScriptElement).src)), [
      `${ctx.server.url}/widgets/status-badge.js`,
    ])
    assert.equal(await axeViolations(tp.page, 'trust-status-badge'), [])
    await screenshot(tp.page, `statuspage-widget-${width}`)
    assert.equal(tp.errors, [])
  }

  // A core service of the first cloud goes down, published through the desk.
  admin = await adminHeaders(ctx)
  const [service] = queryDb<{ tid: number }>(
    ctx,
    `select cs.service_tid as tid from cloud_services cs join clouds c on c.id = cs.cloud_id
     where c.machine_name = 'auroraedge' and cs.active = 1 order by cs.sort limit 1`,
  )
  const published = await ctx.server.app.inject({
    method: 'POST',
    url: '/api/admin/records',
    headers: admin,
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
  const lines = await ours(tp)
  assert.equal([lines.site.text, lines.site.kind], ['Major Service Disruption', 'major'])
  assert.equal([lines.cloud.text, lines.cloud.kind], [await cloudDescription(ctx), 'major'])
  assert.equal(lines.timeline, lines.cloud)
  await screenshot(tp.page, 'statuspage-widget-major')
  assert.equal(tp.errors, [])

  // The badge's script alone, in a partner's footer at 375 px: the cloud's line, a link to its page.
  const footer = await newPage(ctx.server, 375, [partnerUrl])
  ctx.pages.push(footer)
  await withoutBrowserCache(footer.page)
  await footer.page.goto(`${partnerUrl}/badge-only`)
  assert.equal(await ourLine(footer, '#only'), {
    text: 'Major Service Disruption',
    kind: 'major',
    href: `${ctx.server.url}/auroraedge.net`,
  })
  assert.equal(await axeViolations(footer.page), [])
  await screenshot(footer.page, 'status-badge-375')
  assert.equal(footer.errors, [])
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
    headers: admin,
    payload: { notify: false },
  })
  assert.is(resolved.statusCode, 200, resolved.body)
  const expected = JSON.parse((await ctx.server.app.inject('/auroraedge.net/api/v2/status.json')).body).status.description
  assert.is.not(expected, 'Major Service Disruption')
  const { text } = await lineOf('/auroraedge.net', 1280)
  assert.is(text, expected)
})

test("Atlassian's widget shows one cloud by the src's ?cloud=, with Statuspage's blue maintenance dot", async (ctx) => {
  admin = await adminHeaders(ctx)
  // A cloud other than the one the tests above disrupted, quiet but for one maintenance under way.
  const [cloud] = queryDb<{ machine_name: string; domain: string }>(
    ctx,
    `select machine_name, domain from clouds where machine_name <> 'auroraedge' and status_datacenter = 1 order by sort, id limit 1`,
  )
  const unresolved = JSON.parse((await ctx.server.app.inject(`/${cloud.domain}/api/v2/incidents/unresolved.json`)).body).incidents
  for (const incident of unresolved as { id: string }[]) {
    const res = await ctx.server.app.inject({
      method: 'POST',
      url: `/api/admin/records/${incident.id}/resolve`,
      headers: admin,
      payload: { notify: false },
    })
    assert.is(res.statusCode, 200, res.body)
  }
  const [dc] = queryDb<{ tid: number }>(
    ctx,
    `select cdc.data_center_tid as tid from cloud_data_centers cdc join clouds c on c.id = cdc.cloud_id
     where c.machine_name = ? and cdc.active = 1 and cdc.premium_dc = 0 order by cdc.data_center_tid limit 1`,
    cloud.machine_name,
  )
  const window = await ctx.server.app.inject({
    method: 'POST',
    url: '/api/admin/records',
    headers: admin,
    payload: {
      type: 'maintenance',
      title: 'Switch upgrade',
      summary: 'New switches.',
      status: 'In Progress',
      clouds: [cloud.machine_name],
      terms: [dc.tid],
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
    },
  })
  assert.is(window.statusCode, 201, window.body)
  const own = JSON.parse((await ctx.server.app.inject(`/${cloud.domain}/api/v2/status.json`)).body).status
  assert.equal(own, { indicator: 'maintenance', description: 'Service Under Maintenance' })
  const site = await siteDescription(ctx)
  assert.is.not(site, own.description, 'the site as a whole says something else')

  for (const width of [1280, 375]) {
    const tp = await newPage(ctx.server, width, [partnerUrl])
    ctx.pages.push(tp)
    await withoutBrowserCache(tp.page)
    const asked = tp.page.waitForResponse(
      (r) => r.url() === `${ctx.server.url}/api/v2/summary.json?cloud=${encodeURIComponent(cloud.domain)}`,
    )
    await tp.page.goto(`${partnerUrl}/one-cloud?cloud=${encodeURIComponent(cloud.domain)}`)
    assert.is((await asked).status(), 200)
    const one = tp.page.locator('#one .status-text')
    await one.waitFor()
    assert.is(((await one.textContent()) ?? '').trim(), 'Service Under Maintenance')
    const dot = tp.page.locator('#one .status-indicator')
    assert.ok((await dot.getAttribute('class'))?.split(' ').includes('maintenance'))
    // The widget's own stylesheet paints its maintenance dot blue (#3498db).
    assert.is(await dot.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(52, 152, 219)')
    const all = tp.page.locator('#all .status-text')
    await all.waitFor()
    assert.is(((await all.textContent()) ?? '').trim(), site)
    assert.equal(await axeViolations(tp.page, 'main'), [])
    await screenshot(tp.page, `statuspage-widget-one-cloud-${width}`)
    assert.equal(tp.errors, [])
  }
})

test.run()
