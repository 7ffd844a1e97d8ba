/**
 * Texts of the record lists and their calendar (docs/requirements/screens.md lists and Calendar, docs/requirements/states.md; docs/languages-and-themes.md). The
 * list headings are keyed by list type; `records.status` by the calendar's style classes (docs/requirements/states.md).
 */
import { count, defineMessages, params } from '../../contract/i18n/index.js'

export const recordsMessages = /* @__PURE__ */ defineMessages('records', {
  incident: 'Incidents',
  maintenance: 'Maintenance',
  advisory: 'Security Advisories',
  addCal: 'Add to calendar',
  ics: 'Download .ics',
  showing: params('Showing {day}.'),
  clear: 'Clear date',
  loading: 'Loading records…',
  loadingCalendar: 'Loading calendar…',
  aside: 'Calendar and filters',
  empty: 'There are no records',
  schedule: 'Maintenance schedule (days and times in UTC)',
  region: 'Region',
  none: 'None',
  prevMonth: 'Previous month',
  nextMonth: 'Next month',
  today: 'Today',
  isToday: '(today)',
  zone: params('All times are displayed in your timezone ({zone})'),
  dcs: 'Data Centers',
  selectDcs: 'Select Data Centers',
  allDcs: 'All Data Centers',
  selected: params('{count} selected'),
  search: 'Search...',
  searchDcs: 'Search data centers',
  all: 'Select All',
  noDcs: 'No data centers match.',
})

/** The calendar's status names by style class, camelCased (`service_disruption` → `serviceDisruption`). */
export const recordStatusMessages = /* @__PURE__ */ defineMessages('records.status', {
  scheduled: 'Scheduled',
  completed: 'Completed',
  postponed: 'Postponed',
  serviceDisruption: 'Service Disruption',
  serviceDegradation: 'Service Degradation',
  underInvestigation: 'Under Investigation',
  securityAdvisory: 'Security Advisory',
  informational: 'Informational',
  noServiceImpact: 'No Service Impact',
})

/**
 * The list's top message, which the server words in English (server/repo/records.ts
 * `topMessage`): a page in another language shows it in these words (`topMessageText`).
 */
export const topMessages = /* @__PURE__ */ defineMessages('records.top', {
  incident: params('We are working on an ongoing incident: {title}.'),
  incidents: count({ one: 'We are working on {count} ongoing incident.', other: 'We are working on {count} ongoing incidents.' }),
  maintenance: params('Maintenance is in progress: {title}.'),
  maintenances: count({ one: '{count} maintenance window is in progress.', other: '{count} maintenance windows are in progress.' }),
})
