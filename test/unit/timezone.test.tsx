import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import type { UserDetailsData } from '../../contract/accounts'
import { clearSession, loadDetails, saveSettings } from '../../shell/accounts/account'
import CookiePolicyPage from '../../shell/pages/CookiePolicyPage'
import { Footer } from '../../shell/Footer'
import {
  applyTimezone,
  chooseTimezone,
  chosenTimezone,
  effectiveTimezone,
  TIMEZONE_COOKIE,
  TIMEZONE_COOKIE_MAX_AGE_S,
  validZone,
} from '../../shell/timezone/choice'
import { pickTimezone } from '../../shell/timezone/pick'
import { HeaderTimezone } from '../../shell/timezone/HeaderTimezone'
import { browserTimezone, pickerOptions, timeZoneOptions, withZone, zonePlace } from '../../shell/timezone/zones'
import { dayHeaders, weekRangeLabel } from '../../widgets/cloud-status/model'
import { COOKIE, readCookie, removeCookie, writeCookie } from '../../widgets/core/cookies'
import { $session, isTimeZone, setTimezone } from '../../widgets/core/session'
import { formatTimestamp, formatter } from '../../contract/time.js'
import { choose, mount, serve, settle, waitFor } from '../fixtures/dom'

/** Writes the raw cookie header value, as a tampering visitor or another app might. */
function rawCookie(value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test writes malformed values writeCookie would encode
  document.cookie = `${TIMEZONE_COOKIE}=${value}; Path=/`
}

function reset(): void {
  removeCookie(TIMEZONE_COOKIE)
  for (const name of [COOKIE.csrfToken, COOKIE.logoutToken]) removeCookie(name)
  clearSession()
}

function details(zone: string): { data: UserDetailsData } {
  return {
    data: {
      auth: {
        user: {
          timezone: [{ value: zone }],
          mail: [{ value: 'ann@customer.example' }],
          uid: [{ value: '42' }],
          name: [{ value: 'ann@customer.example' }],
          verified: [{ value: true }],
        },
        roles: ['authenticated'],
      },
    },
  }
}

function signedIn(zone = 'Asia/Tokyo'): void {
  writeCookie(COOKIE.csrfToken, 'c')
  writeCookie(COOKIE.logoutToken, 'l')
  $session.set({ ...$session.get(), isLoggedIn: true, csrfToken: 'c', logoutToken: 'l', apiData: details(zone).data.auth })
}

test('validZone: known IANA names pass; empty, unknown, over-long or non-string-like values give undefined', () => {
  assert.is(validZone('Europe/Berlin'), 'Europe/Berlin')
  assert.is(validZone(' Pacific/Kiritimati '), 'Pacific/Kiritimati')
  assert.is(validZone('UTC'), 'UTC')
  for (const bad of [undefined, null, '', '   ', 'Mars/Olympus', 'Europe/Berlin; Path=/', `${'A'.repeat(70)}`, '<script>']) {
    assert.is(validZone(bad), undefined, String(bad))
  }
})

test('zone checks: UTC is known without an Intl.DateTimeFormat; the shell checks a chosen zone once; setTimezone still rejects an unknown zone', () => {
  reset()
  const Original = Intl.DateTimeFormat
  const zones: unknown[] = []
  const Counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    zones.push(args[1]?.timeZone)
    return new Original(...args)
  } as unknown as typeof Intl.DateTimeFormat
  Intl.DateTimeFormat = Counting
  try {
    assert.ok(isTimeZone('UTC'))
    setTimezone('UTC')
    rawCookie('UTC')
    applyTimezone('UTC')
    assert.equal(zones, [], 'UTC asks Intl nothing')
    rawCookie('Asia%2FTokyo')
    applyTimezone()
    assert.is($session.get().timezone, 'Asia/Tokyo')
    assert.equal(zones, ['Asia/Tokyo'], 'the cookie’s zone is checked once')
    zones.length = 0
    assert.ok(chooseTimezone('Europe/Paris'))
    assert.equal(zones, ['Europe/Paris'], 'a choice is checked once')
    setTimezone('Mars/Olympus')
    assert.is($session.get().timezone, 'UTC')
  } finally {
    Intl.DateTimeFormat = Original
    reset()
  }
})

test('precedence: the visitor’s choice, else the signed-in user’s saved zone, else UTC; invalid values count as absent', () => {
  assert.is(effectiveTimezone('America/Los_Angeles', 'Asia/Tokyo'), 'America/Los_Angeles')
  assert.is(effectiveTimezone(undefined, 'Asia/Tokyo'), 'Asia/Tokyo')
  assert.is(effectiveTimezone('nonsense', 'Asia/Tokyo'), 'Asia/Tokyo')
  assert.is(effectiveTimezone('nonsense', 'also/nonsense'), 'UTC')
  assert.is(effectiveTimezone(), 'UTC')
  assert.is(effectiveTimezone('', ''), 'UTC')
})

test('cookie: a choice is written as trust_tz for a year, read back, and applied at once', () => {
  reset()
  const written: string[] = []
  let owner: object | null = document
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner)
  const descriptor = Object.getOwnPropertyDescriptor(owner!, 'cookie')!
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document),
    set: (v: string) => {
      written.push(v)
      descriptor.set!.call(document, v)
    },
  })
  try {
    assert.ok(chooseTimezone('Pacific/Kiritimati'))
  } finally {
    delete (document as { cookie?: string }).cookie
  }
  assert.is(written.length, 1)
  assert.match(written[0], /^trust_tz=Pacific%2FKiritimati; Path=\/; Expires=[^;]+; SameSite=Lax$/)
  const expires = Date.parse(written[0].match(/Expires=([^;]+)/)![1])
  assert.ok(Math.abs(expires - (Date.now() + TIMEZONE_COOKIE_MAX_AGE_S * 1000)) < 5000, 'one year')
  assert.is(TIMEZONE_COOKIE_MAX_AGE_S, 31_536_000)
  assert.is(readCookie(TIMEZONE_COOKIE), 'Pacific/Kiritimati')
  assert.is(chosenTimezone(), 'Pacific/Kiritimati')
  assert.is($session.get().timezone, 'Pacific/Kiritimati')
  // An invalid choice changes nothing, neither the cookie nor the page.
  assert.not.ok(chooseTimezone('Mars/Olympus'))
  assert.is(readCookie(TIMEZONE_COOKIE), 'Pacific/Kiritimati')
  assert.is($session.get().timezone, 'Pacific/Kiritimati')
  reset()
})

test('a bad cookie is ignored, never a crash: garbage, unknown zones, broken escapes, an empty value', () => {
  reset()
  for (const raw of ['Mars%2FOlympus', '%E0%A4%A', '', '%00', 'Europe%2FBerlin%3BPath%3D%2F', encodeURIComponent('x'.repeat(200))]) {
    rawCookie(raw)
    assert.is(chosenTimezone(), undefined, raw)
    applyTimezone('Asia/Tokyo')
    assert.is($session.get().timezone, 'Asia/Tokyo', `${raw}: the saved zone`)
    applyTimezone()
    assert.is($session.get().timezone, 'UTC', `${raw}: UTC`)
  }
  rawCookie('Europe%2FBerlin')
  applyTimezone('Asia/Tokyo')
  assert.is($session.get().timezone, 'Europe/Berlin', 'a valid cookie wins over the saved zone')
  reset()
})

test('accounts: the user’s saved zone applies without a choice; the visitor’s choice wins; sign-out keeps the choice', async () => {
  reset()
  const api = serve((call) => (call.path === '/api/user/details' ? details('Asia/Tokyo') : {}))
  try {
    signedIn()
    await loadDetails('auroraedge')
    assert.is($session.get().timezone, 'Asia/Tokyo', 'no choice: the saved zone')
    chooseTimezone('America/Los_Angeles')
    await loadDetails('auroraedge')
    assert.is($session.get().timezone, 'America/Los_Angeles', 'the choice wins over the saved zone')
    clearSession()
    assert.is($session.get().timezone, 'America/Los_Angeles', 'signed out: still the visitor’s choice')
    removeCookie(TIMEZONE_COOKIE)
    clearSession()
    assert.is($session.get().timezone, 'UTC', 'signed out without a choice: UTC')
  } finally {
    api.restore()
    reset()
  }
})

test('settings page save: applies the saved zone and moves an existing choice to it; no cookie is created without one', async () => {
  reset()
  const api = serve((call) =>
    call.path === '/api/user/settings' ? { data: { timezone: (call.body as { timezone: string }).timezone } } : {},
  )
  try {
    signedIn('UTC')
    await saveSettings('Asia/Tokyo')
    assert.is($session.get().timezone, 'Asia/Tokyo')
    assert.is(readCookie(TIMEZONE_COOKIE), undefined, 'no choice was made: no cookie')
    chooseTimezone('Europe/Berlin')
    await saveSettings('America/Los_Angeles')
    assert.is($session.get().timezone, 'America/Los_Angeles')
    assert.is(readCookie(TIMEZONE_COOKIE), 'America/Los_Angeles', 'the choice follows the saved zone')
    // apply = false (the picker's save): the account changes, the page and the cookie do not.
    await saveSettings('Asia/Tokyo', false)
    assert.is($session.get().timezone, 'America/Los_Angeles')
    assert.is(readCookie(TIMEZONE_COOKIE), 'America/Los_Angeles')
    assert.equal($session.get().apiData?.user.timezone, [{ value: 'Asia/Tokyo' }])
  } finally {
    api.restore()
    reset()
  }
})

test('picker choice: signed out it only sets the cookie; signed in it also saves the account’s zone (POST /api/user/settings)', async () => {
  reset()
  const api = serve((call) =>
    call.path === '/api/user/settings' ? { data: { timezone: (call.body as { timezone: string }).timezone } } : {},
  )
  try {
    assert.ok(await pickTimezone('Pacific/Kiritimati'))
    assert.is(api.calls.length, 0, 'signed out: no account call')
    assert.is(readCookie(TIMEZONE_COOKIE), 'Pacific/Kiritimati')
    signedIn('UTC')
    assert.ok(await pickTimezone('Europe/Berlin'))
    assert.is(api.calls.length, 1)
    assert.equal(api.calls[0].body, { timezone: 'Europe/Berlin' })
    assert.is(api.calls[0].headers?.['X-CSRF-Token'], 'c')
    assert.is($session.get().timezone, 'Europe/Berlin')
    assert.equal($session.get().apiData?.user.timezone, [{ value: 'Europe/Berlin' }])
    assert.not.ok(await pickTimezone('Mars/Olympus'))
    assert.is(api.calls.length, 1, 'an invalid zone is neither applied nor saved')
  } finally {
    api.restore()
    reset()
  }
})

test('picker choice while the account save fails: the choice still applies in this browser', async () => {
  reset()
  const api = serve(() => new Response(JSON.stringify({ error: { code: 'csrf', message: 'Refused' } }), { status: 403 }))
  const warn = console.warn
  const warned: unknown[] = []
  console.warn = (...args: unknown[]) => void warned.push(args)
  try {
    signedIn('UTC')
    assert.ok(await pickTimezone('Asia/Tokyo'))
    assert.is($session.get().timezone, 'Asia/Tokyo')
    assert.is(readCookie(TIMEZONE_COOKIE), 'Asia/Tokyo')
    assert.is(warned.length, 1)
  } finally {
    console.warn = warn
    api.restore()
    reset()
  }
})

test('zone list: the settings page’s list (UTC first); the picker puts the browser’s zone first, then UTC, each zone once', () => {
  const zones = timeZoneOptions()
  assert.is(zones[0], 'UTC')
  assert.ok(zones.includes('Pacific/Kiritimati'))
  const options = pickerOptions('Europe/Berlin', zones)
  assert.equal(options.slice(0, 2), [
    { value: 'Europe/Berlin', label: 'Your browser: Europe/Berlin' },
    { value: 'UTC', label: 'UTC' },
  ])
  assert.is(new Set(options.map((o) => o.value)).size, options.length, 'no zone twice')
  assert.is(options.length, zones.length)
  assert.equal(
    pickerOptions('UTC', ['UTC', 'Asia/Tokyo']).map((o) => o.label),
    ['Your browser: UTC', 'Asia/Tokyo'],
  )
  assert.equal(
    pickerOptions(undefined, ['UTC', 'Asia/Tokyo']).map((o) => o.value),
    ['UTC', 'Asia/Tokyo'],
  )
  assert.type(browserTimezone(), 'string')
  // A current zone the list lacks is added after UTC; one it has changes nothing.
  const short = pickerOptions('Europe/Berlin', ['UTC', 'Asia/Tokyo'])
  assert.equal(
    withZone(short, 'Asia/Calcutta').map((o) => o.value),
    ['Europe/Berlin', 'UTC', 'Asia/Calcutta', 'Asia/Tokyo'],
  )
  assert.is(withZone(short, 'Asia/Tokyo'), short)
})

test('formatters are cached per zone: one per zone, reused, and a zone’s own text', () => {
  assert.is(formatter('Pacific/Kiritimati'), formatter('Pacific/Kiritimati'))
  assert.is(formatter('America/Los_Angeles'), formatter('America/Los_Angeles'))
  assert.is.not(formatter('Pacific/Kiritimati'), formatter('UTC'))
  assert.is.not(formatter('Pacific/Kiritimati'), formatter('America/Los_Angeles'))
  assert.is(formatter('Pacific/Kiritimati').resolvedOptions().timeZone, 'Pacific/Kiritimati')
  const at = '2026-11-22T23:30:00Z'
  assert.is(formatTimestamp(at, 'UTC'), 'Sun, 22 Nov 2026 23:30:00 UTC')
  assert.is(formatTimestamp(at, 'Pacific/Kiritimati'), 'Mon, 23 Nov 2026 13:30:00 GMT+14')
  assert.is(formatTimestamp(at, 'America/Los_Angeles'), 'Sun, 22 Nov 2026 15:30:00 PST')
})

test('timeline days in a zone: the week the server made of that zone’s days is labelled with them', () => {
  // Week of 16 … 22 Nov 2026 at UTC+14 starts at 15 Nov 10:00Z.
  assert.equal(
    dayHeaders('2026-11-15T10:00:00.000Z', 'Pacific/Kiritimati').map((d) => d.label),
    ['Mon 16 Nov', 'Tue 17 Nov', 'Wed 18 Nov', 'Thu 19 Nov', 'Fri 20 Nov', 'Sat 21 Nov', 'Sun 22 Nov'],
  )
  assert.is(dayHeaders('2026-11-15T10:00:00.000Z', 'Pacific/Kiritimati')[0].date, '2026-11-16')
  assert.is(weekRangeLabel('2026-11-15T10:00:00.000Z', '2026-11-22T10:00:00.000Z', 'Pacific/Kiritimati'), '16 Nov 2026 – 22 Nov 2026')
  // The same instant read in UTC is another day: the zone matters.
  assert.is(dayHeaders('2026-11-15T10:00:00.000Z')[0].label, 'Sun 15 Nov')
  // A week over the end of daylight-saving time in Los Angeles (1 Nov 2026), 10080 minutes from
  // 26 Oct 01:00 PDT: every column still names its own day.
  assert.equal(
    dayHeaders('2026-10-26T08:00:00.000Z', 'America/Los_Angeles').map((d) => d.label),
    ['Mon 26 Oct', 'Tue 27 Oct', 'Wed 28 Oct', 'Thu 29 Oct', 'Fri 30 Oct', 'Sat 31 Oct', 'Sun 1 Nov'],
  )
  assert.is(dayHeaders('2026-10-26T08:00:00.000Z', 'America/Los_Angeles')[6].date, '2026-11-01')
  // An unknown zone reads as UTC rather than breaking the render.
  assert.is(dayHeaders('2026-11-16T00:00:00.000Z', 'Mars/Olympus')[0].label, 'Mon 16 Nov')
})

test('picker markup: labelled "Time zone", the current zone alone until reached, then browser zone, UTC and the full list; a choice applies', async () => {
  reset()
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(Footer, { links: { vendor: 'Aurora Edge', feedback_email: '' } as never, year: 2026 }))
    // The footer's language picker is a select too (docs/languages-and-themes.md): ask for the time zone's.
    await waitFor(() => container.querySelector('[data-testid="timezone-picker-footer"] select') !== null, 'the picker')
    container.querySelector('[data-testid="timezone-picker-footer"] select')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    await waitFor(
      () => (container.querySelector<HTMLSelectElement>('[data-testid="timezone-picker-footer"] select')?.options.length ?? 0) > 100,
      'the full list',
    )
    const picker = container.querySelector('[data-testid="timezone-picker-footer"]')!
    const select = picker.querySelector('select')!
    const label = picker.querySelector('label')!
    assert.is(label.textContent, 'Time zone')
    assert.is(label.htmlFor, select.id)
    assert.is(select.value, 'UTC')
    const browser = browserTimezone()!
    assert.is(select.options[0].value, browser)
    assert.is(select.options[0].textContent, `Your browser: ${browser}`)
    if (browser !== 'UTC') assert.is(select.options[1].value, 'UTC')
    choose(select, 'Pacific/Kiritimati')
    await waitFor(() => $session.get().timezone === 'Pacific/Kiritimati', 'the chosen zone')
    assert.is(readCookie(TIMEZONE_COOKIE), 'Pacific/Kiritimati')
    await waitFor(() => select.value === 'Pacific/Kiritimati', 'the select shows it')
  } finally {
    unmount()
    reset()
  }
})

test('picker: the current zone alone until the browser is idle, then every zone; the browser zone (an Intl object) only once a visitor reaches it', async () => {
  reset()
  // A page's first Intl.DateTimeFormat costs 30–100 ms in Chromium (its locale data loads): the
  // picker must not make one while the page loads, idle or not.
  const made: string[] = []
  const real = Intl.DateTimeFormat
  Intl.DateTimeFormat = new Proxy(real, {
    construct(target, args) {
      made.push('DateTimeFormat')
      return Reflect.construct(target, args)
    },
    apply(target, self, args) {
      made.push('DateTimeFormat')
      return Reflect.apply(target, self, args)
    },
  })
  // The page's idle callbacks are held, to run when the test says.
  const held: Array<() => void> = []
  const g = globalThis as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown }
  g.requestIdleCallback = (callback: () => void) => held.push(callback)
  g.cancelIdleCallback = () => {}
  const footer = () => createElement(Footer, { links: { vendor: 'Aurora Edge', feedback_email: '' } as never, year: 2026 })
  const first = mount()
  try {
    first.root.render(footer())
    const select = () => first.container.querySelector<HTMLSelectElement>('[data-testid="timezone-picker-footer"] select')
    await waitFor(() => select() !== null, 'the picker')
    await settle()
    assert.is(select()!.options.length, 1, 'the current zone alone until the browser is idle')
    assert.is(select()!.options[0].textContent, 'UTC')
    assert.ok(held.length > 0, 'the list waits for an idle moment')
    for (const run of held.splice(0)) run()
    await waitFor(() => select()!.options.length > 100, 'every zone once idle')
    assert.is(select()!.options[0].textContent, 'UTC', 'UTC first: the browser zone is not named yet')
    assert.equal(made, [], 'no Intl.DateTimeFormat while the page loads')
    select()!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    await waitFor(() => select()!.options[0].textContent!.startsWith('Your browser: '), 'the browser zone first once reached')
    assert.is(select()!.options[0].value, browserTimezone())
    assert.is(select()!.value, 'UTC')
    assert.ok(made.length > 0)
  } finally {
    first.unmount()
  }
  // Reached before the browser is idle (the idle callback still held): every zone at once, the
  // browser's first; a press does it as well as the focus.
  const second = mount()
  try {
    second.root.render(footer())
    const select = () => second.container.querySelector<HTMLSelectElement>('[data-testid="timezone-picker-footer"] select')
    await waitFor(() => select() !== null, 'the picker')
    select()!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    await waitFor(() => select()!.options.length > 100, 'the full list once the select is pressed')
    assert.is(select()!.options[0].value, browserTimezone())
  } finally {
    // Unmounted while the page's idle callbacks exist: its clean-up cancels the one it asked for.
    second.unmount()
    Intl.DateTimeFormat = real
    delete g.requestIdleCallback
    delete g.cancelIdleCallback
    reset()
  }
})

test('header button: names the zone in use (place name shown, full name in its accessible name); opens the labelled select', async () => {
  assert.is(zonePlace('America/Argentina/Buenos_Aires'), 'Buenos Aires')
  assert.is(zonePlace('Pacific/Kiritimati'), 'Kiritimati')
  assert.is(zonePlace('UTC'), 'UTC')
  reset()
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(HeaderTimezone))
    await waitFor(() => !!container.querySelector('[data-testid="timezone-button"]'), 'the button')
    const button = container.querySelector<HTMLButtonElement>('[data-testid="timezone-button"]')!
    assert.is(button.getAttribute('aria-label'), 'Time zone: UTC. Change time zone')
    assert.is(button.getAttribute('aria-expanded'), 'false')
    chooseTimezone('America/Los_Angeles')
    await waitFor(() => button.textContent!.includes('Los Angeles'), 'the new zone')
    assert.is(button.getAttribute('aria-label'), 'Time zone: America/Los_Angeles. Change time zone')
    button.click()
    await waitFor(() => !!document.querySelector('[data-testid="timezone-panel"] select'), 'the panel')
    const select = document.querySelector<HTMLSelectElement>('[data-testid="timezone-panel"] select')!
    assert.is(document.querySelector(`label[for="${select.id}"]`)!.textContent, 'Time zone')
    assert.is(select.value, 'America/Los_Angeles')
    assert.is(button.getAttribute('aria-expanded'), 'true')
  } finally {
    unmount()
    reset()
  }
})

test('cookie policy lists trust_tz (1 year)', async () => {
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(CookiePolicyPage))
    await waitFor(() => !!container.querySelector('[data-testid="cookie-table"]'), 'the table')
    const row = Array.from(container.querySelectorAll('tbody tr')).find((r) => r.querySelector('th')?.textContent === 'trust_tz')
    assert.ok(row, 'a trust_tz row')
    assert.match(row!.textContent!, '1 year')
  } finally {
    unmount()
  }
})

test.run()
