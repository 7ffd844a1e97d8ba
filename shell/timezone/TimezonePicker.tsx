import { useMessages } from '../../widgets/core/i18n/react'
import { timezoneMessages } from './messages'
import { useStore } from '@nanostores/react'
import { useEffect, useId, useState } from 'react'
import { $session } from '../../widgets/core/session'
import { pickTimezone } from './pick'
import * as styles from './timezone.css'
import { browserTimezone, pickerOptions, withZone, type ZoneOption } from './zones'

/** Props of {@link TimezonePicker}. */
export interface TimezonePickerProps {
  /** Where it sits: the header bar's panel (desktop), the folded header menu (below 992 px) or the footer. */
  place: 'header' | 'menu' | 'footer'
}

/**
 * The time-zone picker (issue 25: any visitor picks a timezone): a labelled native select
 * ("Time zone") showing the zone every time on the page is shown in (`$session.timezone`).
 * The browser's zone comes first ("Your browser: Europe/Berlin"), then UTC, then every IANA zone.
 * A choice applies at once and is remembered in the `trust_tz` cookie (shell/timezone/pick.ts).
 *
 * The server renders the select with the current zone alone, and so does the first browser
 * render that hydrates it (the browser's zone is unknown on the server); the full list of some
 * 400 zones is filled in once mounted.
 */
export function TimezonePicker({ place }: TimezonePickerProps) {
  const zone = useStore($session).timezone
  const id = useId()
  const t = useMessages(timezoneMessages)
  const [all, setAll] = useState<readonly ZoneOption[]>()
  useEffect(() => setAll(pickerOptions(browserTimezone(), undefined, (z) => t.browser({ zone: z }))), [t])
  const options = all ? withZone(all, zone) : [{ value: zone, label: zone }]
  return (
    <span className={styles.picker} data-testid={`timezone-picker-${place}`}>
      <label className={styles.label} htmlFor={id}>
        {t.label}
      </label>
      <select
        id={id}
        className={styles.selectOn[place === 'menu' ? 'dark' : 'light']}
        value={zone}
        onChange={(event) => void pickTimezone(event.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  )
}
