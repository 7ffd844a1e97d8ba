import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { htmlThemeAttributes } from '../../contract/theme.js'
import { CONSENT_SCRIPT, CONSENT_SCRIPT_HASH } from '../../server/http/page-render.js'
import { removeDir, startApp, tempDir, type TestApp } from './helpers.js'

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Trust and Service Status</title>
    <meta name="description" content="Service status.">
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>
`
const HTML_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8'

/**
 * A server build standing in for dist/ssr/render.js: renders what it was given (the banner's
 * title, the number of clouds, the theme), leaves `/` to the browser, throws on `/boom`, and
 * counts renders on `globalThis` so the test sees which requests rendered anew.
 */
const RENDER_JS = `
export function answersFor(url, global) {
  return url.startsWith('/auroraedge.net') && !url.includes('/') ? [] : url === '/auroraedge.net' ? ['/api/cloud-banner?cloud=auroraedge'] : []
}
export async function renderPage(url, global, answers, origin, theme) {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1
  if (url === '/') return undefined
  if (url.startsWith('/boom')) throw new Error('render failed')
  const banner = answers['/api/cloud-banner?cloud=auroraedge']
  const noindex = url.startsWith('/sign-in')
  return {
    html: '<main><h1>' + (banner ? banner.title : 'Page') + '</h1><p>' + global.clouds.length + ' clouds</p><p>switch: ' + theme + '</p></main>',
    meta: { title: url.includes('dollar') ? "Cost $& Co $' $1 $$" : 'Home | "x" <y>', description: 'About & more', noindex },
    pages: url.includes('cloud-status') ? ['CloudStatusPage'] : [],
    found: !url.includes('no-such-page'),
  }
}
`

let t: TestApp
let siteDir: string
let ssrDir: string
const renders = () => (globalThis as { __renders?: number }).__renders ?? 0

const test = suite('server-rendered pages (http/page-render.ts)')

test.before(async () => {
  siteDir = tempDir('trust-site-')
  ssrDir = tempDir('trust-ssr-')
  writeFileSync(join(siteDir, 'index.html'), INDEX_HTML)
  mkdirSync(join(siteDir, 'assets'))
  writeFileSync(join(ssrDir, 'render.js'), RENDER_JS)
  writeFileSync(
    join(ssrDir, 'client-pages.json'),
    JSON.stringify({ CloudStatusPage: ['/assets/CloudStatusPage-1.js', '/assets/chunk-2.js'] }),
  )
  t = await startApp({ staticDir: siteDir, ssrDir })
})

test.after(async () => {
  await t.close()
  removeDir(siteDir)
  removeDir(ssrDir)
})

const page = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: { accept: HTML_ACCEPT, host: 'trust.example', ...(cookie && { cookie }) } })

test('a page answers index.html with the rendered frame, its title and description escaped, and the data it was made from', async () => {
  const res = await page('/auroraedge.net')
  assert.is(res.statusCode, 200)
  assert.match(String(res.headers['content-type']), /^text\/html/)
  const banner = (await t.app.inject('/api/cloud-banner?cloud=auroraedge')).json().data
  assert.ok(res.body.includes(`<div id="app"><main><h1>${banner.title}</h1>`), res.body)
  assert.ok(res.body.includes('<html lang="en">'), 'no cookie: the system theme, <html> as it is')
  assert.ok(res.body.includes('<title>Home | &quot;x&quot; &lt;y&gt;</title>'))
  assert.ok(res.body.includes('<meta name="description" content="About &amp; more">'))
  assert.ok(res.body.includes('<link rel="canonical" href="http://trust.example/auroraedge.net">'))
  const json = /<script type="application\/json" id="trust-page-data">([^<]*)<\/script>/.exec(res.body)?.[1]
  assert.ok(json, 'page data')
  const data = JSON.parse(json!)
  assert.equal(data.global, (await t.app.inject('/api/global')).json().data)
  assert.equal(data.answers, { '/api/cloud-banner?cloud=auroraedge': banner })
  assert.equal(data.pages, [])
  assert.ok(res.body.includes(`<script>${CONSENT_SCRIPT}</script>`))
})

test('the consent check is the only inline script, and the Content-Security-Policy allows exactly it by hash', async () => {
  const res = await page('/auroraedge.net')
  const csp = String(res.headers['content-security-policy'])
  assert.ok(csp.includes(`script-src 'self' ${CONSENT_SCRIPT_HASH}`), csp)
  assert.not.ok(/unsafe-inline[^;]*;/.test(csp.split('script-src')[1] ?? ''), csp)
  const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g)]
  assert.is(inline.length, 1)
})

test("the page's chunks are preloaded; noindex pages carry robots noindex and no canonical link; the query is not canonical", async () => {
  const status = await page('/auroraedge.net/cloud-status?x=1')
  assert.ok(status.body.includes('<link rel="modulepreload" href="/assets/CloudStatusPage-1.js">'))
  assert.ok(status.body.includes('<link rel="modulepreload" href="/assets/chunk-2.js">'))
  assert.ok(status.body.includes('<link rel="canonical" href="http://trust.example/auroraedge.net/cloud-status">'))
  assert.equal(JSON.parse(/id="trust-page-data">([^<]*)</.exec(status.body)![1]).pages, ['CloudStatusPage'])
  const signIn = await page('/sign-in?destination=%2Fsubscribe')
  assert.ok(signIn.body.includes('<meta name="robots" content="noindex">'))
  assert.not.ok(signIn.body.includes('rel="canonical"'))
})

test("the 'Page not found' page goes out rendered, as a 404, also when kept; a page not rendered goes out as 200", async () => {
  for (let i = 0; i < 2; i++) {
    const res = await page('/auroraedge.net/no-such-page')
    assert.is(res.statusCode, 404)
    assert.match(String(res.headers['content-type']), /^text\/html/)
    assert.ok(res.body.includes('<div id="app"><main><h1>Page</h1>'), res.body)
  }
  assert.is((await page('/auroraedge.net/faq')).statusCode, 200)
  assert.is((await page('/boom/no-such-page')).statusCode, 200, 'a render that throws: the page for the browser, as 200')
})

test('a title and a path holding $ patterns go into the page as they are', async () => {
  const res = await page("/auroraedge.net/dollar$'$&$`")
  assert.is(res.statusCode, 200)
  assert.ok(res.body.includes('<title>Cost $&amp; Co $&#39; $1 $$</title>'), res.body)
  assert.ok(res.body.includes('<link rel="canonical" href="http://trust.example/auroraedge.net/dollar$&#39;$&amp;$%60">'), res.body)
  assert.is(res.body.match(/<\/head>/g)?.length, 1)
  assert.is(res.body.match(/<title>/g)?.length, 1)
})

test('JSON in the page data cannot close its script element', async () => {
  await t.exec("UPDATE clouds SET title = '</script><script>alert(1)</script>' WHERE machine_name = 'auroraedge'")
  const res = await page('/auroraedge.net/faq')
  assert.not.ok(res.body.includes('</script><script>alert(1)'), 'raw title in the page')
  const data = JSON.parse(/id="trust-page-data">([^<]*)</.exec(res.body)![1])
  assert.ok(data.global.clouds.some((c: { title: string }) => c.title === '</script><script>alert(1)</script>'))
})

test('a page is rendered once per state of its data: a changed banner renders anew', async () => {
  await page('/auroraedge.net')
  const before = renders()
  await page('/auroraedge.net')
  await page('/auroraedge.net')
  assert.is(renders(), before, 'the same data: kept')
  await t.exec("UPDATE clouds SET banner_title = 'Changed banner' WHERE machine_name = 'auroraedge'")
  const res = await page('/auroraedge.net')
  assert.is(renders(), before + 1)
  assert.ok(res.body.includes('<h1>Changed banner</h1>'))
})

test('rendered pages are kept by the response cache: served from memory over HTTP, compressed once, renewed after a clear', async () => {
  const other = await startApp({ staticDir: siteDir, ssrDir })
  try {
    await other.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(other.app.server.address() as { port: number }).port}`
    const get = () => fetch(`${base}/auroraedge.net/faq`, { headers: { accept: HTML_ACCEPT, 'accept-encoding': 'br' } })
    const first = await get()
    const body = await first.text()
    const stats = other.app.responseCache.stats()
    const again = await get()
    assert.is(await again.text(), body)
    assert.is(again.headers.get('content-encoding'), 'br')
    assert.is(again.headers.get('cache-control'), first.headers.get('cache-control'))
    const after = other.app.responseCache.stats()
    assert.is(after.hits, stats.hits + 1, 'the second visit is a hit')
    assert.is(after.stored, stats.stored, 'nothing stored anew')
    other.app.responseCache.clear()
    await (await get()).text()
    assert.ok(other.app.responseCache.stats().stored > after.stored, 'rendered and stored again after a clear')
  } finally {
    await other.close()
  }
})

test('a render that throws, or a path the browser decides, answers index.html as it is, with the theme on <html>', async () => {
  for (const url of ['/boom', '/']) {
    const res = await page(url, 'trust_theme=dark')
    assert.is(res.statusCode, 200, url)
    assert.is(res.body, INDEX_HTML.replace('<html lang="en">', `<html lang="en"${htmlThemeAttributes('dark')}>`), url)
  }
})

test("the first paint carries the visitor's theme from the trust_theme cookie: <html> and the rendered switch", async () => {
  const cases = [
    ['trust_theme=dark', 'dark', 'dark'],
    ['machineName=auroraedge; trust_theme=light; z_csrf_token=x', 'light', 'light'],
    ['trust_theme=system', 'system', ''],
    ['trust_theme=purple', 'system', ''],
    ['', 'system', ''],
  ] as const
  for (const [cookie, theme, scheme] of cases) {
    const res = await page('/auroraedge.net/incidents', cookie)
    const html = theme === 'system' ? '<html lang="en">' : `<html lang="en" data-theme="${theme}" style="color-scheme:${scheme}">`
    assert.ok(res.body.includes(html), `${cookie}: ${res.body.slice(0, 120)}`)
    assert.ok(res.body.includes(`<p>switch: ${theme}</p>`), `${cookie}: the renderer was given ${theme}`)
  }
})

test('each theme is rendered and kept apart; a page without the cookie never comes back in a forced theme', async () => {
  await page('/auroraedge.net/maintenance', 'trust_theme=dark')
  const before = renders()
  const plain = await page('/auroraedge.net/maintenance')
  assert.is(renders(), before + 1, 'the system page is rendered apart from the dark one')
  assert.ok(plain.body.includes('<p>switch: system</p>'))
  assert.not.ok(plain.body.includes('data-theme='))
  await page('/auroraedge.net/maintenance', 'trust_theme=dark')
  await page('/auroraedge.net/maintenance', 'trust_theme=system')
  assert.is(renders(), before + 1, 'both kept: no system cookie and trust_theme=system are the same page')
})

test('a page asked for with a theme cookie not written as the site writes it is never shared', async () => {
  const written = await page('/auroraedge.net/faq', 'trust_theme=dark')
  assert.match(String(written.headers['cache-control']), /^public, max-age=0, s-maxage=/)
  await page('/auroraedge.net/faq', 'trust_theme=dark')
  for (const cookie of ['Trust_Theme=dark', 'trust_theme= dark', 'a=1, trust_theme=dark', 'trust_theme=light; trust_theme=dark']) {
    const odd = await page('/auroraedge.net/faq', cookie)
    assert.is(odd.statusCode, 200)
    assert.is(odd.headers['cache-control'], 'private, no-cache', `${cookie}: not the kept public page`)
  }
})

test('the response cache keeps one entry per theme for pages: a second visitor without the cookie gets the system page from memory', async () => {
  const other = await startApp({ staticDir: siteDir, ssrDir })
  try {
    await other.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(other.app.server.address() as { port: number }).port}`
    const get = (cookie?: string, etag?: string) =>
      fetch(`${base}/auroraedge.net/compliance`, {
        headers: { accept: HTML_ACCEPT, ...(cookie && { cookie }), ...(etag && { 'if-none-match': etag }) },
      })
    const dark = await get('trust_theme=dark')
    const darkBody = await dark.text()
    assert.ok(darkBody.includes('data-theme="dark"'))
    const stats = other.app.responseCache.stats()
    const visitor = await get()
    const visitorBody = await visitor.text()
    assert.ok(visitorBody.includes('<html lang="en">'), 'no cookie: the system page')
    assert.not.ok(visitorBody.includes('data-theme='))
    assert.is.not(visitor.headers.get('etag'), dark.headers.get('etag'), 'each theme has its own ETag')
    const again = await get()
    assert.is(await again.text(), visitorBody)
    const darkAgain = await get('machineName=auroraedge; trust_theme=dark')
    assert.is(await darkAgain.text(), darkBody)
    const after = other.app.responseCache.stats()
    assert.ok(after.hits >= stats.hits + 2, 'the repeat visits of both themes are hits')
    assert.is(after.stored, stats.stored + 1, 'two entries in all: dark, then system')
    // A browser holding the dark page that now asks without the cookie gets the system page, not a 304.
    const revalidated = await get(undefined, dark.headers.get('etag')!)
    assert.is(revalidated.status, 200)
    assert.not.ok((await revalidated.text()).includes('data-theme='))
    // API answers never vary by the theme: one entry for every visitor.
    const apiStats = other.app.responseCache.stats()
    await (await fetch(`${base}/api/global`, { headers: { cookie: 'trust_theme=dark' } })).text()
    await (await fetch(`${base}/api/global`)).text()
    assert.ok(other.app.responseCache.stats().hits >= apiStats.hits + 1, 'the API answer is shared across themes')
  } finally {
    await other.close()
  }
})

test.run()
