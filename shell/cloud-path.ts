// The site's cloud-switch rule (docs/requirements/states.md#cloud-choice, docs/requirements/screens.md#route-table): which path a switch of cloud
// leads to. Shell-only: drop-in widgets never navigate; they select the cloud and fire an event.
import type { Cloud } from '../contract/global'
import { cloudFromPath } from '../widgets/core/cloud'

/** Path prefixes whose first segment is never switched to the cloud domain (docs/requirements/screens.md#route-table). */
const CLOUDLESS_PREFIXES = ['/notification', '/subscribe', '/sign-in']

/**
 * The path to show after switching to `next` (docs/requirements/states.md): the first segment is replaced with the
 * new cloud's domain when it is a cloud domain; paths beginning /notification, /subscribe or
 * /sign-in, and paths without a cloud segment, stay as they are.
 */
export function switchCloudPath(clouds: readonly Cloud[], pathname: string, next: Cloud): string {
  if (CLOUDLESS_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}?`))) {
    return pathname
  }
  if (!cloudFromPath(clouds, pathname)) return pathname
  const parts = pathname.split('/')
  parts[1] = next.domain
  return parts.join('/')
}
