import { createWidgetElement } from '../core/element'
import { RecordsWidget, type RecordsWidgetProps } from './Records'

/**
 * `<trust-records>`: a record list with its calendar (spec §2 Incidents, Maintenance, Security
 * Advisories lists and Calendar; §4 Lists, Pagination, Calendar) — heading with RSS badge (and
 * 'Add to calendar' for maintenance), 'Status' filter, top message, maintenance schedule (UTC),
 * records, pagination, a month calendar whose marked days filter the list, and (not for
 * advisories) a data-center multi-select.
 *
 * Attributes:
 * - `type` — `incident` | `maintenance` | `advisory` (default `incident`).
 * - `cloud` — cloud machine name or domain; the page's chosen cloud when absent.
 * - `api-base` — origin of the trust site's API (and of record and feed links) when embedded elsewhere.
 * - `timezone` — IANA time zone for times and calendar days, overriding the session's (default UTC).
 *
 * Events: none.
 *
 * CSS parts: `root`. Custom properties: the theme's `--trust-color-*`, `--trust-severity-*`,
 * `--trust-font-body`, `--trust-radius-*`, `--trust-space-*`.
 */
export const RecordsElement = createWidgetElement<RecordsWidgetProps>({
  component: RecordsWidget,
  attributes: { type: 'type', cloud: 'cloud', 'api-base': 'apiBase', timezone: 'timezone' },
})
