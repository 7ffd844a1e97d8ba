import { forwardRef, useEffect, useRef, useState, type InputHTMLAttributes } from 'react'
import * as styles from './accounts.css'

/** Props of {@link Field}. */
export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string
  label: string
  /** The field's error; linked to the input with `aria-describedby` and `aria-invalid`. */
  error?: string
}

/** A labelled input with its error line (spec standards: labelled inputs, errors linked). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ id, label, error, ...input }, ref) {
  const errorId = `${id}-error`
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p className={styles.fieldError} id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
})

/** Focuses the first element of `form` marked invalid (after a failed submit). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}

/**
 * A form's ref and `reportInvalid()`, which moves focus to the form's first invalid field once
 * the failed submit's errors have rendered (WCAG 3.3.1).
 */
export function useInvalidFocus() {
  const formRef = useRef<HTMLFormElement>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (attempt) focusFirstInvalid(formRef.current)
  }, [attempt])
  return { formRef, reportInvalid: () => setAttempt((a) => a + 1) }
}
