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
import { randomBytes } from 'node:crypto'
import { Feed } from 'feed'
import { recordHref, rssFeedName } from '../../contract/links.js'
import { htmlToText, sanitizeOperatorHtml } from '../admin/sanitize.js'
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

/** Longest item description taken from a record's body (when it has no summary), characters. */
export const RSS_DESCRIPTION_MAX = 500

// XML 1.0 forbids most control characters; a CDATA section cannot contain its own terminator.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removes exactly the control characters XML 1.0 forbids
const xmlChars = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
const xmlSafe = (text: string) => xmlChars(text).replace(/]]>/g, ']]&gt;')

/**
 * The page of a record on the site: `{origin}/{domain}/posts/{id}`, or
 * `{origin}/{domain}/notification/{id}` (contract `recordHref`, the widgets' links too).
 */
export function recordUrl(origin: string, loaded: LoadedRecord, domain: string | undefined): string {
  return recordHref(loaded.record.type, loaded.record.id, domain, origin)
}

/** Bodies sanitised for feeds, by stored body: feeds are rendered often and bodies rarely change. */
const sanitised = new Map<string, string>()
/** How many sanitised bodies {@link feedContent} keeps (the oldest go first). */
const SANITISED_KEPT = 1_000

/** A record body as a feed carries it: sanitised with the site's allow-list (memoised). */
export function feedContent(body: string): string {
  const known = sanitised.get(body)
  if (known !== undefined) {
    sanitised.delete(body)
    sanitised.set(body, known)
    return known
  }
  const clean = sanitizeOperatorHtml(body)
  sanitised.set(body, clean)
  if (sanitised.size > SANITISED_KEPT) sanitised.delete(sanitised.keys().next().value as string)
  return clean
}

/** `&`, `<`, `>` as XML character references (text content of an element). */
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Plain text cut to at most `max` characters, at a word boundary when one is near, with `…`. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/**
 * A record's description as plain text: its summary (shown as HTML on the site, so reduced to the
 * text it shows), or when that is empty the start of its body's text.
 */
export function descriptionText(summary: string, body: string): string {
  const text = htmlToText(summary)
  return text || clip(htmlToText(feedContent(body)), RSS_DESCRIPTION_MAX)
}

/**
 * The RSS 2.0 document of a feed.
 *
 * - Channel: title `'{vendor} {list heading}'` (plus `' – {domain}'` for one cloud), link to the
 *   list's page (with a cloud) or the site, `atom:link rel=self` to `selfUrl`.
 * - Items, newest first: `title`, `link` to the record's page (below `cloudDomain`, else below the
 *   record's first cloud), `guid` `'{type}-{id}@trust-site'` (not a permalink, stable across
 *   edits), `pubDate` the posting time, `description` ({@link descriptionText}), `content:encoded`
 *   the body sanitised with the site's allow-list (`sanitizeOperatorHtml`: never scripts, event
 *   handlers or `javascript:` URLs, whatever was stored).
 * - `title` and `description` are plain text written as escaped XML text (`&lt;b&gt;`), never as
 *   markup: a title typed as `Outage <b>now</b>` reads exactly so in a feed reader.
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
  // `feed` writes item titles and descriptions as CDATA, i.e. as markup to readers that take them
  // for HTML. They go in as placeholders, replaced below by the escaped text.
  const nonce = randomBytes(9).toString('base64url')
  const texts: string[] = []
  const placeholder = (text: string) => {
    texts.push(xmlChars(text))
    return `trust-text-${nonce}-${texts.length - 1}`
  }
  for (const loaded of o.records) {
    const { record } = loaded
    const description = descriptionText(record.summary, record.body)
    feed.addItem({
      title: placeholder(record.title),
      id: `${record.type}-${record.id}@trust-site`,
      link: recordUrl(o.origin, loaded, o.cloudDomain ?? loaded.cloudDomains[0]),
      date: new Date(record.posted_on),
      description: description ? placeholder(description) : undefined,
      content: xmlSafe(feedContent(record.body)),
      category: [{ name: record.status }],
    })
  }
  const cdata = new RegExp(`<!\\[CDATA\\[trust-text-${nonce}-(\\d+)\\]\\]>`, 'g')
  return feed.rss2().replace(cdata, (_, i: string) => escapeXml(texts[Number(i)]))
}
