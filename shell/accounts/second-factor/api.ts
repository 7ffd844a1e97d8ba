/**
 * The browser's calls of the second factor (`contract/staff-identity.ts`, server/routes/second-factor.ts;
 * docs/operating/staff-sign-in.md "Second factor"). Each throws an `ApiError` on failure;
 * {@link secondFactorError} says it in words. Writes carry the session's CSRF token (`request`).
 */
import type { ApiAnswer } from '../../../contract/common'
import type { Locale } from '../../../contract/locale'
import type { ProvedData, RecoveryCodesData, SecondFactorDue, SecurityData, TotpEnrolment } from '../../../contract/staff-identity'
import { SECOND_FACTOR_CODES } from '../../../contract/constants'
import { ApiError, dataOf, is, request } from '../../../widgets/core/request'
import { accountError } from '../errors'
import { secondFactorMessages } from './messages'

const POST = 'POST' as const

const isSecurity = (d: unknown): d is SecurityData =>
  is.object(d) && typeof d.totp === 'boolean' && is.array(d.passkeys) && is.number(d.recovery_codes_left) && 'due' in d
const isEnrolment = (d: unknown): d is TotpEnrolment => is.object(d) && is.string(d.secret) && is.string(d.qr_svg)
const isCodes = (d: unknown): d is RecoveryCodesData => is.object(d) && is.array(d.codes) && d.codes.every(is.string)
const isProved = (d: unknown): d is ProvedData => is.object(d) && is.string(d.proved)

/** `GET /api/user/security`: the account's factors and what this session still owes. */
export async function fetchSecurity(signal?: AbortSignal): Promise<SecurityData> {
  return dataOf(await request<ApiAnswer<SecurityData>>('/api/user/security', { signal }), isSecurity)
}

/** `POST /api/user/totp/enrol`: a new authenticator secret and its QR code (409 `totp_enrolled`). */
export async function startTotp(): Promise<TotpEnrolment> {
  return dataOf(await request<ApiAnswer<TotpEnrolment>>('/api/user/totp/enrol', { method: POST, body: {} }), isEnrolment)
}

/** `POST /api/user/totp/confirm {code}` → the recovery codes to show once (empty when the account had some). */
export async function confirmTotp(code: string): Promise<string[]> {
  return dataOf(await request<ApiAnswer<RecoveryCodesData>>('/api/user/totp/confirm', { method: POST, body: { code } }), isCodes).codes
}

/** `DELETE /api/user/totp` → the account's factors after (needs a proved session). */
export async function removeTotp(): Promise<SecurityData> {
  return dataOf(await request<ApiAnswer<SecurityData>>('/api/user/totp', { method: 'DELETE' }), isSecurity)
}

/** `POST /api/user/second-factor {method, code}`: proves this session (400 `bad_code`, 429 `too_many_attempts`). */
export async function proveSession(method: 'totp' | 'recovery', code: string): Promise<void> {
  dataOf(await request<ApiAnswer<ProvedData>>('/api/user/second-factor', { method: POST, body: { method, code } }), isProved)
}

/** `POST /api/user/recovery-codes` → ten new codes (the old ones stop working; needs a proved session). */
export async function renewRecoveryCodes(): Promise<string[]> {
  return dataOf(await request<ApiAnswer<RecoveryCodesData>>('/api/user/recovery-codes', { method: POST, body: {} }), isCodes).codes
}

/** What an admin call's refusal says the session owes (its 403 code), or null. */
export function dueOfError(error: unknown): SecondFactorDue {
  if (!(error instanceof ApiError) || error.status !== 403) return null
  if (error.code === SECOND_FACTOR_CODES.verify) return 'verify'
  if (error.code === SECOND_FACTOR_CODES.enrol) return 'enrol'
  return null
}

/** The words of a failed second-factor call in `locale`: its own for the codes of these calls, else the account calls'. */
export function secondFactorError(error: unknown, locale: Locale): string {
  const t = secondFactorMessages.in(locale).get()
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'bad_code':
        return t.badCode
      case 'too_many_attempts':
        return t.tooMany
      case 'totp_enrolled':
        return t.enrolled
      case SECOND_FACTOR_CODES.verify:
        return t.proveFirst
    }
  }
  return accountError(error, { locale })
}
