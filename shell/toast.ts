/** Toast texts of the spec (docs/requirements/screens.md#sign-in, Sign-up; docs/requirements/states.md#logout; docs/requirements/errors.md). */
export const TOASTS = {
  loggedIn: 'You have successfully logged in!',
  loggedOut: 'You have successfully logged out!',
  accountCreated: 'Account created successfully. Please verify your account by clicking on the link received on your email address.',
  /** Not given by the spec. */
  settingsSaved: 'Your settings have been saved.',
} as const

// The store lives in widgets/core so drop-in widgets (subscribe stars, the subscriptions page)
// show their toasts in the shell's one toast region; the shell's <Toaster> registers itself, so
// core creates no fallback region on the site.
export { $toast, registerToastRegion, showToast, TOAST_MS } from '../widgets/core/toast'
export type { Toast } from '../widgets/core/toast'
