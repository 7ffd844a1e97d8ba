import { useStore } from '@nanostores/react'
import { useId } from 'react'
import { LOCALE_NAMES, LOCALES, toLocale } from '../../contract/locale'
import { useMessages } from '../../widgets/core/i18n/react'
import { visuallyHidden } from '../../styles/recipes.css'
import { $locale, setLocale } from '../locale'
import { headerMessages } from './messages'
import * as styles from './theme-switch.css'

/** Props of {@link LanguagePicker}. */
export interface LanguagePickerProps {
  /** Where it sits: the 375 px menu (on the dark bar, a globe for its label), the header's language panel or the footer (a visible word, on a light surface). */
  place: 'header' | 'menu' | 'footer'
  /** Called with the new locale after it applied (the shell saves a signed-in user's choice to the account). */
  onChoose?: (locale: string) => void
}

/**
 * The language picker (docs/languages-and-themes.md): a native select labelled "Language" (in the page's language)
 * listing every locale by its own name (`Deutsch`, `日本語`, each option in its language), so it
 * is keyboard operable and found by a visitor who cannot read the current language. A change loads
 * the locale's texts and switches the whole page at once, and is remembered in the `trust_lang`
 * cookie (`shell/locale.ts`).
 */
export function LanguagePicker({ place, onChoose }: LanguagePickerProps) {
  const t = useMessages(headerMessages)
  const locale = useStore($locale)
  const id = useId()
  const onLight = place !== 'menu'
  return (
    <div className={styles.themeSwitch} data-testid={`language-picker-${place}`}>
      <label className={onLight ? styles.labelOnLight : styles.label} htmlFor={id} title={t.language}>
        <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path
            d="M1.75 8h12.5M8 1.75c-3.3 3.5-3.3 9 0 12.5M8 1.75c3.3 3.5 3.3 9 0 12.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.2"
          />
        </svg>
        <span className={onLight ? undefined : visuallyHidden}>{t.language}</span>
      </label>
      <select
        id={id}
        className={onLight ? styles.selectOnLight : styles.select}
        value={locale}
        data-testid="language-select"
        onChange={(event) => {
          const chosen = toLocale(event.currentTarget.value)
          if (!chosen) return
          void setLocale(chosen, { remember: true }).then(() => onChoose?.(chosen))
        }}
      >
        <LanguageOptions />
      </select>
    </div>
  )
}

/** A globe, the language controls' icon (decorative). */
export function GlobeIcon({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M1.75 8h12.5M8 1.75c-3.3 3.5-3.3 9 0 12.5M8 1.75c3.3 3.5 3.3 9 0 12.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  )
}

/** The options of a language select: every locale by its own name, each option in its language. */
export function LanguageOptions() {
  return (
    <>
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </>
  )
}
