/**
 * The shell rendered on the server (issue "front-end speed": first paint without waiting for
 * JavaScript). Built by rollup into `dist/ssr/render.js` (rollup.config.mjs `ssrConfig`) and
 * loaded by the server (`server/http/page-render.ts`), which sends the HTML inside `#app` with
 * the {@link PageData} it was made from; `shell/main.tsx` hydrates it.
 *
 * What is rendered is what the browser's first render shows to a signed-out visitor who has not
 * chosen a cloud by cookie: header, menus, headings, footer, the page's own frame and its loading
 * states, and the home page's cloud banner from the answer the server passes in. The one
 * visitor-specific state it renders is the theme switch's choice (the server pages per theme, and
 * the same choice is on the page's `<html>`); the rest (session, cookie-chosen cloud, time zone)
 * applies in the browser after hydrating.
 */
import { renderToString } from 'react-dom/server'
import type { GlobalData } from '../contract/global'
import { originHost, siteName } from '../contract/site-name'
import type { Theme } from '../contract/theme'
import { $cloudName, chooseCloud } from '../widgets/core/cloud'
import { $global } from '../widgets/core/global'
import type { NetHook } from '../widgets/core/request'
import { shared } from '../widgets/core/shared'
import { App } from './App'
import { lazyPages, takeRenderedPages } from './lazy-page'
import { setAnswers } from './page-data'
import { bannerPath, coreStatusPath } from './pages/api'
import { takeNotFound } from './pages/Fallback'
import { $router, type PageMeta, pageMeta, type Resolution } from './routes'
import { $resolution } from './site'
import { $theme } from './theme'
import type { Locale } from '../contract/locale'
import { addCatalogue, type Catalogue } from '../contract/i18n/index.js'
import { $locale } from './locale'

/** One rendered page. */
export interface RenderedPage {
  /** The HTML of `#app`'s content. */
  html: string
  /** Title, description and noindex of the page (docs/requirements/screens.md). */
  meta: PageMeta
  /** Names of the lazy pages rendered (their chunks are preloaded; shell/lazy-page.ts). */
  pages: string[]
  /** False when the page rendered is the 'Page not found' page (`Fallback`): the server answers it with 404. */
  found: boolean
}

let ready: Promise<unknown> | undefined
const withCatalogue = new Set<Locale>()

// Stores read while rendering may start their loads (a nanostores `get()` mounts a store for a
// moment). On the server nothing is fetched: the page renders its loading states and the
// browser loads the data. A request that never settles changes no store and logs no failure.
shared<NetHook>('net', () => ({})).fetch = () => new Promise<Response>(() => undefined)

/**
 * Resolves `url` as the browser's router would. For its duration `globalThis.location` is the
 * address (on a placeholder origin): a path no route pattern matches is resolved from
 * `location.pathname`, as in the browser (shell/site.ts `$resolution`).
 */
function route(url: string, global: GlobalData): Resolution | undefined {
  const parsed = new URL(url, 'http://localhost')
  const scope = globalThis as { location?: unknown }
  const outer = scope.location
  scope.location = parsed
  try {
    // The stores derived from these recompute as each is set, with the new address already in place.
    $global.set({ loading: false, data: global })
    $router.open(parsed.pathname + parsed.search)
    const cloud = chooseCloud(global.clouds, { pathname: parsed.pathname, query: parsed.searchParams.get('cloud'), cookie: null })
    $cloudName.set(cloud?.machine_name ?? null)
    return $resolution.get()
  } finally {
    scope.location = outer
  }
}

/**
 * The public API answers rendering `url` needs besides the global data (path and query each, as
 * the page data keys them): the cloud banner on a cloud's home page, the core services' week on
 * its cloud status page (for the number of rows to keep room for). `[]` for other pages.
 */
export function answersFor(url: string, global: GlobalData): string[] {
  const resolution = route(url, global)
  if (resolution?.kind !== 'page') return []
  const cloud = resolution.cloud ?? global.clouds.find((c) => c.machine_name === $cloudName.get())
  if (!cloud) return []
  if (resolution.component === 'home') return [bannerPath(cloud.machine_name)]
  if (resolution.component === 'cloud-status') return [coreStatusPath(cloud.machine_name)]
  return []
}

/**
 * Renders the shell at `url` (path and query) from `global` and `answers` (their `data`, keyed as
 * {@link answersFor} names them). `undefined` when the path leads elsewhere (a redirect, such as
 * `/` to the cloud's default page, or a protected page to sign-in): the browser decides those.
 * Synchronous once the pages' modules are loaded, so no two renders interleave on the shared
 * stores; for its duration `globalThis.location` is the page's address on `origin`, so what
 * components read from it (the sign-in page's query, the calendar feed's host) is what the
 * browser will read.
 *
 * @param origin the site's public origin, e.g. `https://trust.example`
 * @param theme the visitor's theme (the `trust_theme` cookie), shown by the header's switch @default 'system'
 * @param locale the page's language (contract/locale.ts `chooseLocale`) @default 'en'
 * @param catalogue the locale's site catalogue (not needed for English); added once per locale
 * @throws whatever rendering throws; the server then sends the page unrendered
 */
export async function renderPage(
  url: string,
  global: GlobalData,
  answers: Record<string, unknown>,
  origin = 'http://localhost',
  theme: Theme = 'system',
  locale: Locale = 'en',
  catalogue?: Catalogue,
): Promise<RenderedPage | undefined> {
  if (catalogue && !withCatalogue.has(locale)) {
    addCatalogue(locale, catalogue)
    withCatalogue.add(locale)
  }
  ready ??= Promise.all([...lazyPages.values()].map((page) => page.preload()))
  await ready
  const resolution = route(url, global)
  if (!resolution || resolution.kind === 'redirect') return undefined
  setAnswers(answers)
  $theme.set(theme)
  $locale.set(locale)
  takeRenderedPages()
  takeNotFound()
  const scope = globalThis as { location?: unknown }
  scope.location = new URL(url, origin)
  try {
    const html = renderToString(<App />)
    const cloud = global.clouds.find((c) => c.machine_name === $cloudName.get())
    return {
      html,
      // The site's name as the browser will set it (shell/App.tsx): the vendor's, else the host.
      meta: pageMeta(resolution, siteName(global.links.vendor, originHost(origin)), cloud, locale),
      pages: takeRenderedPages(),
      found: !takeNotFound(),
    }
  } finally {
    setAnswers({})
    scope.location = undefined
  }
}
