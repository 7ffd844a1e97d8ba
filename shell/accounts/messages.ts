/**
 * Texts of the accounts code (docs/requirements/screens.md#sign-in, Sign-up, docs/requirements/states.md, docs/requirements/validation.md, docs/requirements/errors.md toasts; docs/languages-and-themes.md): the
 * verification banner, the form validation, the toasts, and the translations of the server's
 * error codes of the account calls (shown on pages that are not English; English pages show the
 * server's message as it came, `./errors.ts`).
 */
import { PASSWORD_POLICY } from '../../contract/constants'
import { defineMessages, params } from '../../contract/i18n/index.js'

/** The banner, form validation and toasts of the account pages. */
export const accountMessages = defineMessages('shell.accounts', {
  verifyBefore: "Please check your email to verify your account. Didn't receive it? Click",
  verifyHere: 'here',
  verifyAfter: 'to resend the verification email.',
  nameRequired: 'Please enter your Email or Username',
  employee: 'Employees must use the Employee login below.',
  passwordRequired: 'Please enter your Password',
  emailRequired: 'Please enter your Email',
  emailInvalid: 'Please enter a valid Email address',
  password: PASSWORD_POLICY.message,
  confirmRequired: 'Please confirm your Password',
  confirmMismatch: 'Passwords do not match',
  loggedIn: 'You have successfully logged in!',
  loggedOut: 'You have successfully logged out!',
  accountCreated: 'Account created successfully. Please verify your account by clicking on the link received on your email address.',
  settingsSaved: 'Your settings have been saved.',
})

/**
 * The server's answers of the account calls, by error code (and, where one code covers several
 * cases, by case), for pages that are not English (docs/languages-and-themes.md "codes translated on the client").
 */
export const accountErrorMessages = defineMessages('shell.accounts.errors', {
  badCredentials: 'Unrecognized username or password.',
  accountBlocked:
    'There have been more than 5 failed login attempts for this account. It is temporarily blocked. Try again later or request a new password.',
  ipBlocked:
    'Too many failed login attempts from your IP address. This IP address is temporarily blocked. Try again later or request a new password.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  invalidEmail: 'Please enter a valid email address.',
  emailRegistered: 'The email address is already registered.',
  emailRefused: 'This email address cannot be used to sign up.',
  emailNotValid: params('The email address {mail} is not valid.'),
  emailTaken: params('The email address {mail} is already taken.'),
  usernameMismatch: 'The username must be the email address.',
  resetRequested: 'If an account exists for that address, we have sent it a link to reset the password.',
  passwordChanged: 'Your password has been changed. You can sign in now.',
  alreadyVerified: 'Your email address is already verified.',
  verificationSent: params('A new verification email has been sent to {mail}.'),
  invalidResetToken: 'This password reset link is invalid or has expired. Please request a new one.',
  /** An account of single sign-on at the password sign-in or reset (docs/operating/staff-sign-in.md#single-sign-on). */
  ssoAccount:
    'This account signs in with single sign-on and has no password here. Use the Employee login link below the sign-in form; your organisation manages your password.',
  notSignedIn: 'Your session has ended. Please sign in again.',
  csrf: 'Your session could not be confirmed. Please reload the page and try again.',
  crossSite: 'The request was refused because it did not come from this site.',
  badRequest: 'The request was not accepted. Please check what you entered and try again.',
  network: 'The server could not be reached. Check your connection and try again.',
  failed: params('The request failed (HTTP {status}). Please try again.'),
})
