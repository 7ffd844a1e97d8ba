/**
 * GET /robots.txt and GET /sitemap.xml (`server/routes/seo.ts`): generated from the clouds and the
 * main menu; the noindex pages (account pages, admin console) disallowed and left out; never the
 * shell's HTML; public and cached.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { xml2js } from 'xml-js'
import { NOINDEX_PATHS } from '../../contract/menu.js'
import { body, startApp, type TestApp } from './helpers.js'

const test = suite('robots.txt and sitemap.xml')
let t: TestApp

test.before(async () => {
  t = await startApp()
})
test.after(async () => {
  await t.close()
})

const locs = (xml: string): string[] => {
  const doc = xml2js(xml, { compact: true }) as { urlset: { _attributes: { xmlns: string }; url: Array<{ loc: { _text: string } }> } }
  assert.is(doc.urlset._attributes.xmlns, 'http://www.sitemaps.org/schemas/sitemap/0.9')
  return doc.urlset.url.map((u) => u.loc._text)
}

test('robots.txt disallows the account pages and the console, allows the rest, names the sitemap', async () => {
  const res = await t.app.inject({ url: '/robots.txt', headers: { host: 'trust.example', accept: '*/*' } })
  assert.is(res.statusCode, 200)
  assert.match(String(res.headers['content-type']), /^text\/plain/)
  assert.not.match(res.body, /<html/i, 'not the shell')
  const lines = res.body.split('\n')
  assert.is(lines[0], 'User-agent: *')
  for (const path of ['/sign-in', '/subscribe', '/admin', '/user/']) assert.ok(lines.includes(`Disallow: ${path}`), path)
  assert.not.ok(lines.includes('Disallow: /'), 'the site itself stays crawlable')
  assert.not.ok(
    lines.some((l) => l.startsWith('Disallow: /api')),
    'pages need the API to render',
  )
  assert.ok(lines.includes('Sitemap: http://trust.example/sitemap.xml'))
  assert.match(String(res.headers['cache-control']), /^public, max-age=30, s-maxage=30/)
})

test('sitemap.xml lists every cloud home and its deep-linked pages, the absolute pages, no noindex page', async () => {
  const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'trust.example' } })
  assert.is(res.statusCode, 200)
  assert.match(String(res.headers['content-type']), /^application\/xml/)
  const urls = locs(res.body)
  const global = body(await t.app.inject('/api/global')).data as { clouds: Array<{ domain: string }> }
  assert.ok(global.clouds.length > 5)
  for (const cloud of global.clouds) {
    assert.ok(urls.includes(`http://trust.example/${cloud.domain}`), cloud.domain)
    assert.ok(urls.includes(`http://trust.example/${cloud.domain}/cloud-status`), `${cloud.domain} status`)
  }
  assert.ok(urls.includes('http://trust.example/auroraedge.net/incidents'))
  // The Notifications dropdown's own page (docs/decisions/0082-notifications-page.md).
  assert.ok(urls.includes('http://trust.example/auroraedge.net/notifications'), 'the Notifications page')
  assert.ok(urls.some((u) => /\/faq$/.test(u)))
  assert.is(new Set(urls).size, urls.length, 'no duplicates')
  for (const url of urls) {
    assert.ok(url.startsWith('http://trust.example/'), url)
    const path = url.slice('http://trust.example'.length)
    assert.not.ok(
      NOINDEX_PATHS.some((p) => path.startsWith(p)),
      url,
    )
  }
})

test('links use PUBLIC_URL when set, never the Host header', async () => {
  const prod = await startApp({ accounts: { publicUrl: 'https://status.vendor.example' } })
  try {
    const robots = await prod.app.inject({ url: '/robots.txt', headers: { host: 'evil.example' } })
    assert.match(robots.body, /Sitemap: https:\/\/status\.vendor\.example\/sitemap\.xml/)
    const urls = locs((await prod.app.inject({ url: '/sitemap.xml', headers: { host: 'evil.example' } })).body)
    assert.ok(urls.length > 10)
    assert.ok(urls.every((u) => u.startsWith('https://status.vendor.example/')))
  } finally {
    await prod.close()
  }
})

test.run()
