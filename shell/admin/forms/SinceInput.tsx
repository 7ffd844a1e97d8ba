import * as forms from '../../accounts/accounts.css'
import { dayOf, withSince } from '../model'

/**
 * The in-service date of a cloud's data center or core service, in a table cell: a date input
 * (UTC day) named for screen readers by its row, as the table's header names it for the eye.
 * Emptied, the date is unknown (`since: null`); a day the item already has leaves its instant as
 * it was. See the forms' hint (`sinceHint`) for what the date does.
 */
export function SinceInput<T extends { since: string | null }>({
  label,
  item,
  disabled,
  onChange,
}: {
  /** Accessible name, e.g. 'In service since on alpha.net'. */
  label: string
  /** The item whose `since` is shown; absent while the row has none (disabled). */
  item: T | undefined
  disabled?: boolean
  onChange: (item: T) => void
}) {
  return (
    <input
      type="date"
      className={forms.input}
      aria-label={label}
      value={item ? dayOf(item.since) : ''}
      disabled={disabled || !item}
      onChange={(e) => item && onChange(withSince(item, e.target.value))}
    />
  )
}
