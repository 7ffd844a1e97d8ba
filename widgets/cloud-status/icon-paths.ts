import type { BarKind } from './model'

/**
 * Stroke paths (16 × 16 viewBox) of the severity icons: ban, minus, info (docs/requirements/entities.md#severity).
 * Drawn as CSS masks: the bars, the legend and the full-post modal's icon.
 */
export const SEVERITY_PATHS: Record<BarKind, string> = {
  disruption: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM3.8 3.8l8.4 8.4',
  degradation: 'M3 8h10',
  informational: 'M8 7.5V12M8 4.2v.1',
}
