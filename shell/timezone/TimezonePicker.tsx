import { useMessages } from '../../widgets/core/i18n/react'
import { timezoneMessages } from './messages'
import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useId, useState } from 'react'
import { $session } from '../../widgets/core/session'
import { pickTimezone } from './pick'
import * as styles from './timezone.css'
import { browserTimezone, pickerOptions, withZone, type ZoneOption } from './zones'

/** The longest the full zone list waits for the browser to be idle after mounting, ms. */
export const FILL_WITHIN_MS = 2000

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
 * 400 zones is filled in once mounted and the browser idle (within {@link FILL_WITHIN_MS}), or
 * when the select is focused or pressed, whichever comes first.
 */
export function TimezonePicker({ place }: TimezonePickerProps) {
  const zone = useStore($session).timezone
  const id = useId()
  const t = useMessages(timezoneMessages)
  const [all, setAll] = useState<readonly ZoneOption[]>()
  const fill = useCallback(() => setAll(pickerOptions(browserTimezone(), undefined, (z) => t.browser({ zone: z }))), [t])
  // The list (some 400 options, and the browser's zone: the page's first default
  // `Intl.DateTimeFormat`, about 15 ms) is filled in once the browser is idle after the page
  // hydrates, in a task of its own rather than in hydration's; a visitor who reaches the select
  // before then has it filled on the spot.
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(fill, 0)
      return () => clearTimeout(timer)
    }
    const idle = requestIdleCallback(fill, { timeout: FILL_WITHIN_MS })
    return () => cancelIdleCallback(idle)
  }, [fill])
  const fillNow = () => {
    if (!all) fill()
  }
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
        onFocus={fillNow}
        onPointerDown={fillNow}
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
