/**
 * The texts of the emails (docs/languages-and-themes.md): the account mails (verification, password reset) and the
 * notification emails of a record event (`server/publishing/dispatch.ts`). The English is the
 * spec's exact text; the translations are `locales/<code>.json` beside this file, loaded by
 * `./catalogues.ts` before any mail is rendered. Mail builders take the recipient's locale and read
 * a group through `mailTexts(group, locale)` (`./catalogues.ts`).
 */
import { escapeHtml } from '../../contract/text.js'
import { defineMessages, params } from '../../contract/i18n/index.js'

/** Escapes `&<>"'` for HTML text and attribute values (the contract's, written once for both sides). */
export { escapeHtml }

/** The verification mail (`./account-mails.ts` `verificationMail`). */
export const verificationMailMessages = defineMessages('mail.verification', {
  /** The subject, also the link's text. */
  subject: 'Verify your email address',
  /** `{site}`: the site's name (`contract/site-name.ts`), e.g. 'Nimbus Security Trust'. */
  intro: params('Thank you for signing up to {site}. Please confirm your email address by opening this link within 24 hours:'),
  outro: 'The link can be used once. If you did not sign up, you can ignore this message.',
})

/** The password-reset mail (`./account-mails.ts` `passwordResetMail`). */
export const passwordResetMailMessages = defineMessages('mail.passwordReset', {
  subject: 'Reset your password',
  /** `{site}`: the site's name, as in the verification mail. */
  intro: params('Someone asked to reset the password of your {site} account. Open this link within one hour to choose a new password:'),
  outro: 'The link can be used once. If you did not ask for it, you can ignore this message; your password stays unchanged.',
  link: 'Choose a new password',
})

/**
 * The opt-in mail of the subscriber import (`./account-mails.ts` `subscriberInviteMail`): nobody
 * is subscribed until they open its link and confirm (docs/subscriptions.md#subscriber-import-and-export).
 */
export const subscriberInviteMailMessages = defineMessages('mail.subscriberInvite', {
  /** `{site}`: the site's name, as in the verification mail. */
  subject: params('Confirm your subscription to {site}'),
  /** `{site}`: the site's name. */
  intro: params(
    '{site} was asked to send you status notifications at this address, for the topics below. You are not subscribed until you confirm: open this link within 7 days and press "Confirm":',
  ),
  /** Above the list of topics. */
  topics: 'Topics:',
  /** The link's text. */
  link: 'Confirm my subscription',
  outro: 'If you did not expect this message, ignore it: nothing is sent to you and the request lapses.',
})

/**
 * The notification email of a record event (`server/publishing/dispatch.ts`). The first line and
 * the subject name the record by type and event; reminders, starts, completions, postponements and
 * cancellations happen to maintenance only. Times are in the recipient's zone and locale.
 */
export const recordMailMessages = defineMessages('mail.recordEvent', {
  incident: params('Incident: {title}'),
  maintenance: params('Maintenance: {title}'),
  advisory: params('Security Advisory: {title}'),
  notification: params('Notification: {title}'),
  incidentUpdate: params('Incident update: {title}'),
  maintenanceUpdate: params('Maintenance update: {title}'),
  advisoryUpdate: params('Security Advisory update: {title}'),
  notificationUpdate: params('Notification update: {title}'),
  reminder: params('Maintenance reminder: {title}'),
  reminderSubject: params('Maintenance reminder: {title} starts {time}'),
  started: params('Maintenance started: {title}'),
  completed: params('Maintenance completed: {title}'),
  postponed: params('Maintenance postponed: {title}'),
  postponedSubject: params('Maintenance postponed: {title}, now starts {time}'),
  cancelled: params('Maintenance cancelled: {title}'),
  /** The heading and subject of a postmortem's email (docs/operating/console-and-desk.md#postmortems). */
  postmortem: params('Postmortem: {title}'),
  /** The label of the postmortem's text in its email. */
  postmortemLabel: 'Postmortem',
  status: 'Status',
  start: 'Start',
  end: 'End',
  ongoing: 'Ongoing',
  updatedAt: 'Updated at',
  update: 'Update',
  readPost: 'Read the full post',
  subscribedTo: params('You receive this email because you subscribed to: {names}.'),
  unsubscribe: 'Unsubscribe from these notifications',
  /** Between the names of {@link subscribedTo}. */
  separator: ', ',
  allNotifications: 'All notifications',
  allOfCloud: params('All subscriptions of {cloud}'),
  coreCloudServices: 'Core Cloud Services',
  publicDataCenter: 'Public Data Center',
  premiumDataCenter: 'Premium Data Center',
  urlCategoryNotifications: 'URL Category Notifications',
  cloudAppNotifications: 'Cloud Application Notifications',
  privacyNotifications: 'Privacy Notifications',
  /** An advisory's tracking id (docs/operating/security-advisories.md), e.g. `NIMBUS-SA-2026-0001`. */
  advisoryId: 'Advisory ID',
  /** The advisory's CVE ids, comma-separated. */
  cveIds: 'CVE IDs',
  /** The highest CVSS base score of the advisory with its rating and CVSS version. */
  highestScore: 'Highest CVSS score',
  /** {@link highestScore} of an advisory without a vector. */
  notScored: 'Not scored',
  /** The CVSS qualitative ratings (`contract/advisories.ts` `CVSS_RATINGS`). */
  ratingNone: 'None',
  ratingLow: 'Low',
  ratingMedium: 'Medium',
  ratingHigh: 'High',
  ratingCritical: 'Critical',
  /**
   * The last line of a signed advisory mail: `{fingerprint}` the provider key's fingerprint in groups
   * of four, `{url}` where its public key is published.
   */
  signedBy: params('This message is signed with OpenPGP (PGP/MIME) by the key {fingerprint}. Its public key is published at {url}.'),
})
