/**
 * A signed-in user's language (docs/languages-and-themes.md): the picker's choice is saved to the account, where it
 * picks the language of the site on the user's other browsers (after `?lang=` and the cookie;
 * contract/locale.ts `chooseLocale`) and of the notification emails.
 */
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE_S, toLocale } from '../../contract/locale'
import type { ApiAnswer } from '../../contract/common'
import { readCookie, writeCookie } from '../../widgets/core/cookies'
import { $global } from '../../widgets/core/global'
import { request } from '../../widgets/core/request'
import { $session } from '../../widgets/core/session'
import { $locale, applyUserLocale, setLocale } from '../locale'

/** The saved language of the signed-in user's loaded details (`auth.user.locale`), if any. */
export function savedLocale(): string | undefined {
  const field = ($session.get().apiData?.user as { locale?: { value: unknown }[] } | undefined)?.locale
  const value = field?.[0]?.value
  return typeof value === 'string' ? value : undefined
}

/**
 * Saves the picker's choice as the signed-in user's language (`POST /api/user/settings {locale}`);
 * nothing when signed out or in the disaster-recovery variant. A failed save keeps the choice in
 * this browser and is logged as a warning.
 */
export async function saveLocaleToAccount(locale: string): Promise<void> {
  const session = $session.get()
  if (!toLocale(locale) || !session.isLoggedIn || !session.apiData || $global.get().data?.isTrustDR) return
  try {
    await request<ApiAnswer<unknown>>('/api/user/settings', { method: 'POST', body: { locale } })
    const apiData = $session.get().apiData
    if (apiData) $session.setKey('apiData', { ...apiData, user: { ...apiData.user, locale: [{ value: locale }] } })
  } catch (error) {
    console.warn('The language applies in this browser; saving it to the account failed.', error)
  }
}

/** Applies the user's saved language once their details are loaded (when no `?lang=` or cookie decides). */
export function applySavedLocale(): void {
  applyUserLocale(savedLocale())
}

/**
 * After the settings page saved `locale` (docs/languages-and-themes.md): a browser whose visitor chose a language
 * with the picker (the `trust_lang` cookie) takes the saved one as its new choice — else the
 * cookie would keep winning over what was just saved; a browser without one stays without (like
 * shell/timezone/choice.ts `updateChosenTimezone`). Then the page switches to it when it differs.
 */
export async function followSavedLocale(locale: string): Promise<void> {
  const saved = toLocale(locale)
  if (!saved) return
  if (toLocale(readCookie(LANG_COOKIE))) writeCookie(LANG_COOKIE, saved, LANG_COOKIE_MAX_AGE_S)
  if (saved !== $locale.get()) await setLocale(saved)
}
