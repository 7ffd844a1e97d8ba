/**
 * Serving the built site (the shell) next to the API, with a fallback for client-side routes.
 *
 * - Files of the static folder are served as they are. Cache policy by path:
 *   `/assets/*` (fingerprinted build output) `public, max-age=31536000, immutable`;
 *   `/widgets/*` (drop-in scripts partners embed under stable, unversioned names)
 *   `public, max-age=86400, stale-if-error=86400`, so a fixed widget reaches every page within a day;
 *   HTML ({@link htmlCacheControl}) revalidated by browsers on every load, shared by CDNs for the
 *   site's `publicCacheSeconds` and served by them for a day while the origin fails; anything else
 *   the default `public, max-age=0` with ETag revalidation.
 * - SPA fallback: a GET/HEAD outside `/api/` that accepts `text/html` and matches no file (and `/`)
 *   answers `index.html`, so `/auroraedge.net/data-center-map` opens the shell on that page, with
 *   the page rendered into it when the server build of the shell exists and the visitor's theme on
 *   its `<html>` (`page-render.ts`): status 200, or 404 when no route of the site matches (the
 *   rendered 'Page not found' page). A request whose `trust_theme` cookie is not written as the
 *   site writes it gets the page `private` (shared caches key pages on that cookie).
 * - `/favicon.ico`, which browsers ask for on pages that name no icon (the development mail page,
 *   a feed or an API answer opened in a tab), redirects to the site's `/favicon.svg`.
 * - When `index.html` is missing the fallback answers 503 with a short page asking to build the site.
 * - Everything else that matches nothing answers 404 `{ error: { code: 'not_found', … } }`.
 */
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { relative, resolve, sep } from 'node:path'
import { themeCookieIsShareable } from '../../contract/theme.js'
import { langCookieIsShareable } from './page-locale.js'
import { sendError } from './errors.js'
import { createPageRenderer, type PageRenderer } from './page-render.js'
import { isApiPath, pathOf } from './paths.js'
import { DEFAULT_PUBLIC_CACHE_SECONDS, STALE_IF_ERROR_SECONDS } from './public-api.js'

export const CACHE_ASSETS = 'public, max-age=31536000, immutable'
/** A page that no shared cache may keep (see {@link registerStaticSite}'s page answers). */
export const PRIVATE_HTML = 'private, no-cache'
export const CACHE_WIDGETS = `public, max-age=86400, stale-if-error=${STALE_IF_ERROR_SECONDS}`

/**
 * The shell's HTML: `public, max-age=0, s-maxage=S, stale-while-revalidate=S, stale-if-error=86400`.
 * Browsers revalidate (a new build shows at the next load); a CDN shares it S seconds and keeps
 * the site up for a day when the origin fails.
 *
 * @param cacheSeconds the site's `publicCacheSeconds` (S), seconds
 */
export function htmlCacheControl(cacheSeconds: number): string {
  return `public, max-age=0, s-maxage=${cacheSeconds}, stale-while-revalidate=${cacheSeconds}, stale-if-error=${STALE_IF_ERROR_SECONDS}`
}

const BUILD_MISSING_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Site not built</title></head>
<body>
<h1>The site has not been built yet</h1>
<p>Run <code>npm run build</code>, then reload this page. The API under <code>/api/</code> is available.</p>
</body>
</html>
`

function cacheControlFor(path: string, cacheSeconds: number): string | undefined {
  // A pre-compressed copy (`x.js.br`, `x.js.gz`) is cached like the file it was made from.
  const relativePath = path.replace(/\.(br|gz)$/, '')
  if (relativePath.endsWith('.html')) return htmlCacheControl(cacheSeconds)
  if (relativePath.startsWith('assets/')) return CACHE_ASSETS
  if (relativePath.startsWith('widgets/')) return CACHE_WIDGETS
  return undefined
}

/**
 * Whether a missed GET is a page navigation the shell should answer: not under `/api/`, not a
 * missing build file (`/assets/`, `/widgets/`), and accepting HTML (`text/html`, any type or no
 * Accept header at all, as curl and crawlers send). Cloud domains look like file names
 * (`/auroraedge.net`), so extensions are not a signal.
 */
export function wantsShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (isApiPath(request.url)) return false
  const path = pathOf(request.url)
  if (/^\/(assets|widgets)\//.test(path) || /\/\./.test(path)) return false // build files, dotfiles
  const accept = String(request.headers.accept ?? '')
  return accept === '' || accept.includes('text/html') || accept.includes('*/*')
}

/**
 * Registers static serving of `staticDir` (when given) and the not-found handler with the SPA
 * fallback. The folder may be built after the server starts; it is looked up per request.
 *
 * @param staticDir The built site; `undefined` serves no files (HTML navigations answer 503).
 * @param cacheSeconds the site's `publicCacheSeconds`, seconds (see {@link htmlCacheControl})
 * @param options.publicUrl `PUBLIC_URL`, the origin of canonical links (`null`: the request's)
 * @param options.ssrDir the server build of the shell; without it pages go out unrendered
 */
export async function registerStaticSite(
  app: FastifyInstance,
  staticDir: string | undefined,
  cacheSeconds: number = DEFAULT_PUBLIC_CACHE_SECONDS,
  options: { publicUrl?: string | null; ssrDir?: string } = {},
): Promise<void> {
  const root = staticDir === undefined ? undefined : resolve(staticDir)
  const pages =
    root === undefined
      ? undefined
      : createPageRenderer(app, { siteDir: root, ssrDir: options.ssrDir, publicUrl: options.publicUrl ?? null })

  if (root !== undefined) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      // `/` is a page like any other (the not-found handler's shell, not the file): it carries
      // the visitor's theme (page-render.ts) and is kept per theme by the response cache.
      allowedPath: (path) => path !== '/',
      dotfiles: 'ignore',
      redirect: false,
      // The build writes x.br and x.gz beside every file over 1 KB (`scripts/compress.mjs`).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const path = relative(root, filePath).split(sep).join('/')
        const cache = cacheControlFor(path, cacheSeconds)
        if (cache) reply.header('cache-control', cache)
        // Text files may go out as their .br / .gz copy: shared caches must key on the encoding.
        if (/\.(js|mjs|css|html|svg|json|txt|xml|map)(\.(br|gz))?$/.test(path)) reply.header('vary', 'Accept-Encoding')
        // A drop-in's catalogues are fetched by the drop-in from the partner's page (docs/languages-and-themes.md).
        if (path.startsWith('widgets/i18n/')) reply.header('access-control-allow-origin', '*')
      },
    })
  }

  if (root !== undefined) {
    app.get('/favicon.ico', (_request, reply) =>
      reply.code(301).header('location', '/favicon.svg').header('cache-control', CACHE_WIDGETS).send(),
    )
  }

  app.setNotFoundHandler((request, reply) => {
    if (wantsShell(request)) return serveShell(request, reply, pages, cacheSeconds)
    const path = pathOf(request.url).slice(0, 200)
    return sendError(reply, 404, 'not_found', `Nothing is served at ${request.method} ${path}.`)
  })
}

async function serveShell(
  request: FastifyRequest,
  reply: FastifyReply,
  pages: PageRenderer | undefined,
  cacheSeconds: number,
): Promise<FastifyReply> {
  const answer = await pages?.html(request)
  if (answer === undefined) {
    return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(BUILD_MISSING_PAGE)
  }
  // A page carries the visitor's theme and shared caches key it on the theme cookie's value: a
  // cookie written otherwise than the switch writes it might be read differently there, so such
  // a page is never shared (contract/theme.ts).
  // The same holds for the language cookie; and a page whose language may come from
  // `Accept-Language` says so to shared caches (`Vary`), which the CDN example normalises.
  const shareable = themeCookieIsShareable(request.headers.cookie) && langCookieIsShareable(request.headers.cookie)
  const cacheControl = shareable ? htmlCacheControl(cacheSeconds) : PRIVATE_HTML
  // A path no route matches is the 'Page not found' page, sent as a 404 (not a "soft 404" that
  // search engines would keep); a page the server could not render goes out as 200.
  return reply
    .code(answer.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('vary', 'Accept-Language')
    .send(answer.html)
}
