import { atom, computed } from 'nanostores'
import type { Cloud } from '../../contract/global'
import { COOKIE, readCookie, writeCookie } from './cookies'
import { $global } from './global'
import { shared } from './shared'

/** Machine name of the chosen cloud (docs/requirements/states.md#cloud-choice); `null` until one is chosen. */
export const $cloudName = shared('cloudName', () => atom<string | null>(null))

/** The cloud of `clouds` named `name` (machine name); `undefined` without the clouds or such a cloud. */
export const cloudNamed = (clouds: readonly Cloud[] | undefined, name: string | null | undefined): Cloud | undefined =>
  clouds?.find((c) => c.machine_name === name)

/** The chosen cloud, resolved against the loaded clouds; `null` before the global load. */
export const $cloud = shared('cloud', () =>
  computed([$global, $cloudName], (global, name) => cloudNamed(global.data?.clouds, name) ?? null),
)

/** Strips an optional `trust.` prefix from a `cloud` query value: `trust.auroraedge.net` → `auroraedge.net`. */
export function domainFromQuery(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^trust\./, '')
}

/** The cloud whose domain is the first segment of `pathname`, if any. */
export function cloudFromPath(clouds: readonly Cloud[], pathname: string): Cloud | undefined {
  const first = decodeSegment(pathname.split('/')[1] ?? '').toLowerCase()
  return first ? clouds.find((c) => c.domain.toLowerCase() === first) : undefined
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Inputs of {@link chooseCloud}. */
export interface CloudChoiceInput {
  /** The page path, e.g. `/auroraedge.net/cloud-status`. */
  pathname: string
  /** The `cloud` query parameter, if any (domain, optional `trust.` prefix). */
  query?: string | null
  /** The `machineName` cookie, if any. */
  cookie?: string | null
}

/**
 * Chooses the cloud (docs/requirements/states.md#cloud-choice): the `cloud` query parameter (by domain, optional
 * `trust.` prefix) wins, then the first path segment matching a cloud domain, then the saved
 * `machineName` cookie, then the first cloud. `undefined` only when there are no clouds.
 */
export function chooseCloud(clouds: readonly Cloud[], input: CloudChoiceInput): Cloud | undefined {
  if (input.query) {
    const domain = domainFromQuery(input.query)
    const byQuery = clouds.find((c) => c.domain.toLowerCase() === domain)
    if (byQuery) return byQuery
  }
  return (
    cloudFromPath(clouds, input.pathname) ?? (input.cookie ? clouds.find((c) => c.machine_name === input.cookie) : undefined) ?? clouds[0]
  )
}

/** The cloud's home: `/{domain}`. */
export function cloudHomePath(cloud: Pick<Cloud, 'domain'>): string {
  return `/${cloud.domain}`
}

/** The cloud's default page: `/{domain}/{default_page}` (the home when `default_page` is empty). */
export function defaultPagePath(cloud: Pick<Cloud, 'domain' | 'default_page'>): string {
  const page = cloud.default_page.replace(/^\/+|\/+$/g, '')
  return page ? `/${cloud.domain}/${page}` : cloudHomePath(cloud)
}

/** Chooses `cloud`: remembers it in the `machineName` cookie for 86400 s (docs/requirements/states.md, docs/requirements/constants.md). */
export function selectCloud(cloud: Pick<Cloud, 'machine_name'>): void {
  $cloudName.set(cloud.machine_name)
  writeCookie(COOKIE.machineName, cloud.machine_name)
}

/** Applies {@link chooseCloud} to this page's address and cookie and selects the result. */
export function selectCloudFromPage(clouds: readonly Cloud[]): Cloud | undefined {
  if (typeof location === 'undefined') return undefined
  const chosen = chooseCloud(clouds, {
    pathname: location.pathname,
    query: new URLSearchParams(location.search).get('cloud'),
    cookie: readCookie(COOKIE.machineName),
  })
  if (chosen) selectCloud(chosen)
  return chosen
}

/**
 * For a widget without a `cloud` attribute on a page where nobody chose a cloud yet (an embed
 * without the shell): once the global data is there, applies the spec's rules (the path, the
 * `machineName` cookie, else the first cloud) to `$cloudName`, without writing a cookie on the
 * host's site. Does nothing while the data is missing or when a cloud is chosen.
 */
export function chooseCloudForEmbed(): void {
  const data = $global.get().data
  if (!data || $cloudName.get()) return
  const chosen = chooseCloud(data.clouds, { pathname: location.pathname, cookie: readCookie(COOKIE.machineName) })
  if (chosen) $cloudName.set(chosen.machine_name)
}
