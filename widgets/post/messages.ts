/** Texts of the single post (spec §2 Single post, §8; issue 25). */
import { defineMessages } from '../core/i18n/index'

export const postMessages = /* @__PURE__ */ defineMessages('post', {
  post: 'Post',
  notification: 'Notification',
  loading: 'Loading…',
  redirecting: 'Redirecting…',
  updates: 'Updates',
  /** The heading of a resolved incident's postmortem (README "Postmortems"). */
  postmortem: 'Postmortem',
  /** Before the postmortem's publishing time. */
  postmortemPublished: 'Published',
  notOnCloud: 'Post not available on this cloud.',
  notFound: 'No records found.',
})
