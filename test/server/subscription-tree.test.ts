import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  cloudTree,
  coveredLeaves,
  groupState,
  leavesOf,
  notificationTree,
  regionState,
  subscribe,
  unsubscribe,
  type CloudTreeInput,
  type TargetTree,
} from '../../server/subscriptions/tree.js'

const test = suite('subscription target tree (pure)')

// Services 1, 2; region 10 with public 11, 12 and premium 13; region 20 with public 21 only;
// region 30 with premium 31 only; maintenance topic 40, advisory topics 41, 42.
const INPUT: CloudTreeInput = {
  services: [
    { tid: 1, name: 'S1' },
    { tid: 2, name: 'S2' },
  ],
  regions: [
    {
      tid: 10,
      name: 'R1',
      public: [
        { tid: 11, name: 'P11' },
        { tid: 12, name: 'P12' },
      ],
      premium: [{ tid: 13, name: 'Q13' }],
    },
    { tid: 20, name: 'R2', public: [{ tid: 21, name: 'P21' }], premium: [] },
    { tid: 30, name: 'R3', public: [], premium: [{ tid: 31, name: 'Q31' }] },
  ],
  maintenance: [{ tid: 40, name: 'Scheduled Maintenance' }],
  advisory: [
    { tid: 41, name: 'Under Investigation' },
    { tid: 42, name: 'Security Advisory' },
  ],
}
const tree = cloudTree(INPUT)
const LEAVES = ['1', '2', '11', '12', '13', '21', '31', '40', '41', '42']
const GROUPS = ['all', 'core_cloud_services', 'public', 'premium']
const TARGETS = [...GROUPS, '10', '20', '30', ...LEAVES]

/** Every state shown on the page: leaves, region stars per tab, group toggles. */
function view(t: TargetTree, stored: Set<string>): Record<string, boolean> {
  const covered = coveredLeaves(t, stored)
  const out: Record<string, boolean> = {}
  for (const leaf of LEAVES) out[leaf] = covered.has(leaf)
  for (const r of INPUT.regions) {
    if (r.public.length)
      out[`${r.tid}@public`] = regionState(
        covered,
        r.public.map((d) => d.tid),
      )
    if (r.premium.length)
      out[`${r.tid}@premium`] = regionState(
        covered,
        r.premium.map((d) => d.tid),
      )
  }
  for (const g of GROUPS) out[g] = groupState(t, stored, g)
  return out
}

/** The leaves a view key depends on. */
function keyLeaves(key: string): Set<string> {
  const [id, tab] = key.split('@')
  if (tab) return new Set(INPUT.regions.find((r) => String(r.tid) === id)![tab as 'public' | 'premium'].map((d) => String(d.tid)))
  return new Set(leavesOf(tree, id))
}

test('leaf sets: a region covers its data centers of both types', () => {
  assert.equal([...leavesOf(tree, '10')].sort(), ['11', '12', '13'])
  assert.equal([...leavesOf(tree, 'public')].sort(), ['11', '12', '21'])
  assert.equal([...leavesOf(tree, 'premium')].sort(), ['13', '31'])
  assert.equal([...leavesOf(tree, 'all')].sort(), [...LEAVES].sort())
})

test('region star: subscribing a region fills its star in both tabs and only its data centers', () => {
  const stored = subscribe(tree, [], '10')
  const v = view(tree, stored)
  assert.ok(v['10@public'] && v['10@premium'])
  assert.ok(v['11'] && v['12'] && v['13'])
  assert.not.ok(v['21'] || v['31'] || v['20@public'] || v['30@premium'] || v.public || v.premium)
  // Unsubscribing it again from either tab empties it.
  assert.equal([...unsubscribe(tree, stored, '10')], [])
})

test('subscribe drops what the new target makes redundant; all drops everything', () => {
  assert.equal([...subscribe(tree, ['11', '12', '1'], '10')].sort(), ['1', '10'])
  assert.equal([...subscribe(tree, ['11', '13', '10', 'premium', '40'], 'all')], ['all'])
  assert.equal([...subscribe(tree, ['1', '2'], 'core_cloud_services')], ['core_cloud_services'])
  // A group toggle that is not below the new target stays: the Premium "All" toggle survives a region star.
  assert.equal([...subscribe(tree, ['premium'], '10')].sort(), ['10', 'premium'])
})

test('unsubscribe under all: the target goes, everything else keeps its state', () => {
  const stored = unsubscribe(tree, ['all'], '11')
  assert.not.ok(stored.has('all'))
  const v = view(tree, stored)
  assert.not.ok(v['11'])
  for (const leaf of LEAVES.filter((l) => l !== '11')) assert.ok(v[leaf], leaf)
  assert.ok(v.core_cloud_services && v.premium, 'other groups stay on')
  assert.not.ok(v.public, 'the group above goes off')
  assert.not.ok(v['10@public'])
  assert.ok(v['10@premium'], "the region's premium star is untouched")
  assert.ok(v['20@public'])
})

test('unsubscribe a region under public and premium: only its data centers go', () => {
  const stored = unsubscribe(tree, ['public', 'premium', '1'], '10')
  const v = view(tree, stored)
  assert.equal([...coveredLeaves(tree, stored)].sort(), ['1', '21', '31'])
  assert.ok(v['20@public'] && v['30@premium'])
  assert.not.ok(v['10@public'] || v['10@premium'])
})

test('unsubscribe all clears everything', () => {
  assert.equal([...unsubscribe(tree, ['all', '10', '41'], 'all')], [])
  assert.equal([...unsubscribe(tree, ['1', '10', '41', 'public'], 'all')], [])
})

test('notification tree: all → types → categories', () => {
  const n = notificationTree([
    {
      type: 'url_change_notification',
      name: 'URL',
      categories: [
        { tid: 101, name: 'Gambling' },
        { tid: 102, name: 'News' },
      ],
    },
    { type: 'cloud_app', name: 'Apps', categories: [{ tid: 201, name: 'Mail' }] },
  ])
  const stored = unsubscribe(n, ['all'], '101')
  assert.equal([...coveredLeaves(n, stored)].sort(), ['102', '201'])
  assert.ok(groupState(n, stored, 'cloud_app'))
  assert.not.ok(groupState(n, stored, 'url_change_notification'))
  assert.equal([...subscribe(n, stored, '101')].sort(), ['101', '102', 'cloud_app'])
})

test('property: one star never changes another star whose rows it does not share', () => {
  // Deterministic pseudo-random walk over many states.
  let seed = 42
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }
  let stored = new Set<string>()
  let checks = 0
  for (let step = 0; step < 400; step++) {
    const target = TARGETS[Math.floor(random() * TARGETS.length)]
    const action = random() < 0.5 ? 'subscribe' : 'unsubscribe'
    const before = view(tree, stored)
    const next = action === 'subscribe' ? subscribe(tree, stored, target) : unsubscribe(tree, stored, target)
    const after = view(tree, next)
    const touched = leavesOf(tree, target)
    for (const key of Object.keys(before)) {
      const leaves = keyLeaves(key)
      const disjoint = ![...leaves].some((l) => touched.has(l))
      if (disjoint && leaves.size > 0) {
        assert.is(after[key], before[key], `${action} ${target} changed ${key} (stored ${[...stored]})`)
        checks++
      }
    }
    // The pressed target itself ends in the asked state.
    for (const leaf of touched) assert.is(after[leaf], action === 'subscribe', `${action} ${target}: leaf ${leaf}`)
    if (GROUPS.includes(target)) assert.is(after[target], action === 'subscribe', `${action} ${target}: toggle`)
    stored = next
  }
  assert.ok(checks > 1000)
})

test.run()
