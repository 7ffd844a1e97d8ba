import { CHROMIUM_CHECKED_CITIES } from '../fixtures/map-cities'
import { readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { MapDataCenter } from '../../contract/global'
import { legendEntries, markerKind, MERGE_DISTANCE_DEG, mergeMarkers, placeTooltip, project, VIEWBOX } from '../../widgets/dc-map/model'

// The real data-center list, turned into data centers the way the server does: one per city key,
// name = key without 'city : ', city = name without a trailing roman numeral, region = continent.
const LIST_FILE = new URL('../../server/seed/data/cenr-zscalerthree.json', import.meta.url)

function realDataCenters(): MapDataCenter[] {
  const list = JSON.parse(readFileSync(LIST_FILE, 'utf8')) as Record<
    string,
    Record<string, Record<string, Array<{ latitude: string; longitude: string }>>>
  >
  const out: MapDataCenter[] = []
  const seen = new Set<string>()
  for (const continents of Object.values(list)) {
    for (const [continent, cities] of Object.entries(continents)) {
      for (const [key, entries] of Object.entries(cities)) {
        const name = key.replace(/^city : /, '')
        if (seen.has(name)) continue
        seen.add(name)
        out.push({
          name,
          city: name.replace(/\s+[IVX]+$/, ''),
          region: continent.replace(/^continent : /, ''),
          latitude: Number(entries[0].latitude),
          longitude: Number(entries[0].longitude),
          regional_surcharge: 0,
          premium_dc: 0,
        })
      }
    }
  }
  return out
}

const REAL = realDataCenters()

function dc(name: string, latitude: number, longitude: number, flags: Partial<MapDataCenter> = {}): MapDataCenter {
  return { name, city: name, region: 'EMEA', latitude, longitude, regional_surcharge: 0, premium_dc: 0, ...flags }
}

const names = (markers: ReturnType<typeof mergeMarkers>) => markers.map((m) => m.datacenters.map((d) => d.name))

test('the real list has 95 data centers', () => {
  assert.is(REAL.length, 95)
  assert.ok(REAL.every((d) => Number.isFinite(d.latitude) && Number.isFinite(d.longitude)))
})

test('merging: Amsterdam II and Amsterdam III share one marker of kind multiple', () => {
  const markers = mergeMarkers(REAL, { isGov: false })
  const amsterdam = markers.filter((m) => m.datacenters.some((d) => d.city === 'Amsterdam'))
  assert.is(amsterdam.length, 1)
  assert.equal(
    amsterdam[0].datacenters.map((d) => d.name),
    ['Amsterdam II', 'Amsterdam III'],
  )
  assert.is(amsterdam[0].kind, 'multiple')
  assert.is(amsterdam[0].label, '2 data centers: Amsterdam II, Amsterdam III')
})

test('merging: all 95 real data centers become 68 markers, every data center on exactly one', () => {
  const markers = mergeMarkers(REAL, { isGov: false })
  assert.is(markers.length, 68)
  const all = markers.flatMap((m) => m.datacenters.map((d) => d.name))
  assert.is(all.length, 95)
  assert.is(new Set(all).size, 95)
  // 25 multi-data-center markers; Chennai and Mumbai (VII is 0.1° from IV and VI) have three each.
  assert.is(markers.filter((m) => m.kind === 'multiple').length, 25)
  const mumbai = markers.find((m) => m.datacenters.some((d) => d.name === 'Mumbai VII'))!
  assert.equal(
    mumbai.datacenters.map((d) => d.name),
    ['Mumbai IV', 'Mumbai VI', 'Mumbai VII'],
  )
  // Nearby but distinct cities stay apart: Dubai and Abu Dhabi are 0.8° apart in latitude.
  assert.not.ok(markers.some((m) => m.datacenters.some((d) => d.city === 'Dubai') && m.datacenters.some((d) => d.city === 'Abu Dhabi')))
})

test('merging: a marker sits at the mean of its members and markers follow input order', () => {
  const markers = mergeMarkers(REAL, { isGov: false })
  const sydney = markers.find((m) => m.datacenters.some((d) => d.city === 'Sydney'))!
  assert.ok(Math.abs(sydney.lat - (-33.86882 + -33.8727409) / 2) < 1e-9)
  assert.ok(Math.abs(sydney.lon - (151.209295 + 151.2057136) / 2) < 1e-9)
  const p = project(sydney.lat, sydney.lon)
  assert.equal({ x: sydney.x, y: sydney.y }, p)
  assert.is(markers[0].datacenters[0].name, REAL[0].name)
})

test('merging is transitive: a chain 0.5° apart is one marker though its ends are 1° apart', () => {
  const chain = [dc('A', 10, 20), dc('C', 11, 20), dc('B', 10.5, 20)]
  assert.equal(names(mergeMarkers(chain, { isGov: false })), [['A', 'C', 'B']])
  // The same groups whatever the input order.
  for (const order of [
    [2, 0, 1],
    [1, 2, 0],
    [0, 2, 1],
  ]) {
    const markers = mergeMarkers(
      order.map((i) => chain[i]),
      { isGov: false },
    )
    assert.is(markers.length, 1)
    assert.equal([...markers[0].datacenters.map((d) => d.name)].sort(), ['A', 'B', 'C'])
  }
  // Two chains bridged by a late member merge into one.
  const bridged = [dc('P', 0, 0), dc('Q', 0, 0.9), dc('R', 0, 0.45)]
  assert.equal(names(mergeMarkers(bridged, { isGov: false })), [['P', 'Q', 'R']])
})

test('the 0.5° boundary: 0.5 merges, 0.6 does not, on latitude and on longitude', () => {
  assert.is(MERGE_DISTANCE_DEG, 0.5)
  assert.is(mergeMarkers([dc('a', 51.9, 4), dc('b', 52.4, 4)], { isGov: false }).length, 1) // 52.4 − 51.9 is 0.5000000000000036 in floats
  assert.is(mergeMarkers([dc('a', 51.9, 4), dc('b', 52.5, 4)], { isGov: false }).length, 2)
  assert.is(mergeMarkers([dc('a', 10, -74.1), dc('b', 10, -73.6)], { isGov: false }).length, 1)
  assert.is(mergeMarkers([dc('a', 10, -74.1), dc('b', 10, -73.5)], { isGov: false }).length, 2)
  // Both axes must be within 0.5°: a diagonal of 0.5° + 0.5° still merges, 0.5° + 0.6° does not.
  assert.is(mergeMarkers([dc('a', 0, 0), dc('b', 0.5, 0.5)], { isGov: false }).length, 1)
  assert.is(mergeMarkers([dc('a', 0, 0), dc('b', 0.5, 0.6)], { isGov: false }).length, 2)
})

test('the boundary applies after rounding to 1 decimal', () => {
  // 52.44 → 52.4 and 51.86 → 51.9: 0.58° apart, 0.5° after rounding → one marker.
  assert.is(mergeMarkers([dc('a', 52.44, 4), dc('b', 51.86, 4)], { isGov: false }).length, 1)
  // 52.44 → 52.4 and 51.84 → 51.8: 0.6° after rounding → two markers.
  assert.is(mergeMarkers([dc('a', 52.44, 4), dc('b', 51.84, 4)], { isGov: false }).length, 2)
})

test('merging works across the antimeridian', () => {
  const markers = mergeMarkers([dc('east', -17, 179.9), dc('west', -17, -179.8)], { isGov: false })
  assert.is(markers.length, 1)
  assert.ok(Math.abs(Math.abs(markers[0].lon) - 179.95) < 1e-9, String(markers[0].lon))
})

test('kinds: multiple, else premium, else surcharge, else normal', () => {
  assert.is(markerKind([dc('a', 0, 0), dc('b', 0, 0)], { isGov: false }), 'multiple')
  assert.is(markerKind([dc('a', 0, 0, { premium_dc: 1, regional_surcharge: 1 })], { isGov: false }), 'premium')
  assert.is(markerKind([dc('a', 0, 0, { regional_surcharge: 1 })], { isGov: false }), 'surcharge')
  assert.is(markerKind([dc('a', 0, 0)], { isGov: false }), 'normal')
  // On the government variant a premium data center counts as normal (or surcharge).
  assert.is(markerKind([dc('a', 0, 0, { premium_dc: 1 })], { isGov: true }), 'normal')
  assert.is(markerKind([dc('a', 0, 0, { premium_dc: 1, regional_surcharge: 1 })], { isGov: true }), 'surcharge')
})

test('the government variant never yields premium markers or a premium legend entry', () => {
  // Flags on the real list: surcharge for APAC, premium for every data center of EMEA.
  const flagged = REAL.map(
    (d) => ({ ...d, regional_surcharge: d.region === 'APAC' ? 1 : 0, premium_dc: d.region === 'EMEA' ? 1 : 0 }) as MapDataCenter,
  )
  const commercial = mergeMarkers(flagged, { isGov: false })
  assert.ok(commercial.some((m) => m.kind === 'premium'))
  assert.equal(
    legendEntries(commercial, { isGov: false }).map((e) => e.kind),
    ['normal', 'surcharge', 'premium', 'multiple'],
  )
  const gov = mergeMarkers(flagged, { isGov: true })
  assert.is(gov.length, commercial.length)
  assert.not.ok(gov.some((m) => m.kind === 'premium'))
  assert.not.ok(gov.some((m) => /premium/i.test(m.label)))
  assert.equal(
    legendEntries(gov, { isGov: true }).map((e) => e.kind),
    ['normal', 'surcharge', 'multiple'],
  )
  // Even handed premium markers, the government legend leaves premium out.
  assert.equal(legendEntries([{ kind: 'premium' }], { isGov: true }), [])
})

test('legend lists only the kinds present, each with a text label', () => {
  const entries = legendEntries(mergeMarkers(REAL, { isGov: false }), { isGov: false })
  assert.equal(entries, [
    { kind: 'normal', label: 'Data center' },
    { kind: 'multiple', label: 'Multiple data centers' },
  ])
})

test('labels name every data center and say what the marker is', () => {
  const [single] = mergeMarkers([dc('Dubai I', 25.2, 55.27, { regional_surcharge: 1 })], { isGov: false })
  assert.is(single.label, 'Dubai I (data center with regional surcharge)')
  const [premium] = mergeMarkers([dc('Frankfurt IV', 50.1, 8.7, { premium_dc: 1 })], { isGov: false })
  assert.is(premium.label, 'Frankfurt IV (premium data center)')
})

test('projection: matches the points verified in Chromium within 2 SVG units', () => {
  for (const c of CHROMIUM_CHECKED_CITIES) {
    const p = project(c.lat, c.lon)
    assert.ok(Math.hypot(p.x - c.x, p.y - c.y) < 2, `${c.city}: ${p.x.toFixed(2)}, ${p.y.toFixed(2)}`)
  }
})

test('projection: each verified city falls inside its country path box, and outside the controls', () => {
  for (const c of CHROMIUM_CHECKED_CITIES) {
    const p = project(c.lat, c.lon)
    const [bx, by, bw, bh] = c.box
    const inBox = p.x >= bx && p.x <= bx + bw && p.y >= by && p.y <= by + bh
    assert.is(inBox, c.inside, `${c.city} in ${c.iso}`)
  }
})

test('projection: known anchors (origin, north-up, east-right)', () => {
  const origin = project(0, 0)
  assert.ok(Math.abs(origin.x - 976.65) < 0.01 && Math.abs(origin.y - 572.06) < 0.01)
  assert.ok(project(10, 0).y < origin.y, 'north is up')
  assert.ok(project(0, 10).x > origin.x, 'east is right')
  // Robinson is symmetric about the equator and the central meridian.
  const ne = project(40, 60)
  const sw = project(-40, -60)
  assert.ok(Math.abs(ne.x - origin.x + (sw.x - origin.x)) < 1e-9)
  assert.ok(Math.abs(ne.y - origin.y + (sw.y - origin.y)) < 1e-9)
  // Longitudes wrap: 190° is −170°.
  assert.equal(project(0, 190), project(0, -170))
})

test('projection: monotonic in longitude and latitude', () => {
  for (let lat = -55; lat <= 80; lat += 5) {
    let prev = -Infinity
    for (let lon = -170; lon <= 180; lon += 2.5) {
      const { x } = project(lat, lon)
      assert.ok(x > prev, `x at ${lat}, ${lon}`)
      prev = x
    }
  }
  for (let lon = -170; lon <= 180; lon += 10) {
    let prev = Infinity
    for (let lat = -55; lat <= 85; lat += 0.5) {
      const { y } = project(lat, lon)
      assert.ok(y < prev, `y at ${lat}, ${lon}`)
      prev = y
    }
  }
})

test('projection: every real data center lands inside the viewBox', () => {
  for (const d of REAL) {
    const { x, y } = project(d.latitude, d.longitude)
    assert.ok(x > 0 && x < VIEWBOX.width && y > 0 && y < VIEWBOX.height, `${d.name}: ${x}, ${y}`)
  }
  // And so does the inhabited world the map draws (no Antarctica: it is cut at about 59°S).
  for (const [lat, lon] of [
    [83, -170],
    [83, 180],
    [-56, -170],
    [-56, 180],
  ]) {
    const { x, y } = project(lat, lon)
    assert.ok(x > 0 && x < VIEWBOX.width && y > 0 && y < VIEWBOX.height, `${lat}, ${lon}`)
  }
})

test('tooltip placement: above when there is room, below otherwise, inside the frame', () => {
  const frame = { width: 800, height: 650 }
  const size = { width: 200, height: 60 }
  assert.equal(placeTooltip({ x: 390, y: 300, width: 20, height: 20 }, size, frame), { left: 300, top: 232, side: 'top' })
  assert.equal(placeTooltip({ x: 390, y: 30, width: 20, height: 20 }, size, frame), { left: 300, top: 58, side: 'bottom' })
  assert.is(placeTooltip({ x: 0, y: 300, width: 20, height: 20 }, size, frame).left, 8)
  assert.is(placeTooltip({ x: 790, y: 300, width: 20, height: 20 }, size, frame).left, 592)
})

test.run()
