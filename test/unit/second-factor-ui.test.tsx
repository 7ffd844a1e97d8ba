// The second factor's screens (docs/operating/staff-sign-in.md "Second factor"): the console's gate
// takes over when an admin call is refused for the factor, sets up the authenticator app (the QR
// code drawn as an image, never inserted as markup), refuses a malformed or wrong code in words,
// shows the recovery codes until "I have saved my recovery codes" is ticked, then opens the
// console; and the small helpers the screens share.
import { createElement } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { SecurityData } from '../../contract/staff-identity'
import { clearSession } from '../../shell/accounts/account'
import { dueOfError } from '../../shell/accounts/second-factor/api'
import { $secondFactorOwed } from '../../shell/accounts/second-factor/owed'
import { codeDigits, codeProblem } from '../../shell/accounts/second-factor/SecondFactorProve'
import { groupedSecret, qrImageSrc } from '../../shell/accounts/second-factor/TotpSetup'
import AdminConsole from '../../shell/admin/AdminConsole'
import { ApiError } from '../../widgets/core/request'
import { mount, serve, settle, toggle, typeInto, waitFor } from '../fixtures/dom'
import { button, signedInAs } from './admin-fixtures'

const refusal = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ error: { code, message } }), { status, headers: { 'content-type': 'application/json' } })

const security = (due: SecurityData['due']): SecurityData => ({
  auth_method: 'password',
  privileged: true,
  required: true,
  proved: null,
  due,
  totp: false,
  passkeys: [],
  recovery_codes_left: 0,
})

/** A QR code as the server might send it, with what must never run in the page. */
const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="globalThis.ran = 1"><script>globalThis.ran = 2</script><path d="M0 0h1v1H0z"/></svg>'
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`)

test('helpers: digits as typed, what is wrong with a code, the key in groups, the QR image, the 403 codes', () => {
  assert.is(codeDigits(' 123 456 '), '123456')
  assert.is(codeDigits('123-456'), '123456')
  const t = { codeRequired: 'required', codeFormat: 'format', recoveryRequired: 'recovery' }
  assert.is(codeProblem('totp', '', t), 'required')
  assert.is(codeProblem('totp', '12345', t), 'format')
  assert.is(codeProblem('totp', '12345a', t), 'format')
  assert.is(codeProblem('totp', '123456', t), '')
  assert.is(codeProblem('recovery', '', t), 'recovery')
  assert.is(codeProblem('recovery', 'abcde-fghij', t), '')
  assert.is(groupedSecret('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'), 'ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567')
  assert.is(groupedSecret('ABCDEF'), 'ABCD EF')
  const src = qrImageSrc(HOSTILE_SVG)
  assert.ok(src.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg'))
  assert.not.ok(/[<>"]/.test(src), 'the SVG is escaped into the address')
  assert.is(dueOfError(new ApiError('x', 403, 'Forbidden', 'second_factor_required')), 'verify')
  assert.is(dueOfError(new ApiError('x', 403, 'Forbidden', 'second_factor_enrolment_required')), 'enrol')
  assert.is(dueOfError(new ApiError('x', 403, 'Forbidden', 'forbidden')), null)
  assert.is(dueOfError(new Error('x')), null)
})

test('console gate: a refused first read shows "Set up a second factor"; the app is set up, the codes saved, the console opens', async () => {
  clearSession()
  $secondFactorOwed.set(null)
  signedInAs(['administrator'], 'c')
  let enrolled = false
  const api = serve((call) => {
    switch (call.path) {
      case '/api/admin/dashboard':
        return enrolled
          ? refusal(500, 'internal_error', 'The dashboard is not part of this test.')
          : refusal(
              403,
              'second_factor_enrolment_required',
              'Set up a second factor (an authenticator app or a passkey) before the console opens.',
            )
      case '/api/user/security':
        return { data: security('enrol') }
      case '/api/user/totp/enrol':
        return { data: { secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', otpauth_url: 'otpauth://totp/x', qr_svg: HOSTILE_SVG } }
      case '/api/user/totp/confirm':
        if ((call.body as { code: string }).code !== '654321') return refusal(400, 'bad_code', 'The code is not right.')
        enrolled = true
        return { data: { codes: CODES } }
    }
    return refusal(404, 'not_found', call.path)
  })
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'dashboard' }))
    await waitFor(
      () => container.querySelector('[data-testid="second-factor-enrol"] h1')?.textContent === 'Set up a second factor',
      'the gate',
    )
    assert.is(container.querySelector('[data-testid="admin-console"]'), null, 'no console behind the gate')
    assert.is($secondFactorOwed.get(), 'enrol')

    button(container, 'Set up an authenticator app').click()
    await waitFor(() => !!container.querySelector('[data-testid="totp-qr"]'), 'the QR code')
    const img = container.querySelector<HTMLImageElement>('[data-testid="totp-qr"]')!
    assert.is(img.getAttribute('src'), qrImageSrc(HOSTILE_SVG))
    assert.is(img.getAttribute('alt'), 'QR code that adds this site to an authenticator app')
    assert.is(container.querySelectorAll('svg, script').length, 0, 'the server’s SVG is not in the page as markup')
    assert.is((globalThis as { ran?: number }).ran, undefined)
    assert.is(container.querySelector('[data-testid="totp-secret"]')!.textContent, 'ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567')

    const field = container.querySelector<HTMLInputElement>('[data-testid="totp-setup"] input')!
    assert.is(field.getAttribute('autocomplete'), 'one-time-code')
    assert.is(field.getAttribute('inputmode'), 'numeric')
    const form = container.querySelector<HTMLFormElement>('[data-testid="totp-setup"] form')!
    const submit = () => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    typeInto(field, '12345')
    submit()
    await waitFor(() => container.textContent!.includes('An authenticator code is six digits, for example 123456.'), 'the format error')
    assert.is(api.calls.filter((c) => c.path === '/api/user/totp/confirm').length, 0, 'nothing sent')

    typeInto(field, '123 456')
    submit()
    await waitFor(() => !!container.querySelector('[role="alert"]')?.textContent?.includes('The code is not right.'), 'the refusal')
    assert.equal(api.calls.find((c) => c.path === '/api/user/totp/confirm')?.body, { code: '123456' })
    assert.is(api.calls.find((c) => c.path === '/api/user/totp/confirm')?.headers?.['X-CSRF-Token'], 'c')

    typeInto(container.querySelector<HTMLInputElement>('[data-testid="totp-setup"] input')!, '654321')
    container
      .querySelector<HTMLFormElement>('[data-testid="totp-setup"] form')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    await waitFor(() => container.querySelectorAll('[data-testid="recovery-code-list"] li').length === 10, 'the recovery codes')
    assert.equal(
      [...container.querySelectorAll('[data-testid="recovery-code-list"] li')].map((li) => li.textContent),
      CODES,
    )
    // Continue wants the box ticked first.
    button(container, 'Continue').click()
    await waitFor(() => container.textContent!.includes('Tick the box once you have saved the codes.'), 'the box asked for')
    assert.is(container.querySelector('[data-testid="admin-console"]'), null)
    toggle(container.querySelector<HTMLInputElement>('[data-testid="recovery-codes"] input[type="checkbox"]')!)
    await settle()
    button(container, 'Continue').click()
    await waitFor(() => !!container.querySelector('[data-testid="admin-console"]'), 'the console')
    assert.is($secondFactorOwed.get(), null)
    // The console's screen loads again once the gate lifts.
    await waitFor(() => api.calls.filter((c) => c.path === '/api/admin/dashboard').length === 2, 'the dashboard read again')
  } finally {
    unmount()
    api.restore()
    clearSession()
    $secondFactorOwed.set(null)
  }
})

test('console gate: a session that owes a proof is asked "Confirm it’s you"; a recovery code opens the console', async () => {
  clearSession()
  signedInAs(['administrator'], 'c')
  $secondFactorOwed.set('verify')
  const api = serve((call) => {
    switch (call.path) {
      case '/api/user/security':
        return { data: security('verify') }
      case '/api/user/second-factor':
        return { data: { proved: 'recovery' } }
      case '/api/admin/dashboard':
        return refusal(500, 'internal_error', 'The dashboard is not part of this test.')
    }
    return refusal(404, 'not_found', call.path)
  })
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'dashboard' }))
    await waitFor(() => container.querySelector('[data-testid="second-factor-gate"] h1')?.textContent === 'Confirm it’s you', 'the gate')
    assert.is(container.querySelector('[data-passkey="prove"]'), null, 'no passkey button for an account without passkeys')
    const code = container.querySelector<HTMLInputElement>('#gate-code')!
    assert.is(code.getAttribute('autocomplete'), 'one-time-code')
    button(container, 'Use a recovery code instead').click()
    await waitFor(() => !!container.querySelector('#gate-recovery'), 'the recovery field')
    typeInto(container.querySelector<HTMLInputElement>('#gate-recovery')!, ' abcde-fghij ')
    container
      .querySelector<HTMLFormElement>('[data-testid="second-factor-prove"] form')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    await waitFor(() => !!container.querySelector('[data-testid="admin-console"]'), 'the console')
    assert.equal(api.calls.find((c) => c.path === '/api/user/second-factor')?.body, { method: 'recovery', code: 'abcde-fghij' })
  } finally {
    unmount()
    api.restore()
    clearSession()
    $secondFactorOwed.set(null)
  }
})

test.run()
