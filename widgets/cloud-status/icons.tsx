import type { BarKind } from './model'

/** Stroke paths (16 × 16 viewBox) of the severity icons: ban, minus, info (spec §3 Severity). */
const PATHS: Record<BarKind, string> = {
  disruption: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM3.8 3.8l8.4 8.4',
  degradation: 'M3 8h10',
  informational: 'M8 7.5V12M8 4.2v.1',
}

/** The icon of a severity kind, decorative (the text next to it names the status). */
export function SeverityIcon({ kind, className }: { kind: BarKind; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d={PATHS[kind]} />
    </svg>
  )
}

/** The subscribe star: filled when subscribed, outline otherwise (spec §2 Visual hints). */
export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M8 1.6l1.95 4.1 4.45.55-3.3 3.1.85 4.45L8 11.6l-3.95 2.2.85-4.45-3.3-3.1 4.45-.55z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** The premium data center mark: a diamond (legend and premium rows). */
export function PremiumIcon({ className }: { className?: string }) {
  return (
    <svg className={className} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M6 .8L11.2 6 6 11.2.8 6z" fill="currentColor" />
    </svg>
  )
}
