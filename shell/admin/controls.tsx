import { type ReactNode, useEffect, useRef } from 'react'
import { visuallyHidden } from '../../styles/recipes.css'
import { useMessages } from '../../widgets/core/i18n/react'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'
import { adminMessages } from './messages'

/**
 * The console's labelled controls besides text inputs (those are `shell/accounts/Field.tsx`):
 * a textarea, a checkbox, a select and the Up/Down buttons of a list's item. Every control has a
 * visible label (or, in a table row, one for screen readers that names the row).
 */

/** A labelled textarea. */
export function TextArea({
  id,
  label,
  value,
  onChange,
  hint,
  rows = 6,
  readOnly,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  hint?: string
  rows?: number
  readOnly?: boolean
}) {
  return (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <textarea
        id={id}
        className={styles.textarea}
        rows={rows}
        value={value}
        readOnly={readOnly}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}

/** A checkbox with its label; `label` may be visually hidden when a table header says it. */
export function Checkbox({
  label,
  checked,
  onChange,
  disabled,
  hiddenLabel,
  context,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  hiddenLabel?: boolean
  /** Read after the label by screen readers only, e.g. whose role a checkbox in a table row sets. */
  context?: string
}) {
  if (hiddenLabel) {
    return <input type="checkbox" aria-label={label} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
  }
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
      {context && <span className={visuallyHidden}> {context}</span>}
    </label>
  )
}

/** A labelled select, with an optional hint below it (its description). */
export function Select({
  id,
  label,
  value,
  options,
  onChange,
  hint,
  children,
}: {
  id: string
  label: string
  value: string
  options: ReadonlyArray<{ value: string; label: string }>
  onChange: (value: string) => void
  hint?: string
  /** Shown after the select (e.g. a button acting on the choice). */
  children?: ReactNode
}) {
  return (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.actions}>
        <select
          id={id}
          className={forms.select}
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {children}
      </div>
      {hint && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  )
}

/**
 * A table's wrapper that scrolls sideways on narrow screens: a labelled region that keyboard users
 * can focus to scroll it (WCAG 2.1.1; axe scrollable-region-focusable), as the records widget does.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways, so keyboard users must be able to focus it (WCAG 2.1.1)
    <section className={styles.tableWrap} aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}

/**
 * The ids of the {@link MoveButtons} whose `id` is `id` after a move by `delta` (-1 up, 1 down):
 * first the button of that direction, then the other — what focus follows once the item has
 * moved (the first is disabled when the item reached the end).
 */
export function moveButtonIds(id: string, delta: number): [string, string] {
  return delta < 0 ? [`${id}-up`, `${id}-down`] : [`${id}-down`, `${id}-up`]
}

/**
 * The Up and Down buttons of one item of an ordered list: their text is "Up" and "Down", their
 * names for screen readers `upLabel` and `downLabel`, which say what moves (e.g. "Move Gambling
 * up"). Up is disabled at the top (`atTop`), Down at the bottom (`atBottom`); `onMove` gets -1
 * (up) or 1 (down). With `id`, the buttons' ids are `{id}-up` and `{id}-down` (see
 * {@link moveButtonIds}).
 */
export function MoveButtons({
  id,
  upLabel,
  downLabel,
  atTop,
  atBottom,
  onMove,
}: {
  id?: string
  upLabel: string
  downLabel: string
  atTop: boolean
  atBottom: boolean
  onMove: (delta: -1 | 1) => void
}) {
  const a = useMessages(adminMessages)
  return (
    <>
      <button
        type="button"
        id={id === undefined ? undefined : `${id}-up`}
        className={styles.small}
        aria-label={upLabel}
        disabled={atTop}
        onClick={() => onMove(-1)}
      >
        {a.up}
      </button>
      <button
        type="button"
        id={id === undefined ? undefined : `${id}-down`}
        className={styles.small}
        aria-label={downLabel}
        disabled={atBottom}
        onClick={() => onMove(1)}
      >
        {a.down}
      </button>
    </>
  )
}

/** Props of {@link DataTable}. */
export interface DataTableProps {
  /** Names the scrolling region ({@link TableWrap}) and, unless `caption` says otherwise, is the caption. */
  label: string
  /** The caption when it differs from `label`; `false` for a table its section's heading names. */
  caption?: ReactNode | false
  /** The column heads; a `false` column (one the role may not use) is left out. */
  columns: readonly (ReactNode | false)[]
  /** The rows. */
  children: ReactNode
}

/** A console table (docs/operating/console-and-desk.md): scrolls sideways, has a caption and column heads. */
export function DataTable({ label, caption = label, columns, children }: DataTableProps) {
  return (
    <TableWrap label={label}>
      <table className={styles.table}>
        {caption !== false && <caption className={styles.caption}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map(
              (column, i) =>
                column !== false && (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
                  <th key={i} scope="col">
                    {column}
                  </th>
                ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableWrap>
  )
}

/**
 * An inline confirmation in place of a destructive button: the question, then "yes" and "no"
 * buttons; focus moves to "no", the safe answer. `busy` marks "yes" unavailable while it runs.
 */
export function InlineConfirm({
  question,
  yes,
  no,
  busy,
  onYes,
  onNo,
  testId,
}: {
  question: string
  yes: string
  no: string
  busy: boolean
  onYes: () => void
  onNo: () => void
  testId?: string
}) {
  const keep = useRef<HTMLButtonElement>(null)
  useEffect(() => keep.current?.focus(), [])
  return (
    <span className={styles.actions} data-testid={testId}>
      <span>{question}</span>
      <button type="button" className={styles.small} onClick={onYes} aria-disabled={busy || undefined}>
        {yes}
      </button>
      <button ref={keep} type="button" className={styles.small} onClick={onNo}>
        {no}
      </button>
    </span>
  )
}
