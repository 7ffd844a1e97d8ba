/**
 * Every API route declares its request and response schemas (from `contract/`): Fastify validates
 * what comes in and serialises what goes out through them, so a field that is not in an answer's
 * schema cannot leave the server.
 */
import Fastify, { type RouteOptions } from 'fastify'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readAccountsConfig } from '../../server/config.js'
import type { RouteDeps } from '../../server/routes/deps.js'
import { registerApiRoutes } from '../../server/routes/index.js'

/** POST routes that take no body (docs/requirements/calls.md: "no body" / "none"; the logout token is a query parameter). */
const BODILESS = new Set([
  'POST /api/user/before-login',
  'POST /api/user_notifications',
  'POST /api/resend/verification',
  'POST /api/user/totp/enrol',
  'POST /api/user/recovery-codes',
  'POST /user/logout',
  'POST /api/user/logout',
])

/** Every route the API registers, in both modes (development adds the mail pages). */
function apiRoutes(): RouteOptions[] {
  const routes: RouteOptions[] = []
  for (const mode of ['development', 'production'] as const) {
    const app = Fastify()
    app.addHook('onRoute', (route) => {
      if (mode === 'development' || !routes.some((r) => r.url === route.url && r.method === route.method)) routes.push(route)
    })
    // Registering reads no dependency; the handlers (never called here) would.
    const deps = { db: {}, now: () => new Date(), variant: {}, site: {}, mode, accounts: readAccountsConfig({}, mode), mailer: {} }
    registerApiRoutes(app, deps as unknown as RouteDeps)
  }
  return routes
}

const name = (r: RouteOptions) => `${[r.method].flat().join('|')} ${r.url}`

test('the API has routes to check', () => {
  const routes = apiRoutes()
  assert.ok(routes.length >= 30, `only ${routes.length} routes`)
  assert.ok(routes.some((r) => r.url === '/api/global'))
})

test('every route declares a response schema for its success status and for errors', () => {
  const missing: string[] = []
  for (const route of apiRoutes()) {
    if ([route.method].flat().every((m) => m === 'HEAD')) continue // Fastify's automatic HEAD twin of a GET
    const response = (route.schema?.response ?? {}) as Record<string, unknown>
    const codes = Object.keys(response)
    if (!codes.some((c) => /^[23]/.test(c))) missing.push(`${name(route)}: no 2xx/3xx response schema`)
    if (!codes.includes('4xx') && !codes.some((c) => c.startsWith('4'))) missing.push(`${name(route)}: no 4xx response schema`)
  }
  assert.equal(missing, [])
})

test('every route declares the request parts it reads: params, and a body for writes', () => {
  const missing: string[] = []
  for (const route of apiRoutes()) {
    const methods = [route.method].flat()
    if (route.url.includes(':') && !route.schema?.params) missing.push(`${name(route)}: no params schema`)
    const writes = methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')
    if (writes && !route.schema?.body && !BODILESS.has(`POST ${route.url}`)) missing.push(`${name(route)}: no body schema`)
  }
  assert.equal(missing, [])
})

test.run()
