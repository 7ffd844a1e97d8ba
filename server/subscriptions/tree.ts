/**
 * The subscription target tree and its operations, pure (docs/requirements/screens.md#subscriptions-page; docs/requirements/states.md#subscribe-star
 * model: `contract/subscriptions.ts`).
 *
 * A tree is a set of *targets* (strings): group targets (`'all'`, `'core_cloud_services'`,
 * `'public'`, `'premium'`, a region tid; for notifications `'all'` and each type) and leaf targets
 * (a service, data center, topic or notification category tid as a decimal string). Each target
 * *covers* a set of leaves. A user's state is the set of *stored* targets.
 *
 * - A leaf is subscribed when a stored target covers it ("it or any target above it is stored").
 * - A region is one target under both `public` and `premium`: it covers the region's data centers of
 *   both types. Its star in a type's tab is subscribed when every data center of that type in the
 *   region is covered ({@link regionState}).
 * - The group toggles (`all`, `core_cloud_services`, `public`, `premium`, a notification type) are
 *   subscribed when they or a group above them are stored ({@link groupState}).
 * - {@link subscribe} stores the target and drops the stored targets it makes redundant (those it
 *   covers entirely).
 * - {@link unsubscribe} leaves the target and everything it covers unsubscribed: every stored target
 *   that overlaps it is replaced by its parts that do not ({@link expand}), so the state of any
 *   target disjoint from the pressed one never changes.
 */

/** One target of a tree. */
export interface TargetNode {
  /** Display name ('Amsterdam II', 'EMEA', 'Core Cloud Services', …). */
  name: string
  /** The targets it splits into when part of it is unsubscribed ([] for a leaf). */
  children: string[]
  /** The group directly above it for {@link groupState}; null for `all` and for regions. */
  parent: string | null
}

/** A target tree: nodes by target, and the leaves each target covers. */
export interface TargetTree {
  nodes: Map<string, TargetNode>
  /** Leaves covered by each target (a leaf covers itself). */
  leaves: Map<string, ReadonlySet<string>>
}

/** Builds the leaf sets of `nodes`; regions, whose leaves are not their expansion children, pass `extraLeaves`. */
export function makeTree(nodes: Map<string, TargetNode>, extraLeaves: Map<string, string[]> = new Map()): TargetTree {
  const leaves = new Map<string, ReadonlySet<string>>()
  const leavesOf = (id: string): ReadonlySet<string> => {
    const known = leaves.get(id)
    if (known) return known
    const node = nodes.get(id)
    const set = new Set<string>()
    const extra = extraLeaves.get(id)
    if (extra) for (const leaf of extra) set.add(leaf)
    else if (!node || node.children.length === 0) set.add(id)
    else for (const child of node.children) for (const leaf of leavesOf(child)) set.add(leaf)
    leaves.set(id, set)
    return set
  }
  for (const id of nodes.keys()) leavesOf(id)
  return { nodes, leaves }
}

/** A cloud's subscribable rows (active ones only). Tids are numbers; order is display order. */
export interface CloudTreeInput {
  services: Array<{ tid: number; name: string }>
  /** Regions with their public and premium data centers. */
  regions: Array<{ tid: number; name: string; public: Array<{ tid: number; name: string }>; premium: Array<{ tid: number; name: string }> }>
  maintenance: Array<{ tid: number; name: string }>
  advisory: Array<{ tid: number; name: string }>
}

/** Display names of the group targets of a cloud tree. */
export const GROUP_NAMES = {
  all: 'all',
  core_cloud_services: 'Core Cloud Services',
  public: 'Public Data Center',
  premium: 'Premium Data Center',
} as const

/**
 * The tree of one cloud: `all` → `core_cloud_services` → services; `public` / `premium` → their
 * data centers; maintenance and advisory topics; plus one region target per region covering the
 * region's data centers of both types.
 */
export function cloudTree(input: CloudTreeInput): TargetTree {
  const nodes = new Map<string, TargetNode>()
  const leaf = (tid: number, name: string, parent: string) => nodes.set(String(tid), { name, children: [], parent })
  const publicDcs = input.regions.flatMap((r) => r.public)
  const premiumDcs = input.regions.flatMap((r) => r.premium)
  const topics = [...input.maintenance, ...input.advisory]
  nodes.set('all', {
    name: GROUP_NAMES.all,
    children: ['core_cloud_services', 'public', 'premium', ...topics.map((t) => String(t.tid))],
    parent: null,
  })
  nodes.set('core_cloud_services', {
    name: GROUP_NAMES.core_cloud_services,
    children: input.services.map((s) => String(s.tid)),
    parent: 'all',
  })
  nodes.set('public', { name: GROUP_NAMES.public, children: publicDcs.map((d) => String(d.tid)), parent: 'all' })
  nodes.set('premium', { name: GROUP_NAMES.premium, children: premiumDcs.map((d) => String(d.tid)), parent: 'all' })
  for (const s of input.services) leaf(s.tid, s.name, 'core_cloud_services')
  for (const d of publicDcs) leaf(d.tid, d.name, 'public')
  for (const d of premiumDcs) leaf(d.tid, d.name, 'premium')
  for (const t of topics) leaf(t.tid, t.name, 'all')
  const extra = new Map<string, string[]>()
  for (const r of input.regions) {
    const dcs = [...r.public, ...r.premium].map((d) => String(d.tid))
    nodes.set(String(r.tid), { name: r.name, children: dcs, parent: null })
    extra.set(String(r.tid), dcs)
  }
  return makeTree(nodes, extra)
}

/** Notification types with their categories, for {@link notificationTree}. */
export type NotificationTreeInput = Array<{ type: string; name: string; categories: Array<{ tid: number; name: string }> }>

/** The notification tree of a user: `all` → each type → its categories. */
export function notificationTree(input: NotificationTreeInput): TargetTree {
  const nodes = new Map<string, TargetNode>()
  nodes.set('all', { name: 'all', children: input.map((t) => t.type), parent: null })
  for (const t of input) {
    nodes.set(t.type, { name: t.name, children: t.categories.map((c) => String(c.tid)), parent: 'all' })
    for (const c of t.categories) nodes.set(String(c.tid), { name: c.name, children: [], parent: t.type })
  }
  return makeTree(nodes)
}

const EMPTY: ReadonlySet<string> = new Set()

/** The leaves `target` covers (empty for a target the tree does not know). */
export function leavesOf(tree: TargetTree, target: string): ReadonlySet<string> {
  return tree.leaves.get(target) ?? EMPTY
}

/** Every leaf covered by a stored target. */
export function coveredLeaves(tree: TargetTree, stored: Iterable<string>): Set<string> {
  const covered = new Set<string>()
  for (const s of stored) for (const leaf of leavesOf(tree, s)) covered.add(leaf)
  return covered
}

const intersects = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
  for (const x of a) if (b.has(x)) return true
  return false
}
const within = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
  for (const x of a) if (!b.has(x)) return false
  return true
}

/** Whether a leaf (or any target, all of whose leaves are) is covered; false for a target without leaves. */
export function isCovered(tree: TargetTree, stored: Iterable<string>, target: string): boolean {
  const leaves = leavesOf(tree, target)
  if (leaves.size === 0) return false
  return within(leaves, coveredLeaves(tree, stored))
}

/** A group toggle's state: it or a group above it is stored. */
export function groupState(tree: TargetTree, stored: ReadonlySet<string>, target: string): boolean {
  for (let at: string | null = target; at !== null; at = tree.nodes.get(at)?.parent ?? null) {
    if (stored.has(at)) return true
  }
  return false
}

/** A region star in a type's tab: every one of `dataCenters` (tids) is covered (false when there are none). */
export function regionState(covered: ReadonlySet<string>, dataCenters: Iterable<string | number>): boolean {
  let any = false
  for (const dc of dataCenters) {
    any = true
    if (!covered.has(String(dc))) return false
  }
  return any
}

/**
 * The parts of `target` that do not overlap `removed` (a leaf set), as few targets as the tree's
 * expansion gives: `target` itself when disjoint, nothing when inside, else its children's parts.
 */
export function expand(tree: TargetTree, target: string, removed: ReadonlySet<string>): string[] {
  const leaves = leavesOf(tree, target)
  if (!intersects(leaves, removed)) return [target]
  if (within(leaves, removed)) return []
  return (tree.nodes.get(target)?.children ?? []).flatMap((child) => expand(tree, child, removed))
}

/** Whether `ancestor` is strictly above `target` in the group chain. */
function isAbove(tree: TargetTree, ancestor: string, target: string): boolean {
  for (let at = tree.nodes.get(target)?.parent ?? null; at !== null; at = tree.nodes.get(at)?.parent ?? null) {
    if (at === ancestor) return true
  }
  return false
}

/**
 * Whether storing `by` makes the stored `s` redundant without changing any displayed state: a group
 * toggle (a node with a parent and children, whose state is "stored or a group above stored") only
 * when `by` is above it; a leaf or region (whose states are coverage) when `by` covers its leaves.
 */
function redundant(tree: TargetTree, s: string, by: string): boolean {
  if (s === by) return false
  const node = tree.nodes.get(s)
  if (node && node.parent !== null && node.children.length > 0) return isAbove(tree, by, s)
  const own = leavesOf(tree, s)
  return own.size > 0 && within(own, leavesOf(tree, by))
}

/** Drops stored targets made redundant by another stored target (keeps the larger one). */
function normalise(tree: TargetTree, stored: Iterable<string>): Set<string> {
  const list = [...new Set(stored)].sort((a, b) => leavesOf(tree, b).size - leavesOf(tree, a).size)
  const kept: string[] = []
  for (const s of list) {
    if (kept.some((k) => redundant(tree, s, k))) continue
    kept.push(s)
  }
  return new Set(kept)
}

/**
 * `subscribe`: the stored set after storing `target`; stored targets it makes redundant are dropped
 * (leaves and regions it covers, group toggles below it; `all` drops everything). A group toggle
 * that is not below it stays stored even when covered (pressing a region star never switches the
 * Premium "All" toggle off).
 * @returns A new set; `stored` is not changed.
 */
export function subscribe(tree: TargetTree, stored: Iterable<string>, target: string): Set<string> {
  const next = new Set<string>()
  for (const s of stored) {
    if (target === 'all' || redundant(tree, s, target)) continue
    next.add(s)
  }
  next.add(target)
  return next
}

/**
 * `unsubscribe`: the stored set after which `target` and every leaf it covers are unsubscribed;
 * every stored target that overlaps it is replaced by its parts that do not ({@link expand}).
 * @returns A new set; `stored` is not changed.
 */
export function unsubscribe(tree: TargetTree, stored: Iterable<string>, target: string): Set<string> {
  const removed = leavesOf(tree, target)
  const next: string[] = []
  for (const s of stored) {
    if (s === target) continue
    next.push(...expand(tree, s, removed))
  }
  return normalise(tree, next)
}

/** Applies `subscribe` or `unsubscribe`. */
export function applyAction(tree: TargetTree, stored: Iterable<string>, target: string, action: 'subscribe' | 'unsubscribe'): Set<string> {
  return action === 'subscribe' ? subscribe(tree, stored, target) : unsubscribe(tree, stored, target)
}
