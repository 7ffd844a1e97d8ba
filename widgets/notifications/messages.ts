/** Texts of the notification lists (spec §2 Notification list page, §8; issue 25). */
import { defineMessages } from '../core/i18n/index'

export const notificationsMessages = /* @__PURE__ */ defineMessages('notifications', {
  urlCategory: 'URL Category Notifications',
  cloudApp: 'Cloud App Notifications',
  privacy: 'Privacy Notifications',
  loading: 'Loading notifications…',
  empty: 'There are no records.',
})
