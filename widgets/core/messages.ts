/**
 * Texts every widget shares (docs/languages-and-themes.md): load states, failures, the degraded-mode notice and the
 * subscription toasts (docs/requirements/errors.md, exact English). In every drop-in's catalogue, so kept short.
 */
import { defineMessages, params } from '../../contract/i18n/index.js'
// The names of statuses and severities (contract/messages.ts) come first in a drop-in, beside the
// groups here: a bundle that orders them so compresses smaller.
import '../../contract/messages.js'

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

/** The degraded-mode notice (docs/operating/cdn.md). */
export const liveMessages = /* @__PURE__ */ defineMessages('core.live', {
  liveNotice: params('Live updates are unavailable; showing status as of {time}'),
})

/** The toasts of one subscription (docs/requirements/errors.md, exact English): a star, a checkbox. */
export const toastMessages = /* @__PURE__ */ defineMessages('core.toasts', {
  subscribed: params('You have successfully subscribed to the {name} notifications.'),
  unsubscribed: params('You have successfully unsubscribed from the {name} notifications.'),
})

/** The toasts of 'all' (docs/requirements/errors.md, exact English), which only the subscription panel has. */
export const allToastMessages = /* @__PURE__ */ defineMessages('core.toasts.all', {
  subscribedAll: 'You have successfully subscribed to all the services.',
  unsubscribedAll: 'You have successfully unsubscribed from all the services.',
  subscribedAllNotifications: 'You have successfully subscribed to all the service notifications.',
  unsubscribedAllNotifications: 'You have successfully unsubscribed from all the service notifications.',
})
