/**
 * The React side of the message catalogues (docs/languages-and-themes.md): the locale a subtree renders in and the
 * hook that gives a component its messages in it.
 */
import type { Translations } from '@nanostores/i18n'
import { createContext, useContext } from 'react'
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale'
import type { MessageGroup } from '../../../contract/i18n/index.js'

/** The locale of the subtree: the shell provides the page's, a widget element its `lang`. @default 'en' */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE)

/** The locale the calling component renders in. */
export function useLocale(): Locale {
  return useContext(LocaleContext)
}

/**
 * A group's messages in the calling component's locale. A locale renders once its catalogue has
 * arrived (the shell, the console and every element wait for it), so the messages do not change
 * under a mounted component; a change of locale re-renders from the provider.
 */
export function useMessages<Body extends Translations>(group: MessageGroup<Body>): Body {
  return group.in(useLocale()).get()
}
