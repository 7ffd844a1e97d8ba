/** The texts of the account mails (verification, password reset). */
import { escapeHtml } from '../../contract/text.js'
import type { OutgoingMail } from './outbox.js'

/** Escapes `&<>"'` for HTML text and attribute values (the contract's, written once for both sides). */
export { escapeHtml }

function htmlBody(paragraphs: string[], link: string, linkText: string): string {
  const parts = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`)
  parts.splice(1, 0, `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`)
  return parts.join('\n')
}

/** Verification mail with `link` = `{origin}/user/verify/{token}`, valid 24 hours. */
export function verificationMail(to: string, link: string): OutgoingMail {
  const intro =
    'Thank you for signing up to the Aurora Edge Trust site. Please confirm your email address by opening this link within 24 hours:'
  const outro = 'The link can be used once. If you did not sign up, you can ignore this message.'
  return {
    to,
    subject: 'Verify your email address',
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: htmlBody([intro, outro], link, 'Verify your email address'),
  }
}

/** Password-reset mail with `link` = `{origin}/user/reset/{token}`, valid 1 hour. */
export function passwordResetMail(to: string, link: string): OutgoingMail {
  const intro =
    'Someone asked to reset the password of your Aurora Edge Trust account. Open this link within one hour to choose a new password:'
  const outro = 'The link can be used once. If you did not ask for it, you can ignore this message; your password stays unchanged.'
  return {
    to,
    subject: 'Reset your password',
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: htmlBody([intro, outro], link, 'Choose a new password'),
  }
}
