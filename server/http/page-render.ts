/**
 * Server-rendered first paint of the shell (issue "front-end speed"): a page navigation answers
 * the built `index.html` with the page's frame already inside `#app` — header, menus, headings,
 * footer, the home page's cloud banner — rendered by the shell's own components
 * (`dist/ssr/render.js`, built from `shell/server-render.tsx`), so the first paint does not wait
 * for the bundle; the browser hydrates it (`shell/main.tsx`).
 *
 * Beside the HTML the page carries:
 * - the page's title, description, `noindex` (docs/requirements/screens.md) and, for indexable pages, a canonical link
 *   (the address without its query, on `publicUrl` when set);
 * - `<link rel="modulepreload">` for the chunks of the page it rendered (`dist/ssr/client-pages.json`);
 * - the data it was rendered from, as JSON in `<script type="application/json" id="trust-page-data">`
 *   (`/api/global`'s data and, on a home page, the cloud banner's), read through the server's
 *   own routes (`inject`), hence from the response cache when it is warm.
 *
 * The page also carries the visitor's colour theme (docs/languages-and-themes.md), read from the `trust_theme` cookie:
 * `<html data-theme="dark" style="color-scheme:dark">` for a forced theme, nothing for the default
 * `system` (`contract/theme.ts`), so the first paint is already in the chosen scheme without any
 * script, and the rendered switch shows the choice. The response cache and the CDN key pages on
 * that cookie's normalised value (three variants at most).
 *
 * And its language (docs/languages-and-themes.md, `page-locale.ts`): `<html lang dir>` on every page, the page
 * rendered with the locale's site catalogue (the file the build lists in `#trust-catalogues`),
 * which the browser loads before hydrating. Pages are kept per locale too.
 *
 * Rendered pages are kept in memory per Host, address, theme and the ETags of the answers they
 * were made from, so a change of the global data or the banner renders anew and nothing else does.
 * A path no route matches renders the 'Page not found' page and goes out as 404. Whatever fails
 * (no server build, an API answer other than 200, a render that throws) sends the unrendered
 * `index.html`, as 200, which the browser renders as before: a page is never lost to this.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { LRUCache } from 'lru-cache'
import { CONSENT_STORAGE_KEY, PAGE_DATA_ID } from '../../contract/constants.js'
import { escapeHtml } from '../../contract/text.js'
import { htmlLangAttributes, type Locale } from '../../contract/locale.js'
import { htmlThemeAttributes, type Theme, themeOfCookieHeader } from '../../contract/theme.js'
import { documentOrigin } from './origin.js'
import { requestLocale } from './page-locale.js'

/** What `dist/ssr/render.js` exports (see shell/server-render.tsx). */
interface ShellRenderer {
  answersFor(url: string, global: unknown): string[]
  renderPage(
    url: string,
    global: unknown,
    answers: Record<string, unknown>,
    origin: string,
    theme: Theme,
    locale: Locale,
    catalogue: unknown,
  ): Promise<{ html: string; meta: { title: string; description: string; noindex: boolean }; pages: string[]; found?: boolean } | undefined>
}

/** A page to send: its HTML and status, 404 for the rendered 'Page not found' page. */
export interface PageAnswer {
  html: string
  status: 200 | 404
}

/**
 * The one inline script of a rendered page, placed right after `#app` and run before its first
 * paint: a returning visitor who already answered the cookie-consent banner (shell/consent.ts:
 * `localStorage['trust-cookie-consent']` holding `{domainId, choice}` for the banner's domain id)
 * never sees the rendered banner, and the page hydrates without it as the browser's first render
 * has it. Allowed by its hash in the Content-Security-Policy ({@link CONSENT_SCRIPT_HASH}).
 */
export const CONSENT_SCRIPT =
  '(function(){var b=document.querySelector(\'#app [data-testid="cookie-consent"]\');if(!b)return;try{var r=JSON.parse(localStorage.getItem(' +
  JSON.stringify(CONSENT_STORAGE_KEY) +
  "));if(r&&r.domainId===b.getAttribute('data-domain-id')&&(r.choice==='accepted'||r.choice==='rejected'))b.remove()}catch(e){}})()"

/** The CSP source of {@link CONSENT_SCRIPT}: `'sha256-…'`. */
export const CONSENT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CONSENT_SCRIPT).digest('base64')}'`

/** How many rendered pages are kept (entries; a page is a few KB to a few tens of KB). */
const RENDERED_PAGES_KEPT = 500

/** Options of {@link createPageRenderer}. */
export interface PageRendererOptions {
  /** The built site (`dist/site`), whose `index.html` is the template. */
  siteDir: string
  /** The server build of the shell (`dist/ssr`); not given or not built: pages go out unrendered. */
  ssrDir: string | undefined
  /** `PUBLIC_URL` (canonical links); `null` uses the request's origin. */
  publicUrl: string | null
}

/** Renders page navigations; see the module comment. */
export interface PageRenderer {
  /**
   * The page at `request.url`: `index.html` with the page rendered into it, status 404 when that
   * is the 'Page not found' page (no route of the site matched); `index.html` as it is, status
   * 200, when the page cannot be rendered (the browser then tells). `undefined` when `index.html`
   * is missing (not built).
   */
  html(request: FastifyRequest): Promise<PageAnswer | undefined>
}

/** A file read again only when its modification time changes (the site may be rebuilt while the server runs). */
function fileByMtime<T>(path: string, read: (path: string, mtimeMs: number) => T): () => T | undefined {
  let cached: { mtimeMs: number; value: T } | undefined
  return () => {
    let mtimeMs: number
    try {
      mtimeMs = statSync(path).mtimeMs
    } catch {
      return undefined
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: read(path, mtimeMs) }
    return cached.value
  }
}

/**
 * The page with the visitor's theme and the page's language on its `<html>` element (see the
 * module comment). An English page in the system theme is `index.html` unchanged (its
 * `<html lang="en">`), the page most visitors get; another language replaces `lang` and adds `dir`.
 */
function withDocumentAttributes(page: string, theme: Theme, locale: Locale): string {
  if (locale === 'en' && theme === 'system') return page
  return page.replace(/<html\b([^>]*)>/, (_m, attributes: string) => {
    const language = locale === 'en' ? attributes : ` ${htmlLangAttributes(locale)}${attributes.replace(/\s(?:lang|dir)="[^"]*"/g, '')}`
    return `<html${language}${htmlThemeAttributes(theme)}>`
  })
}

/** The catalogue addresses the built page lists (`#trust-catalogues`, rollup.config.mjs). */
function catalogueUrls(page: string): Partial<Record<Locale, { site?: string }>> {
  const json = /<script type="application\/json" id="trust-catalogues">([^<]*)<\/script>/.exec(page)?.[1]
  try {
    return json ? (JSON.parse(json) as Partial<Record<Locale, { site?: string }>>) : {}
  } catch {
    return {}
  }
}

/** `JSON.stringify` safe inside a `<script>` element (no `</script>` or `<!--` can close it). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * @param app the server, whose public routes (`/api/global`, `/api/cloud-banner`) give the data
 */
export function createPageRenderer(app: FastifyInstance, { siteDir, ssrDir, publicUrl }: PageRendererOptions): PageRenderer {
  const template = fileByMtime(join(siteDir, 'index.html'), (path) => readFileSync(path, 'utf8'))
  const clientPages = ssrDir
    ? fileByMtime(join(ssrDir, 'client-pages.json'), (path) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, string[]>)
    : () => undefined
  // A rebuilt server bundle is imported again under a new URL (Node keeps modules for good).
  const renderer = ssrDir
    ? fileByMtime(join(ssrDir, 'render.js'), (path, mtimeMs) =>
        import(`${pathToFileURL(path).href}?v=${mtimeMs}`).then((m) => m as ShellRenderer),
      )
    : () => undefined
  const rendered = new LRUCache<string, PageAnswer>({ max: RENDERED_PAGES_KEPT })

  async function answer(request: FastifyRequest, url: string): Promise<{ data: unknown; etag: string }> {
    const res = await app.inject({ method: 'GET', url, headers: { host: request.headers.host ?? 'localhost', accept: 'application/json' } })
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`)
    return { data: (res.json() as { data: unknown }).data, etag: String(res.headers.etag ?? res.body.length) }
  }

  // The site catalogue of each locale, read from the build once per file.
  const catalogues = new Map<string, unknown>()
  // The catalogue addresses the built page lists, read once per build of index.html.
  const catalogueList = fileByMtime(join(siteDir, 'index.html'), (path) => catalogueUrls(readFileSync(path, 'utf8')))
  function siteCatalogue(locale: Locale): unknown {
    if (locale === 'en') return undefined
    const url = catalogueList()?.[locale]?.site
    if (!url || !/^\/assets\/[\w.-]+\.json$/.test(url)) return undefined
    if (!catalogues.has(url)) catalogues.set(url, JSON.parse(readFileSync(join(siteDir, url), 'utf8')))
    return catalogues.get(url)
  }

  async function render(
    request: FastifyRequest,
    page: string,
    load: Promise<ShellRenderer>,
    theme: Theme,
    locale: Locale,
  ): Promise<PageAnswer> {
    const shell = await load
    const global = await answer(request, '/api/global')
    const needs = shell.answersFor(request.url, global.data)
    const answers = await Promise.all(needs.map((url) => answer(request, url)))
    const key = [request.headers.host, request.url, theme, locale, global.etag, ...answers.map((a) => a.etag)].join('\n')
    const kept = rendered.get(key)
    if (kept !== undefined) return kept
    const origin = documentOrigin(request, publicUrl)
    const answerData = Object.fromEntries(needs.map((url, i) => [url, answers[i].data]))
    const catalogue = siteCatalogue(locale)
    const result = await shell.renderPage(request.url, global.data, answerData, origin, theme, locale, catalogue)
    if (!result) return { html: page, status: 200 }
    const head: string[] = []
    if (result.meta.noindex) head.push('<meta name="robots" content="noindex">')
    else head.push(`<link rel="canonical" href="${escapeHtml(origin + request.url.split(/[?#]/)[0])}">`)
    for (const file of result.pages.flatMap((name) => clientPages()?.[name] ?? []))
      head.push(`<link rel="modulepreload" href="${escapeHtml(file)}">`)
    const data = { global: global.data, answers: answerData, pages: result.pages }
    // Every replacement is a function: a text holding `$&` or `$'` goes in as it is, not as a pattern.
    const html = page
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(result.meta.title)}</title>`)
      .replace(
        /(<meta name="description" content=")[^"]*(">)/,
        (_m, a: string, b: string) => `${a}${escapeHtml(result.meta.description)}${b}`,
      )
      .replace('</head>', () => `    ${head.join('\n    ')}\n  </head>`)
      .replace(
        '<div id="app"></div>',
        () =>
          `<div id="app">${result.html}</div>\n    <script>${CONSENT_SCRIPT}</script>\n    <script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>`,
      )
    const sent: PageAnswer = { html, status: result.found === false ? 404 : 200 }
    rendered.set(key, sent)
    return sent
  }

  return {
    async html(request) {
      const plain = template()
      if (plain === undefined) return undefined
      // Every page carries the theme, also one the browser renders (no server build, a failure).
      const theme = themeOfCookieHeader(request.headers.cookie)
      const locale = requestLocale(request.headers, request.url)
      const page = withDocumentAttributes(plain, theme, locale)
      const load = renderer()
      if (!load) return { html: page, status: 200 }
      try {
        return await render(request, page, load, theme, locale)
      } catch (error) {
        request.log.warn({ err: error, url: request.url }, 'page not rendered on the server; sent for the browser to render')
        return { html: page, status: 200 }
      }
    },
  }
}
