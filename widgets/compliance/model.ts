/** Pure logic of `<trust-compliance>` (spec §2 Compliance). */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The message of a compliance page without rows (spec §2, §8). */
export const NO_ROWS = 'No rows'

/**
 * An estimated approval date for display: `2027-03-15` → `15 Mar 2027`. A value that is not a
 * real `YYYY-MM-DD` date is shown as it came.
 */
export function formatApprovalDate(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd.trim())
  if (!m) return ymd
  const [, y, mo, d] = m
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return ymd
  return `${Number(d)} ${MONTHS[Number(mo) - 1]} ${y}`
}
