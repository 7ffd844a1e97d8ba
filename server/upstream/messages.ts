/**
 * Texts of the mail a third-party component's subscribers get when its status changes (README
 * "Third-party components"); translations in `locales/<code>.json`.
 */
import { defineMessages, params } from '../../contract/i18n/index.js'

export const thirdPartyMailMessages = defineMessages('mail.thirdParty', {
  subject: params('Third-party: {component} ({group}) is now {status}'),
  heading: params('{component} ({group}) is now {status}'),
  intro: params(
    '{page} reports a new status for {component}. This is a third-party service {vendor} depends on; it is not an incident of {vendor}.',
  ),
  previous: 'Previous status',
  current: 'Current status',
  changedAt: 'Changed at',
  source: 'Source',
  view: 'See the status page',
  subscribedTo: params('You get this email because you subscribed to {component}.'),
  unsubscribe: 'Unsubscribe',
  operational: 'Operational',
  under_maintenance: 'Under maintenance',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
})
