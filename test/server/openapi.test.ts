/**
 * The OpenAPI 3.1 document (docs/api.md#openapi) is generated from the routes' own schemas, lints
 * clean with Redocly's recommended rules, holds every API route the app registers (compared with
 * Fastify's route table), and has an interactive reference page.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { REFERENCE_PREFIX } from '../../server/http/openapi.js'
import { startApp, type TestApp } from './helpers.js'
import { apiRouteTable } from './route-table.js'

const test = suite('OpenAPI document')

interface Document {
  openapi: string
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>
}

let t: TestApp
let source: string
let document: Document

test.before(async () => {
  t = await startApp()
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
  assert.is(res.statusCode, 200)
  source = res.body
  document = JSON.parse(source)
})
test.after(() => t.close())

test('it is OpenAPI 3.1 and lints clean with the recommended rules', async () => {
  assert.is(document.openapi, '3.1.0')
  const config = await createConfig({
    extends: ['recommended'],
    // A redirect is the whole answer of the e-mail verification link and of the single sign-on steps.
    rules: { 'operation-2xx-response': 'off' },
  })
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config })
  assert.equal(
    problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
    [],
  )
})

test("every route of Fastify's route table that declares an answer is in it, and nothing else", async () => {
  const expected = new Set<string>()
  for (const route of await apiRouteTable('development')) {
    const response = (route.schema as { response?: unknown } | undefined)?.response
    if (!response) continue
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      expected.add(`${method.toLowerCase()} ${route.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`)
    }
  }
  const documented = new Set(Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)))
  assert.ok(expected.size >= 100, `only ${expected.size} routes`)
  assert.equal([...expected].filter((r) => !documented.has(r)).sort(), [], 'routes missing from the document')
  assert.equal([...documented].filter((r) => !expected.has(r)).sort(), [], 'operations that are no route')
})

test('each operation says how it is authenticated: API key under /v1/, session for the console and accounts, none for public routes', () => {
  const security = (path: string, method = 'get') => document.paths[path]?.[method]?.security
  assert.equal(security('/v1/pages'), [{ apiKey: [] }])
  assert.equal(security('/api/admin/dashboard'), [{ session: [] }])
  assert.equal(security('/api/user/sessions'), [{ session: [] }])
  assert.equal(security('/api/global'), [])
})

test('the reference page answers, with the site content security policy, and loads its scripts from the site', async () => {
  const page = await t.app.inject({ method: 'GET', url: `${REFERENCE_PREFIX}/` })
  assert.is(page.statusCode, 200)
  assert.match(page.headers['content-type'] as string, /^text\/html/)
  assert.match(page.headers['content-security-policy'] as string, /script-src 'self'/)
  assert.not.match(page.body, /<script>(?!\s*<\/script>)/, 'no inline script')
  const script = await t.app.inject({ method: 'GET', url: `${REFERENCE_PREFIX}/static/swagger-initializer.js` })
  assert.is(script.statusCode, 200)
  const json = await t.app.inject({ method: 'GET', url: `${REFERENCE_PREFIX}/json` })
  assert.equal(JSON.parse(json.body).paths['/api/global'] !== undefined, true)
})

test.run()
