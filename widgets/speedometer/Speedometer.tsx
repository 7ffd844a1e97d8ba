import { Component } from 'react'
import type { Gauge, SpeedometerData } from '../../contract/global'
import type { Locale } from '../../contract/locale'
import { $cloudName, chooseCloudForEmbed, cloudNamed } from '../core/cloud'
import type { HostProps } from '../core/element'
import { $global, loadGlobal } from '../core/global'
import { LocaleContext } from '../core/i18n/react'
import { createResource, type Resource } from '../core/resource'
import { $session } from '../core/session'
import { loadStateView } from '../core/ui'
import { formatTimestamp } from '../../contract/time.js'
import { fetchSpeedometer } from './api'
import { speedometerMessages } from './messages'
import { arcPath, DIAL, formatCompact, formatLong, formatPercent, needleAngle, percentOfPeak, polar } from './model'
import * as styles from './speedometer.css'

const GAUGE_NAMES = { transactions: 1, threats_blocked: 1, policy_enforcements: 1 } as const
type GaugeId = keyof typeof GAUGE_NAMES

/** One dial: a half-circle scale from 0 to the year's peak with the last 24 hours' count. */
export function GaugeDial({ gauge, timezone = 'UTC', locale = 'en' }: { gauge: Gauge; timezone?: string; locale?: Locale }) {
  const angle = needleAngle(gauge.value, gauge.max)
  const tip = polar(angle, DIAL.r - 14)
  const labelId = `gauge-${gauge.id}-label`
  const t = speedometerMessages.in(locale).get()
  const percent = formatPercent(percentOfPeak(gauge), locale)
  return (
    <li className={styles.gauge} part="gauge">
      {/* biome-ignore lint/a11y/useSemanticElements: the drawn dial is the meter; a <meter> element cannot draw it */}
      <svg
        className={styles.dial}
        part="dial"
        viewBox="0 0 200 112"
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={gauge.max}
        aria-valuenow={gauge.value}
        aria-valuetext={t.meter({ value: formatLong(gauge.value, locale), percent, max: formatLong(gauge.max, locale) })}
      >
        <path className={styles.track} d={arcPath(0)} />
        {angle < 180 && <path className={styles.fill} d={arcPath(angle)} />}
        <line className={styles.needle} x1={DIAL.cx} y1={DIAL.cy} x2={tip.x.toFixed(2)} y2={tip.y.toFixed(2)} />
        <circle className={styles.hub} cx={DIAL.cx} cy={DIAL.cy} r={6} />
      </svg>
      <p className={styles.value} part="value" data-testid="gauge-value">
        {formatCompact(gauge.value, locale)}
      </p>
      <p className={styles.label} part="label" id={labelId}>
        {/* The three gauges' names are the server's (server/repo/traffic.ts), known by id: in another language its words. */}
        {locale !== 'en' && Object.hasOwn(GAUGE_NAMES, gauge.id) ? t[gauge.id as GaugeId] : gauge.label}
      </p>
      <p className={styles.detail}>{t.peak({ percent, max: formatCompact(gauge.max, locale) })}</p>
      <p className={styles.detail}>{t.period({ time: formatTimestamp(gauge.to, timezone, locale) })}</p>
    </li>
  )
}

/** Props of {@link Speedometer}. */
export interface SpeedometerProps {
  gauges: Gauge[]
  /** IANA zone for the period line. @default 'UTC' */
  timezone?: string
}

/*
 * The speedometer's components are hook-free (classes reading the locale context, a dial taking
 * the locale as a prop): its drop-in then carries no Preact hooks, which its 12 KB budget has
 * no room for (docs/decisions/0059-drop-in-flavours.md#drop-in-flavours).
 */

/** The three gauges of the home page (docs/requirements/screens.md#home), from data already loaded, in the context's language. */
export class Speedometer extends Component<SpeedometerProps> {
  static contextType = LocaleContext
  declare context: Locale

  render() {
    const { gauges, timezone } = this.props
    return (
      <ul className={styles.gauges} aria-label={speedometerMessages.in(this.context).get().gauges}>
        {gauges.map((g) => (
          <GaugeDial key={g.id} gauge={g} timezone={timezone} locale={this.context} />
        ))}
      </ul>
    )
  }
}

/** Props of {@link SpeedometerWidget} (and attributes of `<trust-speedometer>`). */
export interface SpeedometerWidgetProps extends HostProps {
  /** Cloud machine name or domain; the page's chosen cloud when absent. */
  cloud?: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
}

/**
 * Loads `GET /api/speedometer` for the cloud and shows the three gauges, a line saying the cloud
 * publishes no traffic figures yet (`has_data: false`), or a retryable error.
 * The cloud is its `cloud` attribute, else the page's chosen cloud (docs/requirements/states.md: the global data
 * loaded when needed, the embed's choice made by the spec's rules, as `useCloudKey` does); the
 * period line follows the session's time zone. A new cloud or API origin loads anew; unmounting
 * aborts the load under way.
 */
export class SpeedometerWidget extends Component<SpeedometerWidgetProps> {
  static contextType = LocaleContext
  declare context: Locale
  private stops: (() => void)[] = []
  private gauges?: Resource<SpeedometerData>
  private unlisten?: () => void
  /** Cloud key and API origin of {@link gauges}. */
  private loaded?: string

  componentDidMount() {
    const update = () => this.update()
    this.stops = [$global.listen(update), $cloudName.listen(update), $session.listen(update)]
    this.update(true)
  }

  componentDidUpdate(previous: SpeedometerWidgetProps) {
    if (previous.cloud !== this.props.cloud || previous.apiBase !== this.props.apiBase) this.update(true)
    // A cloud without figures marks the element (`data-empty`): a page that keeps the gauges'
    // height for them before they load gives it back.
    const state = this.gauges?.get()
    this.props.host?.toggleAttribute('data-empty', state?.status === 'ready' && state.data.has_data === false)
  }

  componentWillUnmount() {
    for (const stop of this.stops) stop()
    this.unlisten?.()
    this.gauges?.stop()
  }

  /** After a store or an attribute changed (`attributes`): the cloud, then the gauges' load. */
  private update(attributes = false) {
    const { cloud, apiBase = '' } = this.props
    if (!cloud) {
      if (attributes) void loadGlobal(apiBase)
      chooseCloudForEmbed()
    }
    const key = cloud || cloudNamed($global.get().data?.clouds, $cloudName.get())?.machine_name
    const wanted = key && `${key} ${apiBase}`
    if (wanted !== this.loaded) {
      this.loaded = wanted
      this.unlisten?.()
      this.gauges?.stop()
      this.gauges = key ? createResource((signal) => fetchSpeedometer(key, { apiBase, signal })) : undefined
      this.unlisten = this.gauges?.listen(() => this.forceUpdate())
      this.gauges?.reload()
    }
    this.forceUpdate()
  }

  render() {
    const t = speedometerMessages.in(this.context).get()
    const gauges = this.gauges
    return (
      <section className={styles.root} aria-label={t.label}>
        {loadStateView(
          {
            state: { ...(gauges?.get() ?? { status: 'loading' }), reload: () => gauges?.reload() },
            loadingLabel: t.loading,
            children: (data) =>
              data.has_data === false ? (
                <p className={styles.empty}>{t.noData}</p>
              ) : (
                <Speedometer gauges={data.gauges} timezone={$session.get().timezone} />
              ),
          },
          this.context,
        )}
      </section>
    )
  }
}
