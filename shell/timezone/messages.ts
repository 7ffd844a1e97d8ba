/** Texts of the time-zone picker and the header's zone button (docs/languages-and-themes.md). Zone names stay as IANA writes them. */
import { defineMessages, params } from '../../contract/i18n/index.js'

export const timezoneMessages = defineMessages('shell.timezone', {
  label: 'Time zone',
  browser: params('Your browser: {zone}'),
  button: params('Time zone: {zone}. Change time zone'),
  title: params('Time zone: {zone}'),
  panel: 'Choose a time zone',
  note: 'Every time on this site is shown in this zone.',
})
