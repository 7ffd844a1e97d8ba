import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { defaultPagePath } from '../core/cloud'
import type { Cloud } from '../../contract/global'
import { trimBase } from '../../contract/links'
import type {
  AdvisoryMinimum,
  NotificationManageBody,
  SubscriptionAction,
  SubscriptionsData,
  SubscriptionTarget,
  UserNotificationsData,
} from '../../contract/subscriptions'
import { TrustEvent, type HostProps } from '../core/element'
import { SignInRequiredEvent, signInPath } from '../core/events'
import { globalResourceState } from '../core/global'
import { useGlobal, useResource, useWidgetContext } from '../core/react'
import { ApiError } from '../core/request'
import { errorMessage } from '../core/resource'
import { $session, isSignedIn } from '../core/session'
import { showToast } from '../core/toast'
import { LoadState } from '../core/ui'
import { fetchSubscriptions, fetchUserNotifications, manageNotification, setAdvisoryMinimum, subscribe } from './api'
import {
  allCall,
  chooseMode,
  cloudView,
  countLabel,
  faqHelpHref,
  nextTab,
  notificationsView,
  NOTIFICATIONS_TAB,
  starCall,
  subscriptionToast,
  type GroupMode,
  type IndividualChoices,
  type StarView,
  type ToastScope,
} from './model'
import * as styles from './subscriptions.css'
import type { Locale } from '../../contract/locale'
import { useLocale, useMessages } from '../core/i18n/react'
import { subscriptionsMessages } from './messages'

/** Detail of {@link SubscriptionsErrorEvent}. */
export interface SubscriptionsErrorDetail {
  /** What failed, as a sentence. */
  error: string
  /** The tab whose load failed: a cloud machine name, or `'#notifications'`. */
  tab: string
  /** Where the widget goes unless the event is cancelled: the cloud's default page (docs/requirements/errors.md). */
  redirect: string
}

/**
 * `trust-subscriptions-error` (bubbles, composed, cancelable): the subscriptions of a signed-in
 * user could not be loaded (docs/requirements/errors.md#subscription-load-error "Subscription load error while logged in: redirect to the
 * default page"). Unless cancelled, the widget then goes to `detail.redirect`.
 */
export class SubscriptionsErrorEvent extends TrustEvent<SubscriptionsErrorDetail> {
  constructor(detail: SubscriptionsErrorDetail) {
    super('trust-subscriptions-error', detail, { cancelable: true })
  }
}

/** Props of {@link Subscriptions}. */
export interface SubscriptionsProps {
  /** The clouds, one tab each (from the global data). */
  clouds: readonly Cloud[]
  /** Machine name of the cloud whose tab is selected first. @default the first cloud */
  initialCloud?: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
  /** Target of the help link 'How to Manage Your Subscription?' (docs/requirements/screens.md); no link when absent or empty. */
  faqHref?: string
  /**
   * A tab could not be loaded. `signedOut` is true when the server answered that nobody is
   * signed in. @default the widget's sign-in / default-page handling (see {@link SubscriptionsWidget})
   */
  onLoadError?: (error: unknown, tab: string, signedOut: boolean, origin: HTMLElement | null) => void
}

const isSignedOutError = (e: unknown) => e instanceof ApiError && (e.code === 'not_signed_in' || e.status === 401)

/**
 * A failed change's reason on the screen (docs/languages-and-themes.md "codes translated on the client"): the
 * server's English message on an English page; otherwise the translation of its code, or a
 * generic text with the HTTP status.
 */
function changeError(e: unknown, locale: Locale): string {
  if (locale === 'en') return errorMessage(e)
  const t = subscriptionsMessages.in(locale).get()
  if (!(e instanceof ApiError) || e.status === 0) return t.network
  if (e.code === 'not_signed_in' || e.code === 'csrf') return t.sessionEnded
  return t.failed({ status: e.status })
}

/** Runs one change at a time: the pending control's key, the last failure, and `run`. */
function useChange() {
  const locale = useLocale()
  const [pending, setPending] = useState<string | null>(null)
  const [error, setError] = useState('')
  const alive = useRef(true)
  useEffect(
    () => () => {
      alive.current = false
    },
    [],
  )
  const run = useCallback(
    async <T,>(key: string, call: () => Promise<T>, done: (answer: T) => void) => {
      setPending(key)
      setError('')
      try {
        const answer = await call()
        if (alive.current) done(answer)
      } catch (e) {
        if (alive.current) setError(changeError(e, locale))
      } finally {
        if (alive.current) setPending(null)
      }
    },
    [locale],
  )
  return { pending, error, run }
}

/**
 * The subscriptions page (docs/requirements/screens.md#subscriptions-page, docs/requirements/states.md#subscribe-star, docs/requirements/calls.md, docs/requirements/errors.md): the heading
 * 'Manage Subscriptions' with the count of the shown tab, the help link (given `faqHref`), a tab
 * per cloud and a Notifications tab. A cloud tab has Subscribe All / Unsubscribe All and the Maintenance,
 * Advisory and Cloud Status sections; the Notifications tab lists each notification type with its
 * categories. Every change is one call; while it runs the controls are disabled, on success the
 * whole tree comes from the answer and a toast confirms it, on failure an alert says why and the
 * state stays.
 */
export function Subscriptions({ clouds, initialCloud, apiBase = '', faqHref, onLoadError }: SubscriptionsProps) {
  const tabs = [...clouds.map((c) => c.machine_name), NOTIFICATIONS_TAB]
  const t = useMessages(subscriptionsMessages)
  const locale = useLocale()
  const [tab, setTab] = useState(() => (initialCloud && tabs.includes(initialCloud) ? initialCloud : tabs[0]))
  const [count, setCount] = useState<{ tab: string; count: number } | null>(null)
  const rootRef = useRef<HTMLElement>(null)
  const tabsRef = useRef<HTMLDivElement>(null)
  const id = useId()
  const tabId = (t: string) => `${id}-tab-${tabs.indexOf(t)}`
  const onCount = useCallback((n: number) => setCount({ tab, count: n }), [tab])
  const onError = useCallback((error: unknown) => onLoadError?.(error, tab, isSignedOutError(error), rootRef.current), [onLoadError, tab])
  const select = (t: string) => {
    setTab(t)
    setCount(null)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const next = nextTab(tabs, tab, e.key)
    if (!next) return
    e.preventDefault()
    select(next)
    tabsRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next))}`)?.focus()
  }
  const cloud = clouds.find((c) => c.machine_name === tab)
  const shownCount = count?.tab === tab ? count.count : null

  return (
    <section ref={rootRef} className={styles.root} aria-labelledby={`${id}-title`} data-testid="subscriptions">
      <div className={styles.header}>
        <h1 className={styles.heading} id={`${id}-title`}>
          {t.title}
        </h1>
        {shownCount !== null && (
          <p className={styles.count} data-testid="subscriptions-count" aria-live="polite">
            {countLabel(shownCount, locale)}
          </p>
        )}
        {faqHref && (
          <a className={styles.help} href={faqHref} data-testid="subscriptions-help" part="help">
            {t.help}
          </a>
        )}
      </div>
      <div className={styles.tabs} role="tablist" aria-label={t.tabs} ref={tabsRef} onKeyDown={onKeyDown} part="tabs">
        {tabs.map((tb) => (
          <button
            key={tb}
            type="button"
            role="tab"
            id={tabId(tb)}
            className={styles.tab}
            aria-selected={tb === tab}
            aria-controls={`${id}-panel`}
            tabIndex={tb === tab ? 0 : -1}
            data-testid={tb === NOTIFICATIONS_TAB ? 'tab-notifications' : `tab-${tb}`}
            onClick={() => select(tb)}
          >
            {tb === NOTIFICATIONS_TAB ? t.notifications : clouds.find((c) => c.machine_name === tb)!.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(tab)} data-testid="subscriptions-panel" part="panel">
        {cloud ? (
          <CloudPanel key={tab} cloud={cloud.machine_name} apiBase={apiBase} onCount={onCount} onLoadError={onError} />
        ) : (
          <NotificationsPanel key={tab} apiBase={apiBase} onCount={onCount} onLoadError={onError} />
        )}
      </div>
    </section>
  )
}

interface PanelProps {
  apiBase: string
  onCount: (count: number) => void
  onLoadError: (error: unknown) => void
}

/** Loads a tab's tree once; after each change the answer's tree replaces it. Reports the tree's count to the heading. */
function useTree<T extends { subscriptions_count: number }>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  onLoadError: (error: unknown) => void,
  onCount: (count: number) => void,
) {
  const failure = useRef<unknown>(undefined)
  const state = useResource(
    (signal) =>
      load(signal).catch((e) => {
        failure.current = e
        throw e
      }),
    deps,
  )
  const [tree, setTree] = useState<T | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported once per failed load, not again when the parent passes a new onLoadError
  useEffect(() => {
    if (state.status === 'error') onLoadError(failure.current)
  }, [state.status])
  const shown = tree !== null ? { ...state, status: 'ready' as const, data: tree } : state
  const count = shown.data?.subscriptions_count
  useEffect(() => {
    if (count !== undefined) onCount(count)
  }, [count, onCount])
  return { shown, setTree }
}

function CloudPanel({ cloud, apiBase, onCount, onLoadError }: PanelProps & { cloud: string }) {
  const { shown, setTree } = useTree((signal) => fetchSubscriptions(cloud, { apiBase, signal }), [cloud, apiBase], onLoadError, onCount)
  const [individual, setIndividual] = useState<IndividualChoices>(new Set())
  const change = useChange()
  const t = useMessages(subscriptionsMessages)
  const locale = useLocale()

  const send = (key: string, tid: SubscriptionTarget, action: SubscriptionAction) =>
    change.run(
      key,
      () => subscribe(cloud, tid, action, { apiBase }),
      (answer) => {
        setTree(answer.subscriptions)
        showToast(subscriptionToast('cloud', tid, action, answer.name, locale))
      },
    )
  const onStar = (s: StarView) => {
    const call = starCall(s.tid as number, s.subscribed)
    void send(`star-${s.tid}`, call.tid, call.action)
  }
  const onMode = (group: 'core_cloud_services' | 'public' | 'premium', mode: GroupMode) => {
    const next = chooseMode(group, mode, individual)
    setIndividual(next.individual)
    if (next.call) void send(`mode-${group}`, next.call.tid, next.call.action)
  }

  return (
    <LoadState state={shown} loadingLabel={t.loading}>
      {(data: SubscriptionsData) => {
        const view = cloudView(data, individual)
        const busy = change.pending !== null
        return (
          <div aria-busy={busy} data-testid="cloud-subscriptions">
            <AllButtons
              scope="cloud"
              busy={busy}
              pending={change.pending}
              onAll={(action) => void send(`all-${action}`, 'all', allCall(action).action)}
            />
            {change.error && <Alert text={change.error} />}
            <Section title={t.maintenance} testId="section-maintenance">
              <Stars stars={view.maintenance} busy={busy} pending={change.pending} onStar={onStar} />
            </Section>
            <Section title={t.advisory} testId="section-advisory">
              <Stars stars={view.advisory} busy={busy} pending={change.pending} onStar={onStar} />
              <MinimumChoice
                value={data.advisory_minimum}
                busy={busy}
                onChoose={(minimum, label) =>
                  void change.run(
                    'minimum',
                    () => setAdvisoryMinimum(cloud, minimum, { apiBase }),
                    (answer) => {
                      setTree(answer)
                      showToast(t.minimumSaved({ choice: label }))
                    },
                  )
                }
              />
            </Section>
            <Section title={t.cloudStatus} testId="section-cloud-status">
              {view.core.length === 0 && view.dataCenters.length === 0 && <p>{t.nothingOnCloud}</p>}
              {view.core.map((g) => (
                <Group key={g.tid} tid={g.tid} name={g.name} mode={g.mode} busy={busy} onMode={(m) => onMode(g.tid, m)}>
                  <Stars stars={g.items} busy={busy} pending={change.pending} onStar={onStar} />
                </Group>
              ))}
              {view.dataCenters.map((g) => (
                <Group key={g.tid} tid={g.tid} name={g.name} mode={g.mode} busy={busy} onMode={(m) => onMode(g.tid, m)}>
                  <ul className={styles.regions} aria-label={t.regions({ name: g.name })}>
                    {g.regions.map((r) => (
                      <li key={r.tid} className={styles.region} data-testid="region">
                        <Star star={r} busy={busy} pending={change.pending} onStar={onStar} className={styles.regionStar} />
                        <ul className={styles.regionItems} aria-label={t.dataCenters({ name: r.name })}>
                          {r.dataCenters.map((d) => (
                            <li key={d.tid}>
                              <Star star={d} busy={busy} pending={change.pending} onStar={onStar} />
                            </li>
                          ))}
                        </ul>
                      </li>
                    ))}
                  </ul>
                </Group>
              ))}
            </Section>
          </div>
        )
      }}
    </LoadState>
  )
}

function NotificationsPanel({ apiBase, onCount, onLoadError }: PanelProps) {
  const { shown, setTree } = useTree((signal) => fetchUserNotifications({ apiBase, signal }), [apiBase], onLoadError, onCount)
  const [individual, setIndividual] = useState<IndividualChoices>(new Set())
  const change = useChange()
  const text = useMessages(subscriptionsMessages)
  const locale = useLocale()

  const send = (key: string, tid: NotificationManageBody['tid'], action: SubscriptionAction) =>
    change.run(
      key,
      () => manageNotification(tid, action, { apiBase }),
      (answer) => {
        setTree(answer.notifications)
        showToast(subscriptionToast('notifications', tid, action, answer.name, locale))
      },
    )
  const onStar = (s: StarView) => {
    const call = starCall(String(s.tid) as `${number}`, s.subscribed)
    void send(`star-${s.tid}`, call.tid, call.action)
  }

  return (
    <LoadState state={shown} loadingLabel={text.loadingNotifications}>
      {(data: UserNotificationsData) => {
        const view = notificationsView(data, individual)
        const busy = change.pending !== null
        return (
          <div aria-busy={busy} data-testid="notification-subscriptions">
            <AllButtons
              scope="notifications"
              busy={busy}
              pending={change.pending}
              onAll={(action) => void send(`all-${action}`, 'all', action)}
            />
            {change.error && <Alert text={change.error} />}
            {view.types.length === 0 && <p>{text.noTypes}</p>}
            {view.types.map((t) => (
              <Section key={t.type} title={t.name} testId={`type-${t.type}`}>
                <Group
                  tid={t.type}
                  name={t.name}
                  mode={t.mode}
                  busy={busy}
                  titleHidden
                  onMode={(m) => {
                    const next = chooseMode(t.type, m, individual)
                    setIndividual(next.individual)
                    if (next.call) void send(`mode-${t.type}`, next.call.tid, next.call.action)
                  }}
                >
                  <Stars stars={t.categories} busy={busy} pending={change.pending} onStar={onStar} />
                </Group>
              </Section>
            ))}
          </div>
        )
      }}
    </LoadState>
  )
}

/**
 * The Advisory section's severity choice (docs/subscriptions.md#advisories-by-severity-and-signed-mail):
 * All advisories, Medium and above, High and above, Critical only — the lowest CVSS rating of the
 * cloud's advisories the user hears about, by mail and at their webhooks.
 */
function MinimumChoice({
  value,
  busy,
  onChoose,
}: {
  value: AdvisoryMinimum | null
  busy: boolean
  onChoose: (minimum: AdvisoryMinimum | null, label: string) => void
}) {
  const t = useMessages(subscriptionsMessages)
  const id = useId()
  const choices: Array<[string, string]> = [
    ['', t.minimumAll],
    ['Medium', t.minimumMedium],
    ['High', t.minimumHigh],
    ['Critical', t.minimumCritical],
  ]
  return (
    <p className={styles.minimum}>
      <label htmlFor={id}>{t.minimum}</label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        disabled={busy}
        aria-describedby={`${id}-hint`}
        data-testid="advisory-minimum"
        onChange={(e) => {
          const select = e.currentTarget
          onChoose((select.value || null) as AdvisoryMinimum | null, select.selectedOptions[0]?.text ?? select.value)
        }}
      >
        {choices.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
      <small id={`${id}-hint`} className={styles.hint}>
        {t.minimumHint}
      </small>
    </p>
  )
}

function Alert({ text }: { text: string }) {
  const t = useMessages(subscriptionsMessages)
  return (
    <div className={styles.alert} role="alert" data-testid="subscriptions-alert">
      {t.notSaved({ error: text })}
    </div>
  )
}

function AllButtons({
  scope,
  busy,
  onAll,
}: {
  scope: ToastScope
  busy: boolean
  pending: string | null
  onAll: (action: SubscriptionAction) => void
}) {
  const t = useMessages(subscriptionsMessages)
  const cloud = scope === 'cloud'
  return (
    <div className={styles.toolbar}>
      <button
        type="button"
        className={styles.action}
        disabled={busy}
        onClick={() => onAll('subscribe')}
        data-testid="subscribe-all"
        aria-description={cloud ? t.subscribeAllServices : t.subscribeAllNotifications}
      >
        {t.subscribeAll}
      </button>
      <button
        type="button"
        className={styles.action}
        disabled={busy}
        onClick={() => onAll('unsubscribe')}
        data-testid="unsubscribe-all"
        aria-description={cloud ? t.unsubscribeAllServices : t.unsubscribeAllNotifications}
      >
        {t.unsubscribeAll}
      </button>
    </div>
  )
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={testId}>
      <h2 className={styles.sectionTitle} id={id}>
        {title}
      </h2>
      {children}
    </section>
  )
}

interface GroupProps {
  tid: string
  name: string
  mode: GroupMode
  busy: boolean
  /** The section heading already names the group. */
  titleHidden?: boolean
  onMode: (mode: GroupMode) => void
  children: ReactNode
}

/** A group with its All / Individual radio group (docs/requirements/screens.md, docs/requirements/states.md). */
function Group({ tid, name, mode, busy, titleHidden, onMode, children }: GroupProps) {
  const id = useId()
  const t = useMessages(subscriptionsMessages)
  return (
    <div className={styles.group} data-testid={`group-${tid}`} data-mode={mode}>
      <div className={styles.groupHeader}>
        {!titleHidden && <h3 className={styles.groupTitle}>{name}</h3>}
        <fieldset className={styles.modes} disabled={busy}>
          <legend className={styles.legend}>{t.modeLegend({ name })}</legend>
          {(['all', 'individual'] as const).map((m) => (
            <label key={m} className={styles.mode}>
              <input type="radio" name={id} value={m} checked={mode === m} onChange={() => onMode(m)} data-testid={`mode-${m}`} />
              {m === 'all' ? t.all : t.individual}
            </label>
          ))}
        </fieldset>
      </div>
      {children}
    </div>
  )
}

interface StarProps {
  star: StarView
  busy: boolean
  pending: string | null
  onStar: (star: StarView) => void
  className?: string
}

function Stars({ stars, ...rest }: Omit<StarProps, 'star'> & { stars: StarView[] }) {
  const t = useMessages(subscriptionsMessages)
  if (stars.length === 0) return <p>{t.nothing}</p>
  return (
    <ul className={styles.items}>
      {stars.map((s) => (
        <li key={s.tid}>
          <Star star={s} {...rest} />
        </li>
      ))}
    </ul>
  )
}

/**
 * A subscribe star: a toggle button (`aria-pressed`) whose name says what pressing it does;
 * filled, bold and pressed when subscribed, outlined otherwise (docs/requirements/screens.md#visual-hints).
 */
function Star({ star, busy, pending, onStar, className }: StarProps) {
  const t = useMessages(subscriptionsMessages)
  return (
    <button
      type="button"
      className={className ? `${styles.star} ${className}` : styles.star}
      aria-pressed={star.subscribed}
      aria-label={star.subscribed ? t.unsubscribe({ name: star.name }) : t.subscribe({ name: star.name })}
      disabled={star.disabled || busy}
      data-testid="star"
      data-tid={star.tid}
      data-pending={pending === `star-${star.tid}` ? 'true' : undefined}
      onClick={() => onStar(star)}
      part="star"
    >
      {star.name}
      <span className={styles.hidden}>{star.subscribed ? t.subscribed : t.notSubscribed}</span>
    </button>
  )
}

/** Props of {@link SubscriptionsWidget} (and attributes of `<trust-subscriptions>`). */
export interface SubscriptionsWidgetProps extends HostProps {
  /** Cloud machine name or domain of the tab selected first; the page's chosen cloud when absent. */
  cloud?: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
  /**
   * Target of the help link. @default the site's FAQ page at its subscriptions question
   * ({@link faqHelpHref}); no link when the site's main menu has no FAQ page
   */
  faqHref?: string
}

/** What the disaster-recovery variant shows instead of the subscription panel (docs/requirements/errors.md), in English. */
export const DR_UNAVAILABLE_TEXT = subscriptionsMessages.base.unavailable

/**
 * `<trust-subscriptions>`'s component: the clouds of the global data, the first tab from `cloud`
 * or the page's chosen cloud, then {@link Subscriptions}. Signed out (docs/requirements/roles.md: authenticated users
 * only) it raises `trust-sign-in-required` and, unless cancelled, goes to `/sign-in?subscribe=1`;
 * a load failure while signed in raises `trust-subscriptions-error` and, unless cancelled, goes to
 * the cloud's default page (docs/requirements/errors.md).
 */
export function SubscriptionsWidget({ cloud, apiBase = '', faqHref, host }: SubscriptionsWidgetProps) {
  const ctx = useWidgetContext(cloud, apiBase)
  const global = useGlobal(apiBase)
  const signedIn = ctx.isLoggedIn || isSignedIn()
  const base = trimBase(apiBase)
  const markerRef = useRef<HTMLDivElement>(null)
  const asked = useRef(false)
  const t = useMessages(subscriptionsMessages)

  const askSignIn = useCallback(
    (origin: HTMLElement | null) => {
      if (asked.current) return
      asked.current = true
      const event = new SignInRequiredEvent({ reason: 'subscribe' })
      ;(origin ?? host ?? document).dispatchEvent(event)
      if (!event.defaultPrevented) location.assign(signInPath(base))
    },
    [base, host],
  )
  useEffect(() => {
    // The disaster-recovery variant has no subscriptions to sign in for (docs/requirements/product.md Variants).
    if (!signedIn && !ctx.isTrustDR) askSignIn(markerRef.current)
  }, [signedIn, askSignIn, ctx.isTrustDR])

  const fallback = ctx.found ?? global.data?.clouds[0]
  const onLoadError = useCallback(
    (error: unknown, tab: string, signedOut: boolean, origin: HTMLElement | null) => {
      if (signedOut || !($session.get().isLoggedIn || isSignedIn())) return askSignIn(origin)
      const redirect = base + (fallback ? defaultPagePath(fallback) : '/')
      const event = new SubscriptionsErrorEvent({ error: errorMessage(error), tab, redirect })
      ;(origin ?? host ?? document).dispatchEvent(event)
      if (!event.defaultPrevented) location.assign(redirect)
    },
    [askSignIn, base, fallback, host],
  )

  if (ctx.isTrustDR) {
    return (
      <p className={styles.root} role="status" data-testid="dr-unavailable">
        {t.unavailable}
      </p>
    )
  }
  if (!signedIn) {
    return (
      <div ref={markerRef} className={styles.root} data-testid="subscriptions-signed-out">
        <p>
          {t.signInBefore} <a href={signInPath(base)}>{t.signIn}</a> {t.signInAfter}
        </p>
      </div>
    )
  }
  if (!global.data) {
    const state = globalResourceState(global, apiBase)
    return (
      <section className={styles.root} aria-label={t.title}>
        <LoadState state={state} loadingLabel={t.loading}>
          {() => null}
        </LoadState>
      </section>
    )
  }
  return (
    <Subscriptions
      clouds={global.data.clouds}
      initialCloud={ctx.found?.machine_name}
      apiBase={base}
      faqHref={faqHref || faqHelpHref(global.data.menu.main_menu, fallback)}
      onLoadError={onLoadError}
    />
  )
}
