/**
 * Feeds outside `/api/`: RSS 2.0 per list (`GET /rss-feed/{name}`, docs/requirements/screens.md#route-table, the RSS
 * badge of the lists), the same feed as Atom 1.0 (`GET /atom-feed/{name}`, the Atom badge beside
 * it) and the maintenance calendar subscription (`GET
 * /ics/maintenance/{cloud}.ics`, the maintenance list's "Add to calendar"). Their answers are
 * documents (XML, iCalendar), not `{ data }`; their errors are JSON like the API's.
 *
 * Feed names follow the spec's rule, written once in `links.ts` (`rssFeedName`, a plain function
 * the widgets use at run time too): the page's last path segment, underscores → hyphens,
 * 'change' → 'category', 'security-advisories' shown as 'advisories'. So the lists give
 * `incidents`, `maintenance` and `advisories`; the notification types give
 * `url-category-notification`, `cloud-app` and `privacy-notification`.
 */

import Type, { type Static } from 'typebox'

/**
 * The path parameters of `GET /rss-feed/{name}` and `GET /atom-feed/{name}`: a feed name (see
 * `rssFeedName` in `links.ts`).
 */
export const RssFeedParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) })
export type RssFeedParams = Static<typeof RssFeedParams>

/**
 * The query string of `GET /rss-feed/{name}` and `GET /atom-feed/{name}`: `cloud` (machine name or
 * domain) limits the feed to that cloud's records; absent or empty = every cloud.
 */
export const RssFeedQuery = Type.Object({ cloud: Type.Optional(Type.String({ maxLength: 200 })) })
export type RssFeedQuery = Static<typeof RssFeedQuery>

/**
 * The path parameters of `GET /ics/maintenance/{cloud}.ics`: `file` is `{cloud}.ics` (a cloud
 * machine name or domain followed by `.ics`; anything else is 404 `not_found`).
 */
export const IcsFeedParams = Type.Object({ file: Type.String({ minLength: 5, maxLength: 210 }) })
export type IcsFeedParams = Static<typeof IcsFeedParams>

/**
 * The query string of `GET /ics/maintenance/{cloud}.ics`: `datacenter`, a data-center term id (or
 * a few, comma-separated), limits the calendar to the windows concerning them (400 `bad_request`
 * when an entry is not a positive integer).
 */
export const IcsFeedQuery = Type.Object({ datacenter: Type.Optional(Type.String({ maxLength: 40 })) })
export type IcsFeedQuery = Static<typeof IcsFeedQuery>

/**
 * A feed's answer: the RSS 2.0 document (`application/rss+xml`), the Atom 1.0 document
 * (`application/atom+xml`) or the iCalendar document (`text/calendar`), sent as text.
 */
export const FeedDocument = Type.String()
export type FeedDocument = Static<typeof FeedDocument>
