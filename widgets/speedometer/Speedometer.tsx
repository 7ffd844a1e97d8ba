import type { Gauge } from '../../contract/global'
import type { HostProps } from '../core/element'
import { useLocale, useMessages } from '../core/i18n/react'
import { LoadState } from '../core/ui'
import { useCloudKey, useResource, useTimezone } from '../core/react'
import { formatTimestamp } from '../core/time'
import { fetchSpeedometer } from './api'
import { speedometerMessages } from './messages'
import { arcPath, DIAL, formatCompact, formatLong, formatPercent, needleAngle, percentOfPeak, polar } from './model'
import * as styles from './speedometer.css'

const GAUGE_NAMES = { transactions: 1, threats_blocked: 1, policy_enforcements: 1 } as const
type GaugeId = keyof typeof GAUGE_NAMES

/** One dial: a half-circle scale from 0 to the year's peak with the last 24 hours' count. */
export function GaugeDial({ gauge, timezone = 'UTC' }: { gauge: Gauge; timezone?: string }) {
  const angle = needleAngle(gauge.value, gauge.max)
  const tip = polar(angle, DIAL.r - 14)
  const labelId = `gauge-${gauge.id}-label`
  const locale = useLocale()
  const t = useMessages(speedometerMessages)
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

/** The three gauges of the home page (spec §2 Home), from data already loaded. */
export function Speedometer({ gauges, timezone }: SpeedometerProps) {
  const t = useMessages(speedometerMessages)
  return (
    <ul className={styles.gauges} aria-label={t.gauges}>
      {gauges.map((g) => (
        <GaugeDial key={g.id} gauge={g} timezone={timezone} />
      ))}
    </ul>
  )
}

/** Props of {@link SpeedometerWidget} (and attributes of `<trust-speedometer>`). */
export interface SpeedometerWidgetProps extends HostProps {
  /** Cloud machine name or domain; the page's chosen cloud when absent. */
  cloud?: string
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
}

/** Loads `GET /api/speedometer` for the cloud and shows the three gauges, or a retryable error. */
export function SpeedometerWidget({ cloud, apiBase = '' }: SpeedometerWidgetProps) {
  const key = useCloudKey(cloud, apiBase)
  const timezone = useTimezone()
  const state = useResource((signal) => (key ? fetchSpeedometer(key, { apiBase, signal }) : new Promise<never>(() => {})), [key, apiBase])
  const t = useMessages(speedometerMessages)
  return (
    <section className={styles.root} aria-label={t.label}>
      <LoadState state={state} loadingLabel={t.loading}>
        {(data) => <Speedometer gauges={data.gauges} timezone={timezone} />}
      </LoadState>
    </section>
  )
}
