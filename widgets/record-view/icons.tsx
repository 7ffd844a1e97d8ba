import type { SeverityKind } from './model'
import { strokeIcon } from './record-view.css'

/**
 * Stroke paths (16 × 16 viewBox) of the status icons by the icon name the API sends (docs/requirements/states.md
 * Record statuses: In Progress hourglass, Resolved check, Archived calendar cross, Monitoring
 * eye, Remediated shield; plus Scheduled calendar, Completed check-circle, Postponed clock).
 * Unknown names draw a plain circle. The icons are decorative: the status name is always next
 * to them in text.
 */
export const STATUS_ICON_PATHS: Record<string, string> = {
  hourglass: 'M4 2h8M4 14h8M5 2c0 3 6 3 6 6s-6 3-6 6M11 2c0 3-6 3-6 6s6 3 6 6',
  check: 'M3 8.5l3.2 3.2L13 4.8',
  'check-circle': 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM5.2 8.2l2 2 3.8-4',
  'calendar-x': 'M2.5 4h11v9.5h-11zM2.5 7h11M5 2.5v3M11 2.5v3M6.3 8.8l3.4 3.4M9.7 8.8l-3.4 3.4',
  calendar: 'M2.5 4h11v9.5h-11zM2.5 7h11M5 2.5v3M11 2.5v3',
  clock: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM8 4.8V8l2.4 1.6',
  eye: 'M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8zM8 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  shield: 'M8 1.8l5 2v4c0 3.2-2.2 5.4-5 6.4-2.8-1-5-3.2-5-6.4v-4z',
  info: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM8 7.3V11M8 4.8v.1',
}

const FALLBACK = 'M8 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8z'

/** Severity icons (docs/requirements/entities.md#severity): ban for disruption, minus for degradation, info otherwise. */
export const SEVERITY_ICON_PATHS: Record<SeverityKind, string> = {
  disruption: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM3.8 3.8l8.4 8.4',
  degradation: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM5 8h6',
  informational: STATUS_ICON_PATHS.info,
}

/** A decorative 16 × 16 stroke icon in `currentColor`. */
export function Icon({ path, className, name }: { path: string; className?: string; name?: string }) {
  return (
    <svg
      className={className ? `${strokeIcon} ${className}` : strokeIcon}
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      <path d={path} />
    </svg>
  )
}

/** The icon of a status by its API icon name (see {@link STATUS_ICON_PATHS}). */
export function StatusIcon({ icon, className }: { icon: string; className?: string }) {
  return <Icon path={STATUS_ICON_PATHS[icon] ?? FALLBACK} className={className} name={icon || 'status'} />
}

/** The icon of a severity kind. */
export function SeverityIcon({ kind, className }: { kind: SeverityKind; className?: string }) {
  return <Icon path={SEVERITY_ICON_PATHS[kind]} className={className} name={`severity-${kind}`} />
}

/** The RSS mark (a dot and two arcs). */
export function RssIcon({ className }: { className?: string }) {
  return <Icon path="M3.5 12.5h.01M3 7.5a5.5 5.5 0 0 1 5.5 5.5M3 3a10 10 0 0 1 10 10" className={className} name="rss" />
}
