/**
 * The feeds of the record lists and notification lists (docs/requirements/screens.md#route-table `/rss-feed/{name}`,
 * the RSS badge of the lists), written with the `feed` package: RSS 2.0 and, beside each, Atom 1.0
 * (`/atom-feed/{name}`, the Atom badge). One function builds the `Feed` of a list
 * ({@link buildFeed}); the two formats differ only in its rendering ({@link renderFeed}).
 *
 * Feed names follow the spec's rule, applied to the page's last path segment: underscores become
 * hyphens, 'change' becomes 'category', and 'security-advisories' is shown as 'advisories'
 * ({@link rssFeedName}, written once in `contract/links.ts` for the client and the server). So
 * the lists give `incidents`, `maintenance` and `advisories`; the notification types (the segment
 * the notification pages pass) give `url-category-notification`, `cloud-app` and
 * `privacy-notification`. The notification menu routes (`url-category`, `cloud-app`, `privacy`)
 * and the spelled-out `cloud-app-notification` name the same feeds ({@link RSS_FEEDS}); Atom
 * has the same names.
 */
import { randomBytes } from 'node:crypto'
import { Feed } from 'feed'
import { type FeedFormat, recordHref, rssFeedName } from '../../contract/links.js'
import { htmlToText, sanitizeOperatorHtml } from '../admin/sanitize.js'
import type { NotificationType, RecordType } from '../../contract/records.js'
import type { LoadedRecord } from '../repo/records.js'

export { rssFeedName, type FeedFormat }

/** What a feed lists. */
export interface FeedSource {
  type: RecordType
  notificationType?: NotificationType
  /** The heading of the list's page (docs/requirements/screens.md). */
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

/** Every feed name and what it lists (the same names for RSS and Atom). */
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
/** {@link xmlSafe} of a plain text ({@link plainFeedText}). */
const xmlPlain = (text: string) => xmlSafe(plainFeedText(text))

/**
 * A title or description as plain text that stays plain for every reader: `<` and `>` become the
 * single angle quotation marks `‹` `›`, and an `&` that starts something entity-like (`&lt;`,
 * `&#60;`) the full-width `＆`. Many readers decode a title's entities and then take it for HTML
 * (RSS 2.0 leaves it open), so no `<` may survive, escaped or not: `Outage <b>now</b>` reads
 * `Outage ‹b›now‹/b›` everywhere and is never bold (docs/decisions/0045-feeds.md#feeds).
 */
export function plainFeedText(text: string): string {
  return text
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/&(?=#?\w+;)/g, '＆')
}

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

/** What a feed is made of. */
export interface FeedInput {
  source: FeedSource
  records: readonly LoadedRecord[]
  /** The site's origin, e.g. `https://trust.example` (no trailing slash). */
  origin: string
  /** The feed's own address in each format (`rel=self`; the Atom one is also the Atom feed's id). */
  selfUrls: Readonly<Record<FeedFormat, string>>
  /** The vendor's name (`settings.vendor`), `''` while none is set. */
  vendor: string
  /** The site's name (`readSiteName`, `contract/site-name.ts`), e.g. `'Nimbus Security Trust'` or, without a vendor name, its host. */
  siteName: string
  cloudDomain?: string
  now: Date
}

/**
 * The `id` of a record's Atom entry: the tag URI (RFC 4151) of its RSS `guid`
 * (`'{type}-{id}@trust-site'` → `'tag:trust-site,2026:{type}-{id}'`), as stable across edits and
 * clouds as the guid; Atom ids must be IRIs, which the guid is not.
 */
export function atomEntryId(type: string, id: number): string {
  return `tag:trust-site,2026:${type}-${id}`
}

/**
 * A list's feed, ready to render in either format ({@link renderFeed}).
 *
 * - Feed: title `'{vendor} {list heading}'` (plus `' – {domain}'` for one cloud; without a vendor
 *   name `'{list heading} – {domain or site name}'`), description naming the site, link to the
 *   list's page (with a cloud) or the site, `rel=self` to the format's `selfUrls`, author and
 *   copyright the vendor (else the site's name); the Atom feed's id is its own address (each list
 *   and cloud has its own).
 * - Items, newest first: `title`, `link` to the record's page (below `cloudDomain`, else below the
 *   record's first cloud), RSS `guid` `'{type}-{id}@trust-site'` (not a permalink, stable across
 *   edits) and Atom `id` {@link atomEntryId}, posting time (RSS `pubDate`, Atom `published`), last
 *   update (Atom `updated`), `description` / `summary` ({@link descriptionText}), `content:encoded`
 *   / `content` the body sanitised with the site's allow-list (`sanitizeOperatorHtml`: never
 *   scripts, event handlers or `javascript:` URLs, whatever was stored), the status as category.
 * - Titles and descriptions are plain text. `feed` writes them as CDATA (and in Atom as
 *   `type="html"`), i.e. as markup to readers that take them for HTML; they go in as placeholders
 *   (`texts`, numbered, with a random `nonce`) that {@link renderFeed} replaces by the escaped
 *   text; {@link plainFeedText} first turns `<` and `>` into `‹` `›`, so a title typed as
 *   `Outage <b>now</b>` reads `Outage ‹b›now‹/b›`, never bold, in any reader.
 */
export function buildFeed(o: FeedInput): { feed: Feed; texts: string[]; nonce: string } {
  const title = o.vendor
    ? `${o.vendor} ${o.source.title}${o.cloudDomain ? ` – ${o.cloudDomain}` : ''}`
    : `${o.source.title} – ${o.cloudDomain ?? o.siteName}`
  const owner = o.vendor || o.siteName
  const link = o.cloudDomain ? `${o.origin}/${o.cloudDomain}/${o.source.page}` : `${o.origin}/`
  const updated = o.records.reduce((max, r) => Math.max(max, r.updated), 0)
  const feed = new Feed({
    title: xmlPlain(title),
    id: o.selfUrls.atom,
    link,
    description: xmlPlain(`${o.source.title} published on ${o.siteName}${o.cloudDomain ? ` for ${o.cloudDomain}` : ''}.`),
    language: 'en',
    updated: new Date(updated || o.now.getTime()),
    generator: 'trust-site',
    feedLinks: { rss: o.selfUrls.rss, atom: o.selfUrls.atom },
    author: { name: xmlPlain(owner) },
    copyright: xmlPlain(`© ${o.now.getUTCFullYear()} ${owner}`),
    ttl: 5,
  })
  const nonce = randomBytes(9).toString('base64url')
  const texts: string[] = []
  const placeholder = (text: string) => {
    texts.push(xmlChars(plainFeedText(text)))
    return `trust-text-${nonce}-${texts.length - 1}`
  }
  for (const loaded of o.records) {
    const { record } = loaded
    const description = descriptionText(record.summary, record.body)
    const posted = new Date(record.posted_on)
    feed.addItem({
      title: placeholder(record.title),
      guid: `${record.type}-${record.id}@trust-site`,
      id: atomEntryId(record.type, record.id),
      link: recordUrl(o.origin, loaded, o.cloudDomain ?? loaded.cloudDomains[0]),
      // RSS writes `published` as pubDate (over `date`); Atom writes `date` as updated.
      published: posted,
      date: new Date(Math.max(loaded.updated, posted.getTime())),
      description: description ? placeholder(description) : undefined,
      content: xmlSafe(feedContent(record.body)),
      // Status names are the fixed vocabulary of the seed (no markup characters).
      category: [{ name: record.status, term: record.status }],
    })
  }
  return { feed, texts, nonce }
}

/**
 * The feed document in one format: RSS 2.0 (`feed.rss2()`) or Atom 1.0 (`feed.atom1()`) of
 * {@link buildFeed}'s feed, its title and description placeholders replaced by escaped plain
 * text: in RSS the CDATA sections, in Atom the whole `type="html"` CDATA element content, which
 * becomes a plain text construct (`<title>Outage &lt;b&gt;now&lt;/b&gt;</title>`; escaped text
 * inside `type="html"` would be markup again). Bodies stay HTML (`type="html"`), sanitised.
 */
export function renderFeed(format: FeedFormat, o: FeedInput): string {
  const { feed, texts, nonce } = buildFeed(o)
  const text = (i: string) => escapeXml(texts[Number(i)])
  const marker = `trust-text-${nonce}-`
  const xml =
    format === 'rss'
      ? feed.rss2().replace(new RegExp(`<!\\[CDATA\\[${marker}(\\d+)\\]\\]>`, 'g'), (_, i: string) => text(i))
      : feed
          .atom1()
          .replace(
            new RegExp(`<(title|summary) type="html"><!\\[CDATA\\[${marker}(\\d+)\\]\\]>`, 'g'),
            (_, tag: string, i: string) => `<${tag}>${text(i)}`,
          )
  // Every placeholder must have been replaced: one left in a `type="html"` element would be wrong.
  if (xml.includes(marker)) throw new Error(`A ${format} feed kept a text placeholder.`)
  return xml
}
