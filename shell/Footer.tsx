import type { SiteLinks } from '../contract/global'
import * as styles from './shell.css'
import { TimezonePicker } from './timezone/TimezonePicker'
import { useMessages } from '../widgets/core/i18n/react'
import { LanguagePicker } from './header/LanguagePicker'
import { saveLocaleToAccount } from './accounts/locale-setting'
import { shellMessages } from './messages'

/**
 * Footer (docs/requirements/screens.md): copyright — '© 2026 Aurora Edge. All rights reserved.', or '© 2026 All rights
 * reserved.' while Settings name no vendor — the language and time-zone pickers (docs/languages-and-themes.md) and the
 * feedback line with its mailto link.
 */
export function Footer({ links, year }: { links: SiteLinks; year: number }) {
  const t = useMessages(shellMessages)
  const vendor = links.vendor.trim()
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <span>{vendor ? t.copyright({ year, vendor }) : t.copyrightNoName({ year })}</span>
        <LanguagePicker place="footer" onChoose={saveLocaleToAccount} />
        <TimezonePicker place="footer" />
        {/* A site whose catalogue names no feedback address shows no feedback line (no empty mailto link). */}
        {links.feedback_email && (
          <span>
            {t.feedback} {/* An address reads left to right on a right-to-left page too. */}
            <a href={`mailto:${links.feedback_email}`} dir="ltr">
              {links.feedback_email}
            </a>
          </span>
        )}
      </div>
    </footer>
  )
}
