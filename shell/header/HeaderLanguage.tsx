import { useStore } from '@nanostores/react'
import { LOCALE_NAMES } from '../../contract/locale'
import { useMessages } from '../../widgets/core/i18n/react'
import { saveLocaleToAccount } from '../accounts/locale-setting'
import { visuallyHidden } from '../../styles/recipes.css'
import { $locale } from '../locale'
import * as timezone from '../timezone/timezone.css'
import { HeaderPanelButton } from './HeaderPanelButton'
import { GlobeIcon, LanguagePicker } from './LanguagePicker'
import { headerMessages } from './messages'

/**
 * The header bar's language control (docs/languages-and-themes.md), built like the time zone's: a button with a
 * globe and the language's code ("DE"; its name in the accessible name and tooltip) that opens a
 * panel with the labelled Language select.
 */
export function HeaderLanguage() {
  const locale = useStore($locale)
  const t = useMessages(headerMessages)
  return (
    <HeaderPanelButton
      title={LOCALE_NAMES[locale]}
      testId="language-button"
      panelLabel={t.languagePanel}
      panelTestId="language-panel"
      panel={<LanguagePicker place="header" onChoose={saveLocaleToAccount} />}
    >
      <GlobeIcon className={timezone.clock} />
      {/* Named by its content, so the visible code is the start of its name: "DE, Sprache: Deutsch. Sprache wechseln". */}
      <span lang="en">{locale.toUpperCase()}</span>
      <span className={visuallyHidden}>, {t.languageButton({ language: LOCALE_NAMES[locale] })}</span>
    </HeaderPanelButton>
  )
}
