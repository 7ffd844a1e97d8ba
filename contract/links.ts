/**
 * The site's links that both sides build (docs/requirements/screens.md#route-table): record pages, RSS and Atom feeds and the
 * API origin of embedded widgets. Plain functions without schemas, so the drop-ins import them at
 * run time without carrying `typebox` (see `common.ts`); the server's feeds use the same ones.
 */
import type { RecordType } from './records'

/**
 * `base` (an origin such as a widget's `api-base`, or a site origin) without trailing slashes;
 * `''` for none (the same origin).
 *
 * @example trimBase('https://trust.example/') // 'https://trust.example'
 */
export function trimBase(base: string | undefined): string {
  return (base ?? '').replace(/\/+$/, '')
}

/** The cloud's path segment of a record page: `/{cloudDomain}`, or nothing without a domain. */
const cloudSegment = (cloudDomain: string) => (cloudDomain ? `/${cloudDomain}` : '')

/**
 * A record's page (docs/requirements/screens.md#route-table): `/{cloudDomain}/posts/{id}`, on `base` when embedded
 * (without the cloud segment when `cloudDomain` is empty).
 *
 * @example postHref('alpha.net', 12) // '/alpha.net/posts/12'
 */
export function postHref(cloudDomain: string, id: number, base = ''): string {
  return `${trimBase(base)}${cloudSegment(cloudDomain)}/posts/${id}`
}

/**
 * A notification's page: `/notification/{id}`, or `/{cloudDomain}/notification/{id}` (docs/requirements/screens.md
 * Route table), on `base` when embedded.
 *
 * @example notificationHref(5, '', 'https://trust.example') // 'https://trust.example/notification/5'
 */
export function notificationHref(id: number, cloudDomain = '', base = ''): string {
  return `${trimBase(base)}${cloudSegment(cloudDomain)}/notification/${id}`
}

/**
 * The page of any record (feeds, mails): {@link notificationHref} for notifications,
 * {@link postHref} for incidents, maintenance and advisories.
 */
export function recordHref(type: RecordType, id: number, cloudDomain = '', base = ''): string {
  return type === 'notification' ? notificationHref(id, cloudDomain, base) : postHref(cloudDomain, id, base)
}

/**
 * A record's page by its `alias` (contract `TrustRecord.alias`, e.g. `/incidents/12`), which is
 * a path below the cloud domain: `{base}/{cloudDomain}{alias}`.
 *
 * @example aliasHref('alpha.net', '/incidents/12') // '/alpha.net/incidents/12'
 */
export function aliasHref(cloudDomain: string, alias: string, base = ''): string {
  return `${trimBase(base)}/${cloudDomain}${alias.startsWith('/') ? '' : '/'}${alias}`
}

/**
 * The RSS feed name of a page (docs/requirements/screens.md#route-table `/rss-feed/{name}`): the last path segment
 * (query, hash and trailing slashes ignored), underscores turned into hyphens, 'change'
 * replaced by 'category', and 'security-advisories' shown as 'advisories'. A feed name is its
 * own name, so the rule may be applied twice.
 *
 * @param path a path (`/alpha.net/incidents`) or a segment (`url_change_notification`)
 * @example rssFeedName('url_change_notification') // 'url-category-notification'
 * @example rssFeedName('/alpha.net/security-advisories') // 'advisories'
 */
export function rssFeedName(path: string): string {
  const clean = path.split(/[?#]/)[0].replace(/\/+$/, '')
  const name = clean
    .slice(clean.lastIndexOf('/') + 1)
    .replace(/_/g, '-')
    .replace(/change/g, 'category')
  return name === 'security-advisories' ? 'advisories' : name
}

/** The formats of the list feeds: RSS 2.0 (`/rss-feed/{name}`) and Atom 1.0 (`/atom-feed/{name}`). */
export type FeedFormat = 'rss' | 'atom'

/**
 * A list feed's link in `format`: `/{format}-feed/{rssFeedName(segment)}` on `base` ('' = this
 * site), with `?cloud={cloud}` when given so the feed holds that cloud's records only.
 *
 * @example feedHref('atom', 'cloud_app', '', 'alpha') // '/atom-feed/cloud-app?cloud=alpha'
 */
export function feedHref(format: FeedFormat, segment: string, base = '', cloud?: string): string {
  return `${trimBase(base)}/${format}-feed/${rssFeedName(segment)}${cloud ? `?cloud=${encodeURIComponent(cloud)}` : ''}`
}

/**
 * A feed's RSS link: `/rss-feed/{rssFeedName(segment)}` on `base` ('' = this site), with
 * `?cloud={cloud}` when given ({@link feedHref}).
 *
 * @example rssFeedHref('cloud_app', '', 'alpha beta') // '/rss-feed/cloud-app?cloud=alpha%20beta'
 */
export function rssFeedHref(segment: string, base = '', cloud?: string): string {
  return feedHref('rss', segment, base, cloud)
}

/**
 * The same feed's Atom link: `/atom-feed/{rssFeedName(segment)}` on `base`, with `?cloud={cloud}`
 * when given ({@link feedHref}).
 *
 * @example atomFeedHref('security-advisories', 'https://trust.example') // 'https://trust.example/atom-feed/advisories'
 */
export function atomFeedHref(segment: string, base = '', cloud?: string): string {
  return feedHref('atom', segment, base, cloud)
}
