/**
 * Texts of the settings page's Sessions and Change password sections
 * (`./SessionsSection.tsx`, `./PasswordSection.tsx`; docs/operating/staff-sign-in.md "Sessions").
 */
import { count, defineMessages, params } from '../../../../contract/i18n/index.js'

/** The Sessions section. */
export const sessionsMessages = defineMessages('shell.pages.sessions', {
  title: 'Sessions',
  intro: 'The browsers signed in to your account. Sign out any you do not recognise, then change your password.',
  loading: 'Loading your sessions…',
  /** A session whose browser the server could not tell from its user agent. */
  unknownDevice: 'Unknown browser',
  current: 'This session',
  singleSignOn: 'Single sign-on',
  ip: 'IP address',
  created: 'Signed in',
  lastSeen: 'Last active',
  signOutThis: 'Sign out this session',
  ended: params('{device} is signed out.'),
  signOutEverywhere: 'Sign out everywhere',
  confirmEverywhere: 'This signs out every browser signed in to your account, this one too. You will have to sign in again.',
  cancel: 'Cancel',
  signedOutEverywhere: count({ one: 'You are signed out of {count} session.', other: 'You are signed out of all {count} sessions.' }),
  secondFactor: 'Confirm it is you with your second factor before you manage your sessions.',
  gone: 'This session has already ended. The list is up to date again.',
})

/** The Change password section. */
export const passwordChangeMessages = defineMessages('shell.pages.passwordChange', {
  title: 'Change password',
  current: 'Current password',
  newPassword: 'New password',
  confirm: 'Confirm new password',
  save: 'Change password',
  saving: 'Changing…',
  required: 'Enter your current password.',
  badCurrent: 'The current password is not right. Type the password you signed in with.',
  changed: count({
    one: 'Your password is changed. {count} other session was signed out.',
    other: 'Your password is changed. {count} other sessions were signed out.',
  }),
  changedAlone: 'Your password is changed.',
  sso: 'You sign in through your organisation’s single sign-on, so this site has no password of yours. Change it at your identity provider.',
})
