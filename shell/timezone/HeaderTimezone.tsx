import { useMessages } from '../../widgets/core/i18n/react'
import { timezoneMessages } from './messages'
import { useStore } from '@nanostores/react'
import { $session } from '../../widgets/core/session'
import { HeaderPanelButton } from '../header/HeaderPanelButton'
import { TimezonePicker } from './TimezonePicker'
import * as styles from './timezone.css'
import { zonePlace } from './zones'

/**
 * The header bar's time-zone control (docs/languages-and-themes.md), desktop only (below 1200 px the folded menu shows
 * the picker itself): a button naming the zone in use ("Kiritimati", its full name in the
 * accessible name) that opens a panel with the labelled Time zone select. The bar has no room
 * for the select beside the cloud selector, the top menu and the user menu at 1280 px without
 * wrapping to a second row. Like the cloud selector it opens by click, Enter or Space, focuses
 * the select, and closes with Escape or a click outside; a choice applies at once and the panel
 * stays open (arrow keys on a closed select choose as they move).
 */
export function HeaderTimezone() {
  const zone = useStore($session).timezone
  const t = useMessages(timezoneMessages)
  return (
    <HeaderPanelButton
      label={t.button({ zone })}
      title={t.title({ zone })}
      testId="timezone-button"
      panelLabel={t.panel}
      panelTestId="timezone-panel"
      panel={
        <>
          <TimezonePicker place="header" />
          <p className={styles.panelNote}>{t.note}</p>
        </>
      }
    >
      <svg className={styles.clock} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <span className={styles.zoneText}>{zonePlace(zone)}</span>
    </HeaderPanelButton>
  )
}
