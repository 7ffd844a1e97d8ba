/**
 * Texts every widget shares (issue 25): load states, failures, the degraded-mode notice and the
 * subscription toasts (spec §8, exact English). In every drop-in's catalogue, so kept short.
 */
import { defineMessages, params } from './i18n/index'

export const coreMessages = /* @__PURE__ */ defineMessages('core', {
  loading: 'Loading…',
  loadFailed: params('Could not load this information: {error}'),
  retry: 'Retry',
  unreachable: 'The service could not be reached.',
  unreadable: 'The service sent an answer that could not be read.',
  notFound: 'The requested information was not found.',
  tooMany: 'Too many requests; please try again in a minute.',
  failedStatus: params('The request failed (HTTP {status}).'),
  failed: 'Something went wrong.',
})

/** The degraded-mode notice (issue 21). */
export const liveMessages = /* @__PURE__ */ defineMessages('core.live', {
  liveNotice: params('Live updates are unavailable; showing status as of {time}'),
})

/** The toasts of one subscription (spec §8, exact English): a star, a checkbox. */
export const toastMessages = /* @__PURE__ */ defineMessages('core.toasts', {
  subscribed: params('You have successfully subscribed to the {name} notifications.'),
  unsubscribed: params('You have successfully unsubscribed from the {name} notifications.'),
})

/** The toasts of 'all' (spec §8, exact English), which only the subscription panel has. */
export const allToastMessages = /* @__PURE__ */ defineMessages('core.toasts.all', {
  subscribedAll: 'You have successfully subscribed to all the services.',
  unsubscribedAll: 'You have successfully unsubscribed from all the services.',
  subscribedAllNotifications: 'You have successfully subscribed to all the service notifications.',
  unsubscribedAllNotifications: 'You have successfully unsubscribed from all the service notifications.',
})

/**
 * The default names of severities, record statuses and advisory event types (spec §4; the seed's
 * catalogue): the API sends them as data, in English; a page in another language shows these
 * translated (`termName`, ./terms.ts; the emails too), and any name an operator wrote as it is.
 */
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
