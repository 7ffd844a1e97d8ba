/**
 * A production start on an empty database seeds nothing of the demo vendor: no catalogue, records,
 * traffic, pages or demo users; the administrator comes only from the configuration, and
 * `/api/global` answers an empty document that is valid against the contract.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { answer } from '../../contract/common.js'
import { GlobalData } from '../../contract/global.js'
import { schemaErrors } from '../contract/harness.js'
import { body, startApp, type TestApp } from './helpers.js'

let t: TestApp

test.before(async () => {
  t = await startApp({
    mode: 'production',
    accounts: {
      publicUrl: 'https://trust.example',
      admin: { name: 'ops', mail: 'ops@vendor.example', password: 'Ops12345678' },
      seedViewer: false,
    },
  })
})
test.after(() => t.close())

/** The tables the demo seed fills (catalogue, records, traffic, pages). */
const DEMO_TABLES = [
  'products',
  'clouds',
  'menu_items',
  'regions',
  'data_centers',
  'cloud_data_centers',
  'traffic_daily',
  'services',
  'cloud_services',
  'records',
  'record_clouds',
  'record_terms',
  'record_events',
  'notification_categories',
  'basic_pages',
  'compliance_pages',
  'compliance_rows',
]

test('no demo content: every table the demo seed fills is empty', async () => {
  const counts: Record<string, number> = {}
  for (const table of DEMO_TABLES) counts[table] = (await t.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0].n
  assert.equal(counts, Object.fromEntries(DEMO_TABLES.map((table) => [table, 0])))
})

test('the only account is the administrator from the configuration; no demo viewer, no demo admin', async () => {
  const users = await t.query<{ name: string; mail: string }>('SELECT name, mail FROM users ORDER BY uid')
  assert.equal(users, [{ name: 'ops', mail: 'ops@vendor.example' }])
})

test('/api/global answers an empty, valid global document', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/global' })
  assert.is(res.statusCode, 200, res.body)
  const json = body(res)
  assert.equal(schemaErrors(answer(GlobalData), json), [])
  assert.equal(json.data.clouds, [])
  assert.equal(json.data.products, [])
  assert.equal(json.data.menu, { main_menu: [], top_menu: [] })
})

test('no demo employee domain: the sign-in rule names none until TRUST_EMPLOYEE_DOMAINS is set', async () => {
  const json = body(await t.app.inject({ method: 'GET', url: '/api/global' }))
  assert.equal(json.data.sso.employee_domains, [])
})

test('cloud endpoints answer 404 unknown_cloud, not demo data', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/cloud-banner?cloud=auroraedge' })
  assert.is(res.statusCode, 404)
  assert.is(body(res).error.code, 'unknown_cloud')
})

test.run()
