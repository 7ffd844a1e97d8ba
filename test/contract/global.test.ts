/**
 * Contract of the site-wide reads: GET /api/global, /api/cloud-banner, /api/dc_map/{cloud} and
 * /api/speedometer. Every seeded answer conforms to its schema in `contract/global.ts`, and the
 * front end's own parser of that answer accepts it and gives back the same data.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { answer } from '../../contract/common.js'
import { BannerData, type Cloud, DcMapData, GlobalData, SpeedometerData } from '../../contract/global.js'
import { fetchBanner } from '../../shell/pages/api.js'
import { parseDcMapAnswer } from '../../widgets/dc-map/api.js'
import { $global, loadGlobal } from '../../widgets/core/global.js'
import { fetchSpeedometer } from '../../widgets/speedometer/api.js'
import { getJson, schemaErrors, startSeeded, isMalformed, type TestApp } from './harness.js'

let t: TestApp
let clouds: Cloud[]

test.before(async () => {
  ;({ t, clouds } = await startSeeded())
})
test.after(() => t.close())

/**
 * Runs `call` (a widget's fetch function) while `fetch` answers `json` with status 200, so the
 * widget parses exactly that answer as it would from the network.
 */
async function withAnswer<T>(json: unknown, call: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch
  globalThis.fetch = (async () => new Response(JSON.stringify(json), { status: 200, statusText: 'OK' })) as typeof fetch
  try {
    return await call()
  } finally {
    globalThis.fetch = realFetch
  }
}

/** The error `promise` rejects with; fails the test when it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  return assert.unreachable('the parser accepted a broken answer')
}

// GET /api/global ------------------------------------------------------------------------------

test('GET /api/global conforms to GlobalData and loadGlobal keeps it as is', async () => {
  const json = await getJson(t, '/api/global')
  assert.equal(schemaErrors(answer(GlobalData), json), [])
  assert.ok(
    json.data.menu.main_menu.some((item: { sub_menus: unknown[] }) => item.sub_menus.length > 0),
    'a sub-menu is covered',
  )
  assert.ok(
    json.data.menu.top_menu.some((item: { route: unknown }) => typeof item.route === 'object'),
    'a per-cloud route is covered',
  )
  await withAnswer(json, () => loadGlobal('', true))
  assert.is($global.get().error, undefined)
  assert.equal($global.get().data, json.data)
})

test('GET /api/global: a broken answer fails the schema and loadGlobal refuses it', async () => {
  const broken = structuredClone(await getJson(t, '/api/global'))
  broken.data.isGov = '1'
  assert.ok(schemaErrors(answer(GlobalData), broken).some((e) => e.startsWith('/data/isGov')))
  await withAnswer(broken, () => loadGlobal('', true))
  assert.is($global.get().data, undefined)
  assert.is($global.get().error, 'The service sent an answer of an unexpected shape.')
})

// GET /api/cloud-banner ------------------------------------------------------------------------

test('GET /api/cloud-banner of every cloud conforms to BannerData and fetchBanner gives it back', async () => {
  assert.ok(clouds.length > 0)
  for (const cloud of clouds) {
    const json = await getJson(t, `/api/cloud-banner?cloud=${cloud.machine_name}`)
    assert.equal(schemaErrors(answer(BannerData), json), [], cloud.machine_name)
    assert.equal(await withAnswer(json, () => fetchBanner(cloud.machine_name)), json.data, cloud.machine_name)
  }
})

test('GET /api/cloud-banner: a broken answer fails the schema and fetchBanner throws', async () => {
  const broken = structuredClone(await getJson(t, `/api/cloud-banner?cloud=${clouds[0].machine_name}`))
  broken.data.description = null
  assert.ok(schemaErrors(answer(BannerData), broken).some((e) => e.startsWith('/data/description')))
  assert.ok(isMalformed(await rejection(withAnswer(broken, () => fetchBanner(clouds[0].machine_name)))))
})

// GET /api/dc_map/{cloud} ----------------------------------------------------------------------

test('GET /api/dc_map of every cloud conforms to DcMapData and parseDcMapAnswer gives it back', async () => {
  let dataCenters = 0
  for (const cloud of clouds) {
    const json = await getJson(t, `/api/dc_map/${cloud.machine_name}`)
    assert.equal(schemaErrors(answer(DcMapData), json), [], cloud.machine_name)
    assert.equal(parseDcMapAnswer(json), json.data, cloud.machine_name)
    dataCenters += json.data.datacenters.length
  }
  assert.ok(dataCenters > 0, 'some cloud has data centers')
})

test('GET /api/dc_map: a broken answer fails the schema and parseDcMapAnswer throws', async () => {
  const broken = structuredClone(await getJson(t, '/api/dc_map/auroraedge'))
  assert.ok(broken.data.datacenters.length > 0)
  broken.data.datacenters[0].latitude = 'north'
  assert.ok(schemaErrors(answer(DcMapData), broken).some((e) => e.startsWith('/data/datacenters/0/latitude')))
  assert.throws(() => parseDcMapAnswer(broken), isMalformed)
})

// GET /api/speedometer -------------------------------------------------------------------------

test('GET /api/speedometer of every cloud conforms to SpeedometerData and fetchSpeedometer gives it back', async () => {
  let traffic = 0
  for (const cloud of clouds) {
    const json = await getJson(t, `/api/speedometer?cloud=${cloud.machine_name}`)
    assert.equal(schemaErrors(answer(SpeedometerData), json), [], cloud.machine_name)
    assert.equal(await withAnswer(json, () => fetchSpeedometer(cloud.machine_name)), json.data, cloud.machine_name)
    traffic += json.data.gauges.filter((g: { value: number }) => g.value > 0).length
  }
  assert.ok(traffic > 0, 'some cloud has traffic')
})

test('GET /api/speedometer: a broken answer fails the schema and fetchSpeedometer throws', async () => {
  const broken = structuredClone(await getJson(t, '/api/speedometer?cloud=auroraedge'))
  broken.data.gauges[0].value = String(broken.data.gauges[0].value)
  assert.ok(schemaErrors(answer(SpeedometerData), broken).some((e) => e.startsWith('/data/gauges/0/value')))
  assert.ok(isMalformed(await rejection(withAnswer(broken, () => fetchSpeedometer('auroraedge')))))
})

test.run()
