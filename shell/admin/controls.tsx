import type { ReactNode } from 'react'
import { visuallyHidden } from '../../styles/recipes.css'
import * as forms from '../accounts/accounts.css'
import * as styles from './admin.css'

/**
 * The console's labelled controls besides text inputs (those are `shell/accounts/Field.tsx`):
 * a textarea, a checkbox and a select. Every control has a visible label (or, in a table row,
 * one for screen readers that names the row).
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
