import { PASSWORD_POLICY } from '../../contract/constants'

/** Validation messages of the accounts pages (spec §5; texts the spec does not give are marked). */
export const MESSAGES = {
  nameRequired: 'Please enter your Email or Username',
  employee: 'Employees must use the Employee login below.',
  passwordRequired: 'Please enter your Password',
  /** Not given by the spec. */
  emailRequired: 'Please enter your Email',
  /** Not given by the spec. */
  emailInvalid: 'Please enter a valid Email address',
  password: PASSWORD_POLICY.message,
  confirmRequired: 'Please confirm your Password',
  confirmMismatch: 'Passwords do not match',
} as const

/** Field errors by field name; a field without an error is absent. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>

/**
 * True when the sign-in name contains one of the vendor's employee email domains (case
 * insensitive; empty domains ignored): such names must use the Employee login (spec §5, §6).
 */
export function isEmployeeName(name: string, employeeDomains: readonly string[]): boolean {
  const lower = name.trim().toLowerCase()
  return employeeDomains.some((d) => d.trim() !== '' && lower.includes(d.trim().toLowerCase()))
}

/** Sign-in form rules (spec §5). */
export function validateSignIn(form: { name: string; pass: string }, employeeDomains: readonly string[]): FieldErrors<'name' | 'pass'> {
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
export function validateNewPassword(form: { pass: string; confirm: string }): FieldErrors<'pass' | 'confirm'> {
  const errors: FieldErrors<'pass' | 'confirm'> = {}
  if (form.pass === '') errors.pass = MESSAGES.passwordRequired
  else if (!meetsPasswordPolicy(form.pass)) errors.pass = MESSAGES.password
  if (form.confirm === '') errors.confirm = MESSAGES.confirmRequired
  else if (form.confirm !== form.pass) errors.confirm = MESSAGES.confirmMismatch
  return errors
}

/** Sign-up form rules (spec §5). */
export function validateSignUp(form: { email: string; pass: string; confirm: string }): FieldErrors<'email' | 'pass' | 'confirm'> {
  const errors: FieldErrors<'email' | 'pass' | 'confirm'> = {}
  if (form.email.trim() === '') errors.email = MESSAGES.emailRequired
  else if (!isEmail(form.email)) errors.email = MESSAGES.emailInvalid
  return { ...errors, ...validateNewPassword(form) }
}

/** Email-only rule of the forgot-password form. */
export function validateEmail(email: string): string | undefined {
  if (email.trim() === '') return MESSAGES.emailRequired
  if (!isEmail(email)) return MESSAGES.emailInvalid
  return undefined
}
