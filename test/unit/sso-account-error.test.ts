// The password sign-in's answer for an account of single sign-on (400 `sso_account`,
// docs/operating/staff-sign-in.md#single-sign-on) in words, in every language the page speaks.
import { readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { addCatalogue, type Catalogue } from '../../contract/i18n/index'
import { LOCALES } from '../../contract/locale'
import { accountError } from '../../shell/accounts/errors'
import { ApiError } from '../../widgets/core/request'

const MESSAGE =
  'This account signs in with single sign-on and has no password here. Use the Employee login link below the sign-in form; your organisation manages your password.'
const refused = () => new ApiError(MESSAGE, 400, 'Bad Request', 'sso_account')

test('English shows the server’s words; every other language its own translation, not the generic failure', () => {
  assert.is(accountError(refused(), { locale: 'en' }), MESSAGE)
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const catalogue = JSON.parse(readFileSync(new URL(`../../shell/accounts/locales/${locale}.json`, import.meta.url), 'utf8')) as Catalogue
    addCatalogue(locale, catalogue)
    const shown = accountError(refused(), { locale })
    assert.is(shown, (catalogue['shell.accounts.errors'] as Record<string, string>).ssoAccount, locale)
    assert.match(shown, /\S{3}/, locale)
    assert.is.not(shown, MESSAGE, `${locale} is translated`)
  }
})

test.run()
