/**
 * Texts of the account pages (docs/requirements/screens.md#sign-in, Sign-up, Route table, Subscriptions page; docs/languages-and-themes.md):
 * sign-in, sign-up, password reset, settings, thank-you and unsubscribe. The pages sit in
 * `shell/pages/`; their texts here, one group per page.
 */
import { defineMessages, params } from '../../../contract/i18n/index.js'

/** Texts several account pages share. */
export const accountPageMessages = defineMessages('shell.pages.account', {
  signIn: 'Sign In',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  loading: 'Loading…',
})

/** The sign-in page (`shell/pages/SignInPage.tsx`). */
export const signInMessages = defineMessages('shell.pages.signIn', {
  bannerSubscribe: 'Please sign in or sign up to receive email notifications from the vendor.',
  bannerSettings: 'Please sign in or sign up to change user settings.',
  name: 'Email or Username',
  signingIn: 'Signing In…',
  forgotPassword: 'Forgot Password',
  signUp: 'Sign Up',
  employeeLogin: 'Employee login',
  governmentLogin: 'Government employee login',
})

/** The sign-up page (`shell/pages/SignUpPage.tsx`). */
export const signUpMessages = defineMessages('shell.pages.signUp', {
  title: 'Sign Up',
  signingUp: 'Signing Up…',
  haveAccount: 'Already have an account?',
})

/** The password pages (`shell/pages/PasswordPage.tsx`). */
export const passwordMessages = defineMessages('shell.pages.password', {
  requestTitle: 'Reset Password',
  requestIntro: 'Enter the email address of your account and we will send you a link to choose a new password.',
  send: 'Send Reset Link',
  back: 'Back to Sign In',
  resetTitle: 'Choose a New Password',
  newPassword: 'New Password',
  save: 'Save Password',
})

/** The settings page (`shell/pages/SettingsPage.tsx`). */
export const settingsMessages = defineMessages('shell.pages.settings', {
  loading: 'Loading your settings…',
  title: 'Settings',
  timezone: 'Time zone',
  language: 'Language',
  save: 'Save',
})

/** The thank-you page of the verification link (`shell/pages/ThankYouPage.tsx`). */
export const thankYouMessages = defineMessages('shell.pages.thankYou', {
  done: 'Thank you! Your email address is verified and your sign-up is complete.',
  invalid: 'This verification link is invalid or has expired.',
  hint: 'Sign in and use the link in the banner at the top of the page to receive a new verification email.',
  failedTitle: 'Verification failed',
  title: 'Thank You',
  manage: 'Manage your subscriptions',
})

/** The unsubscribe page of the notification emails' link (`shell/pages/UnsubscribePage.tsx`). */
export const unsubscribeMessages = defineMessages('shell.pages.unsubscribe', {
  title: 'Unsubscribe',
  invalidLink: 'This unsubscribe link is invalid.',
  /** Between the names of a list but the last two. */
  separator: ', ',
  /** The last two names of a list. */
  lastTwo: params('{first} and {last}'),
  these: 'these',
  scope: params('the {names} notifications'),
  scopeOfCloud: params('the {names} notifications of {cloud}'),
  done: params('{mail} no longer receives {scope}.'),
  question: params('Stop sending {scope} to {mail}?'),
  manageAll: 'Manage all your subscriptions',
})

/** The opt-in page of the subscriber import's mail (`shell/pages/OptInPage.tsx`). */
export const optInMessages = defineMessages('shell.pages.optIn', {
  title: 'Confirm your subscription',
  invalidLink: 'This link is not valid or has expired (links work for 7 days). Ask the site to invite you again.',
  question: params('Send status notifications about these topics to {mail}?'),
  confirm: 'Confirm',
  ignore: 'If you do not want them, close this page: nothing is sent until you confirm.',
  done: params('{mail} is subscribed. Your subscriptions:'),
  signIn: 'Sign in to manage your subscriptions',
  choosePassword: 'Choose a password to manage your subscriptions',
})
