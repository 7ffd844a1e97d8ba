import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react-dom'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { CalendarData, CalendarDataCenterGroup } from '../../contract/records'
import { useLocale, useMessages } from '../core/i18n/react'
import { Heading } from '../record-view/parts'
import * as shared from '../record-view/record-view.css'
import {
  addMonths,
  allDataCenterIds,
  canGoPreviousMonth,
  dataCenterButtonLabel,
  dayLabel,
  filterDataCenterGroups,
  monthGrid,
  monthLabel,
  monthOf,
  statusClassName,
  todayIn,
  toggleIds,
  weekdays,
  type MonthView,
} from './model'
import { recordsMessages } from './messages'
import * as styles from './records.css'

/** Props of {@link Calendar}. */
export interface CalendarProps {
  data: CalendarData
  /** IANA zone the days are in (docs/requirements/screens.md#calendar note). */
  timezone: string
  /** The list's day filter, `YYYY-MM-DD`; '' for none. */
  selectedDate: string
  /** A day was chosen (`YYYY-MM-DD`) or cleared (''). */
  onSelectDate: (date: string) => void
  /** "Now", for tests. @default Date.now() */
  now?: number
  /** Level of the month's heading: one below the list's heading (h3 under the drop-in's h2). */
  headingLevel: 2 | 3 | 4
}

/**
 * The month calendar (docs/requirements/screens.md#calendar, docs/requirements/states.md#calendar): previous/next month (previous disabled at or
 * before `start_date` + one month, see `canGoPreviousMonth`), 7 weekday columns Monday to Sunday
 * (names, month and days in the subtree's locale),
 * the days of `data.calendar` as buttons styled by their status class and named by day and status
 * (`aria-label` 'Monday, November 16, 2026: Service Disruption'; never colour alone) that filter
 * the list by that day (`aria-pressed` on the selected day; pressing it again clears the filter),
 * a Today button (clears the day and shows the current month), and the time-zone note.
 */
export function Calendar({ data, timezone, selectedDate, onSelectDate, now, headingLevel }: CalendarProps) {
  const t = useMessages(recordsMessages)
  const locale = useLocale()
  const today = todayIn(timezone, now)
  const [view, setView] = useState<MonthView>(() => monthOf(selectedDate) ?? monthOf(today)!)
  const weeks = useMemo(() => monthGrid(view.year, view.month), [view])
  const days = useMemo(() => weekdays(locale), [locale])
  const titleId = useId()
  const canPrevious = canGoPreviousMonth(view, data.start_date)
  return (
    <section className={styles.card} part="calendar" aria-labelledby={titleId} data-testid="calendar">
      <div className={styles.calHeader}>
        <button
          type="button"
          className={styles.navButton}
          aria-label={t.prevMonth}
          disabled={!canPrevious}
          onClick={() => setView((v) => addMonths(v, -1))}
          data-testid="calendar-previous"
        >
          ‹
        </button>
        <Heading level={headingLevel} className={styles.monthTitle} id={titleId} aria-live="polite" data-testid="calendar-month">
          {monthLabel(view, locale)}
        </Heading>
        <button
          type="button"
          className={styles.navButton}
          aria-label={t.nextMonth}
          onClick={() => setView((v) => addMonths(v, 1))}
          data-testid="calendar-next"
        >
          ›
        </button>
      </div>
      <table className={styles.calGrid} aria-labelledby={titleId}>
        <thead>
          <tr>
            {days.map((d) => (
              <th key={d.short} scope="col" abbr={d.long}>
                {d.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the month's weeks are the fixed rows of the grid, by position
            <tr key={i}>
              {week.map((cell, j) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before and after the month have no date; their place in the week is their identity
                if (!cell) return <td key={j} />
                const entry = data.calendar[cell.date]
                const isToday = cell.date === today
                const todayText = isToday ? ` ${t.isToday}` : ''
                if (!entry) {
                  return (
                    <td key={cell.date}>
                      <span className={`${styles.dayPlain}${isToday ? ` ${styles.today}` : ''}`} data-today={isToday || undefined}>
                        {cell.day}
                        {isToday && <span className={shared.hidden}>{todayText}</span>}
                      </span>
                    </td>
                  )
                }
                const status = statusClassName(entry.status, locale)
                return (
                  <td key={cell.date}>
                    <button
                      type="button"
                      className={`${styles.dayButton}${isToday ? ` ${styles.today}` : ''}`}
                      data-status={entry.status}
                      data-date={cell.date}
                      data-testid="calendar-day"
                      aria-pressed={selectedDate === cell.date}
                      aria-label={`${dayLabel(cell.date, locale)}${todayText}: ${status}`}
                      title={status}
                      onClick={() => onSelectDate(selectedDate === cell.date ? '' : cell.date)}
                    >
                      {cell.day}
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.calFooter}>
        <button
          type="button"
          className={styles.calendarButton}
          data-testid="calendar-today"
          onClick={() => {
            setView(monthOf(today)!)
            onSelectDate('')
          }}
        >
          {t.today}
        </button>
        <p className={shared.note} data-testid="calendar-note">
          {t.zone({ zone: timezone })}
        </p>
      </div>
    </section>
  )
}

/** Props of {@link DataCenterSelect}. */
export interface DataCenterSelectProps {
  groups: readonly CalendarDataCenterGroup[]
  /** Selected data-center ids. */
  value: readonly string[]
  onChange: (ids: string[]) => void
}

/**
 * The data-center multi-select (docs/requirements/screens.md#calendar): a labelled button reading 'Select Data
 * Centers', 'All Data Centers' or 'N selected' that opens a panel (Floating UI: placed next to
 * the button; closed by Escape — focus back on the button —, a press outside, or tabbing out;
 * focus moves to the search box on opening) with a 'Search...' box, a 'Select All' checkbox
 * (for the data centers the search shows), and one group of checkboxes per region with its
 * count of selected / all.
 */
export function DataCenterSelect({ groups, value, onChange }: DataCenterSelectProps) {
  const t = useMessages(recordsMessages)
  const locale = useLocale()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const id = useId()
  const all = useMemo(() => allDataCenterIds(groups), [groups])
  const shown = useMemo(() => filterDataCenterGroups(groups, query), [groups, query])
  const selected = value.filter((v) => all.includes(v))
  const searchRef = useRef<HTMLInputElement>(null)
  const close = () => {
    setOpen(false)
    // A reopened panel starts with an empty search, as select boxes do.
    setQuery('')
  }
  const { refs, floatingStyles } = useFloating({
    open,
    placement: 'bottom-start',
    strategy: 'fixed',
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply({ availableHeight, elements }) {
          elements.floating.style.maxHeight = `${Math.max(160, Math.min(340, availableHeight))}px`
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  })
  // Opening moves focus into the panel, to the search box. While open, Escape closes it and gives
  // the focus back to the button; a press outside the button and the panel closes it and leaves
  // the focus where it went. Hand-written like the timeline's popover (docs/decisions/0078-timeline-popover-and-dialog.md):
  // Floating UI's interaction hooks cost the kit several KB.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listeners live while the panel is open; refs and setters are stable
  useEffect(() => {
    if (!open) return
    searchRef.current?.focus()
    const button = refs.reference.current as HTMLElement | null
    const listening = new AbortController()
    const { signal } = listening
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key !== 'Escape') return
        close()
        button?.focus()
      },
      { signal },
    )
    document.addEventListener(
      'pointerdown',
      (e) => {
        const path = e.composedPath()
        if (!path.includes(button!) && !path.includes(refs.floating.current!)) close()
      },
      { capture: true, signal },
    )
    return () => listening.abort()
  }, [open])
  // Tabbing out of the button-and-panel pair closes the panel. A `focusout` listener of its own:
  // React's `onBlur` bubbles, the DOM's `blur` (Preact core's, in the lean drop-in) does not.
  const pairRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const pair = pairRef.current
    if (!open || !pair) return
    const onFocusOut = (e: FocusEvent) => {
      const to = e.relatedTarget
      if (to instanceof Node && !pair.contains(to)) {
        setOpen(false)
        setQuery('')
      }
    }
    pair.addEventListener('focusout', onFocusOut)
    return () => pair.removeEventListener('focusout', onFocusOut)
  }, [open])
  const shownIds = shown.flatMap((g) => g.options.map((o) => o.value))
  const allShownSelected = shownIds.length > 0 && shownIds.every((v) => selected.includes(v))
  const label = dataCenterButtonLabel(selected.length, all.length, locale)
  return (
    <div part="datacenters" data-testid="datacenter-select" ref={pairRef}>
      <span className={styles.dcLabel} id={`${id}-label`}>
        {t.dcs}
      </span>
      <button
        type="button"
        ref={refs.setReference}
        className={styles.dcTrigger}
        aria-labelledby={`${id}-label ${id}-value`}
        data-testid="datacenter-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span id={`${id}-value`}>{label}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={refs.setFloating}
          id={`${id}-panel`}
          role="dialog"
          className={styles.dcPanel}
          style={floatingStyles}
          aria-label={t.selectDcs}
          data-testid="datacenter-panel"
        >
          <input
            ref={searchRef}
            type="search"
            className={styles.dcSearch}
            placeholder={t.search}
            aria-label={t.searchDcs}
            value={query}
            // Each keystroke filters: `onInput` in Preact core (the lean drop-in), whose `onChange` waits for a commit.
            onInput={(e) => setQuery(e.currentTarget.value)}
            onChange={(e) => setQuery(e.currentTarget.value)}
            data-testid="datacenter-search"
          />
          <div className={styles.dcOptions}>
            <label className={styles.dcOption}>
              <input
                type="checkbox"
                checked={allShownSelected}
                disabled={shownIds.length === 0}
                onChange={(e) => onChange(toggleIds(selected, shownIds, e.currentTarget.checked))}
                data-testid="datacenter-select-all"
              />
              <span>{t.all}</span>
            </label>
            {shown.length === 0 && <p className={shared.note}>{t.noDcs}</p>}
            {shown.map((group) => {
              const groupIds = group.options.map((o) => o.value)
              const n = groupIds.filter((v) => selected.includes(v)).length
              return (
                <fieldset key={group.label} className={styles.dcGroup}>
                  <legend className={styles.dcGroupTitle}>
                    {group.label}{' '}
                    <span className={styles.count}>
                      ({n}/{group.options.length})
                    </span>
                  </legend>
                  {group.options.map((option) => (
                    <label key={option.value} className={styles.dcOption}>
                      <input
                        type="checkbox"
                        value={option.value}
                        checked={selected.includes(option.value)}
                        onChange={(e) => onChange(toggleIds(selected, [option.value], e.currentTarget.checked))}
                        data-testid="datacenter-option"
                      />
                      <span>{option.label}</span>
                    </label>
                  ))}
                </fieldset>
              )
            })}
          </div>
        </div>
      )}
    </div>
  )
}
