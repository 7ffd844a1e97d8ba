import { type FormEvent, type ReactNode, type Ref, useState } from 'react'
import type { Locale } from '../../../contract/locale'
import { useLocale } from '../../../widgets/core/i18n/react'
import * as styles from '../../accounts/accounts.css'
import { Field, useInvalidFocus } from '../../accounts/Field'
import type { FieldErrors } from '../../accounts/validate'
import { TitledPage, type TitledPageProps } from '../TitledPage'

/**
 * The layout of the account pages (docs/requirements/screens.md: Sign-in, Sign-up, Password,
 * Settings, Thank you, Unsubscribe, Opt-in): a narrow {@link TitledPage}, whose test id is its name
 * unless `testId` says otherwise.
 */
export function AccountPage({ testId, ...page }: TitledPageProps) {
  return <TitledPage {...page} testId={testId ?? page.name} className={styles.formPage} />
}

/**
 * An account page's error: a red alert, nothing without a message.
 * @param id also its `data-testid`; the form it belongs to names it in `aria-describedby`
 * @param as `'p'` on the token-link pages @default 'div'
 */
export function AccountAlert({ message, id, as: Tag = 'div' }: { message: ReactNode; id?: string; as?: 'div' | 'p' }) {
  if (!message) return null
  return (
    <Tag className={styles.errorBox} role="alert" id={id} data-testid={id}>
      {message}
    </Tag>
  )
}

/**
 * What a token-link page (Unsubscribe, Opt-in) shows before its answer: the error of its request
 * (an alert), else the `loading` line while there is no answer yet.
 */
export function TokenLinkProblem({ error, loading }: { error: string | null; loading: string | false }) {
  if (error) return <AccountAlert message={error} as="p" />
  return loading ? <p role="status">{loading}</p> : null
}

/** One input of an {@link AccountForm}: its name (the input's id is `{prefix}-{name}`), label, type and autocomplete. */
export interface AccountFieldSpec<K extends string> {
  name: K
  label: string
  type?: 'email' | 'password'
  autoComplete: string
}

/** The new password and its confirmation (sign-up, password reset; docs/requirements/validation.md). */
export function newPasswordFields(label: string, confirmLabel: string): AccountFieldSpec<'pass' | 'confirm'>[] {
  return [
    { name: 'pass', label, type: 'password', autoComplete: 'new-password' },
    { name: 'confirm', label: confirmLabel, type: 'password', autoComplete: 'new-password' },
  ]
}

/** Props of {@link AccountForm}. */
export interface AccountFormProps<K extends string> {
  /** Prefix of the inputs' ids. */
  prefix?: string
  fields?: readonly AccountFieldSpec<K>[]
  values?: Readonly<Record<K, string>>
  /** Each field's error, under its input. */
  errors?: Readonly<Partial<Record<K, string | undefined>>>
  onChange?: (name: K, value: string) => void
  onSubmit: (event: FormEvent) => void
  formRef?: Ref<HTMLFormElement>
  /** The server's refusal, an alert above the form. */
  error?: ReactNode
  /** The alert's id (and test id), named by the form's `aria-describedby` while it shows. */
  errorId?: string
  /** While true the submit button says it is unavailable (`aria-disabled`), the submit handler ignores presses. */
  busy: boolean
  submitLabel: ReactNode
  /** Shown above the fields (an introduction) … */
  intro?: ReactNode
  /** … and below them (other controls). */
  children?: ReactNode
}

/**
 * The form of an account page (docs/requirements/validation.md): the server's error above it,
 * labelled inputs with their errors (`../../accounts/Field.tsx`), no browser validation (the
 * page validates and focuses the first invalid field), and the submit button.
 */
export function AccountForm<K extends string>({
  prefix,
  fields = [],
  values,
  errors,
  onChange,
  onSubmit,
  formRef,
  error,
  errorId,
  busy,
  submitLabel,
  intro,
  children,
}: AccountFormProps<K>) {
  return (
    <>
      <AccountAlert message={error} id={errorId} />
      <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit} aria-describedby={error && errorId ? errorId : undefined}>
        {intro}
        {fields.map((field) => (
          <Field
            key={field.name}
            id={`${prefix}-${field.name}`}
            label={field.label}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            value={values?.[field.name] ?? ''}
            error={errors?.[field.name]}
            onChange={(e) => onChange?.(field.name, e.target.value)}
          />
        ))}
        {children}
        <button type="submit" className={styles.primary} aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
      </form>
    </>
  )
}

/**
 * The state of an {@link AccountForm} (spread it into the form): the values, their errors and the
 * submit handler, which ignores a press while `busy`, checks the values with `validate` (in the
 * page's language), shows the errors and focuses the first invalid field, or else calls `send`.
 * `reportInvalid()` focuses the first invalid field after a refusal the page learns of itself.
 */
export function useAccountForm<K extends string>(
  initial: Readonly<Record<K, string>>,
  {
    busy,
    validate,
    send,
  }: {
    busy: boolean
    validate: (values: Readonly<Record<K, string>>, locale: Locale) => FieldErrors<K>
    send: (values: Readonly<Record<K, string>>) => unknown
  },
) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors<K>>({})
  const { formRef, reportInvalid } = useInvalidFocus()
  const locale = useLocale()
  const onChange = (name: K, value: string) => setValues((v) => ({ ...v, [name]: value }))
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const found = validate(values, locale)
    setErrors(found)
    if (Object.values(found).some(Boolean)) return reportInvalid()
    await send(values)
  }
  return { formRef, values, errors, onChange, onSubmit, reportInvalid }
}
