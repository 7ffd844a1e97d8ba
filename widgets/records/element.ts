import { createWidgetElement } from '../core/element'
import { RecordsWidget, type RecordsWidgetProps } from './Records'

/**
 * `<trust-records>`: a record list with its calendar (docs/requirements/screens.md#incidents-maintenance-security-advisories-lists, Maintenance, Security
 * Advisories lists and Calendar; docs/requirements/states.md#lists, Pagination, Calendar) — heading with RSS and Atom badges
 * (and 'Add to calendar' and 'Download .ics' for maintenance), 'Status' filter, top message,
 * maintenance schedule (UTC), records, pagination, a month calendar whose marked days filter the
 * list, and (not for advisories) a data-center multi-select. Fires no events.
 *
 * @element trust-records
 * @attr {"incident" | "maintenance" | "advisory"} [type=incident] - Which records to list.
 * @attr {string} cloud - Cloud machine name or domain; the page's chosen cloud when absent.
 * @attr {string} api-base - Origin of the trust site's API (and of record and feed links) when embedded elsewhere.
 * @attr {string} [timezone=UTC] - IANA time zone for times and calendar days, overriding the session's.
 * @csspart root - The widget's outer box.
 * @csspart filters - The toolbar with the 'Status' filter (and the shown calendar day).
 * @csspart schedule - The maintenance schedule table (maintenance only).
 * @csspart list - The list of records.
 * @csspart item - One entry of the list.
 * @csspart article - One record.
 * @csspart pager - The pagination.
 * @csspart calendar - The month calendar.
 * @csspart datacenters - The data-center multi-select (not for advisories).
 * @cssprop [--trust-day-color=var(--trust-color-accent)] - Outline and tint of a marked calendar
 * day without a status class (each status sets its own).
 */
export const RecordsElement = createWidgetElement<RecordsWidgetProps>({
  component: RecordsWidget,
  attributes: { type: 'type', cloud: 'cloud', 'api-base': 'apiBase', timezone: 'timezone' },
})

declare global {
  interface HTMLElementTagNameMap {
    'trust-records': InstanceType<typeof RecordsElement>
  }
}
