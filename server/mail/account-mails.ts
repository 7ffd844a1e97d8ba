/**
 * The account mails (spec §4 Sign-up, password reset): verification and password reset, in the
 * recipient's language (issue 25; texts in `./messages.ts`, English the spec's exact words).
 */
import type { Locale } from '../../contract/locale.js'
import { mailTexts, rtlWrapped } from './catalogues.js'
import { escapeHtml, passwordResetMailMessages, verificationMailMessages } from './messages.js'
import type { OutgoingMail } from './outbox.js'

function htmlBody(paragraphs: string[], link: string, linkText: string): string {
  const parts = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`)
  parts.splice(1, 0, `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`)
  return parts.join('\n')
}

/**
 * Verification mail with `link` = `{origin}/user/verify/{token}`, valid 24 hours.
 * @param locale the recipient's language @default 'en'
 */
export function verificationMail(to: string, link: string, locale: Locale = 'en'): OutgoingMail {
  const t = mailTexts(verificationMailMessages, locale)
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${link}\n\n${t.outro}\n`,
    html: rtlWrapped(htmlBody([t.intro, t.outro], link, t.subject), locale),
  }
}

/**
 * Password-reset mail with `link` = `{origin}/user/reset/{token}`, valid 1 hour.
 * @param locale the recipient's language @default 'en'
 */
export function passwordResetMail(to: string, link: string, locale: Locale = 'en'): OutgoingMail {
  const t = mailTexts(passwordResetMailMessages, locale)
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${link}\n\n${t.outro}\n`,
    html: rtlWrapped(htmlBody([t.intro, t.outro], link, t.link), locale),
  }
}
