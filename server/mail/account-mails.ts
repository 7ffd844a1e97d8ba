/**
 * The account mails (spec §4 Sign-up, password reset): verification and password reset, in the
 * recipient's language (issue 25; texts in `./messages.ts`, English the spec's exact words), naming
 * the site by its own name (the vendor's, `contract/site-name.ts`), never the demo vendor's.
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
 * @param site the site's name (`readSiteName`, `server/repo/settings.ts`), e.g. 'Nimbus Security Trust'
 * @param locale the recipient's language @default 'en'
 */
export function verificationMail(to: string, link: string, site: string, locale: Locale = 'en'): OutgoingMail {
  const t = mailTexts(verificationMailMessages, locale)
  const intro = t.intro({ site })
  return {
    to,
    subject: t.subject,
    text: `${intro}\n\n${link}\n\n${t.outro}\n`,
    html: rtlWrapped(htmlBody([intro, t.outro], link, t.subject), locale),
  }
}

/**
 * Password-reset mail with `link` = `{origin}/user/reset/{token}`, valid 1 hour.
 * @param site the site's name, as for {@link verificationMail}
 * @param locale the recipient's language @default 'en'
 */
export function passwordResetMail(to: string, link: string, site: string, locale: Locale = 'en'): OutgoingMail {
  const t = mailTexts(passwordResetMailMessages, locale)
  const intro = t.intro({ site })
  return {
    to,
    subject: t.subject,
    text: `${intro}\n\n${link}\n\n${t.outro}\n`,
    html: rtlWrapped(htmlBody([intro, t.outro], link, t.link), locale),
  }
}
