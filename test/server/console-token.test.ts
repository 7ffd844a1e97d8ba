/**
 * Console tokens (docs/operating/console-tokens.md): a production site from an empty database with
 * the vendor's own catalogue verifies JWTs its console signs, with keys made here (jose) and a JWKS
 * served by a real loopback HTTP server. Checks what a token gives (the customer groups, through a
 * public route of the test's that answers them), what a refused one gives (exactly the public
 * answer plus `Trust-Token-Problem`), the caching headers and that the response cache never hands
 * a token-bearing answer to anyone else (a real listening server, whose HTTP handler serves hits).
 */
import type { FastifyRequest } from 'fastify'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, exportSPKI, generateKeyPair, type JWK, SignJWT } from 'jose'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { tenantGroupsOf } from '../../server/accounts/console-token.js'
import type { Catalog } from '../../contract/catalog.js'
import { importCatalog } from '../../server/catalog/import.js'
import { PUBLIC_SHORT_CACHE } from '../../server/http/public-api.js'
import { FIXED_NOW, startApp, type TestApp } from './helpers.js'
import { OWN, ownCatalog } from './own-catalog.js'

const SITE = 'https://trust.example'
const ISSUER = 'https://console.vendor.example'
/** A public route of the test's: answers the customer groups the request was given. */
const GROUPS_URL = '/api/test-console-groups'
const STATUS_URL = `/api/cloud-status?cloud=${OWN.cloud}&requestType=public`
/** A data center of the own catalogue private to the customer group `acme`. */
const PRIVATE_DC = 'Bergen Vault'

/** The own catalogue plus {@link PRIVATE_DC}, with the given settings. */
function catalogWith(settings: Catalog['settings']): Catalog {
  const catalog = ownCatalog()
  const [oslo] = catalog.data_centers
  catalog.data_centers.push({
    ...oslo,
    name: PRIVATE_DC,
    city: 'Bergen',
    latitude: 60.39,
    longitude: 5.32,
    clouds: oslo.clouds.map((link) => ({ ...link, private_to: ['acme'] })),
  })
  return { ...catalog, settings }
}

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>

interface Signer {
  kid: string
  alg: 'ES256' | 'EdDSA'
  keys: KeyPair
}

async function signer(kid: string, alg: 'ES256' | 'EdDSA' = 'ES256'): Promise<Signer> {
  return { kid, alg, keys: await generateKeyPair(alg, { extractable: true }) }
}

async function publicJwk(s: Signer): Promise<JWK> {
  return { ...(await exportJWK(s.keys.publicKey)), kid: s.kid, alg: s.alg, use: 'sig' }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** A token as a console signs it: `iat` now, 5 minutes of life, this site's audience; `claims` and `times` override. */
async function mint(
  s: Signer,
  claims: Record<string, unknown> = { groups: ['acme'] },
  times: { iat?: number; exp?: number; aud?: string; iss?: string } = {},
): Promise<string> {
  const iat = times.iat ?? seconds(FIXED_NOW)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: s.alg, kid: s.kid, typ: 'JWT' })
    .setIssuer(times.iss ?? ISSUER)
    .setAudience(times.aud ?? SITE)
    .setIssuedAt(iat)
    .setExpirationTime(times.exp ?? iat + 300)
    .sign(s.keys.privateKey)
}

/** An HS256 token, which a console must never use (a shared secret, not a key pair). */
async function mintHs256(): Promise<string> {
  const iat = seconds(FIXED_NOW)
  return new SignJWT({ groups: ['acme'] })
    .setProtectedHeader({ alg: 'HS256', kid: 'one' })
    .setIssuer(ISSUER)
    .setAudience(SITE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .sign(new TextEncoder().encode('a shared secret that is long enough for HS256'))
}

/** The console's JWKS on a real loopback server; `keys` is what it serves now, `fetches` how often it was read. */
interface Jwks {
  url: string
  keys: JWK[]
  fetches: number
  close(): Promise<void>
}

async function serveJwks(): Promise<Jwks> {
  const state = { keys: [] as JWK[], fetches: 0 }
  const server: Server = createServer((_req, res) => {
    state.fetches++
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: state.keys }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    get keys() {
      return state.keys
    },
    set keys(keys) {
      state.keys = keys
    },
    get fetches() {
      return state.fetches
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

interface Context {
  t: TestApp
  jwks: Jwks
  one: Signer
  base: string
}

const tokens = suite<Context>('console tokens')

tokens.before(async (ctx) => {
  ctx.jwks = await serveJwks()
  ctx.one = await signer('one')
  ctx.jwks.keys = [await publicJwk(ctx.one)]
  ctx.t = await startApp({
    mode: 'production',
    accounts: {
      publicUrl: SITE,
      admin: { name: 'ops', mail: 'ops@vendor.example', password: 'Ops12345678' },
      seedViewer: false,
      requireSecondFactor: true,
    },
    // A rotated key is fetched as soon as a token names it, without the production cooldown.
    consoleTokenJwksCooldownMs: 0,
  })
  ctx.t.app.get(GROUPS_URL, { config: PUBLIC_SHORT_CACHE }, async (request: FastifyRequest) => ({ groups: tenantGroupsOf(request) }))
  await importCatalog(
    ctx.t.db(),
    catalogWith({ vendor: 'Northwind', console_token_issuer: ISSUER, console_token_jwks_url: ctx.jwks.url }),
    FIXED_NOW,
  )
  await ctx.t.app.listen({ port: 0, host: '127.0.0.1' })
  ctx.base = `http://127.0.0.1:${(ctx.t.app.server.address() as AddressInfo).port}`
})

tokens.after(async (ctx) => {
  await ctx.t?.close()
  await ctx.jwks?.close()
})

tokens.before.each((ctx) => {
  ctx.t.app.responseCache.clear()
})

/** A GET through the real listening server (so response-cache hits answered by the HTTP handler count too). */
async function get(ctx: Context, url: string, token?: string) {
  const res = await fetch(`${ctx.base}${url}`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

const groupsOf = (text: string) => (JSON.parse(text) as { groups: string[] }).groups

tokens('a valid ES256 token from the JWKS gives its groups; the answer is private, never shared, readable cross-origin', async (ctx) => {
  const res = await get(ctx, GROUPS_URL, await mint(ctx.one, { groups: ['acme', 'globex'] }))
  assert.is(res.status, 200, res.text)
  assert.equal(groupsOf(res.text), ['acme', 'globex'])
  assert.is(res.headers.get('cache-control'), 'private, no-store')
  assert.match(String(res.headers.get('vary')), /(^|,\s*)Authorization(\s*,|$)/)
  assert.is(res.headers.get('access-control-allow-origin'), '*')
  assert.match(String(res.headers.get('access-control-expose-headers')), /Trust-Token-Problem/)
  assert.is(res.headers.get('trust-token-problem'), null)
  // The tenant's cloud status has its private data center; the public one has not.
  const tenant = await get(ctx, STATUS_URL, await mint(ctx.one))
  assert.ok(tenant.text.includes(PRIVATE_DC), 'the tenant sees its private data center')
  assert.not.ok((await get(ctx, STATUS_URL)).text.includes(PRIVATE_DC), 'the public does not')
  const otherTenant = await get(ctx, STATUS_URL, await mint(ctx.one, { tenant: 'globex' }))
  assert.not.ok(otherTenant.text.includes(PRIVATE_DC), 'another tenant does not')
})

tokens('the tenant claim names one group; invalid group names are ignored', async (ctx) => {
  assert.equal(groupsOf((await get(ctx, GROUPS_URL, await mint(ctx.one, { tenant: 'initech' }))).text), ['initech'])
  assert.equal(groupsOf((await get(ctx, GROUPS_URL, await mint(ctx.one, { groups: ['acme', 'Not A Group', 7] }))).text), ['acme'])
})

tokens('60 seconds of clock skew are tolerated on exp, and no more', async (ctx) => {
  const now = seconds(FIXED_NOW)
  const skewed = await get(ctx, GROUPS_URL, await mint(ctx.one, undefined, { iat: now - 330, exp: now - 30 }))
  assert.equal(groupsOf(skewed.text), ['acme'])
  const late = await get(ctx, GROUPS_URL, await mint(ctx.one, undefined, { iat: now - 400, exp: now - 90 }))
  assert.equal(groupsOf(late.text), [])
  assert.match(String(late.headers.get('trust-token-problem')), /expired/)
})

tokens('a refused token gets exactly the public answer plus Trust-Token-Problem, in words', async (ctx) => {
  const now = seconds(FIXED_NOW)
  const other = await signer('one') // the same key id, another key
  const unknown = await signer('unlisted')
  const cases: Array<[string, string, RegExp]> = [
    ['expired', await mint(ctx.one, undefined, { iat: now - 1200, exp: now - 600 }), /expired at 2026-03-15T09:20:00\.000Z/],
    ['other audience', await mint(ctx.one, undefined, { aud: 'https://other.example' }), /another audience.*"https:\/\/trust\.example"/],
    ['other issuer', await mint(ctx.one, undefined, { iss: 'https://evil.example' }), /another issuer/],
    ['other key, same kid', await mint(other), /signature does not match/],
    ['unknown kid', await mint(unknown), /does not list \(unknown key id\)/],
    ['16 minutes of life', await mint(ctx.one, undefined, { iat: now, exp: now + 16 * 60 }), /lives 16 minutes.*at most 15 minutes/],
    ['HS256', await mintHs256(), /algorithm this site does not accept; sign with ES256 or EdDSA/],
    ['no groups', await mint(ctx.one, { role: 'viewer' }), /names no customer group/],
    ['not a JWT', 'not-a-jwt', /not a well-formed signed JWT/],
  ]
  for (const [what, token, problem] of cases) {
    const anonymous = await get(ctx, STATUS_URL)
    const refused = await get(ctx, STATUS_URL, token)
    assert.is(refused.status, 200, `${what}: ${refused.text}`)
    assert.is(refused.text, anonymous.text, what)
    assert.not.ok(refused.text.includes(PRIVATE_DC), what)
    assert.match(String(refused.headers.get('trust-token-problem')), problem, what)
    assert.is(refused.headers.get('cache-control'), 'private, no-store', what)
    assert.match(String(refused.headers.get('vary')), /Authorization/, what)
    assert.equal(groupsOf((await get(ctx, GROUPS_URL, token)).text), [], what)
  }
})

tokens('key rotation: a new key the JWKS starts serving is accepted at once, the retired one refused', async (ctx) => {
  const two = await signer('two')
  const before = ctx.jwks.fetches
  ctx.jwks.keys = [await publicJwk(two)]
  const rotated = await get(ctx, GROUPS_URL, await mint(two, { groups: ['acme'] }))
  assert.equal(groupsOf(rotated.text), ['acme'], String(rotated.headers.get('trust-token-problem')))
  assert.ok(ctx.jwks.fetches > before, 'the key set was fetched again for the new key id')
  const retired = await get(ctx, GROUPS_URL, await mint(ctx.one))
  assert.equal(groupsOf(retired.text), [])
  assert.match(String(retired.headers.get('trust-token-problem')), /unknown key id/)
  ctx.jwks.keys = [await publicJwk(ctx.one), await publicJwk(two)]
})

tokens('an EdDSA public key in Settings (PEM) instead of a JWKS URL; an audience from Settings', async (ctx) => {
  const ed = await signer('ed', 'EdDSA')
  const settings = {
    vendor: 'Northwind',
    console_token_issuer: ISSUER,
    console_token_audience: 'trust-site',
    console_token_public_key: await exportSPKI(ed.keys.publicKey),
  }
  await importCatalog(ctx.t.db(), catalogWith(settings), FIXED_NOW)
  try {
    assert.equal(groupsOf((await get(ctx, GROUPS_URL, await mint(ed, undefined, { aud: 'trust-site' }))).text), ['acme'])
    const siteOrigin = await get(ctx, GROUPS_URL, await mint(ed))
    assert.match(String(siteOrigin.headers.get('trust-token-problem')), /another audience.*"trust-site"/)
    const es = await get(ctx, GROUPS_URL, await mint(ctx.one, undefined, { aud: 'trust-site' }))
    assert.equal(groupsOf(es.text), [])
    assert.ok(es.headers.get('trust-token-problem'))
  } finally {
    await importCatalog(
      ctx.t.db(),
      catalogWith({ vendor: 'Northwind', console_token_issuer: ISSUER, console_token_jwks_url: ctx.jwks.url }),
      FIXED_NOW,
    )
  }
})

tokens('without console token settings every token is refused as not configured', async (ctx) => {
  await importCatalog(ctx.t.db(), catalogWith({ vendor: 'Northwind' }), FIXED_NOW)
  try {
    const res = await get(ctx, GROUPS_URL, await mint(ctx.one))
    assert.equal(groupsOf(res.text), [])
    assert.match(String(res.headers.get('trust-token-problem')), /does not accept console tokens yet/)
  } finally {
    await importCatalog(
      ctx.t.db(),
      catalogWith({ vendor: 'Northwind', console_token_issuer: ISSUER, console_token_jwks_url: ctx.jwks.url }),
      FIXED_NOW,
    )
  }
})

tokens('an API key (Bearer trust_…) is not a console token: no problem header, no groups, still never shared', async (ctx) => {
  const res = await get(ctx, GROUPS_URL, 'trust_notAConsoleToken')
  assert.equal(groupsOf(res.text), [])
  assert.is(res.headers.get('trust-token-problem'), null)
  assert.is(res.headers.get('cache-control'), 'private, no-store')
})

tokens('response cache: a token-bearing answer is never stored nor served to a following anonymous request', async (ctx) => {
  const cache = ctx.t.app.responseCache
  const stored = cache.stats().stored
  const tenant = await get(ctx, GROUPS_URL, await mint(ctx.one))
  assert.equal(groupsOf(tenant.text), ['acme'])
  assert.is(cache.stats().stored, stored, 'the token-bearing answer was not stored')
  const anonymous = await get(ctx, GROUPS_URL)
  assert.equal(groupsOf(anonymous.text), [])
  assert.is(anonymous.headers.get('trust-token-problem'), null)
  assert.match(String(anonymous.headers.get('cache-control')), /^public, /)
  assert.match(String(anonymous.headers.get('vary')), /Authorization/, 'a CDN keeps token-bearing requests apart')
  assert.is(cache.stats().stored, stored + 1, 'the anonymous answer was stored')
  const hits = cache.stats().hits
  const again = await get(ctx, GROUPS_URL)
  assert.equal(groupsOf(again.text), [])
  assert.is(cache.stats().hits, hits + 1, 'the anonymous answer is served from the cache')
  assert.match(String(again.headers.get('vary')), /Authorization/, 'a cached answer keeps its Vary')
  // The stored anonymous answer is never served to a token-bearing request either.
  const tenantAgain = await get(ctx, GROUPS_URL, await mint(ctx.one))
  assert.equal(groupsOf(tenantAgain.text), ['acme'])
  assert.is(tenantAgain.headers.get('cache-control'), 'private, no-store')
  assert.is(cache.stats().hits, hits + 1)
  // The same with the cloud status, whose tenant answer holds a private data center.
  assert.ok((await get(ctx, STATUS_URL, await mint(ctx.one))).text.includes(PRIVATE_DC))
  for (let i = 0; i < 2; i++) assert.not.ok((await get(ctx, STATUS_URL)).text.includes(PRIVATE_DC), `anonymous read ${i + 1}`)
  assert.ok((await get(ctx, STATUS_URL, await mint(ctx.one))).text.includes(PRIVATE_DC), 'after the anonymous copy was stored')
})

tokens('CORS: preflights allow the Authorization header on public reads', async (ctx) => {
  const res = await fetch(`${ctx.base}${STATUS_URL}`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://console.vendor.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  })
  assert.is(res.status, 204)
  assert.match(String(res.headers.get('access-control-allow-headers')), /Authorization/)
  assert.is(res.headers.get('access-control-allow-origin'), '*')
  // The per-cloud Statuspage documents, which the widgets' overall line reads.
  const v2 = await fetch(`${ctx.base}/${OWN.cloud}/api/v2/status.json`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://console.vendor.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  })
  assert.is(v2.status, 204)
  assert.match(String(v2.headers.get('access-control-allow-headers')), /Authorization/)
  const doc = await get(ctx, `/${OWN.cloud}/api/v2/status.json`, await mint(ctx.one))
  assert.is(doc.status, 200)
  assert.is(doc.headers.get('access-control-allow-origin'), '*')
  assert.is(doc.headers.get('cache-control'), 'private, no-store')
})

tokens.run()
