import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { formatTimestamp } from '../../../contract/time.js'
import * as forms from '../../accounts/accounts.css'
import * as desk from './desk.css'
import { deskMessages } from './messages'
import { fromLocalInput } from './zone'

/** Props of {@link DateTimeField}. */
export interface DateTimeFieldProps {
  id: string
  label: string
  /** `YYYY-MM-DDTHH:mm` in `zone`, `''` for none. */
  value: string
  onChange: (value: string) => void
  /** The operator's IANA zone. */
  zone: string
  error?: boolean
}

/**
 * A `datetime-local` input in the operator's zone with, beside it, the zone and the UTC instant it
 * means (what is stored and mailed), so nobody has to do time-zone arithmetic in an incident.
 */
export function DateTimeField({ id, label, value, onChange, zone, error }: DateTimeFieldProps) {
  const instant = value ? fromLocalInput(value, zone) : undefined
  const t = useMessages(deskMessages)
  const locale = useLocale()
  return (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="datetime-local"
        className={forms.input}
        value={value}
        aria-describedby={`${id}-utc`}
        aria-invalid={error || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className={desk.utc} id={`${id}-utc`} data-testid={`${id}-utc`}>
        {t.timeZone({ zone })}
        {instant ? ` · ${formatTimestamp(instant, 'UTC', locale)}` : ''}
      </p>
    </div>
  )
}
