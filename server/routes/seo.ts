/**
 * GET /robots.txt and GET /sitemap.xml (issue "front-end speed": robots.txt and sitemap.xml
 * generated from the clouds and routes; docs/requirements/screens.md#route-table for the noindex pages).
 *
 * - `/robots.txt`: every crawler may fetch the site (the pages need `/api/` to render) except the
 *   account pages and the admin console (`NOINDEX_PATHS`, the pages the shell marks noindex);
 *   names the sitemap.
 * - `/sitemap.xml`: for every cloud its home (`/{domain}`) and every deep-linked page of the main
 *   menu under its domain (items hidden for the cloud left out; the Notifications dropdown's own
 *   page, docs/decisions/0082-notifications-page.md, included), then the absolute menu pages
 *   (`/faq`, …); external links and noindex pages never. Built with xml-js.
 *
 * Links use `PUBLIC_URL` when set (always in production), else the origin the request reached
 * (as the feeds do). Both are public and cached like the other public GETs.
 */
import { js2xml } from 'xml-js'
import { ERROR_RESPONSES } from '../../contract/common.js'
import { FeedDocument } from '../../contract/feeds.js'
import type { MenuItem } from '../../contract/global.js'
import { flattenMenu, isExternal, isHidden, isNotificationsMenu, menuHref, NOINDEX_COMPONENTS, NOINDEX_PATHS } from '../../contract/menu.js'
import { documentOrigin } from '../http/origin.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import type { RouteDeps, TrustApp } from './deps.js'
import { readGlobalData } from './global.js'

/** A page of the menu worth indexing: a page component that is not noindex, or the Notifications dropdown's own page. */
const indexable = (item: MenuItem) =>
  item.component ? !(NOINDEX_COMPONENTS as readonly string[]).includes(item.component) : isNotificationsMenu(item)

/**
 * The site's indexable paths, in order and without duplicates: each cloud's home and deep-linked
 * pages, then the absolute pages of the main menu.
 *
 * @param global what `/api/global` answers (its menus and clouds)
 */
export function sitemapPaths(global: Awaited<ReturnType<typeof readGlobalData>>): string[] {
  const items = flattenMenu(global.menu.main_menu).filter(indexable)
  const paths = new Set<string>()
  for (const cloud of global.clouds) {
    paths.add(`/${cloud.domain}`)
    for (const item of items) {
      if (!item.deep_link || isHidden(item, cloud)) continue
      const href = menuHref(item, cloud)
      if (!isExternal(href)) paths.add(href)
    }
  }
  for (const item of items) {
    if (item.deep_link) continue
    const href = menuHref(item, undefined)
    if (!isExternal(href) && href !== '/') paths.add(href)
  }
  return [...paths]
}

/** The robots.txt text for a site at `origin`. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...NOINDEX_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}

/** Registers GET /robots.txt (`text/plain`) and GET /sitemap.xml (`application/xml`). */
export function registerSeoRoutes(app: TrustApp, deps: RouteDeps): void {
  const responses = { 200: FeedDocument, ...ERROR_RESPONSES }
  app.get('/robots.txt', { schema: { response: responses }, config: PUBLIC_SHORT_CACHE }, async (request, reply) => {
    reply.type('text/plain; charset=utf-8')
    return robotsTxt(documentOrigin(request, deps.accounts.publicUrl))
  })
  app.get('/sitemap.xml', { schema: { response: responses }, config: PUBLIC_SHORT_CACHE }, async (request, reply) => {
    const origin = documentOrigin(request, deps.accounts.publicUrl)
    const paths = sitemapPaths(await readGlobalData(deps))
    reply.type('application/xml; charset=utf-8')
    return js2xml(
      {
        declaration: { attributes: { version: '1.0', encoding: 'UTF-8' } },
        elements: [
          {
            type: 'element',
            name: 'urlset',
            attributes: { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' },
            elements: paths.map((path) => ({
              type: 'element',
              name: 'url',
              elements: [{ type: 'element', name: 'loc', elements: [{ type: 'text', text: `${origin}${path}` }] }],
            })),
          },
        ],
      },
      { spaces: 2 },
    )
  })
}
