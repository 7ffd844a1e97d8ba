import { useState } from 'react'
import { useMessages } from '../../../widgets/core/i18n/react'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { Checkbox } from '../controls'
import { adminMessages, adminNavMessages } from '../messages'
import type { TermChoice } from './api'
import type { FormChoices } from './choices'
import * as desk from './desk.css'
import { deskMessages } from './messages'

/** Props of {@link TermPicker}. */
export interface TermPickerProps {
  prefix: string
  choices: FormChoices
  /** Notifications pick categories; the other types services and data centers. */
  notification: boolean
  /** The draft's clouds (services and data centers are theirs). */
  hasClouds: boolean
  selected: readonly number[]
  onChange: (terms: number[]) => void
}

/** The offered items: active ones, and decommissioned ones already chosen (marked so). */
function visible(items: readonly TermChoice[], selected: ReadonlySet<number>): TermChoice[] {
  return items.filter((i) => i.active || selected.has(i.tid))
}

/**
 * What a record concerns besides its clouds: checkboxes of the clouds' core services and of their
 * data centers, one disclosure per region (its summary counts the chosen ones) with a search by
 * name that opens the regions it matches in; for notifications the type's categories.
 */
export function TermPicker({ prefix, choices, notification, hasClouds, selected, onChange }: TermPickerProps) {
  const [search, setSearch] = useState('')
  const t = useMessages(deskMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  const label = (item: TermChoice) => (item.active ? item.name : t.decommissionedItem({ name: item.name }))
  const chosen = new Set(selected)
  const toggle = (tid: number, on: boolean) =>
    onChange(on ? [...selected.filter((t) => t !== tid), tid] : selected.filter((t) => t !== tid))
  const box = (item: TermChoice) => (
    <Checkbox key={item.tid} label={label(item)} checked={chosen.has(item.tid)} onChange={(on) => toggle(item.tid, on)} />
  )
  const problem = (state: { status: string; error?: string }, what: string) =>
    state.status === 'error' ? (
      <p className={styles.hint} role="alert">
        {a.loadFailed({ what, error: state.error ?? '' })}{' '}
        <button type="button" className={styles.small} onClick={choices.reload}>
          {a.retry}
        </button>
      </p>
    ) : state.status === 'loading' ? (
      <p className={styles.hint} role="status">
        {a.loadingWhat({ what })}
      </p>
    ) : null

  if (notification) {
    const categories = choices.categories.data ?? []
    return (
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.categories}</legend>
        {problem(choices.categories, t.theCategories)}
        {choices.categories.status === 'ready' && !categories.length && <p className={styles.hint}>{t.noCategories}</p>}
        <div className={desk.choices}>{visible(categories, chosen).map(box)}</div>
      </fieldset>
    )
  }

  const terms = choices.terms.data ?? { services: [], regions: [] }
  const needle = search.trim().toLowerCase()
  const regions = terms.regions
    .map((r) => ({ ...r, items: visible(r.items, chosen) }))
    .map((r) => ({ ...r, shown: needle ? r.items.filter((i) => i.name.toLowerCase().includes(needle)) : r.items }))
    .filter((r) => r.shown.length > 0)
  const searchId = `${prefix}-dc-search`
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.coreServices}</legend>
        {!hasClouds && <p className={styles.hint}>{t.chooseCloudServices}</p>}
        {hasClouds && problem(choices.terms, t.theServices)}
        <div className={desk.choices}>{visible(terms.services, chosen).map(box)}</div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{nav.dataCenters}</legend>
        {!hasClouds && <p className={styles.hint}>{t.chooseCloudDataCenters}</p>}
        {terms.regions.length > 0 && (
          <div className={forms.field}>
            <label className={forms.label} htmlFor={searchId}>
              {t.findDataCenter}
            </label>
            <input
              id={searchId}
              type="search"
              className={forms.input}
              value={search}
              autoComplete="off"
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        )}
        {needle && regions.length === 0 && (
          <p className={styles.hint} role="status">
            {t.noDataCenterMatches({ search: search.trim() })}
          </p>
        )}
        {regions.map((r) => {
          const count = r.items.filter((i) => chosen.has(i.tid)).length
          return (
            // A search opens every region it matches in (a new element, so clearing it closes them again).
            <details key={`${r.region}:${needle ? 'search' : 'all'}`} className={desk.region} open={needle !== '' || undefined}>
              <summary>{t.regionChosen({ region: r.region, count: String(count), total: String(r.items.length) })}</summary>
              <div className={desk.choices}>{r.shown.map(box)}</div>
            </details>
          )
        })}
      </fieldset>
    </>
  )
}
