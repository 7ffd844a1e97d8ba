/** Texts of the single post (docs/requirements/screens.md#single-post, docs/requirements/errors.md; docs/languages-and-themes.md). */
import { defineMessages } from '../../contract/i18n/index.js'

export const postMessages = /* @__PURE__ */ defineMessages('post', {
  post: 'Post',
  notification: 'Notification',
  loading: 'Loading…',
  redirecting: 'Redirecting…',
  updates: 'Updates',
  /** The heading of a resolved incident's postmortem (docs/operating/console-and-desk.md#postmortems). */
  postmortem: 'Postmortem',
  /** Before the postmortem's publishing time. */
  postmortemPublished: 'Published',
  notOnCloud: 'Post not available on this cloud.',
  notFound: 'No records found.',
})
