/**
 * One bag of shared singletons per page.
 *
 * Every drop-in script bundles its own copy of `widgets/core`. Two scripts on one page must
 * still share one selected cloud, one session and one global-data load (architecture §Shared
 * state), so stores are created through {@link shared}, which keeps the first copy created on a
 * versioned `globalThis` key and hands that same object to every later bundle.
 */
const KEY = '__trustKit_v1'

type Bag = Record<string, unknown>

/**
 * Returns the page-wide singleton named `name`, creating it with `create` on first use.
 *
 * Marked free of side effects for the bundler: a bundle that never reads a singleton leaves out
 * its creation (and what only that needs, such as nanostores' `computed` for `$cloud`); the
 * bundle that reads it first creates it, as on a page with no other script.
 *
 * @example
 * export const $cloudName = shared('cloudName', () => atom<string | null>(null))
 */
/* @__NO_SIDE_EFFECTS__ */
export function shared<T>(name: string, create: () => T): T {
  const g = globalThis as unknown as Record<string, Bag | undefined>
  const bag = g[KEY] ?? {}
  g[KEY] = bag
  if (!(name in bag)) bag[name] = create()
  return bag[name] as T
}
