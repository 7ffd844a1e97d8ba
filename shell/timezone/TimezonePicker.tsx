import { useMessages } from '../../widgets/core/i18n/react'
import { timezoneMessages } from './messages'
import { useStore } from '@nanostores/react'
import { startTransition, useEffect, useId, useMemo, useState } from 'react'
import { whenIdle } from '../../widgets/core/idle'
import { $session } from '../../widgets/core/session'
import { pickTimezone } from './pick'
import * as styles from './timezone.css'
import { browserTimezone, pickerOptions, withZone } from './zones'

/** The longest the zone list waits for the browser to be idle after mounting, ms. */
export const FILL_WITHIN_MS = 2000

/** Props of {@link TimezonePicker}. */
export interface TimezonePickerProps {
  /** Where it sits: the header bar's panel (desktop), the folded header menu (below 1200 px) or the footer. */
  place: 'header' | 'menu' | 'footer'
}

/**
 * The time-zone picker (docs/languages-and-themes.md: any visitor picks a timezone): a labelled native select
 * ("Time zone") showing the zone every time on the page is shown in (`$session.timezone`).
 * The browser's zone comes first ("Your browser: Europe/Berlin"), then UTC, then every IANA zone.
 * A choice applies at once and is remembered in the `trust_tz` cookie (shell/timezone/pick.ts).
 *
 * The server renders the select with the current zone alone, and so does the first browser
 * render that hydrates it (the browser's zone is unknown on the server). The list of some 400
 * zones is filled in once the browser is idle (within {@link FILL_WITHIN_MS}), and the browser's
 * zone is put first when a visitor reaches the select (focus or a press), or at once if they
 * reach it before the list. Naming the browser's zone takes an `Intl.DateTimeFormat`, and a
 * page's first one costs 30–100 ms in Chromium on the bench machine (README "Budgets and
 * figures"). The picker never makes one while the page loads: a page pays that cost only when
 * it shows something formatted by `Intl`, or once a visitor opens the picker.
 */
export function TimezonePicker({ place }: TimezonePickerProps) {
  const zone = useStore($session).timezone
  const id = useId()
  const t = useMessages(timezoneMessages)
  // Every zone once the browser is idle; the browser's own first once a visitor reaches the select.
  const [listed, setListed] = useState(false)
  const [reached, setReached] = useState(false)
  // A transition: the 400 options render in slices the browser can interrupt (docs/architecture.md#hydrating-less).
  useEffect(() => whenIdle(() => startTransition(() => setListed(true)), FILL_WITHIN_MS), [])
  const reach = () => setReached(true)
  const all = useMemo(
    () =>
      listed || reached ? pickerOptions(reached ? browserTimezone() : undefined, undefined, (z) => t.browser({ zone: z })) : undefined,
    [listed, reached, t],
  )
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
        onFocus={reach}
        onPointerDown={reach}
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
