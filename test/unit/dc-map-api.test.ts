import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ApiError } from '../../widgets/core/request'
import { fetchDcMap, parseDcMapAnswer } from '../../widgets/dc-map/api'

const amsterdam = {
  name: 'Amsterdam II',
  city: 'Amsterdam',
  region: 'EMEA',
  latitude: 52.367573,
  longitude: 4.904139,
  regional_surcharge: 0,
  premium_dc: 1,
}

const realFetch = globalThis.fetch
let seenUrl = ''
function answer(status: number, body: unknown) {
  globalThis.fetch = (async (url: string) => {
    seenUrl = String(url)
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText: status === 200 ? 'OK' : 'Not Found' })
  }) as typeof fetch
}

function malformed(answer: unknown): boolean {
  try {
    parseDcMapAnswer(answer)
    return false
  } catch (e) {
    return e instanceof ApiError && e.statusText === 'Malformed answer'
  }
}

test('parses a well-formed answer unchanged', () => {
  assert.equal(parseDcMapAnswer({ data: { status: 'success', datacenters: [amsterdam] } }), {
    status: 'success',
    datacenters: [amsterdam],
  })
})

test('an empty list is valid (the widget shows its no-data alert)', () => {
  assert.equal(parseDcMapAnswer({ data: { status: 'success', datacenters: [] } }).datacenters, [])
})

test('coordinates as strings and flags as strings or booleans are normalised', () => {
  const [dc] = parseDcMapAnswer({
    data: {
      status: 'success',
      datacenters: [{ name: 'Dubai I', latitude: '25.204849', longitude: '55.270783', regional_surcharge: '1', premium_dc: false }],
    },
  }).datacenters
  assert.equal(dc, {
    name: 'Dubai I',
    city: '',
    region: '',
    latitude: 25.204849,
    longitude: 55.270783,
    regional_surcharge: 1,
    premium_dc: 0,
  })
})

test('malformed answers throw an ApiError instead of reaching the map', () => {
  const ok = { status: 'success', datacenters: [amsterdam] }
  assert.ok(malformed(null))
  assert.ok(malformed({}))
  assert.ok(malformed({ data: [] }))
  assert.ok(malformed({ data: { ...ok, status: 'error' } }))
  assert.ok(malformed({ data: { status: 'success' } }))
  assert.ok(malformed({ data: { status: 'success', datacenters: {} } }))
  assert.ok(malformed({ data: { ...ok, datacenters: [null] } }))
  assert.ok(malformed({ data: { ...ok, datacenters: [{ ...amsterdam, name: '' }] } }))
  assert.ok(malformed({ data: { ...ok, datacenters: [{ ...amsterdam, latitude: 'north' }] } }))
  assert.ok(malformed({ data: { ...ok, datacenters: [{ ...amsterdam, latitude: '' }] } }))
  assert.ok(malformed({ data: { ...ok, datacenters: [{ ...amsterdam, latitude: 91 }] } }))
  assert.ok(malformed({ data: { ...ok, datacenters: [{ ...amsterdam, longitude: -181 }] } }))
  assert.ok(malformed({ data: { ...ok, datacenters: [{ ...amsterdam, premium_dc: 2 }] } }))
  assert.ok(malformed({ data: { ...ok, datacenters: [{ ...amsterdam, regional_surcharge: 'yes' }] } }))
})

test('fetchDcMap calls /api/dc_map/{cloud} on the API base and validates the answer', async () => {
  answer(200, { data: { status: 'success', datacenters: [amsterdam] } })
  const data = await fetchDcMap('aurora edge', { apiBase: 'https://trust.example.net' })
  assert.is(seenUrl, 'https://trust.example.net/api/dc_map/aurora%20edge')
  assert.is(data.datacenters[0].name, 'Amsterdam II')

  answer(200, { data: { status: 'success', datacenters: [{ name: 'x' }] } })
  const err = (await fetchDcMap('alpha').catch((e) => e)) as ApiError
  assert.instance(err, ApiError)
  assert.is(err.statusText, 'Malformed answer')

  answer(404, { error: { code: 'unknown_cloud', message: 'Unknown cloud.' } })
  const notFound = (await fetchDcMap('nope').catch((e) => e)) as ApiError
  assert.instance(notFound, ApiError)
  assert.is(notFound.status, 404)
  globalThis.fetch = realFetch
})

test.run()
