import { PASSWORD_POLICY } from '../../contract/constants'
import type { Locale } from '../../contract/locale'
import { $locale } from '../locale'
import { accountMessages } from './messages'

/**
 * The validation messages of the accounts pages in `locale` (docs/requirements/validation.md in English; docs/languages-and-themes.md):
 * `nameRequired`, `employee`, `passwordRequired`, `emailRequired` and `emailInvalid` (not given by
 * the spec), `password`, `confirmRequired`, `confirmMismatch`. Every validator below takes the
 * locale last, the shell's page language by default.
 */
const messagesIn = (locale: Locale) => accountMessages.in(locale).get()

/** The validation messages in English (docs/requirements/validation.md), as the validators give them on an English page. */
export const MESSAGES = {
  nameRequired: accountMessages.base.nameRequired,
  employee: accountMessages.base.employee,
  passwordRequired: accountMessages.base.passwordRequired,
  /** Not given by the spec. */
  emailRequired: accountMessages.base.emailRequired,
  /** Not given by the spec. */
  emailInvalid: accountMessages.base.emailInvalid,
  password: accountMessages.base.password,
  confirmRequired: accountMessages.base.confirmRequired,
  confirmMismatch: accountMessages.base.confirmMismatch,
} as const

/** Field errors by field name; a field without an error is absent. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>

/**
 * True when the sign-in name contains one of the vendor's employee email domains (case
 * insensitive; empty domains ignored): such names must use the Employee login (docs/requirements/validation.md, docs/requirements/roles.md).
 */
export function isEmployeeName(name: string, employeeDomains: readonly string[]): boolean {
  const lower = name.trim().toLowerCase()
  return employeeDomains.some((d) => d.trim() !== '' && lower.includes(d.trim().toLowerCase()))
}

/** Sign-in form rules (docs/requirements/validation.md). */
export function validateSignIn(
  form: { name: string; pass: string },
  employeeDomains: readonly string[],
  locale: Locale = $locale.get(),
): FieldErrors<'name' | 'pass'> {
  const MESSAGES = messagesIn(locale)
  const errors: FieldErrors<'name' | 'pass'> = {}
  if (form.name.trim() === '') errors.name = MESSAGES.nameRequired
  else if (isEmployeeName(form.name, employeeDomains)) errors.name = MESSAGES.employee
  if (form.pass === '') errors.pass = MESSAGES.passwordRequired
  return errors
}

/** A plausible email address (the browser's `type=email` rule, roughly): local@domain.tld. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value.trim())
}

/** True when `pass` satisfies {@link PASSWORD_POLICY}: length, uppercase letters and digits. */
export function meetsPasswordPolicy(pass: string): boolean {
  return (
    pass.length >= PASSWORD_POLICY.minLength &&
    pass.length <= PASSWORD_POLICY.maxLength &&
    (pass.match(/[A-Z]/g)?.length ?? 0) >= PASSWORD_POLICY.uppercase &&
    (pass.match(/[0-9]/g)?.length ?? 0) >= PASSWORD_POLICY.digits
  )
}

/** New-password rules shared by sign-up and the password reset: required, policy, confirmation. */
export function validateNewPassword(
  form: { pass: string; confirm: string },
  locale: Locale = $locale.get(),
): FieldErrors<'pass' | 'confirm'> {
  const MESSAGES = messagesIn(locale)
  const errors: FieldErrors<'pass' | 'confirm'> = {}
  if (form.pass === '') errors.pass = MESSAGES.passwordRequired
  else if (!meetsPasswordPolicy(form.pass)) errors.pass = MESSAGES.password
  if (form.confirm === '') errors.confirm = MESSAGES.confirmRequired
  else if (form.confirm !== form.pass) errors.confirm = MESSAGES.confirmMismatch
  return errors
}

/** Sign-up form rules (docs/requirements/validation.md). */
export function validateSignUp(
  form: { email: string; pass: string; confirm: string },
  locale: Locale = $locale.get(),
): FieldErrors<'email' | 'pass' | 'confirm'> {
  const MESSAGES = messagesIn(locale)
  const errors: FieldErrors<'email' | 'pass' | 'confirm'> = {}
  if (form.email.trim() === '') errors.email = MESSAGES.emailRequired
  else if (!isEmail(form.email)) errors.email = MESSAGES.emailInvalid
  return { ...errors, ...validateNewPassword(form, locale) }
}

/** Email-only rule of the forgot-password form. */
export function validateEmail(email: string, locale: Locale = $locale.get()): string | undefined {
  const MESSAGES = messagesIn(locale)
  if (email.trim() === '') return MESSAGES.emailRequired
  if (!isEmail(email)) return MESSAGES.emailInvalid
  return undefined
}
