// The words of the passkey controls' failures (shell/accounts/passkeys.tsx): every server code of
// the passkey calls and the browser's ceremony errors say what to do, in the page's language; an
// unknown failure still says something.
import { WebAuthnError } from '@simplewebauthn/browser'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { addCatalogue, type Catalogue } from '../../contract/i18n/index.js'
import { passkeyError } from '../../shell/accounts/passkeys'
import { passkeyMessages } from '../../shell/accounts/webauthn/messages'
import german from '../../shell/accounts/webauthn/locales/de.json'
import { ApiError } from '../../widgets/core/request'

const en = passkeyMessages.in('en').get()
const refusal = (code: string, status = 400) => new ApiError('English text of the server', status, 'Bad Request', code)

test('each server code of the passkey calls has its own words', () => {
  assert.is(passkeyError(refusal('passkey_refused'), en), en.refused)
  assert.is(passkeyError(refusal('no_passkeys', 404), en), en.noPasskeys)
  assert.is(passkeyError(refusal('passkey_expired'), en), en.expired)
  assert.is(passkeyError(refusal('passkey_registered', 409), en), en.alreadyRegistered)
  assert.is(passkeyError(refusal('too_many_attempts', 429), en), en.tooMany)
  assert.is(passkeyError(refusal('second_factor_required', 403), en), en.proveFirst)
  assert.is(passkeyError(refusal('toString'), en), en.failed, 'a code that is no key of the table')
  assert.is(passkeyError(new Error('boom'), en), en.failed)
})

test('a cancelled ceremony and an authenticator that holds the passkey already', () => {
  const cause = new Error('denied')
  const cancelled = new WebAuthnError({ message: 'x', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause, name: 'NotAllowedError' })
  assert.is(passkeyError(cancelled, en), en.cancelled)
  const held = new WebAuthnError({ message: 'x', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', cause, name: 'InvalidStateError' })
  assert.is(passkeyError(held, en), en.alreadyRegistered)
  const plain = Object.assign(new Error('timed out'), { name: 'NotAllowedError' })
  assert.is(passkeyError(plain, en), en.cancelled)
})

test('in German the words come from the catalogue', () => {
  addCatalogue('de', german as Catalogue)
  const de = passkeyMessages.in('de').get()
  assert.is(passkeyError(refusal('passkey_refused'), de), german['shell.accounts.passkeys'].refused)
  assert.is.not(de.refused, en.refused)
})

test.run()
