/**
 * The account mails (docs/requirements/states.md#sign-up, password reset): verification and password reset, in the
 * recipient's language (docs/languages-and-themes.md; texts in `./messages.ts`, English the spec's exact words), naming
 * the site by its own name (the vendor's, `contract/site-name.ts`), never the demo vendor's.
 */
import type { Locale } from '../../contract/locale.js'
import { mailTexts, rtlWrapped } from './catalogues.js'
import { escapeHtml, passwordResetMailMessages, subscriberInviteMailMessages, verificationMailMessages } from './messages.js'
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

/**
 * The opt-in mail of the subscriber import (docs/subscriptions.md#subscriber-import-and-export) with `link` =
 * `{origin}/opt-in/{token}`, valid 7 days, listing `topics` (the file's notation).
 * @param site the site's name, as for {@link verificationMail}
 * @param locale the recipient's language @default 'en'
 */
export function subscriberInviteMail(
  to: string,
  link: string,
  site: string,
  topics: readonly string[],
  locale: Locale = 'en',
): OutgoingMail {
  const t = mailTexts(subscriberInviteMailMessages, locale)
  const intro = t.intro({ site })
  const list = topics.map((name) => `- ${name}`).join('\n')
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.link)}</a></p>`,
    `<p>${escapeHtml(t.topics)}</p>`,
    `<ul>${topics.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(t.outro)}</p>`,
  ].join('\n')
  return {
    to,
    subject: t.subject({ site }),
    text: `${intro}\n\n${link}\n\n${t.topics}\n${list}\n\n${t.outro}\n`,
    html: rtlWrapped(html, locale),
  }
}
