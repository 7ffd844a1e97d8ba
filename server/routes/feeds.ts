/**
 * Feeds outside `/api/`: RSS 2.0 per list (`GET /rss-feed/{name}`, docs/requirements/screens.md#route-table), Atom 1.0
 * beside each (`GET /atom-feed/{name}`) and the maintenance calendar subscription
 * (`GET /ics/maintenance/{cloud}.ics`). All are public and
 * cacheable for 30 s, readable from any origin without credentials, like the public API. Being
 * registered routes, they are never answered by the site's SPA fallback. Feeds are for feed
 * readers and shared caches, so they are always the anonymous view, whoever asks. Nothing in a feed
 * is live markup: item titles and descriptions are escaped plain text, bodies are sanitised with the
 * site's allow-list (`server/feeds/rss.ts`), in both formats.
 */
import { ERROR_RESPONSES } from '../../contract/common.js'
import { FeedDocument, IcsFeedParams, IcsFeedQuery, RssFeedParams, RssFeedQuery } from '../../contract/feeds.js'
import { atomFeedHref, rssFeedHref } from '../../contract/links.js'
import { renderMaintenanceIcs } from '../feeds/ics.js'
import { type FeedFormat, recordUrl, renderFeed, RSS_FEEDS, RSS_ITEMS } from '../feeds/rss.js'
import { notFound } from '../http/errors.js'
import { documentOrigin } from '../http/origin.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { requireCloud, type CloudRow } from '../repo/clouds.js'
import { PUBLIC_GROUPS, recordVisible } from '../repo/private-components.js'
import { loadRecords, newestRecords } from '../repo/records.js'
import { readSiteName, vendorName } from '../repo/settings.js'
import { ANONYMOUS } from '../repo/visibility.js'
import type { RouteDeps, TrustApp } from './deps.js'
import { parseDataCenters } from './records.js'

/** Content types of the feeds. */
export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8'
export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8'
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8'

/** The maintenance calendar holds windows that ended at most this many days ago, and all later ones. */
export const ICS_PAST_DAYS = 30

/** At most this many windows in one calendar. */
export const ICS_MAX_EVENTS = 500

const DAY_MS = 86_400_000

/** The feeds' answers: the document as text, or a JSON error (contract `feeds.ts`). */
const FEED_RESPONSES = { 200: FeedDocument, ...ERROR_RESPONSES }

/** The list feeds' formats: their path and content type (the same names, records and rules). */
const FEED_FORMATS: ReadonlyArray<{ format: FeedFormat; path: string; contentType: string }> = [
  { format: 'rss', path: '/rss-feed/:name', contentType: RSS_CONTENT_TYPE },
  { format: 'atom', path: '/atom-feed/:name', contentType: ATOM_CONTENT_TYPE },
]

/**
 * Registers the feeds.
 *
 * - `GET /rss-feed/{name}[?cloud=]` — RSS 2.0 (`application/rss+xml`) of the newest
 *   {@link RSS_ITEMS} records the named list holds, of one cloud (machine name or domain) or of
 *   all. Names: `incidents`, `maintenance`, `advisories`, `url-category-notification` (also
 *   `url-category`), `cloud-app` (also `cloud-app-notification`), `privacy-notification` (also
 *   `privacy`); see `server/feeds/rss.ts` for the rule. Errors (JSON): 404 `not_found` for an
 *   unknown name, 404 `unknown_cloud`, 400 `bad_request`.
 * - `GET /atom-feed/{name}[?cloud=]` — the same feed as Atom 1.0 (`application/atom+xml`): same
 *   names, entries, order, errors, caching and escaping.
 * - `GET /ics/maintenance/{cloud}.ics[?datacenter=tid]` — iCalendar (`text/calendar`) of the
 *   cloud's maintenance windows that ended at most {@link ICS_PAST_DAYS} days ago or later,
 *   oldest first, optionally only those concerning one data center; stable UIDs
 *   `maintenance-{id}@trust-site`. Errors (JSON): 404 `not_found` when the file does not end in
 *   `.ics`, 404 `unknown_cloud`, 400 `bad_request` for a malformed `datacenter`.
 *
 * Request schemas from `contract/feeds.ts` (`RssFeedParams`, `RssFeedQuery` for both list feed
 * formats, `IcsFeedParams`,
 * `IcsFeedQuery`); the answer is `FeedDocument` (text, sent as is with its content type), errors
 * `ERROR_RESPONSES`.
 */
export function registerFeedRoutes(app: TrustApp, deps: RouteDeps): void {
  const { db, now } = deps

  for (const { format, path, contentType } of FEED_FORMATS) {
    app.get(
      path,
      { schema: { params: RssFeedParams, querystring: RssFeedQuery, response: FEED_RESPONSES }, config: PUBLIC_SHORT_CACHE },
      async (request, reply) => {
        const name = request.params.name.toLowerCase()
        const source = RSS_FEEDS.get(name)
        if (!source) {
          throw notFound(`Unknown feed ${JSON.stringify(name.slice(0, 100))}; feeds: ${[...RSS_FEEDS.keys()].join(', ')}.`)
        }
        const cloudParam = (request.query.cloud ?? '').trim()
        const cloud: CloudRow | undefined = cloudParam === '' ? undefined : await requireCloud(db, cloudParam)
        const [records, vendor, siteName] = await Promise.all([
          newestRecords(
            db,
            { type: source.type, notificationType: source.notificationType, cloudId: cloud?.id, now: now().getTime() },
            RSS_ITEMS,
            ANONYMOUS,
          ),
          vendorName(deps.db),
          readSiteName(deps.db, deps.accounts.publicUrl),
        ])
        const origin = documentOrigin(request, deps.accounts.publicUrl)
        const xml = renderFeed(format, {
          source,
          records,
          origin,
          selfUrls: { rss: rssFeedHref(name, origin, cloud?.machine_name), atom: atomFeedHref(name, origin, cloud?.machine_name) },
          vendor,
          siteName,
          cloudDomain: cloud?.domain,
          now: now(),
        })
        return reply.type(contentType).send(xml)
      },
    )
  }

  app.get(
    '/ics/maintenance/:file',
    { schema: { params: IcsFeedParams, querystring: IcsFeedQuery, response: FEED_RESPONSES }, config: PUBLIC_SHORT_CACHE },
    async (request, reply) => {
      const file = request.params.file
      if (!file.toLowerCase().endsWith('.ics'))
        throw notFound(`Calendars are served as {cloud}.ics, not ${JSON.stringify(file.slice(0, 100))}.`)
      const dataCenters = parseDataCenters(request.query.datacenter)
      const cloud = await requireCloud(db, file.slice(0, -4))
      const since = now().getTime() - ICS_PAST_DAYS * DAY_MS
      let query = db
        .selectFrom('records as r')
        .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
        .select('r.id')
        .where('rc.cloud_id', '=', cloud.id)
        .where('r.type', '=', 'maintenance')
        .where((eb) => recordVisible(eb, 'r.id', PUBLIC_GROUPS))
        .where((eb) => eb.or([eb('r.to_time', '>=', since), eb.and([eb('r.to_time', 'is', null), eb('r.from_time', '>=', since)])]))
      if (dataCenters.length > 0) {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('record_terms as rt')
              .select('rt.record_id')
              .whereRef('rt.record_id', '=', 'r.id')
              .where('rt.tid', 'in', dataCenters),
          ),
        )
      }
      const ids = await query.orderBy('r.from_time').orderBy('r.id').limit(ICS_MAX_EVENTS).execute()
      const records = await loadRecords(
        db,
        ids.map((r) => r.id),
        ANONYMOUS,
      )
      const origin = documentOrigin(request, deps.accounts.publicUrl)
      const vendor = await vendorName(deps.db)
      const ics = renderMaintenanceIcs({
        records,
        // Without a vendor name the cloud's domain says whose calendar it is.
        calendarName: vendor ? `${vendor} maintenance – ${cloud.domain}` : `Maintenance – ${cloud.domain}`,
        pageUrl: (loaded) => recordUrl(origin, loaded, cloud.domain),
      })
      return reply.type(ICS_CONTENT_TYPE).header('content-disposition', `inline; filename="${cloud.machine_name}.ics"`).send(ics)
    },
  )
}
