import { PREMIUM_PATH } from './icon-paths'

/** The premium data center mark: a diamond (legend and premium rows). */
export function PremiumIcon({ className }: { className?: string }) {
  return (
    <svg className={className} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d={PREMIUM_PATH} fill="currentColor" />
    </svg>
  )
}
