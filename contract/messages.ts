/**
 * The messages both sides show: the default names of severities, record statuses and advisory
 * event types (docs/requirements/entities.md; the seed's catalogue). The API sends them as data,
 * in English; a page in another language shows them translated (`termName`, ./terms.ts), and so
 * do the emails, while any name an operator wrote shows as it is. Translations in
 * `locales/<code>.json` beside this file.
 */
import { defineMessages } from './i18n/index.js'

export const termMessages = /* @__PURE__ */ defineMessages('core.terms', {
  serviceDisruption: 'Service Disruption',
  serviceDegradation: 'Service Degradation',
  informational: 'Informational',
  scheduled: 'Scheduled',
  inProgress: 'In Progress',
  completed: 'Completed',
  resolved: 'Resolved',
  postponed: 'Postponed',
  archived: 'Archived',
  monitoring: 'Monitoring',
  remediated: 'Remediated',
  underInvestigation: 'Under Investigation',
  noServiceImpact: 'No Service Impact',
  securityAdvisory: 'Security Advisory',
})
