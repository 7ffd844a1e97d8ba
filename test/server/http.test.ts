import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { body, removeDir, startApp, tempDir, type TestApp } from './helpers.js'

const INDEX_HTML = '<!doctype html><html><head><title>Trust</title></head><body><div id="app"></div></body></html>'
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

let t: TestApp
let staticDir: string

const test = suite('HTTP: caching, CORS, security headers, static site')

test.before(async () => {
  staticDir = tempDir('trust-static-')
  writeFileSync(join(staticDir, 'index.html'), INDEX_HTML)
  mkdirSync(join(staticDir, 'assets'))
  writeFileSync(join(staticDir, 'assets', 'app-3f2a.js'), 'console.log("app")')
  mkdirSync(join(staticDir, 'widgets'))
  writeFileSync(join(staticDir, 'widgets', 'speedometer.js'), 'console.log("gauge")')
  writeFileSync(join(staticDir, 'humans.txt'), 'User-agent: *')
  writeFileSync(join(staticDir, '.env'), 'SECRET=1')
  t = await startApp({ staticDir })
})
test.after(async () => {
  await t.close()
  removeDir(staticDir)
})

test('public API answers carry an ETag and a matching If-None-Match gets 304 without a body', async () => {
  for (const url of ['/api/global', '/api/cloud-banner?cloud=auroraedge', '/api/dc_map/auroraedge', '/api/speedometer?cloud=auroraedge']) {
    const first = await t.app.inject(url)
    assert.is(first.statusCode, 200, url)
    const etag = first.headers.etag
    assert.type(etag, 'string', url)
    const again = await t.app.inject({ url, headers: { 'if-none-match': String(etag) } })
    assert.is(again.statusCode, 304, url)
    assert.is(again.body, '', url)
    const changed = await t.app.inject({ url, headers: { 'if-none-match': '"something-else"' } })
    assert.is(changed.statusCode, 200, url)
  }
  const a = await t.app.inject('/api/cloud-banner?cloud=auroraedge')
  const b = await t.app.inject('/api/cloud-banner?cloud=auroraedgeone')
  assert.is.not(a.headers.etag, b.headers.etag)
})

test('cache policy: /api/global revalidates, other public reads 30 s, errors are not stored', async () => {
  assert.is((await t.app.inject('/api/global')).headers['cache-control'], 'public, max-age=0, s-maxage=5, stale-if-error=86400')
  for (const url of ['/api/cloud-banner?cloud=private', '/api/dc_map/private', '/api/speedometer?cloud=private']) {
    assert.is(
      (await t.app.inject(url)).headers['cache-control'],
      'public, max-age=30, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400',
      url,
    )
  }
  assert.is((await t.app.inject('/api/cloud-banner?cloud=nope')).headers['cache-control'], 'no-store')
  assert.is((await t.app.inject('/api/nope')).headers['cache-control'], 'no-store')
})

test('public reads allow any origin without credentials and never reflect the origin', async () => {
  const res = await t.app.inject({
    url: '/api/dc_map/auroraedge',
    headers: { origin: 'https://partner.example', cookie: 'z_csrf_token=abc; SESS=1' },
  })
  assert.is(res.statusCode, 200)
  assert.is(res.headers['access-control-allow-origin'], '*')
  assert.is(res.headers['access-control-allow-credentials'], undefined)
  assert.not.match(String(res.headers.vary ?? ''), /cookie|origin/i)

  const evil = await t.app.inject({ url: '/api/global', headers: { origin: 'https://evil.example', cookie: 'SESS=1' } })
  assert.is(evil.headers['access-control-allow-origin'], '*')
  assert.is.not(evil.headers['access-control-allow-origin'], 'https://evil.example')
  assert.is(evil.headers['access-control-allow-credentials'], undefined)
})

test('answers outside the public reads carry no CORS header', async () => {
  const unknown = await t.app.inject({ url: '/api/nope', headers: { origin: 'https://partner.example' } })
  assert.is(unknown.statusCode, 404)
  assert.is(unknown.headers['access-control-allow-origin'], undefined)
  // A POST from another origin is refused by the cross-site guard before routing.
  const post = await t.app.inject({ method: 'POST', url: '/api/global', headers: { origin: 'https://partner.example' } })
  assert.is(post.statusCode, 403)
  assert.is(post.headers['access-control-allow-origin'], undefined)
  assert.is(body(post).error.code, 'cross_site')
  const sameOrigin = await t.app.inject({ method: 'POST', url: '/api/global' })
  assert.is(sameOrigin.statusCode, 404)
  assert.is(sameOrigin.headers['access-control-allow-origin'], undefined)
  assert.is(body(sameOrigin).error.code, 'not_found')
  const page = await t.app.inject({ url: '/', headers: { origin: 'https://partner.example', accept: HTML_ACCEPT } })
  assert.is(page.headers['access-control-allow-origin'], undefined)
})

test('preflight is granted for GET only', async () => {
  const ok = await t.app.inject({
    method: 'OPTIONS',
    url: '/api/speedometer?cloud=auroraedge',
    headers: {
      origin: 'https://partner.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'content-type',
    },
  })
  assert.is(ok.statusCode, 204)
  assert.is(ok.headers['access-control-allow-origin'], '*')
  assert.is(ok.headers['access-control-allow-credentials'], undefined)
  assert.match(String(ok.headers['access-control-allow-methods']), /^GET, HEAD$/)

  const post = await t.app.inject({
    method: 'OPTIONS',
    url: '/api/subscribe',
    headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
  })
  assert.is(post.statusCode, 404)
  assert.is(post.headers['access-control-allow-origin'], undefined)
})

test('security headers everywhere; the Content-Security-Policy on HTML', async () => {
  const api = await t.app.inject('/api/global')
  assert.is(api.headers['x-content-type-options'], 'nosniff')
  assert.is(api.headers['referrer-policy'], 'strict-origin-when-cross-origin')
  assert.is(api.headers['content-security-policy'], undefined)

  const page = await t.app.inject({ url: '/', headers: { accept: HTML_ACCEPT } })
  assert.is(page.statusCode, 200)
  assert.is(page.body, INDEX_HTML)
  const csp = String(page.headers['content-security-policy'])
  for (const directive of [
    "default-src 'self'",
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'self'",
  ]) {
    assert.ok(csp.includes(directive), directive)
  }
  assert.not.ok(/script-src[^;]*unsafe-inline/.test(csp), 'no inline scripts')
  assert.is(page.headers['x-content-type-options'], 'nosniff')
})

test('SPA fallback: a page route gets index.html with 200; /api/* stays a JSON 404', async () => {
  const page = await t.app.inject({ url: '/auroraedge.net/data-center-map', headers: { accept: HTML_ACCEPT } })
  assert.is(page.statusCode, 200)
  assert.is(page.body, INDEX_HTML)
  assert.match(String(page.headers['content-type']), /^text\/html/)
  assert.is(page.headers['cache-control'], 'public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')
  assert.ok(page.headers['content-security-policy'])

  const withQuery = await t.app.inject({ url: '/sign-in?destination=subscribe', headers: { accept: HTML_ACCEPT } })
  assert.is(withQuery.statusCode, 200)
  assert.is(withQuery.body, INDEX_HTML)

  const api = await t.app.inject({ url: '/api/nope', headers: { accept: HTML_ACCEPT } })
  assert.is(api.statusCode, 404)
  assert.match(String(api.headers['content-type']), /^application\/json/)
  assert.is(body(api).error.code, 'not_found')

  for (const accept of ['*/*', undefined]) {
    const curl = await t.app.inject({ url: '/auroraedge.net', headers: accept ? { accept } : {} })
    assert.is(curl.statusCode, 200, `a page asked for with Accept ${accept} (as curl does) gets the shell`)
    assert.is(curl.body, INDEX_HTML)
  }
  const json = await t.app.inject({ url: '/auroraedge.net', headers: { accept: 'application/json' } })
  assert.is(json.statusCode, 404)

  const script = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } })
  assert.is(script.statusCode, 404, 'a missing file requested by a script tag is not answered with HTML')
})

test('static files: long cache for /assets/ and /widgets/, index.html revalidated (shared 30 s, stale on error), dotfiles hidden', async () => {
  const asset = await t.app.inject('/assets/app-3f2a.js')
  assert.is(asset.statusCode, 200)
  assert.is(asset.body, 'console.log("app")')
  assert.is(asset.headers['cache-control'], 'public, max-age=31536000, immutable')

  const widget = await t.app.inject('/widgets/speedometer.js')
  assert.is(widget.statusCode, 200)
  assert.is(widget.headers['cache-control'], 'public, max-age=86400, stale-if-error=86400')

  const index = await t.app.inject('/index.html')
  assert.is(index.statusCode, 200)
  assert.is(index.headers['cache-control'], 'public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')

  const humans = await t.app.inject('/humans.txt')
  assert.is(humans.statusCode, 200)
  assert.is(humans.body, 'User-agent: *')

  const secret = await t.app.inject('/.env')
  assert.is(secret.statusCode, 404)
  assert.not.ok(secret.body.includes('SECRET'))
})

test('/favicon.ico, asked for by pages that name no icon, redirects to the site icon', async () => {
  for (const method of ['GET', 'HEAD'] as const) {
    const icon = await t.app.inject({ method, url: '/favicon.ico', headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } })
    assert.is(icon.statusCode, 301, method)
    assert.is(icon.headers.location, '/favicon.svg')
    assert.is(icon.headers['cache-control'], 'public, max-age=86400, stale-if-error=86400')
  }
})

test('without a built index.html, page routes answer a 503 page asking to build', async () => {
  const empty = tempDir('trust-static-empty-')
  const bare = await startApp({ staticDir: empty })
  const none = await startApp({})
  try {
    for (const app of [bare.app, none.app]) {
      const res = await app.inject({ url: '/auroraedge.net/cloud-status', headers: { accept: HTML_ACCEPT } })
      assert.is(res.statusCode, 503)
      assert.match(res.body, /npm run build/)
      assert.match(String(res.headers['content-type']), /^text\/html/)
      assert.is((await app.inject('/api/global')).statusCode, 200, 'the API still works')
    }
  } finally {
    await bare.close()
    await none.close()
    removeDir(empty)
  }
})

test.run()
