import type { SiteLinks } from '../contract/global'
import * as styles from './shell.css'
import { TimezonePicker } from './timezone/TimezonePicker'

/** Footer (spec §2): copyright, the time-zone picker (issue 25) and the feedback line with its mailto link. */
export function Footer({ links, year }: { links: SiteLinks; year: number }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <span>
          © {year} {links.vendor}. All rights reserved.
        </span>
        <TimezonePicker place="footer" />
        {/* A site whose catalogue names no feedback address shows no feedback line (no empty mailto link). */}
        {links.feedback_email && (
          <span>
            Send us your feedback at <a href={`mailto:${links.feedback_email}`}>{links.feedback_email}</a>
          </span>
        )}
      </div>
    </footer>
  )
}
