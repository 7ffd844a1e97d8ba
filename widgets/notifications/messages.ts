/** Texts of the notification lists (docs/requirements/screens.md#notification-list-page, docs/requirements/errors.md; docs/languages-and-themes.md). */
import { defineMessages } from '../../contract/i18n/index.js'

export const notificationsMessages = /* @__PURE__ */ defineMessages('notifications', {
  urlCategory: 'URL Category Notifications',
  cloudApp: 'Cloud App Notifications',
  privacy: 'Privacy Notifications',
  loading: 'Loading notifications…',
  empty: 'There are no records.',
})
