/**
 * The narrowing attributes `datacenters` and `services` of `<trust-cloud-status>` and
 * `<trust-status-badge>` (docs/embedding.md#showing-some-data-centers-and-services): a
 * comma-separated list of data centers or services, each named by its term id (`12`) or by its
 * name written as a machine name (`frankfurt-i` for "Frankfurt I": lower case, every run of other
 * characters than letters and digits one `-`; the name itself works too). Only the rows named
 * show, and the overall line is computed from them alone.
 */

/** A name as a machine name: `'Frankfurt I'` → `'frankfurt-i'`. */
const machineName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')

/**
 * The entries of a narrowing attribute, as machine names and ids: `' Frankfurt I, 12 '` →
 * `['frankfurt-i', '12']`; `undefined` (no narrowing) when the attribute is absent or names nothing.
 */
export function narrowList(attribute: string | null | undefined): string[] | undefined {
  const names = (attribute ?? '').split(',').map(machineName).filter(Boolean)
  return names.length ? names : undefined
}

/** Whether a row (its term id and name) is shown under the narrowing `list` (every row without one). */
export function isNamed(list: readonly string[] | undefined, tid: number | string, name: string): boolean {
  return !list || list.includes(`${tid}`) || list.includes(machineName(name))
}
