/**
 * The texts of the pages the server itself shows at a single sign-on (docs/operating/staff-sign-in.md#single-sign-on):
 * what went wrong and what to do, in the visitor's language (docs/languages-and-themes.md). The translations are
 * `locales/<code>.json` beside this file, loaded by `server/mail/catalogues.ts`.
 */
import { defineMessages } from '../../contract/i18n/index.js'

/**
 * One heading and one explanation per reason a single sign-on stops (`server/accounts/sso.ts`
 * `SsoProblem`), and the page's links.
 */
export const ssoPageMessages = defineMessages('sso.page', {
  /** The document title's prefix, e.g. 'Employee sign-in · Nimbus Security Trust'. */
  title: 'Employee sign-in',
  notConfiguredHeading: 'Single sign-on is not set up',
  notConfigured:
    "This site has no identity provider for employee sign-in. Sign in with your email address and password, or ask the site's operator to set up single sign-on.",
  providerDownHeading: 'The identity provider cannot be reached',
  providerDown:
    "The site could not reach your organisation's identity provider, so you were not signed in. Try again in a few minutes; if it keeps failing, tell the site's operator.",
  badStateHeading: 'This sign-in cannot be completed',
  badState:
    'The answer from the identity provider does not belong to a sign-in started in this browser, or it was already used. Nothing was signed in. Start the sign-in again.',
  expiredHeading: 'This sign-in took too long',
  expired: 'A sign-in must be completed at the identity provider within 10 minutes. Nothing was signed in. Start the sign-in again.',
  providerErrorHeading: 'The identity provider did not sign you in',
  providerError:
    'The identity provider ended the sign-in without signing you in (for example, it was cancelled or your account is not allowed to use this site). Start the sign-in again, or ask your IT help desk.',
  rejectedHeading: "The identity provider's answer was refused",
  rejected:
    "Its answer did not pass this site's checks (for example, the code was already used or the token was issued to another application), so nothing was signed in. Start the sign-in again; if it keeps failing, tell the site's operator.",
  noEmailHeading: 'Your identity provider gave no email address',
  noEmail:
    'This site needs the verified email address of your work account. Ask your IT help desk to release it to this site, then try again.',
  notEmployeeHeading: 'This is not an employee account',
  notEmployee:
    "Single sign-on is for the vendor's employees, and the email address of the account you signed in with is not in an employee domain. Sign in with your work account, or use the normal sign-in.",
  noRoleHeading: 'You have no role on this site',
  noRole:
    'None of your groups at the identity provider gives a role on this site, so you were not signed in, and any session you had here has ended. Ask your administrator to add you to the right group.',
  takenHeading: 'This address belongs to another account',
  taken:
    "Your email address is already linked to a different single sign-on identity. Ask the site's administrator to sort out the two accounts.",
  tooManyHeading: 'Too many sign-ins',
  tooMany: 'Too many sign-ins were started from your network address. Wait a few minutes, then try again.',
  tryAgain: 'Start the sign-in again',
  passwordSignIn: 'Sign in with a password',
  home: 'Go to the home page',
})
