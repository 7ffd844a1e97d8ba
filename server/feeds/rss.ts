/**
 * RSS 2.0 feeds of the record lists and notification lists (spec §2 Route table `/rss-feed/{name}`,
 * the RSS badge of the lists), written with the `feed` package.
 *
 * Feed names follow the spec's rule, applied to the page's last path segment: underscores become
 * hyphens, 'change' becomes 'category', and 'security-advisories' is shown as 'advisories'
 * ({@link rssFeedName}, written once in `contract/links.ts` for the client and the server). So
 * the lists give `incidents`, `maintenance` and `advisories`; the notification types (the segment
 * the notification pages pass) give `url-category-notification`, `cloud-app` and
 * `privacy-notification`. The notification menu routes (`url-category`, `cloud-app`, `privacy`)
 * and the spelled-out `cloud-app-notification` name the same feeds ({@link RSS_FEEDS}).
 */
import { Feed } from 'feed'
import { recordHref, rssFeedName } from '../../contract/links.js'
import type { NotificationType, RecordType } from '../../contract/records.js'
import type { LoadedRecord } from '../repo/records.js'

export { rssFeedName }

/** What a feed lists. */
export interface FeedSource {
  type: RecordType
  notificationType?: NotificationType
  /** The heading of the list's page (spec §2). */
  title: string
  /** The site path segment of the list's page below the cloud domain. */
  page: string
}

const SOURCES: ReadonlyArray<FeedSource & { segments: readonly string[] }> = [
  { type: 'incident', title: 'Incidents', page: 'incidents', segments: ['incidents'] },
  { type: 'maintenance', title: 'Maintenance', page: 'maintenance', segments: ['maintenance'] },
  { type: 'advisory', title: 'Security Advisories', page: 'security-advisories', segments: ['security-advisories'] },
  {
    type: 'notification',
    notificationType: 'url_change_notification',
    title: 'URL Category Notifications',
    page: 'notifications/url-category',
    segments: ['url_change_notification', 'url-category'],
  },
  {
    type: 'notification',
    notificationType: 'cloud_app',
    title: 'Cloud App Notifications',
    page: 'notifications/cloud-app',
    segments: ['cloud_app', 'cloud_app_notification'],
  },
  {
    type: 'notification',
    notificationType: 'privacy_notification',
    title: 'Privacy Notifications',
    page: 'notifications/privacy',
    segments: ['privacy_notification', 'privacy'],
  },
]

/** Every feed name and what it lists. */
export const RSS_FEEDS: ReadonlyMap<string, FeedSource> = new Map(
  SOURCES.flatMap(({ segments, ...source }) => segments.map((segment) => [rssFeedName(segment), source] as const)),
)

/** Items per feed: the newest records. */
export const RSS_ITEMS = 50

// XML 1.0 forbids most control characters; a CDATA section cannot contain its own terminator.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removes exactly the control characters XML 1.0 forbids
const xmlSafe = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/]]>/g, ']]&gt;')

/**
 * The page of a record on the site: `{origin}/{domain}/posts/{id}`, or
 * `{origin}/{domain}/notification/{id}` (contract `recordHref`, the widgets' links too).
 */
export function recordUrl(origin: string, loaded: LoadedRecord, domain: string | undefined): string {
  return recordHref(loaded.record.type, loaded.record.id, domain, origin)
}

/**
 * The RSS 2.0 document of a feed.
 *
 * - Channel: title `'{vendor} {list heading}'` (plus `' – {domain}'` for one cloud), link to the
 *   list's page (with a cloud) or the site, `atom:link rel=self` to `selfUrl`.
 * - Items, newest first: `title`, `link` to the record's page (below `cloudDomain`, else below the
 *   record's first cloud), `guid` `'{type}-{id}@trust-site'` (not a permalink, stable across
 *   edits), `pubDate` the posting time, `description` the plain-text summary,
 *   `content:encoded` the body HTML as stored (feed readers sanitise it; never trust it).
 *
 * @param origin The site's origin, e.g. `https://trust.example` (no trailing slash).
 */
export function renderRss(o: {
  source: FeedSource
  records: readonly LoadedRecord[]
  origin: string
  selfUrl: string
  vendor: string
  cloudDomain?: string
  now: Date
}): string {
  const title = `${o.vendor} ${o.source.title}${o.cloudDomain ? ` – ${o.cloudDomain}` : ''}`
  const link = o.cloudDomain ? `${o.origin}/${o.cloudDomain}/${o.source.page}` : `${o.origin}/`
  const updated = o.records.reduce((max, r) => Math.max(max, r.updated), 0)
  const feed = new Feed({
    title: xmlSafe(title),
    id: link,
    link,
    description: xmlSafe(`${o.source.title} published on the ${o.vendor} trust site${o.cloudDomain ? ` for ${o.cloudDomain}` : ''}.`),
    language: 'en',
    updated: new Date(updated || o.now.getTime()),
    generator: 'trust-site',
    feedLinks: { rss: o.selfUrl },
    copyright: `© ${o.now.getUTCFullYear()} ${o.vendor}`,
    ttl: 5,
  })
  for (const loaded of o.records) {
    const { record } = loaded
    feed.addItem({
      title: xmlSafe(record.title),
      id: `${record.type}-${record.id}@trust-site`,
      link: recordUrl(o.origin, loaded, o.cloudDomain ?? loaded.cloudDomains[0]),
      date: new Date(record.posted_on),
      description: xmlSafe(record.summary),
      content: xmlSafe(record.body),
      category: [{ name: record.status }],
    })
  }
  return feed.rss2()
}
