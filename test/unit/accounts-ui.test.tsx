import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import { clearSession, resendVerification, RESEND_MESSAGE_MS } from '../../shell/accounts/account'
import { COOKIE, readCookie, writeCookie } from '../../widgets/core/cookies'
import type { UserDetailsData } from '../../contract/accounts'
import type { GlobalData } from '../../contract/global'
import { $session } from '../../widgets/core/session'
import { AccountBanners } from '../../shell/accounts/AccountBanners'
import { IdleLogout, idleLogoutSeconds } from '../../shell/accounts/IdleLogout'
import { Toaster } from '../../shell/accounts/Toaster'
import { Header } from '../../shell/header/Header'
import { signOutAndLeave } from '../../shell/accounts/actions'
import { App } from '../../shell/App'
import { $router } from '../../shell/routes'
import { $global } from '../../widgets/core/global'
import { $cloudName } from '../../widgets/core/cloud'
import ThankYouPage from '../../shell/pages/ThankYouPage'
import SettingsPage from '../../shell/pages/SettingsPage'
import { timeZoneOptions } from '../../shell/timezone/zones'
import { $toast, showToast, TOAST_MS, TOASTS } from '../../shell/toast'
import { clouds, siteGlobal } from '../fixtures/global'
import { choose, mount, serve, settle, waitFor } from '../fixtures/dom'
import { withClock } from '../fixtures/clock'

const GLOBAL: GlobalData = siteGlobal()

function auth(roles: string[], verified = true): UserDetailsData['auth'] {
  return {
    user: {
      timezone: [{ value: 'UTC' }],
      mail: [{ value: 'ann@customer.example' }],
      uid: [{ value: '42' }],
      name: [{ value: 'ann@customer.example' }],
      verified: [{ value: verified }],
    },
    roles,
  }
}

function signedInAs(roles: string[], verified = true) {
  writeCookie(COOKIE.csrfToken, 'c')
  writeCookie(COOKIE.logoutToken, 'l')
  $session.set({ ...$session.get(), isLoggedIn: true, csrfToken: 'c', logoutToken: 'l', apiData: auth(roles, verified) })
}

function button(container: HTMLElement, text: string): HTMLButtonElement {
  const b = Array.from(container.querySelectorAll('button')).find((x) => x.textContent?.trim() === text)
  assert.ok(b, `button ${text}`)
  return b as HTMLButtonElement
}

test('idle logout: 7200 s by default; the override is read from globalThis, then <html data-idle-logout-s>', () => {
  const g = globalThis as { __TRUST_IDLE_LOGOUT_S?: unknown }
  delete g.__TRUST_IDLE_LOGOUT_S
  document.documentElement.removeAttribute('data-idle-logout-s')
  assert.is(idleLogoutSeconds(), 7200)
  document.documentElement.setAttribute('data-idle-logout-s', '3')
  assert.is(idleLogoutSeconds(), 3)
  g.__TRUST_IDLE_LOGOUT_S = 0.5
  assert.is(idleLogoutSeconds(), 0.5)
  g.__TRUST_IDLE_LOGOUT_S = 'nonsense'
  assert.is(idleLogoutSeconds(), 3)
  delete g.__TRUST_IDLE_LOGOUT_S
  document.documentElement.removeAttribute('data-idle-logout-s')
})

test('idle logout: fires after the configured idle time, activity restarts it, nothing while signed out', async () => {
  clearSession()
  const g = globalThis as { __TRUST_IDLE_LOGOUT_S?: unknown }
  g.__TRUST_IDLE_LOGOUT_S = 300
  let fired = 0
  const onIdle = () => void fired++
  const { container, root, unmount } = mount()
  try {
    await withClock(async (clock) => {
      root.render(createElement(IdleLogout, { onIdle }))
      await settle()
      await clock.tickAsync(600_000)
      assert.is(fired, 0, 'signed out: no timer')
      assert.is(container.innerHTML, '', 'renders nothing')
      signedInAs([])
      await settle()
      // Activity every 200 s for 2000 s, far longer than the idle time: no logout.
      for (let i = 0; i < 10; i++) {
        await clock.tickAsync(200_000)
        window.dispatchEvent(new Event(i % 2 ? 'mousemove' : 'keypress'))
      }
      assert.is(fired, 0, 'activity keeps the session')
      // The idle time counts from the last activity: not a millisecond before it ends, then once.
      await clock.tickAsync(300_000 - 1)
      assert.is(fired, 0, 'not before 300 s without activity')
      await clock.tickAsync(1)
      assert.is(fired, 1, 'signed out at 300 s without activity')
    })
  } finally {
    unmount()
    delete g.__TRUST_IDLE_LOGOUT_S
    clearSession()
  }
})

test('toasts: a polite status region; a toast disappears after its time', async () => {
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(Toaster))
    await waitFor(() => !!container.querySelector('[data-testid="toasts"]'), 'the region')
    const region = container.querySelector('[data-testid="toasts"]')!
    assert.is(region.getAttribute('role'), 'status')
    assert.is(region.getAttribute('aria-live'), 'polite')
    await withClock(async (clock) => {
      showToast(TOASTS.loggedOut)
      await waitFor(() => region.textContent === 'You have successfully logged out!', 'the toast')
      await clock.tickAsync(TOAST_MS - 1)
      assert.is(region.textContent, 'You have successfully logged out!', 'shown for its whole time')
      await clock.tickAsync(1)
      await waitFor(() => region.textContent === '', 'the toast gone')
    })
    assert.is($toast.get(), null)
  } finally {
    unmount()
  }
})

test('header: signed out shows Sign In and Subscribe; DR mode hides the user menu', async () => {
  clearSession()
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(Header, { global: GLOBAL, cloud: clouds[0], currentPath: '/', onSelectCloud: () => {} }))
    await waitFor(() => !!container.querySelector('header'), 'the header')
    assert.ok(container.querySelector('a[href="/sign-in"]'))
    assert.ok(container.querySelector('a[href="/subscribe"]'))
    assert.is(container.querySelector('[data-testid="user-menu"]'), null)
    signedInAs([])
    root.render(
      createElement(Header, { global: { ...GLOBAL, isTrustDR: true }, cloud: clouds[0], currentPath: '/', onSelectCloud: () => {} }),
    )
    await settle()
    assert.is(container.querySelector('[data-testid="user-menu"]'), null)
    assert.is(container.querySelector('a[href="/sign-in"]'), null)
  } finally {
    unmount()
    clearSession()
  }
})

test('user menu: mail on the button, items, Admin only for privileged roles, Escape returns focus', async () => {
  clearSession()
  signedInAs(['authenticated'])
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(Header, { global: GLOBAL, cloud: clouds[0], currentPath: '/', onSelectCloud: () => {} }))
    await waitFor(() => !!container.querySelector('[data-testid="user-menu"]'), 'the user menu')
    const menu = container.querySelector<HTMLElement>('[data-testid="user-menu"]')!
    const toggle = menu.querySelector('button')!
    assert.is(toggle.textContent, 'ann@customer.example', 'the button text is the mail alone')
    assert.is(toggle.getAttribute('aria-expanded'), 'false')
    const list = menu.querySelector('ul')!
    assert.ok(list.hidden)
    assert.is(toggle.getAttribute('aria-controls'), list.id)
    assert.is(list.getAttribute('role'), 'menu')
    assert.is(toggle.getAttribute('aria-haspopup'), 'menu')
    const labels = () => Array.from(list.querySelectorAll('[role="menuitem"]'), (e) => e.textContent)
    assert.equal(labels(), ['Subscriptions', 'Settings', 'Sign Out'])
    assert.ok(list.querySelector('a[href="/user/42/edit"]'))
    toggle.focus()
    toggle.click()
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'true', 'open')
    assert.not.ok(list.hidden)
    await waitFor(() => document.activeElement?.textContent === 'Subscriptions', 'focus on the first item')
    // The focus moves on the render that follows each key.
    const press = (key: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
    press('ArrowDown')
    await waitFor(() => document.activeElement?.textContent === 'Settings', 'ArrowDown: Settings')
    press('End')
    await waitFor(() => document.activeElement?.textContent === 'Sign Out', 'End: Sign Out')
    press('ArrowDown')
    await waitFor(() => document.activeElement?.textContent === 'Subscriptions', 'ArrowDown wraps around')
    press('ArrowUp')
    await waitFor(() => document.activeElement?.textContent === 'Sign Out', 'ArrowUp wraps around')
    press('Home')
    await waitFor(() => document.activeElement?.textContent === 'Subscriptions', 'Home: Subscriptions')
    press('Escape')
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'false', 'closed')
    assert.is(document.activeElement, toggle)

    $session.setKey('apiData', auth(['authenticated', 'trust_admin']))
    await waitFor(() => labels()[0] === 'Admin (opens in a new tab)', 'the Admin item')
    const admin = list.querySelector<HTMLAnchorElement>('a[href="/admin/dashboard"]')!
    assert.is(admin.target, '_blank')
  } finally {
    unmount()
    clearSession()
  }
})

test('user menu: Sign Out posts the logout, clears the session and toasts', async () => {
  clearSession()
  history.replaceState(null, '', '/alpha.net/incidents')
  signedInAs([])
  const api = serve(() => new Response(null, { status: 204 }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(Header, { global: GLOBAL, cloud: clouds[0], currentPath: '/', onSelectCloud: () => {} }))
    await waitFor(() => !!container.querySelector('[data-testid="user-menu"]'), 'the user menu')
    const menu = container.querySelector<HTMLElement>('[data-testid="user-menu"]')!
    menu.querySelector('button')!.click()
    button(menu, 'Sign Out').click()
    await waitFor(() => $session.get().isLoggedIn === false, 'signed out')
    assert.equal(
      api.calls.map((c) => [c.path, c.query]),
      [['/user/logout', { token: 'l' }]],
    )
    assert.is(readCookie(COOKIE.csrfToken), undefined)
    await waitFor(() => $toast.get()?.text === 'You have successfully logged out!', 'the toast')
    assert.is(location.pathname, '/alpha.net/incidents', 'an unprotected page stays')
    await waitFor(() => !container.querySelector('[data-testid="user-menu"]'), 'the signed-out menu')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('verification banner: shown while unverified; "here" resends and the message stays 10 s', async () => {
  clearSession()
  signedInAs([], false)
  const api = serve((call) =>
    call.path === '/api/resend/verification'
      ? { data: { message: 'A new verification email has been sent to ann@customer.example.' } }
      : {},
  )
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AccountBanners))
    await waitFor(() => !!container.querySelector('[data-testid="verify-banner"]'), 'the banner')
    assert.is(
      container.querySelector('[data-testid="verify-banner"]')!.textContent,
      "Please check your email to verify your account. Didn't receive it? Click here to resend the verification email.",
    )
    button(container, 'here').click()
    await waitFor(() => !!container.querySelector('[data-testid="resend-message"]'), 'the resend message')
    assert.is(
      container.querySelector('[data-testid="resend-message"]')!.textContent,
      'A new verification email has been sent to ann@customer.example.',
    )
    assert.is(api.calls[0].method, 'POST')
    assert.is(RESEND_MESSAGE_MS, 10_000)
    // The message stays its 10 s, to the millisecond, then goes (on a fake clock: a second resend).
    await withClock(async (clock) => {
      button(container, 'here').click()
      await waitFor(() => api.calls.length === 2, 'the second resend')
      await settle()
      await clock.tickAsync(RESEND_MESSAGE_MS - 1)
      assert.ok(container.querySelector('[data-testid="resend-message"]'), 'still shown 1 ms before 10 s')
      await clock.tickAsync(1)
      await waitFor(() => !container.querySelector('[data-testid="resend-message"]'), 'the message gone after 10 s')
    })
    $session.setKey('apiData', auth([], true))
    await waitFor(() => !container.querySelector('[data-testid="verify-banner"]'), 'no banner once verified')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
  const failing = serve(() => new Response('{}', { status: 500 }))
  $session.setKey('resendMessage', 'old')
  assert.is(await resendVerification(), '')
  assert.is($session.get().resendMessage, '', 'a failure clears the message')
  failing.restore()
})

test('thank-you page: complete and invalid link texts', async () => {
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(ThankYouPage, { search: '' }))
    await waitFor(() => !!container.querySelector('section'), 'the page')
    assert.match(container.textContent!, 'Thank you! Your email address is verified and your sign-up is complete.')
    assert.ok(container.querySelector('a[href="/subscribe"]'))
    root.render(createElement(ThankYouPage, { search: '?status=invalid' }))
    await waitFor(() => container.textContent!.includes('This verification link is invalid or has expired.'), 'the invalid text')
    assert.ok(container.querySelector('a[href="/sign-in"]'))
  } finally {
    unmount()
  }
})

test('settings page: mail, labelled time-zone select with UTC first, save → time zone and toast', async () => {
  clearSession()
  signedInAs([])
  const api = serve((call) =>
    call.path === '/api/user/settings' ? { data: { timezone: (call.body as { timezone: string }).timezone } } : {},
  )
  const { container, root, unmount } = mount()
  try {
    const zones = timeZoneOptions()
    assert.is(zones[0], 'UTC')
    assert.is(zones.filter((z) => z === 'UTC').length, 1)
    root.render(createElement(SettingsPage))
    await waitFor(() => !!container.querySelector('select'), 'the select')
    assert.is(container.querySelector('[data-testid="settings-mail"]')!.textContent, 'ann@customer.example')
    const select = container.querySelector<HTMLSelectElement>('#settings-timezone')!
    assert.is(container.querySelector('label[for="settings-timezone"]')!.textContent, 'Time zone')
    assert.is(select.options[0].value, 'UTC')
    choose(select, 'Asia/Tokyo')
    await settle()
    container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    await waitFor(() => $session.get().timezone === 'Asia/Tokyo', 'the saved zone')
    // The page's other sections load their own data (sessions, second factor); the Save is this call.
    const saved = api.calls.find((call) => call.path === '/api/user/settings')!
    assert.equal(saved.body, { timezone: 'Asia/Tokyo' })
    assert.is(saved.headers?.['X-CSRF-Token'], 'c')
    assert.is($toast.get()?.text, 'Your settings have been saved.')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('sign-out from a protected page goes to the cloud default page', async () => {
  clearSession()
  $global.set({ loading: false, data: GLOBAL })
  $cloudName.set('alpha')
  signedInAs([])
  $router.open('/subscribe')
  const api = serve(() => new Response(null, { status: 204 }))
  try {
    await signOutAndLeave()
    assert.is(location.pathname, '/alpha.net/cloud-status')
    assert.is($session.get().isLoggedIn, false)
    assert.is($toast.get()?.text, TOASTS.loggedOut)
  } finally {
    api.restore()
  }
})

test('app: DR mode shows only the unavailable text on /sign-in, /sign-up and /subscribe; protected pages redirect signed out', async () => {
  clearSession()
  $global.set({ loading: false, data: { ...GLOBAL, isTrustDR: true } })
  $cloudName.set('alpha')
  const { container, root, unmount } = mount()
  try {
    for (const path of ['/sign-in', '/sign-up', '/subscribe']) {
      $router.open(path)
      root.render(createElement(App))
      await waitFor(
        () => container.querySelector('[data-testid="dr-unavailable"]')?.textContent === 'The service is temporarily unavailable.',
        `DR text on ${path}`,
      )
      assert.is(container.querySelector('form'), null)
    }
    $global.set({ loading: false, data: GLOBAL })
    $router.open('/account-settings')
    await waitFor(() => location.pathname + location.search === '/sign-in?destination=%2Faccount-settings', 'the sign-in redirect')
    await waitFor(
      () => container.querySelector('[data-testid="sign-in-banner"]')?.textContent === 'Please sign in or sign up to change user settings.',
      'the settings banner',
    )
    assert.ok(container.querySelector('[data-testid="toasts"]'), 'the toast region is in the shell')
    // Signed in, /account-settings shows the settings page.
    signedInAs([])
    $router.open('/account-settings')
    await waitFor(
      () => container.querySelector('[data-testid="settings-mail"]')?.textContent === 'ann@customer.example',
      'the settings page',
    )
    assert.is(location.pathname, '/account-settings')
  } finally {
    unmount()
  }
})

test.after(() => {
  clearSession()
  $global.set({ loading: false })
  $cloudName.set(null)
  $router.open('/', true)
  $toast.set(null)
})

test.run()
