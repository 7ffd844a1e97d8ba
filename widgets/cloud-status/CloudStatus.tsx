import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react'
import type { CloudStatusFlags } from '../../contract/global'
import type { CloudStatusData } from '../../contract/status'
import type { HostProps } from '../core/element'
import { useLocale, useMessages } from '../core/i18n/react'
import { LiveNotice } from '../core/LiveNotice'
import { apiUrl, type TokenReader } from '../core/request'
import { type TokenProvider, tokenReader } from '../core/token'
import { useResource, useWidgetContext } from '../core/react'
import { LoadState } from '../core/ui'
import { narrowList } from '../core/narrow'
import { fetchCloudStatus } from './api'
import { cloudStatusMessages } from './messages'
import { canGoNext, canGoPrevious, INITIAL_PAGING, narrowWeek, pagingReducer, weekRangeLabel, type DataCenterTab } from './model'
import { Timeline } from './Timeline'
import * as styles from './cloud-status.css'

export { MODAL_REFRESH_DELAY_MS } from './IssueModal'
export { POPOVER_CLOSE_DELAY_MS } from './use-popover'
export { Legend } from './Legend'

export { SignInRequiredEvent } from '../core/events'
export type { SignInRequiredDetail } from '../core/events'

/** Flags used when the cloud is not in the global data (or that load failed): both blocks, no premium. */
const DEFAULT_FLAGS: CloudStatusFlags = { core_cloud_services: '1', datacenter: '1', premium_datacenter: '0' }

/** Props of {@link CloudStatus}. */
export interface CloudStatusProps {
  /** Cloud machine name (the API's `cloud`). */
  cloud: string
  /** The cloud's domain, first segment of record links (`/{cloudDomain}{alias}`). */
  cloudDomain: string
  /** Which blocks and tabs show (docs/requirements/entities.md#cloud.cloud_status). */
  flags: CloudStatusFlags
  /** Government variant: no premium legend (docs/requirements/product.md Variants). */
  isGov: boolean
  /** Whether the visitor is signed in (subscribe stars, docs/requirements/states.md). */
  isLoggedIn: boolean
  /** Disaster-recovery variant: no subscribe stars (subscriptions are unavailable, docs/requirements/product.md Variants). */
  isTrustDR?: boolean
  /** IANA zone timestamps are shown in. @default 'UTC' */
  timezone?: string
  /** Origin of the API and record links on foreign pages. @default '' (same origin) */
  apiBase?: string
  /**
   * Show the degraded-mode notice above the blocks while a shown week is a stale or kept copy
   * (widgets/core/live.ts). The shell passes false: it shows one notice for the whole page.
   * @default true
   */
  liveNotice?: boolean
  /**
   * Show the cloud's overall status line above the blocks, as a `<trust-status-badge>` (docs/statuspage-api.md;
   * the drop-in loads its script, widgets/core/companion.ts). The shell passes false: its page
   * shows the full line itself.
   * @default true
   */
  statusBadge?: boolean
  /**
   * Only these data centers show (comma-separated term ids or machine names,
   * widgets/core/narrow.ts), and the overall line is computed from the rows shown. @default every one
   */
  datacenters?: string
  /** The same for the core services. @default every one */
  services?: string
  /**
   * The console token the weeks are read with (widgets/core/token.ts); a new reader loads them
   * anew. The overall line above reads with its host element's token. @default none: public answers
   */
  auth?: TokenReader
  /** Changes whenever the element's token or provider does: the overall line reads anew. */
  authKey?: string
}

type BlockKind = 'core' | 'datacenter'

/**
 * The cloud status page's content (docs/requirements/screens.md#cloud-status-page): the cloud's overall status line
 * (docs/statuspage-api.md, `<trust-status-badge>`), then a 'Core Cloud Services' block
 * and an 'Individual Data Centers' block (with 'Public Data Center' / 'Premium Data Center'
 * tabs), each shown per the cloud's `cloud_status` flags and each loading its own week
 * (`GET /api/cloud-status`, paged 0…12 weeks back).
 */
export function CloudStatus(props: CloudStatusProps) {
  const { flags, liveNotice = true, statusBadge = true } = props
  // The URL of the week each block shows: the notice speaks for these answers only.
  const [shownUrls, setShownUrls] = useState<Partial<Record<BlockKind, string>>>({})
  const onShownUrl = useCallback(
    (kind: BlockKind, url: string) => setShownUrls((urls) => (urls[kind] === url ? urls : { ...urls, [kind]: url })),
    [],
  )
  const showCore = flags.core_cloud_services === '1'
  const showDc = flags.datacenter === '1'
  const t = useMessages(cloudStatusMessages)
  return (
    <section className={styles.root} aria-label={t.label} data-testid="cloud-status">
      {liveNotice && <LiveNotice timezone={props.timezone} urls={Object.values(shownUrls)} />}
      {statusBadge && (showCore || showDc) && (
        <trust-status-badge
          key={props.authKey}
          cloud={props.cloud}
          api-base={props.apiBase || undefined}
          datacenters={props.datacenters}
          services={props.services}
          className={styles.badge}
        />
      )}
      {showCore && <StatusBlock {...props} kind="core" title={t.core} hasPremium={false} onShownUrl={onShownUrl} />}
      {showDc && (
        <StatusBlock {...props} kind="datacenter" title={t.dcs} hasPremium={flags.premium_datacenter === '1'} onShownUrl={onShownUrl} />
      )}
      {!showCore && !showDc && <p role="status">{t.none}</p>}
    </section>
  )
}

/** Status loading failures are logged as well as shown (docs/requirements/errors.md "status loads log"). */
function logFailure(error: unknown): never {
  if ((error as Error | undefined)?.name !== 'AbortError') console.error('Cloud status: loading failed.', error)
  throw error
}

interface BlockProps extends CloudStatusProps {
  kind: BlockKind
  title: string
  hasPremium: boolean
  /** Reports the URL of the week the block asks for (the degraded-mode notice's scope). */
  onShownUrl: (kind: BlockKind, url: string) => void
}

/**
 * One block: heading, data-center tabs, paging bar with the week's range, the timeline and the
 * legend; loading, error-with-Retry and reloading states through {@link LoadState}.
 */
function StatusBlock(props: BlockProps) {
  const { kind, title, cloud, apiBase = '', hasPremium, onShownUrl, timezone: tz, auth } = props
  const narrowing = kind === 'core' ? props.services : props.datacenters
  const locale = useLocale()
  const t = useMessages(cloudStatusMessages)
  const [paging, dispatch] = useReducer(pagingReducer, INITIAL_PAGING)
  const tab: DataCenterTab = hasPremium ? paging.tab : 'public'
  const requestType = kind === 'core' ? 'core_cloud_services' : tab
  const { offset } = paging
  // The same URL fetchCloudStatus asks for (same query order), so the notice matches its answer.
  const url = apiUrl('/api/cloud-status', apiBase, { cloud, requestType, dateOffset: offset, tz })
  useEffect(() => onShownUrl(kind, url), [onShownUrl, kind, url])
  // The block's week, narrowed to the rows named: loaded here, and fetched again by the full-post modal.
  const refresh = useCallback(
    (signal: AbortSignal) =>
      fetchCloudStatus({ cloud, requestType, dateOffset: offset, tz, apiBase, signal, auth }).then((week) =>
        narrowWeek(week, narrowList(narrowing)),
      ),
    [cloud, requestType, offset, tz, apiBase, narrowing, auth],
  )
  const state = useResource((signal) => refresh(signal).catch(logFailure), [refresh])
  // A week fetched again while the full-post modal is open replaces the loaded one (of the same URL).
  const [fresh, setFresh] = useState<{ key: string; data: CloudStatusData }>()
  const onRefreshed = useCallback((data: CloudStatusData) => setFresh({ key: url, data }), [url])
  const shown = fresh?.key === url && state.status === 'ready' ? { ...state, data: fresh.data } : state

  const id = useId()
  const panelId = `${id}-panel`
  const tabsRef = useRef<HTMLDivElement>(null)
  // Two tabs: either arrow moves to the other one, Home to the first and End to the last.
  const onTabKey = (e: KeyboardEvent) => {
    const next: DataCenterTab | undefined =
      e.key === 'Home'
        ? 'public'
        : e.key === 'End'
          ? 'premium'
          : /^Arrow[LR]/.test(e.key)
            ? tab === 'public'
              ? 'premium'
              : 'public'
            : undefined
    if (!next) return
    e.preventDefault()
    dispatch({ type: 'tab', tab: next })
    tabsRef.current?.querySelector<HTMLElement>(`[data-testid="tab-${next}"]`)?.focus()
  }

  const data = shown.data
  const content = (
    <>
      <div className={styles.pager}>
        <button
          type="button"
          className={styles.pagerButton}
          data-testid="previous-week"
          disabled={!canGoPrevious(offset)}
          onClick={() => dispatch({ type: 'previous' })}
        >
          {t.prev}
        </button>
        <p className={styles.range} data-testid="week-range" aria-live="polite">
          {data ? weekRangeLabel(data.start_date, data.end_date, tz, locale) : ''}
        </p>
        <button
          type="button"
          className={styles.pagerButton}
          data-testid="next-week"
          disabled={!canGoNext(offset)}
          onClick={() => dispatch({ type: 'next' })}
        >
          {t.next}
        </button>
      </div>
      <LoadState state={shown} loadingLabel={t.loading}>
        {(week) => (
          <Timeline
            {...props}
            data={week}
            premiumRows={kind === 'datacenter' && tab === 'premium'}
            refresh={refresh}
            onRefreshed={onRefreshed}
          />
        )}
      </LoadState>
    </>
  )

  return (
    <section className={styles.block} aria-labelledby={`${id}-title`} data-testid={`status-block-${kind}`} part="block">
      <h2 className={styles.blockTitle} id={`${id}-title`}>
        {title}
      </h2>
      {kind === 'datacenter' ? (
        <>
          <div className={styles.tabs} role="tablist" aria-label={t.dcType} ref={tabsRef} onKeyDown={onTabKey}>
            {(hasPremium ? (['public', 'premium'] as const) : (['public'] as const)).map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                id={`${id}-tab-${k}`}
                className={styles.tab}
                aria-selected={tab === k}
                aria-controls={panelId}
                tabIndex={tab === k ? 0 : -1}
                data-testid={`tab-${k}`}
                onClick={() => dispatch({ type: 'tab', tab: k })}
              >
                {k === 'public' ? t.pub : t.prem}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={panelId} aria-labelledby={`${id}-tab-${tab}`}>
            {content}
          </div>
        </>
      ) : (
        content
      )}
    </section>
  )
}

/** Props of {@link CloudStatusWidget} (and attributes of `<trust-cloud-status>`). */
export interface CloudStatusWidgetProps extends HostProps {
  /** Cloud machine name or domain; the page's chosen cloud when absent. */
  cloud?: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
  /** IANA zone overriding the session's (invalid zones are ignored). */
  timezone?: string
  /** See {@link CloudStatusProps.liveNotice} (not an attribute: the shell's React use only). @default true */
  liveNotice?: boolean
  /** See {@link CloudStatusProps.statusBadge} (not an attribute: the shell's React use only). @default true */
  statusBadge?: boolean
  /** See {@link CloudStatusProps.datacenters}. */
  datacenters?: string
  /** See {@link CloudStatusProps.services}. */
  services?: string
  /** The console token (a JWT the vendor's console signed; widgets/core/token.ts). */
  token?: string
  /** The element's `tokenProvider` property (widgets/core/token.ts). */
  tokenProvider?: TokenProvider
  /** The name of a global function that is a token provider (`token-provider`); the property wins. */
  tokenProviderName?: string
}

/**
 * `<trust-cloud-status>`'s component: resolves the cloud (attribute or the page's choice) against
 * the global data for its `cloud_status` flags, domain and the government flag, reads the session
 * (signed in, time zone), and renders {@link CloudStatus}. A failed global load shows both blocks
 * without premium tab (docs/requirements/states.md: failure clears the flags).
 */
export function CloudStatusWidget(props: CloudStatusWidgetProps) {
  const { cloud, apiBase = '', timezone, host, token, tokenProvider, tokenProviderName } = props
  const ctx = useWidgetContext(cloud, apiBase, timezone)
  const named = tokenProviderName ? (globalThis as Record<string, unknown>)[tokenProviderName] : undefined
  const provider = tokenProvider ?? (typeof named === 'function' ? (named as TokenProvider) : undefined)
  // A new reader whenever what the token comes from changes: the weeks load anew. A provider named
  // by `token-provider` becomes the element's property, so the line inside reads with it too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reader reads the element's token itself; these say when it changed
  const auth = useMemo(() => {
    if (host && provider !== tokenProvider) (host as HTMLElement & { tokenProvider?: TokenProvider }).tokenProvider = provider
    return host && tokenReader(host)
  }, [host, token, provider])
  const t = useMessages(cloudStatusMessages)
  if (!ctx.key || ctx.loadingGlobal) {
    return (
      <section className={styles.root} aria-label={t.label}>
        <LoadState state={{ status: 'loading', reload() {} }} loadingLabel={t.loading}>
          {() => null}
        </LoadState>
      </section>
    )
  }
  return (
    <CloudStatus
      cloud={ctx.cloud!}
      cloudDomain={ctx.cloudDomain!}
      flags={ctx.found?.cloud_status ?? DEFAULT_FLAGS}
      isGov={ctx.isGov}
      isLoggedIn={ctx.isLoggedIn}
      isTrustDR={ctx.isTrustDR}
      timezone={ctx.timezone}
      apiBase={apiBase}
      liveNotice={props.liveNotice}
      statusBadge={props.statusBadge}
      datacenters={props.datacenters}
      services={props.services}
      auth={auth}
      authKey={`${token}${!provider}`}
    />
  )
}
