import { computed } from 'nanostores'
import type { Cloud } from '../contract/global'
import { $cloud, $cloudName, chooseCloud, cloudFromPath, selectCloud } from '../widgets/core/cloud'
import { COOKIE, readCookie } from '../widgets/core/cookies'
import { adoptSessionCookies, restoreSession } from './accounts/account'
import { $global, loadGlobal } from '../widgets/core/global'
import { $session } from '../widgets/core/session'
import { switchCloudPath } from './cloud-path'
import { $router, resolvePage, type Resolution } from './routes'
import { applyTimezone } from './timezone/choice'

/** Whether the visitor is signed in (changes only on sign-in and sign-out, not on every session update). */
export const $signedIn = computed($session, (s) => s.isLoggedIn)

/** What the current path shows; `undefined` until the global data has loaded. */
export const $resolution = computed([$router, $global, $cloud, $signedIn], (page, global, cloud, signedIn): Resolution | undefined => {
  if (!global.data) return undefined
  return resolvePage(page?.path ?? location.pathname, page, global.data, cloud, signedIn)
})

function currentPath(): string {
  return location.pathname + location.search + location.hash
}

/**
 * Starts the site (docs/requirements/states.md#global-data-load, Cloud choice): loads the global data, chooses the
 * cloud from the `cloud` query parameter, the path, the cookie or the first cloud, removes the
 * `cloud` parameter from the address bar, and keeps the chosen cloud in step with the path's
 * first segment on every later navigation (back and forward included). The session is taken
 * over from the cookies before the first page resolves (so a signed-in visitor of /subscribe is
 * not sent to sign-in), and the user's details load once the cloud is known (docs/requirements/entities.md#session).
 * The visitor's chosen time zone (the `trust_tz` cookie) applies first, before anything loads.
 */
export async function startSite(): Promise<void> {
  applyTimezone()
  adoptSessionCookies()
  await loadGlobal()
  const data = $global.get().data
  if (!data) return
  const url = new URL(location.href)
  const query = url.searchParams.get('cloud')
  const chosen = chooseCloud(data.clouds, { pathname: url.pathname, query, cookie: readCookie(COOKIE.machineName) })
  if (chosen) selectCloud(chosen)
  void restoreSession(chosen?.machine_name ?? '')
  if (query !== null) {
    url.searchParams.delete('cloud')
    const path = chosen ? switchCloudPath(data.clouds, url.pathname, chosen) : url.pathname
    $router.open(path + url.search + url.hash, true)
  }
  $router.subscribe((page) => {
    if (!page) return
    const inPath = cloudFromPath(data.clouds, page.path)
    if (inPath && inPath.machine_name !== $cloudName.get()) selectCloud(inPath)
  })
}

/**
 * Switches the site to `cloud` (docs/requirements/states.md): saves it, and replaces the first path segment with
 * its domain (except on /notification, /subscribe and /sign-in paths).
 */
export function switchCloud(cloud: Cloud): void {
  const data = $global.get().data
  selectCloud(cloud)
  if (!data) return
  const next = switchCloudPath(data.clouds, location.pathname, cloud)
  if (next !== location.pathname) $router.open(next + location.search)
}

/** Follows a redirect resolution without adding a history entry. */
export function followRedirect(to: string): void {
  if (to !== currentPath()) $router.open(to, true)
}
