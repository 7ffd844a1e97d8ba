/**
 * The server's answers of the account calls on the screen (docs/languages-and-themes.md "codes translated on the
 * client"): the server sends `{ error: { code, message } }` (and a few `data.message` texts) in
 * English. An English page shows them unchanged; another shows the translation of the code
 * (`./messages.ts` `accountErrorMessages`), and an unknown code a generic text with the HTTP status.
 */
import { PASSWORD_POLICY } from '../../contract/constants'
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import { escapeHtml } from '../../contract/text'
import { ApiError } from '../../widgets/core/request'
import { errorMessage } from '../../widgets/core/resource'
import { $locale } from '../locale'
import { accountErrorMessages, accountMessages } from './messages'

/** The server's English `data.message` texts of the account calls, and their message keys. */
const DATA_TEXTS: Readonly<Record<string, keyof typeof accountErrorMessages.base>> = {
  'Please enter a valid email address.': 'invalidEmail',
  'The email address is already registered.': 'emailRegistered',
  'If an account exists for that address, we have sent it a link to reset the password.': 'resetRequested',
  'Your password has been changed. You can sign in now.': 'passwordChanged',
  'Your email address is already verified.': 'alreadyVerified',
}

/**
 * A `data.message` of an account call (validate-email, password reset, resend verification) in
 * `locale`: unchanged in English and for a text this page does not know.
 *
 * @param locale the page's language @default the shell's `$locale`
 */
export function accountNotice(message: string, locale: Locale = $locale.get()): string {
  if (locale === DEFAULT_LOCALE) return message
  const t = accountErrorMessages.in(locale).get()
  const key = DATA_TEXTS[message]
  if (key) return t[key] as string
  const sent = /^A new verification email has been sent to (.+)\.$/.exec(message)
  return sent ? t.verificationSent({ mail: sent[1] }) : message
}

/**
 * The text of a failed account call in `locale`: in English the server's message (errorMessage);
 * otherwise the translation of its code — `html` gives the sign-up's HTML form (the address in
 * `<em>`, escaped), as its error box renders HTML.
 *
 * @param locale the page's language @default the shell's `$locale`
 */
export function accountError(error: unknown, { locale = $locale.get(), html = false }: { locale?: Locale; html?: boolean } = {}): string {
  if (locale === DEFAULT_LOCALE) return errorMessage(error)
  const t = accountErrorMessages.in(locale).get()
  if (!(error instanceof ApiError)) return t.network
  const mail = (m: string) => (html ? `<em>${escapeHtml(m)}</em>` : m)
  const quoted = /<em>(.*)<\/em>/.exec(error.message)?.[1] ?? ''
  const unescaped = quoted.replace(
    /&lt;|&gt;|&quot;|&#39;|&amp;/g,
    (e) => ({ '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' })[e] ?? e,
  )
  switch (error.code) {
    case 'bad_credentials':
      return t.badCredentials
    case 'too_many_attempts':
      return /IP address/.test(error.message) ? t.ipBlocked : t.accountBlocked
    case 'too_many_requests':
      return t.tooManyRequests
    case 'invalid_token':
      return t.invalidResetToken
    case 'sso_account':
      return t.ssoAccount
    case 'invalid':
      if (/is already taken/.test(error.message)) return t.emailTaken({ mail: mail(unescaped) })
      if (/is not valid/.test(error.message)) return t.emailNotValid({ mail: mail(unescaped) })
      if (/username must be/.test(error.message)) return t.usernameMismatch
      if (error.message.includes(escapeHtml(PASSWORD_POLICY.message)) || error.message.includes(PASSWORD_POLICY.message))
        return accountMessages.in(locale).get().password
      return t.badRequest
    case 'not_signed_in':
      return t.notSignedIn
    case 'csrf':
      return t.csrf
    case 'cross_site':
      return t.crossSite
    case 'bad_request':
      return t.badRequest
  }
  return error.status === 0 ? t.network : t.failed({ status: error.status })
}
