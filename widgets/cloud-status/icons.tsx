import { PREMIUM_PATH, SEVERITY_PATHS } from './icon-paths'
import { severityIconStroke } from './cloud-status.css'
import type { BarKind } from './model'

/**
 * The icon of a severity kind as SVG, decorative (the text next to it names the status). Bars and
 * legend swatches draw the same icon with a CSS mask (`kind` styles), which costs no elements.
 */
export function SeverityIcon({ kind, className }: { kind: BarKind; className?: string }) {
  return (
    <svg
      className={className ? `${severityIconStroke} ${className}` : severityIconStroke}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      aria-hidden="true"
    >
      <path d={SEVERITY_PATHS[kind]} />
    </svg>
  )
}

/** The premium data center mark: a diamond (legend and premium rows). */
export function PremiumIcon({ className }: { className?: string }) {
  return (
    <svg className={className} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d={PREMIUM_PATH} fill="currentColor" />
    </svg>
  )
}
