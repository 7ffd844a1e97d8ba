import { $global } from '../../widgets/core/global'
import { $session } from '../../widgets/core/session'
import { saveSettings } from '../accounts/account'
import { chooseTimezone } from './choice'

/**
 * What the header's and footer's picker does with a choice (docs/languages-and-themes.md): applies it at once to
 * every time on the page and remembers it in the `trust_tz` cookie ({@link chooseTimezone});
 * for a signed-in user it also saves it as the account's zone (`POST /api/user/settings`), so
 * the settings page, the mail and the user's other browsers agree with what they picked. Not
 * in the disaster-recovery variant, whose account service is unavailable. A failed save keeps
 * the choice in this browser and is logged as a warning.
 *
 * @returns whether the zone was valid and applied
 */
export async function pickTimezone(zone: string): Promise<boolean> {
  if (!chooseTimezone(zone)) return false
  const session = $session.get()
  if (!session.isLoggedIn || !session.apiData || $global.get().data?.isTrustDR) return true
  try {
    await saveSettings(zone, false)
  } catch (error) {
    console.warn('The time zone applies in this browser; saving it to the account failed.', error)
  }
  return true
}
