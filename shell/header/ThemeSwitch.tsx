import { useStore } from '@nanostores/react'
import { useEffect, useId } from 'react'
import { parseTheme, type Theme, THEMES } from '../../contract/theme'
import { $theme, chooseTheme, syncThemeWithCookie } from '../theme'
import { visuallyHidden } from '../../styles/recipes.css'
import * as styles from './theme-switch.css'
import { headerMessages } from './messages'
import { useMessages } from '../../widgets/core/i18n/react'

/** The message key of each choice's name (./messages.ts). */
const THEME_LABELS = { system: 'themeSystem', light: 'themeLight', dark: 'themeDark' } as const satisfies Record<Theme, string>

/**
 * The theme switch of the header (docs/languages-and-themes.md; also the admin console's, which sits inside the
 * site's header): a native select labelled "Theme" offering System, Light and Dark, so it is
 * keyboard operable and announces the current choice as any select does. Its visible label is a
 * half-filled circle (the header is crowded; the word is there for assistive technology and as
 * the icon's tooltip). A change applies at once and is remembered in the `trust_theme` cookie
 * (`shell/theme.ts`).
 */
export function ThemeSwitch() {
  const t = useMessages(headerMessages)
  const theme = useStore($theme)
  const id = useId()
  useEffect(syncThemeWithCookie, [])
  return (
    <div className={styles.themeSwitch}>
      <label className={styles.label} htmlFor={id} title={t.theme}>
        <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 1.75a6.25 6.25 0 0 0 0 12.5z" fill="currentColor" />
        </svg>
        <span className={visuallyHidden}>{t.theme}</span>
      </label>
      <select
        id={id}
        className={styles.select}
        value={theme}
        data-testid="theme-switch"
        onChange={(event) => chooseTheme(parseTheme(event.currentTarget.value))}
      >
        {THEMES.map((choice) => (
          <option key={choice} value={choice}>
            {t[THEME_LABELS[choice]]}
          </option>
        ))}
      </select>
    </div>
  )
}
