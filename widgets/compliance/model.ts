/** Pure logic of `<trust-compliance>` (docs/requirements/screens.md#compliance). */
import type { Locale } from '../../contract/locale'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * An estimated approval date for display: `2027-03-15` → `15 Mar 2027` (another `locale` has its
 * own short form: `15. März 2027`, `2027年3月15日`). A value that is not a real `YYYY-MM-DD` date
 * is shown as it came.
 */
export function formatApprovalDate(ymd: string, locale: Locale = 'en'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd.trim())
  if (!m) return ymd
  const [, y, mo, d] = m
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return ymd
  if (locale === 'en') return `${Number(d)} ${MONTHS[Number(mo) - 1]} ${y}`
  let f = formats.get(locale)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' })
    formats.set(locale, f)
  }
  return f.format(date)
}
