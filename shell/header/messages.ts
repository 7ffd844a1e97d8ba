/** Texts of the site header, its theme switch and the language picker (docs/requirements/screens.md; docs/languages-and-themes.md). */
import { defineMessages, params } from '../../contract/i18n/index.js'

export const headerMessages = /* @__PURE__ */ defineMessages('shell.header', {
  home: params('{vendor} Trust, home'),
  brand: params('{vendor} Trust'),
  /** The name and home link of a site whose vendor name is not set yet. */
  homeUnnamed: 'Trust site, home',
  brandUnnamed: 'Trust site',
  signIn: 'Sign In',
  subscribe: 'Subscribe',
  newTab: ' (opens in a new tab)',
  topMenu: 'Top menu',
  mainMenu: 'Main menu',
  menu: 'Menu',
  theme: 'Theme',
  themeSystem: 'System',
  themeLight: 'Light',
  themeDark: 'Dark',
  language: 'Language',
  languageButton: params('Language: {language}. Change language'),
  languagePanel: 'Choose a language',
})
