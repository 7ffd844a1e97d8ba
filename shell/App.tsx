import { useStore } from '@nanostores/react'
import { type ReactElement, Suspense, useEffect, useMemo } from 'react'
import type { Cloud, GlobalData } from '../contract/global'
import { siteName } from '../contract/site-name'
import { $cloud } from '../widgets/core/cloud'
import { $global, loadGlobal } from '../widgets/core/global'
import { LiveNotice } from '../widgets/core/LiveNotice'
import { useTimezone } from '../widgets/core/react'
import { $session } from '../widgets/core/session'
import * as ui from '../widgets/core/ui.css'
import { LocaleContext, useLocale, useMessages } from '../widgets/core/i18n/react'
import { shellMessages } from './messages'
import { AccountBanners } from './accounts/AccountBanners'
import { signOutAndLeave } from './accounts/actions'
import { IdleLogout } from './accounts/IdleLogout'
import { Toaster } from './accounts/Toaster'
import { CookieConsent } from './CookieConsent'
import { Footer } from './Footer'
import { Header } from './header/Header'
import { applyMeta } from './meta'
import { Fallback } from './pages/Fallback'
import { lazyPage } from './lazy-page'
import { Later } from './later'
import { $locale, loadConsoleCatalogue } from './locale'
import { Home } from './pages/Home'
import { NotConfigured } from './pages/NotConfigured'
import { $router, type PageComponent, pageMeta, type Resolution } from './routes'
import * as styles from './shell.css'
import { $resolution, followRedirect, switchCloud } from './site'

const DcMapPage = lazyPage('DcMapPage', () => import('./pages/DcMapPage'))
const CloudStatusPage = lazyPage('CloudStatusPage', () => import('./pages/CloudStatusPage'))
const RecordsPage = lazyPage('RecordsPage', () => import('./pages/RecordsPage'))
const NotificationsPage = lazyPage('NotificationsPage', () => import('./pages/NotificationsPage'))
const PostPage = lazyPage('PostPage', () => import('./pages/PostPage'))
const AdvisoriesPage = lazyPage('AdvisoriesPage', () => import('./pages/AdvisoriesPage'))
const VexPage = lazyPage('VexPage', () => import('./pages/VexPage'))
const SignInPage = lazyPage('SignInPage', () => import('./pages/SignInPage'))
const SignUpPage = lazyPage('SignUpPage', () => import('./pages/SignUpPage'))
const ThankYouPage = lazyPage('ThankYouPage', () => import('./pages/ThankYouPage'))
const PasswordPage = lazyPage('PasswordPage', () => import('./pages/PasswordPage'))
const SettingsPage = lazyPage('SettingsPage', () => import('./pages/SettingsPage'))
const SubscribePage = lazyPage('SubscribePage', () => import('./pages/SubscribePage'))
const UnsubscribePage = lazyPage('UnsubscribePage', () => import('./pages/UnsubscribePage'))
const OptInPage = lazyPage('OptInPage', () => import('./pages/OptInPage'))
const FaqPage = lazyPage('FaqPage', () => import('./pages/FaqPage'))
const CompliancePage = lazyPage('CompliancePage', () => import('./pages/CompliancePage'))
const CookiePolicyPage = lazyPage('CookiePolicyPage', () => import('./pages/CookiePolicyPage'))
/** The admin console: its own chunk, downloaded only when an /admin path is opened. */
const AdminConsole = lazyPage('AdminConsole', async () => {
  // Its texts load beside its chunk, so it opens in the page's language.
  const texts = loadConsoleCatalogue()
  const module = await import('./admin/AdminConsole')
  await texts
  return module
})

/** What the disaster-recovery variant shows instead of the account pages (docs/requirements/errors.md), in English. */
export const DR_UNAVAILABLE = shellMessages.base.drUnavailable

/**
 * Account pages the disaster-recovery variant replaces with {@link DR_UNAVAILABLE}: sign-in,
 * sign-up and subscribe (docs/requirements/screens.md), and the other account pages, which need the same unavailable
 * account service (thank-you, settings, password request and reset, unsubscribe), and the admin
 * console, which needs a session too.
 */
export const DR_PAGES: ReadonlySet<string> = new Set([
  'sign-in',
  'sign-up',
  'subscribe',
  'thank-you',
  'user-edit',
  'user-password',
  'user-reset',
  'unsubscribe',
  'opt-in',
  'admin',
])

/** Pages a site without a catalogue still serves: what its operators need to set it up. */
const OPERATOR_PAGES: ReadonlySet<string> = new Set(['sign-in', 'user-password', 'user-reset', 'admin'])

const idleSignOut = () => void signOutAndLeave()

/** The list each record-list menu component shows (docs/requirements/calls.md: the path picks the API). */
const LIST_OF_COMPONENT = { incidents: 'incident', maintenance: 'maintenance' } as const

/** Where a signed-out visitor's subscribe star leads (docs/requirements/states.md#subscribe-star: sign-in with a state flag). */
export const SUBSCRIBE_SIGN_IN_PATH = '/sign-in?subscribe=1'

/** What a page of {@link PAGES} is rendered from. */
interface PageContext {
  global: GlobalData
  /** The cloud the visitor chose (the cloud selector), null before one is known. */
  chosen: Cloud | null
  /** The path's cloud, or the chosen one (pages of {@link PageEntry.needsCloud} render only with one). */
  cloud: Cloud
  page: ReturnType<typeof $router.get>
  resolution: Extract<Resolution, { kind: 'page' }>
}

/** One row of {@link PAGES}: what a route component renders and what shows while its chunk loads. */
interface PageEntry {
  render: (context: PageContext) => ReactElement
  /** The loading line's text (shell/messages.ts) while the page's chunk downloads. @default 'loading' */
  loading?:
    | 'loadingCloudStatus'
    | 'loadingMap'
    | 'loadingRecords'
    | 'loadingNotifications'
    | 'loadingPost'
    | 'loadingFaq'
    | 'loadingCompliance'
    | 'loadingConsole'
  /** Cloud pages: without a cloud (or, with `needsId`, without the path's id) the fallback page shows instead. */
  needsCloud?: boolean
  needsId?: boolean
}

const recordsPage: PageEntry = {
  needsCloud: true,
  loading: 'loadingRecords',
  render: ({ cloud, resolution }) => (
    <RecordsPage cloud={cloud} list={LIST_OF_COMPONENT[resolution.component as keyof typeof LIST_OF_COMPONENT]} />
  ),
}
const passwordPage: PageEntry = {
  render: ({ resolution }) => <PasswordPage key={resolution.params.token ?? ''} token={resolution.params.token} />,
}
const postPage: PageEntry = {
  needsCloud: true,
  needsId: true,
  loading: 'loadingPost',
  render: ({ cloud, resolution }) => (
    <PostPage cloud={cloud} id={resolution.params.id ?? ''} kind={resolution.component as 'post' | 'notification'} />
  ),
}

/** The pages of the site by route component (shell/routes.ts; docs/requirements/screens.md Screens and routes). */
const PAGES: Readonly<Record<Exclude<PageComponent, 'fallback'>, PageEntry>> = {
  'sign-in': { render: ({ page, global, chosen }) => <SignInPage key={page?.path} global={global} cloud={chosen} /> },
  'sign-up': { render: ({ chosen }) => <SignUpPage cloud={chosen} /> },
  'thank-you': { render: ({ page }) => <ThankYouPage search={`?${new URLSearchParams(page?.search).toString()}`} /> },
  'user-password': passwordPage,
  'user-reset': passwordPage,
  subscribe: { render: ({ chosen }) => <SubscribePage cloud={chosen} /> },
  unsubscribe: {
    render: ({ resolution }) => <UnsubscribePage key={resolution.params.token} token={resolution.params.token ?? ''} />,
  },
  'opt-in': { render: ({ resolution }) => <OptInPage key={resolution.params.token} token={resolution.params.token ?? ''} /> },
  'user-edit': { render: () => <SettingsPage /> },
  home: { needsCloud: true, render: ({ cloud, global }) => <Home cloud={cloud} links={global.links} /> },
  'cloud-status': { needsCloud: true, loading: 'loadingCloudStatus', render: ({ cloud }) => <CloudStatusPage cloud={cloud} /> },
  'dc-map': { needsCloud: true, loading: 'loadingMap', render: ({ cloud }) => <DcMapPage cloud={cloud} /> },
  incidents: recordsPage,
  maintenance: recordsPage,
  'security-advisories': { needsCloud: true, loading: 'loadingRecords', render: ({ cloud }) => <AdvisoriesPage cloud={cloud} /> },
  vex: { needsCloud: true, render: ({ cloud }) => <VexPage cloud={cloud} /> },
  notifications: {
    needsCloud: true,
    loading: 'loadingNotifications',
    render: ({ cloud, resolution }) => <NotificationsPage cloud={cloud} segment={resolution.params.type ?? ''} item={resolution.item} />,
  },
  post: postPage,
  notification: postPage,
  faq: { needsCloud: true, loading: 'loadingFaq', render: ({ cloud }) => <FaqPage cloud={cloud} /> },
  compliance: { needsCloud: true, loading: 'loadingCompliance', render: ({ cloud }) => <CompliancePage cloud={cloud} /> },
  'cookie-policy': { render: () => <CookiePolicyPage /> },
  admin: {
    loading: 'loadingConsole',
    render: ({ resolution }) => <AdminConsole screen={resolution.params.screen} section={resolution.params.section} />,
  },
}

function Page({ resolution }: { resolution: Extract<Resolution, { kind: 'page' }> }) {
  const global = useStore($global).data!
  const chosen = useStore($cloud)
  const cloud = resolution.cloud ?? chosen
  const page = useStore($router)
  const t = useMessages(shellMessages)
  if (global.isTrustDR && DR_PAGES.has(resolution.component)) {
    return (
      <p role="status" data-testid="dr-unavailable">
        {t.drUnavailable}
      </p>
    )
  }
  const entry = resolution.component === 'fallback' ? undefined : PAGES[resolution.component]
  if (!entry || (entry.needsCloud && !cloud) || (entry.needsId && !resolution.params.id)) return <Fallback cloud={chosen} />
  // One boundary for every page: its fallback names what is loading.
  return (
    <Suspense fallback={<p role="status">{t[entry.loading ?? 'loading']}</p>}>
      {entry.render({ global, chosen, cloud: cloud as Cloud, page, resolution })}
    </Suspense>
  )
}

/** The degraded-mode notice of the page (shell/live.ts), in the visitor's time zone. */
function PageLiveNotice() {
  return <LiveNotice timezone={useTimezone()} />
}

/** The site: header, the page for the current path, footer (docs/requirements/screens.md Screens and routes). */
/** The shell in the page's locale (shell/locale.ts): every text below reads it. */
export function App() {
  const locale = useStore($locale)
  return (
    <LocaleContext.Provider value={locale}>
      <Site />
    </LocaleContext.Provider>
  )
}

function Site() {
  const t = useMessages(shellMessages)
  const locale = useLocale()
  const global = useStore($global)
  const cloud = useStore($cloud)
  const page = useStore($router)
  const resolution = useStore($resolution)
  const later = useLaterParts(global.data)

  useEffect(() => {
    if (resolution?.kind === 'redirect') followRedirect(resolution.to)
    if (resolution && global.data) applyMeta(pageMeta(resolution, siteName(global.data.links.vendor, location.hostname), cloud, locale))
  }, [resolution, global.data, cloud, locale])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger: each new page starts at the top
  useEffect(() => {
    window.scrollTo?.(0, 0)
  }, [page?.path])

  // Widgets ask for a sign-in (a subscribe star while signed out); the shell moves in-app
  // instead of letting the widget load the page again.
  useEffect(() => {
    const onSignIn = (event: Event) => {
      if ($session.get().isLoggedIn) return
      event.preventDefault()
      $router.open(SUBSCRIBE_SIGN_IN_PATH)
    }
    document.addEventListener('trust-sign-in-required', onSignIn)
    return () => document.removeEventListener('trust-sign-in-required', onSignIn)
  }, [])

  if (!global.data) {
    return (
      <main className={styles.main}>
        {global.error ? (
          <div className={ui.error} role="alert">
            <span>{t.loadFailed({ error: global.error })}</span>
            <button type="button" className={ui.retry} onClick={() => void loadGlobal('', true)}>
              {t.retry}
            </button>
          </div>
        ) : (
          <p role="status">{t.loading}</p>
        )}
      </main>
    )
  }
  // A site without a catalogue shows only the not-configured page, except to its operators: they
  // sign in (and reset a password) and fill the catalogue in the admin console.
  if (global.data.clouds.length === 0 && !(resolution?.kind === 'page' && OPERATOR_PAGES.has(resolution.component))) {
    return (
      <main className={styles.main} id="content">
        <NotConfigured />
      </main>
    )
  }
  return (
    <div className={styles.page}>
      <a className={styles.skipLink} href="#content">
        {t.skipToContent}
      </a>
      {later?.consent}
      <Header global={global.data} cloud={cloud} currentPath={page?.path ?? '/'} onSelectCloud={switchCloud} />
      <main className={styles.main} id="content" tabIndex={-1}>
        {later?.notices}
        {resolution?.kind === 'page' ? <Page resolution={resolution} /> : <p role="status">{t.loading}</p>}
      </main>
      {later?.footer}
    </div>
  )
}

const focusContent = () => document.getElementById('content')?.focus({ preventScroll: true })

/**
 * The frame's parts that hydrate after the header and the page ({@link Later}): the cookie banner,
 * the degraded-mode notice and account banners, the footer with its pickers, the toaster and the
 * idle sign-out. The elements are made once per global data, so the site's re-renders while they
 * wait (the session arriving, the cookie's cloud) pass them unchanged.
 */
function useLaterParts(data: GlobalData | undefined) {
  const links = data?.links
  const isTrustDR = data?.isTrustDR ?? false
  return useMemo(
    () =>
      links && {
        consent:
          links.cookie_consent_id === undefined ? null : (
            <Later>
              <CookieConsent domainId={links.cookie_consent_id} onChoice={focusContent} />
            </Later>
          ),
        notices: (
          <Later>
            <PageLiveNotice />
            <AccountBanners hidden={isTrustDR} />
          </Later>
        ),
        footer: (
          <Later>
            <Footer links={links} year={new Date().getFullYear()} />
            <Toaster />
            <IdleLogout onIdle={idleSignOut} />
          </Later>
        ),
      },
    [links, isTrustDR],
  )
}
