import type { Locale } from './locale.js'
import { termMessages } from './messages.js'

type TermKey = keyof typeof termMessages.base

/** English default name → its message (built from the English messages themselves). */
const KEYS = new Map<string, TermKey>(Object.entries(termMessages.base).map(([key, text]) => [String(text), key as TermKey]))

/**
 * A severity, record status or advisory event type name as a page in `locale` shows it: a default
 * name (docs/requirements/entities.md: 'Service Disruption', 'In Progress', 'Remediated', …) in the
 * locale's words; any other name (an operator's own) as the API sent it.
 *
 * @example termName('Resolved', 'de') // 'Behoben'
 */
export function termName(name: string, locale: Locale): string {
  const key = KEYS.get(name)
  return key && locale !== 'en' ? termMessages.in(locale).get()[key] : name
}
