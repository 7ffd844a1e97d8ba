import { useMessages } from '../core/i18n/react'
import * as styles from './cloud-status.css'
import { cloudStatusMessages } from './messages'
import type { LegendEntry } from './model'

/**
 * A block's legend (docs/requirements/screens.md, cloud status page): each severity, 'Ongoing'
 * and, for data centers off the government variant, 'Premium data center' (`legendEntries`).
 */
export function Legend({ entries }: { entries: readonly LegendEntry[] }) {
  const t = useMessages(cloudStatusMessages)
  return (
    <ul className={styles.legend} aria-label={t.legend} part="legend" data-testid="legend">
      {entries.map((e) => (
        <li key={e.key} className={styles.legendItem} data-kind={e.kind}>
          {e.kind === 'premium' ? (
            <span className={styles.premiumBadge} aria-hidden="true" />
          ) : (
            <span
              className={`${styles.bar} ${styles.swatch} ${styles.kind[e.kind === 'live' ? 'informational' : e.kind]}${e.kind === 'live' ? ` ${styles.live}` : ''}`}
              aria-hidden="true"
            />
          )}
          <span>{e.label}</span>
        </li>
      ))}
    </ul>
  )
}
