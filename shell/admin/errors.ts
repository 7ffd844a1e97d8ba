import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import { ApiError } from '../../widgets/core/request'
import { errorMessage } from '../../widgets/core/resource'
import { adminErrorMessages } from './messages'

/**
 * The server's error codes of the console's calls (`{ error: { code, message } }`, server/admin,
 * server/publishing, server/accounts/sessions.ts) and their message keys. Issue 25 decided that
 * codes are translated on the client: the server keeps answering in English.
 */
const CODES: Readonly<Record<string, keyof typeof adminErrorMessages.base>> = {
  invalid: 'invalid',
  stale: 'stale',
  not_permitted: 'notPermitted',
  forbidden: 'forbidden',
  not_found: 'notFound',
  not_signed_in: 'notSignedIn',
  csrf: 'csrf',
  cross_site: 'crossSite',
  bad_request: 'badRequest',
  too_many_requests: 'tooMany',
  internal_error: 'internal',
}

/**
 * What the console says about a failed call: on English pages the server's message (or the
 * client's own) unchanged; in another locale the translation of the server's code, else a
 * generic sentence with the status.
 */
export function consoleErrorText(error: unknown, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === DEFAULT_LOCALE) return errorMessage(error)
  const t = adminErrorMessages.in(locale).get()
  if (!(error instanceof ApiError)) return t.unknown
  const key = error.code ? CODES[error.code] : undefined
  if (key) return t[key] as string
  if (error.status === 0) return error.statusText === 'Network error' ? t.network : t.badAnswer
  return t.status({ status: String(error.status) })
}

/**
 * The refusals of a 400 `invalid` answer in a locale other than English: one sentence per field
 * the server named (`field: …`, its name kept so the form can mark it), else the code's sentence.
 */
export function invalidTexts(messages: readonly string[], locale: Locale): string[] {
  const t = adminErrorMessages.in(locale).get()
  const fields = [...new Set(messages.map((m) => /^([a-z_][a-z0-9_.]*):\s/i.exec(m)?.[1]).filter(Boolean))] as string[]
  return fields.length ? fields.map((f) => `${f}: ${t.fieldRefused}`) : [t.invalid]
}
