/**
 * Compression (issue "built for the spike", item 1): built files go out as their pre-compressed
 * brotli / gzip copies (`scripts/compress.mjs`, @fastify/static `preCompressed`), API answers over
 * 1 KB are compressed per request (@fastify/compress), negotiated from `Accept-Encoding` with
 * `Vary: Accept-Encoding`; clients that accept neither get the plain bytes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { compressDir } from '../../scripts/compress.mjs'
import { removeDir, startApp, tempDir, type TestApp } from './helpers.js'

const test = suite('compression')
let t: TestApp
let site: string

const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, name: `row ${i}` })))}\n`
const HTML = `<!doctype html><html lang="en"><head><title>Shell</title></head><body><div id="app"></div>${'<!-- padding -->'.repeat(100)}</body></html>`

test.before(async () => {
  site = tempDir('trust-compress-site-')
  mkdirSync(join(site, 'assets'))
  writeFileSync(join(site, 'assets/main-abc123.js'), SCRIPT)
  writeFileSync(join(site, 'index.html'), HTML)
  writeFileSync(join(site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  const totals = compressDir(site)
  assert.is(totals.files, 2, 'the small favicon is left alone')
  t = await startApp({ staticDir: site })
})
test.after(async () => {
  await t.close()
  removeDir(site)
})

const get = (url: string, encoding?: string, accept?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...(accept ? { accept } : {}) } })

test('a built file goes out as its brotli or gzip copy, with the file’s caching and Vary', async () => {
  const br = await get('/assets/main-abc123.js', 'gzip, deflate, br')
  assert.is(br.statusCode, 200)
  assert.is(br.headers['content-encoding'], 'br')
  assert.match(String(br.headers.vary), /accept-encoding/i)
  assert.is(br.headers['cache-control'], 'public, max-age=31536000, immutable')
  assert.is(brotliDecompressSync(br.rawPayload).toString(), SCRIPT)
  assert.ok(br.rawPayload.length < SCRIPT.length / 3)
  assert.equal(br.rawPayload, readFileSync(join(site, 'assets/main-abc123.js.br')))

  const gz = await get('/assets/main-abc123.js', 'gzip')
  assert.is(gz.headers['content-encoding'], 'gzip')
  assert.is(gunzipSync(gz.rawPayload).toString(), SCRIPT)

  const plain = await get('/assets/main-abc123.js')
  assert.is(plain.headers['content-encoding'], undefined)
  assert.is(plain.body, SCRIPT)
})

test('the shell page for any route is sent compressed too', async () => {
  const res = await get('/auroraedge.net/cloud-status', 'br', 'text/html')
  assert.is(res.statusCode, 200)
  assert.is(res.headers['content-encoding'], 'br')
  assert.is(res.headers['cache-control'], 'public, max-age=0, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')
  assert.match(String(res.headers.vary), /accept-encoding/i)
  assert.is(brotliDecompressSync(res.rawPayload).toString(), HTML)
})

test('API answers over 1 KB are compressed per request; small ones and clients without Accept-Encoding get plain bytes', async () => {
  const plain = await get('/api/global')
  assert.is(plain.headers['content-encoding'], undefined)
  assert.ok(plain.body.length > 1024)
  const gz = await get('/api/global', 'gzip')
  assert.is(gz.headers['content-encoding'], 'gzip')
  assert.match(String(gz.headers.vary), /accept-encoding/i)
  assert.equal(JSON.parse(gunzipSync(gz.rawPayload).toString()), JSON.parse(plain.body))
  const br = await get('/api/cloud-status?cloud=auroraedge&requestType=public&dateOffset=0', 'br')
  assert.is(br.headers['content-encoding'], 'br')
  assert.ok(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).data.category.length > 0)

  const small = await get('/api/cloud-banner?cloud=auroraedge', 'gzip, br')
  assert.ok(small.body.length < 1024)
  assert.is(small.headers['content-encoding'], undefined)
})

test.run()
