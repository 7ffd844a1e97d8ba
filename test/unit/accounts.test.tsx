import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import { adoptSessionCookies, clearSession, restoreSession, signIn, signOut, signUp } from '../../shell/accounts/account'
import { COOKIE, readCookie, removeCookie, writeCookie } from '../../widgets/core/cookies'
import type { UserDetailsData } from '../../contract/accounts'
import { PASSWORD_POLICY } from '../../contract/constants'
import type { GlobalData } from '../../contract/global'
import { signInDestination } from '../../shell/accounts/destination'
import { $session, isSignedIn } from '../../widgets/core/session'
import {
  isEmployeeName,
  MESSAGES,
  meetsPasswordPolicy,
  validateNewPassword,
  validateSignIn,
  validateSignUp,
} from '../../shell/accounts/validate'
import { pageMeta, resolvePage } from '../../shell/routes'
import SignInPage, { employeeLoginHref, SIGN_IN_BANNERS, signInContext } from '../../shell/pages/SignInPage'
import SignUpPage from '../../shell/pages/SignUpPage'
import { $toast, TOASTS } from '../../shell/toast'
import { clouds, menu } from '../fixtures/global'
import { mount, serve, settle, typeInto, waitFor, type Served } from '../fixtures/dom'

const SESSION = [COOKIE.csrfToken, COOKIE.logoutToken, COOKIE.securityString, COOKIE.sessionTimeout]

function reset() {
  for (const name of SESSION) removeCookie(name)
  clearSession()
  $toast.set(null)
}

function details(extra: Partial<UserDetailsData['auth']['user']> = {}, roles: string[] = ['authenticated']): { data: UserDetailsData } {
  return {
    data: {
      auth: {
        user: {
          timezone: [{ value: 'Europe/Berlin' }],
          mail: [{ value: 'ann@customer.example' }],
          uid: [{ value: '42' }],
          name: [{ value: 'ann@customer.example' }],
          verified: [{ value: true }],
          ...extra,
        },
        roles,
      },
    },
  }
}

const LOGIN = {
  data: {
    csrf_token: 'csrf-1',
    logout_token: 'logout-1',
    security_string: 'sec-1',
    session_timeout: Date.now() + 3_600_000,
    current_user: { uid: '42', name: 'ann@customer.example', roles: ['authenticated'] },
  },
}

function err(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } }), { status })
}

/** A fake accounts API; `override` answers first (return undefined to fall through). */
function fakeApi(override: (call: Served) => unknown = () => undefined) {
  return serve((call) => {
    const own = override(call)
    if (own !== undefined) return own
    switch (call.path) {
      case '/api/user/before-login':
        return { data: { message: 'success' } }
      case '/api/user/login':
        return LOGIN
      case '/api/user/details':
        return details()
      case '/user/logout':
        return new Response(null, { status: 204 })
      case '/api/validate-email':
        return { data: { valid: 'true' } }
      case '/api/user/register':
        return { data: { uid: '42', mail: 'ann@customer.example' } }
      default:
        return new Response('{}', { status: 404 })
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Validation (docs/requirements/validation.md)
// ---------------------------------------------------------------------------------------------

test('sign-in validation: every message by exact text', () => {
  assert.equal(validateSignIn({ name: '', pass: '' }, []), {
    name: 'Please enter your Email or Username',
    pass: 'Please enter your Password',
  })
  assert.equal(validateSignIn({ name: '   ', pass: 'x' }, []), { name: 'Please enter your Email or Username' })
  assert.equal(validateSignIn({ name: 'ann', pass: 'x' }, ['auroraedge.example']), {})
})

test('employee-domain rule: a sign-in name containing an employee domain is refused, any case', () => {
  const domains = ['auroraedge.example', '']
  assert.ok(isEmployeeName('bob@auroraedge.example', domains))
  assert.ok(isEmployeeName('BOB@AuroraEdge.Example', domains))
  assert.not.ok(isEmployeeName('bob@customer.example', domains))
  assert.not.ok(isEmployeeName('bob', []))
  assert.equal(validateSignIn({ name: 'bob@auroraedge.example', pass: 'x' }, domains), {
    name: 'Employees must use the Employee login below.',
  })
})

test('sign-up validation: every message by exact text', () => {
  assert.equal(validateSignUp({ email: '', pass: '', confirm: '' }), {
    email: 'Please enter your Email',
    pass: 'Please enter your Password',
    confirm: 'Please confirm your Password',
  })
  assert.equal(validateSignUp({ email: 'not-an-email', pass: 'abc', confirm: 'abd' }), {
    email: 'Please enter a valid Email address',
    pass: 'Password should be of minimum 5 character & include at least 1 uppercase alphabet and 1 number',
    confirm: 'Passwords do not match',
  })
  assert.equal(validateSignUp({ email: 'ann@customer.example', pass: 'Abcd1', confirm: 'Abcd1' }), {})
  assert.is(MESSAGES.password, PASSWORD_POLICY.message)
})

test('password policy: 5+ characters, 1 uppercase, 1 digit, at most 128', () => {
  assert.ok(meetsPasswordPolicy('Abcd1'))
  assert.not.ok(meetsPasswordPolicy('Abc1'), 'too short')
  assert.not.ok(meetsPasswordPolicy('abcd1'), 'no uppercase')
  assert.not.ok(meetsPasswordPolicy('Abcde'), 'no digit')
  assert.not.ok(meetsPasswordPolicy(`A1${'x'.repeat(127)}`), 'too long')
  assert.equal(validateNewPassword({ pass: 'Abcd1', confirm: '' }), { confirm: 'Please confirm your Password' })
})

// ---------------------------------------------------------------------------------------------
// Redirects (spec standards: same-origin paths only)
// ---------------------------------------------------------------------------------------------

test('sign-in destination: same-origin paths only', () => {
  for (const bad of [
    '//evil.example',
    '/\\evil.example',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    'https://evil.example',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    '/sign-in',
    '/sign-up?x=1',
    '',
    undefined,
  ]) {
    assert.is(signInDestination(bad, '/fallback'), '/fallback', `refuses ${String(bad)}`)
  }
  assert.is(signInDestination('/subscribe'), '/subscribe')
  assert.is(signInDestination('/alpha.net/incidents?page=2#top'), '/alpha.net/incidents?page=2#top')
  assert.is(signInDestination('subscribe'), '/subscribe')
  assert.is(signInDestination('/user/42/edit'), '/user/42/edit')
})

test('sign-in context: banners, destination and the employee link', () => {
  assert.equal(signInContext(''), { destination: '', banner: '', employeeDestination: 'sign-in' })
  assert.equal(signInContext('?subscribe=1'), {
    destination: '/subscribe',
    banner: SIGN_IN_BANNERS.subscribe,
    employeeDestination: 'subscribe',
  })
  assert.equal(signInContext('?destination=%2Fsubscribe'), {
    destination: '/subscribe',
    banner: SIGN_IN_BANNERS.subscribe,
    employeeDestination: 'subscribe',
  })
  assert.equal(signInContext('?destination=%2Faccount-settings'), {
    destination: '/account-settings',
    banner: SIGN_IN_BANNERS.settings,
    employeeDestination: 'sign-in',
  })
  assert.equal(signInContext('?destination=%2F%2Fevil.example'), { destination: '', banner: '', employeeDestination: 'sign-in' })
  assert.is(SIGN_IN_BANNERS.subscribe, 'Please sign in or sign up to receive email notifications from the vendor.')
  assert.is(SIGN_IN_BANNERS.settings, 'Please sign in or sign up to change user settings.')
  assert.is(employeeLoginHref('/saml/login', 'subscribe'), '/saml/login?destination=subscribe')
  assert.is(employeeLoginHref('/saml/login?idp=x', 'sign-in'), '/saml/login?idp=x&destination=sign-in')
})

test('routes: protected pages send signed-out visitors to sign-in with the path; noindex on account pages', () => {
  const global = { clouds, menu }
  const m = (route: string, params: Record<string, string> = {}) => ({ route, params })
  assert.equal(resolvePage('/subscribe', m('subscribe'), global, clouds[0]), { kind: 'redirect', to: '/sign-in?destination=%2Fsubscribe' })
  assert.equal(resolvePage('/user/42/edit', m('userEdit', { uid: '42' }), global, clouds[0]), {
    kind: 'redirect',
    to: '/sign-in?destination=%2Fuser%2F42%2Fedit',
  })
  assert.equal(resolvePage('/account-settings', m('accountSettings'), global, clouds[0]), {
    kind: 'redirect',
    to: '/sign-in?destination=%2Faccount-settings',
  })
  const signedIn = resolvePage('/subscribe', m('subscribe'), global, clouds[0], true)
  assert.is(signedIn.kind === 'page' && signedIn.component, 'subscribe')
  const settings = resolvePage('/account-settings', m('accountSettings'), global, clouds[0], true)
  assert.is(settings.kind === 'page' && settings.component, 'user-edit')
  const dr = resolvePage('/subscribe', m('subscribe'), { ...global, isTrustDR: true }, clouds[0])
  assert.is(dr.kind === 'page' && dr.component, 'subscribe', 'DR mode shows /subscribe (as unavailable), no redirect')
  const reset = resolvePage('/user/reset/abc', m('userReset', { token: 'abc' }), global, clouds[0])
  assert.is(reset.kind === 'page' && reset.component, 'user-reset')
  for (const component of ['sign-in', 'sign-up', 'subscribe', 'user-edit', 'user-password', 'user-reset'] as const) {
    assert.ok(pageMeta({ kind: 'page', component, params: {} }, 'Trust').noindex, component)
  }
})

// ---------------------------------------------------------------------------------------------
// Session state machine (docs/requirements/entities.md, docs/requirements/states.md)
// ---------------------------------------------------------------------------------------------

test('session rule: signed in only with both token cookies, until z_session_timeout', () => {
  const now = 1_000_000
  assert.ok(isSignedIn({ csrfToken: 'a', logoutToken: 'b' }, now), 'no timeout means far in the future')
  assert.ok(isSignedIn({ csrfToken: 'a', logoutToken: 'b', sessionTimeout: String(now + 1) }, now))
  assert.not.ok(isSignedIn({ csrfToken: 'a', logoutToken: 'b', sessionTimeout: String(now) }, now), 'expired at the timeout')
  assert.not.ok(isSignedIn({ csrfToken: 'a' }, now), 'csrf only')
  assert.not.ok(isSignedIn({ logoutToken: 'b' }, now), 'logout only')
  assert.not.ok(isSignedIn({}, now))
})

test('adopting cookies: signed in with both; expired or half cookies are removed', () => {
  reset()
  writeCookie(COOKIE.csrfToken, 'c')
  writeCookie(COOKIE.logoutToken, 'l')
  assert.ok(adoptSessionCookies())
  assert.is($session.get().isLoggedIn, true)
  assert.is($session.get().logoutToken, 'l')
  writeCookie(COOKIE.sessionTimeout, String(Date.now() - 1))
  assert.not.ok(adoptSessionCookies())
  assert.is($session.get().isLoggedIn, false)
  assert.is(readCookie(COOKIE.csrfToken), undefined)
  writeCookie(COOKIE.csrfToken, 'c')
  assert.not.ok(adoptSessionCookies())
  assert.is(readCookie(COOKIE.csrfToken), undefined)
})

test('signIn: before-login, login, details in order; cookies; CSRF header on details; user and time zone stored', async () => {
  reset()
  const api = fakeApi()
  try {
    assert.ok(await signIn('ann@customer.example', 'Abcd1', 'alpha'))
    assert.equal(
      api.calls.map((c) => c.path),
      ['/api/user/before-login', '/api/user/login', '/api/user/details'],
    )
    assert.ok(api.calls.every((c) => c.method === 'POST'))
    assert.equal(api.calls[1].body, { name: 'ann@customer.example', pass: 'Abcd1' })
    assert.is(api.calls[1].headers?.['X-CSRF-Token'], undefined, 'no token before login')
    assert.is(api.calls[2].headers?.['X-CSRF-Token'], 'csrf-1')
    assert.equal(api.calls[2].body, { cloud: 'alpha' })
    assert.is(readCookie(COOKIE.csrfToken), 'csrf-1')
    assert.is(readCookie(COOKIE.logoutToken), 'logout-1')
    assert.is(readCookie(COOKIE.securityString), 'sec-1')
    assert.is(readCookie(COOKIE.sessionTimeout), String(LOGIN.data.session_timeout))
    const s = $session.get()
    assert.is(s.isLoggedIn, true)
    assert.is(s.signingIn, false)
    assert.is(s.timezone, 'Europe/Berlin')
    assert.is(s.apiData?.user.uid[0].value, '42')
    assert.ok(isSignedIn())
  } finally {
    api.restore()
  }
})

test('signIn failure: cookies removed, error message stored, signed out', async () => {
  reset()
  writeCookie(COOKIE.securityString, 'stale')
  const api = fakeApi((call) =>
    call.path === '/api/user/login' ? err(400, 'bad_credentials', 'Unrecognized username or password.') : undefined,
  )
  try {
    assert.not.ok(await signIn('ann', 'wrong'))
    const s = $session.get()
    assert.is(s.errorSignIn, 'Unrecognized username or password.')
    assert.is(s.isLoggedIn, false)
    for (const name of SESSION) assert.is(readCookie(name), undefined, name)
  } finally {
    api.restore()
  }
  // A failing details call after a good login also ends signed out with the cookies gone.
  const api2 = fakeApi((call) => (call.path === '/api/user/details' ? err(403, 'csrf', 'Invalid CSRF token.') : undefined))
  try {
    assert.not.ok(await signIn('ann', 'Abcd1'))
    assert.is($session.get().errorSignIn, 'Invalid CSRF token.')
    for (const name of SESSION) assert.is(readCookie(name), undefined, name)
  } finally {
    api2.restore()
  }
})

test('signOut: posts the logout token; clears cookies and state, even when refused', async () => {
  reset()
  let api = fakeApi()
  await signIn('ann', 'Abcd1')
  await signOut()
  const logout = api.calls.find((c) => c.path === '/user/logout')!
  assert.equal(logout.query, { token: 'logout-1' })
  assert.is(logout.method, 'POST')
  assert.is($session.get().isLoggedIn, false)
  assert.is($session.get().isLogOut, true)
  assert.is($session.get().apiData, null)
  for (const name of SESSION) assert.is(readCookie(name), undefined, name)
  api.restore()

  api = fakeApi((call) => (call.path === '/user/logout' ? err(403, 'bad_token', 'Bad token.') : undefined))
  await signIn('ann', 'Abcd1')
  const warn = console.warn
  const warned: unknown[] = []
  console.warn = (...args: unknown[]) => void warned.push(args)
  try {
    await signOut()
  } finally {
    console.warn = warn
    api.restore()
  }
  assert.is(warned.length, 1)
  assert.is($session.get().isLoggedIn, false)
  assert.is(readCookie(COOKIE.csrfToken), undefined)
})

test('restoreSession: loads details when the cookies say signed in; a 403 signs out', async () => {
  reset()
  writeCookie(COOKIE.csrfToken, 'c')
  writeCookie(COOKIE.logoutToken, 'l')
  let api = fakeApi()
  assert.ok(await restoreSession('beta'))
  assert.equal(
    api.calls.map((c) => c.path),
    ['/api/user/details'],
  )
  assert.is(api.calls[0].headers?.['X-CSRF-Token'], 'c')
  assert.is($session.get().apiData?.user.mail[0].value, 'ann@customer.example')
  api.restore()
  api = fakeApi((call) => (call.path === '/api/user/details' ? err(403, 'not_signed_in', 'Not signed in.') : undefined))
  assert.not.ok(await restoreSession('beta'))
  assert.is($session.get().isLoggedIn, false)
  assert.is(readCookie(COOKIE.csrfToken), undefined)
  api.restore()
  api = fakeApi()
  assert.not.ok(await restoreSession('beta'))
  assert.is(api.calls.length, 0, 'no cookies, no call')
  api.restore()
})

test('signUp: email check, register with mail and name both the email, then automatic sign-in', async () => {
  reset()
  const api = fakeApi()
  try {
    assert.is(await signUp('ann@customer.example', 'Abcd1', 'alpha'), 'signed-in')
    assert.equal(
      api.calls.map((c) => c.path),
      ['/api/validate-email', '/api/user/register', '/api/user/before-login', '/api/user/login', '/api/user/details'],
    )
    assert.equal(api.calls[0].body, { method: 'sign-up', email: 'ann@customer.example' })
    assert.equal(api.calls[1].body, {
      mail: [{ value: 'ann@customer.example' }],
      name: [{ value: 'ann@customer.example' }],
      pass: [{ value: 'Abcd1' }],
    })
    assert.is($session.get().isLoggedIn, true)
  } finally {
    api.restore()
  }
})

test('signUp: a refused email stores data.message and stops; a register error stores its HTML', async () => {
  reset()
  let api = fakeApi((call) =>
    call.path === '/api/validate-email' ? { data: { valid: 'false', message: 'The email address is already registered.' } } : undefined,
  )
  assert.is(await signUp('ann@customer.example', 'Abcd1'), 'email-refused')
  assert.is($session.get().emailError, 'The email address is already registered.')
  assert.equal(
    api.calls.map((c) => c.path),
    ['/api/validate-email'],
  )
  api.restore()
  api = fakeApi((call) => (call.path === '/api/user/register' ? err(400, 'invalid', '<em>Password</em> is too weak.') : undefined))
  assert.is(await signUp('ann@customer.example', 'Abcd1'), 'failed')
  assert.is($session.get().errorSignUp, '<em>Password</em> is too weak.')
  assert.is($session.get().emailError, '')
  api.restore()
})

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

const GLOBAL: GlobalData = {
  clouds,
  products: [],
  menu,
  sso: { alias: '/saml/login', employee_domains: ['auroraedge.example'] },
  isGov: false,
  isTrustDR: false,
  links: { vendor: 'Aurora', help_site: '', continuity_policy: '', feedback_email: '' } as GlobalData['links'],
}

function submit(container: HTMLElement) {
  container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
}

function input(container: HTMLElement, label: string): HTMLInputElement {
  const l = Array.from(container.querySelectorAll('label')).find((x) => x.textContent === label)
  assert.ok(l, `label ${label}`)
  return container.querySelector<HTMLInputElement>(`#${l!.htmlFor}`)!
}

test('sign-in page: validation messages linked to the inputs, employee link, no request', async () => {
  reset()
  history.replaceState(null, '', '/sign-in?subscribe=1')
  const api = fakeApi()
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(SignInPage, { global: GLOBAL, cloud: clouds[0] }))
    await waitFor(() => !!container.querySelector('form'), 'the form')
    assert.is(container.querySelector('[data-testid="sign-in-banner"]')!.textContent, SIGN_IN_BANNERS.subscribe)
    const employee = container.querySelector<HTMLAnchorElement>('[data-testid="employee-login"]')!
    assert.is(employee.textContent, 'Employee login')
    assert.is(employee.getAttribute('href'), '/saml/login?destination=subscribe')
    submit(container)
    await waitFor(() => !!container.querySelector('#sign-in-name-error'), 'field errors')
    const name = input(container, 'Email or Username')
    assert.is(name.getAttribute('aria-describedby'), 'sign-in-name-error')
    assert.is(name.getAttribute('aria-invalid'), 'true')
    assert.is(container.querySelector('#sign-in-name-error')!.textContent, 'Please enter your Email or Username')
    assert.is(container.querySelector('#sign-in-pass-error')!.textContent, 'Please enter your Password')
    assert.is(document.activeElement, name, 'focus moves to the first invalid field')
    typeInto(name, 'bob@auroraedge.example')
    typeInto(input(container, 'Password'), 'x')
    await settle()
    submit(container)
    await waitFor(
      () => container.querySelector('#sign-in-name-error')?.textContent === 'Employees must use the Employee login below.',
      'the employee message',
    )
    assert.is(api.calls.length, 0)
  } finally {
    unmount()
    api.restore()
  }
})

test('sign-in page: government label; server error in a red alert', async () => {
  reset()
  history.replaceState(null, '', '/sign-in')
  const api = fakeApi((call) =>
    call.path === '/api/user/login' ? err(400, 'bad_credentials', 'Unrecognized username or password.') : undefined,
  )
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(SignInPage, { global: { ...GLOBAL, isGov: true }, cloud: clouds[0] }))
    await waitFor(() => !!container.querySelector('form'), 'the form')
    assert.is(container.querySelector('[data-testid="employee-login"]')!.textContent, 'Government employee login')
    assert.is(container.querySelector('[data-testid="employee-login"]')!.getAttribute('href'), '/saml/login?destination=sign-in')
    assert.is(container.querySelector('[data-testid="sign-in-banner"]'), null)
    typeInto(input(container, 'Email or Username'), 'ann')
    typeInto(input(container, 'Password'), 'wrong')
    await settle()
    submit(container)
    await waitFor(() => !!container.querySelector('[role="alert"]'), 'the alert')
    assert.is(container.querySelector('[role="alert"]')!.textContent, 'Unrecognized username or password.')
    assert.is(location.pathname, '/sign-in')
  } finally {
    unmount()
    api.restore()
  }
})

test('sign-in page: success signs in (before-login → login → details), toasts and goes to the destination', async () => {
  reset()
  history.replaceState(null, '', '/sign-in?destination=%2Fuser%2F42%2Fedit')
  const api = fakeApi()
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(SignInPage, { global: GLOBAL, cloud: clouds[0] }))
    await waitFor(() => !!container.querySelector('form'), 'the form')
    typeInto(input(container, 'Email or Username'), ' ann@customer.example ')
    typeInto(input(container, 'Password'), 'Abcd1')
    await settle()
    submit(container)
    await waitFor(() => location.pathname === '/user/42/edit', 'the destination')
    assert.equal(
      api.calls.map((c) => c.path),
      ['/api/user/before-login', '/api/user/login', '/api/user/details'],
    )
    assert.equal(api.calls[1].body, { name: 'ann@customer.example', pass: 'Abcd1' })
    assert.is(api.calls[2].headers?.['X-CSRF-Token'], 'csrf-1')
    assert.is($toast.get()?.text, 'You have successfully logged in!')
  } finally {
    unmount()
    api.restore()
  }
  // An unsafe destination falls back to the cloud's default page.
  reset()
  history.replaceState(null, '', '/sign-in?destination=%2F%2Fevil.example')
  const api2 = fakeApi()
  const m2 = mount()
  try {
    m2.root.render(createElement(SignInPage, { global: GLOBAL, cloud: clouds[0] }))
    await waitFor(() => !!m2.container.querySelector('form'), 'the form')
    typeInto(input(m2.container, 'Email or Username'), 'ann')
    typeInto(input(m2.container, 'Password'), 'Abcd1')
    await settle()
    submit(m2.container)
    await waitFor(() => location.pathname === '/alpha.net/cloud-status', 'the default page')
  } finally {
    m2.unmount()
    api2.restore()
  }
})

test('sign-up page: the email error blocks submitting until the address changes; success toasts and goes to /subscribe', async () => {
  reset()
  history.replaceState(null, '', '/sign-up')
  let taken = true
  const api = fakeApi((call) =>
    call.path === '/api/validate-email' && taken
      ? { data: { valid: 'false', message: 'The email address is already registered.' } }
      : undefined,
  )
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(SignUpPage, { cloud: clouds[0] }))
    await waitFor(() => !!container.querySelector('form'), 'the form')
    submit(container)
    await waitFor(() => !!container.querySelector('#sign-up-email-error'), 'field errors')
    assert.is(container.querySelector('#sign-up-email-error')!.textContent, 'Please enter your Email')
    assert.is(container.querySelector('#sign-up-confirm-error')!.textContent, 'Please confirm your Password')
    typeInto(input(container, 'Email'), 'ann@customer.example')
    typeInto(input(container, 'Password'), 'Abcd1')
    typeInto(input(container, 'Confirm Password'), 'Abcd1')
    await settle()
    submit(container)
    await waitFor(
      () => container.querySelector('#sign-up-email-error')?.textContent === 'The email address is already registered.',
      'the server email error',
    )
    assert.is(input(container, 'Email').getAttribute('aria-describedby'), 'sign-up-email-error')
    const before = api.calls.length
    submit(container)
    await settle()
    assert.is(api.calls.length, before, 'blocked while the email error shows')
    taken = false
    typeInto(input(container, 'Email'), 'ann2@customer.example')
    await waitFor(() => !container.querySelector('#sign-up-email-error'), 'the error cleared by the change')
    submit(container)
    await waitFor(() => location.pathname === '/subscribe', '/subscribe')
    assert.is($toast.get()?.text, TOASTS.accountCreated)
    assert.is(
      TOASTS.accountCreated,
      'Account created successfully. Please verify your account by clicking on the link received on your email address.',
    )
    assert.is($session.get().isLoggedIn, true)
  } finally {
    unmount()
    api.restore()
  }
})

test('sign-up page: a registration error shows as sanitised HTML in an alert', async () => {
  reset()
  const api = fakeApi((call) =>
    call.path === '/api/user/register'
      ? err(400, 'invalid', 'The name <em>ann</em> is taken.<script>alert(1)</script><img src=x onerror=alert(1)>')
      : undefined,
  )
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(SignUpPage, { cloud: clouds[0] }))
    await waitFor(() => !!container.querySelector('form'), 'the form')
    typeInto(input(container, 'Email'), 'ann@customer.example')
    typeInto(input(container, 'Password'), 'Abcd1')
    typeInto(input(container, 'Confirm Password'), 'Abcd1')
    await settle()
    submit(container)
    await waitFor(() => !!container.querySelector('[role="alert"]'), 'the alert')
    const alert = container.querySelector('[role="alert"]')!
    assert.is(alert.querySelector('em')?.textContent, 'ann')
    assert.is(alert.querySelector('script'), null)
    assert.is(alert.querySelector('img'), null)
    assert.is(alert.textContent, 'The name ann is taken.')
  } finally {
    unmount()
    api.restore()
  }
})

test.after(() => {
  reset()
  history.replaceState(null, '', '/')
})

test.run()
