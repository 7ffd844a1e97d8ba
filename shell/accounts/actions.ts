import { signOut } from './account'
import { $cloud, defaultPagePath } from '../../widgets/core/cloud'
import { $router, isProtectedPath } from '../routes'
import { $locale } from '../locale'
import { showToast } from '../toast'
import { accountMessages } from './messages'

/**
 * Signs out from the user menu or the idle timer (docs/requirements/states.md#logout): a visitor on a protected page
 * first goes to the cloud's default page (other pages stay), then the session ends and the
 * logged-out toast shows (in the page's language).
 */
export async function signOutAndLeave(): Promise<void> {
  // Protected pages and the admin console are no place for a signed-out visitor: leave for the cloud's default page.
  if (typeof location !== 'undefined' && (isProtectedPath(location.pathname) || /^\/admin(\/|$)/.test(location.pathname))) {
    const cloud = $cloud.get()
    $router.open(cloud ? defaultPagePath(cloud) : '/')
  }
  await signOut()
  showToast(accountMessages.in($locale.get()).get().loggedOut)
}
