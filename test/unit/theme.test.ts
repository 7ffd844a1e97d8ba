// The site's theme (docs/languages-and-themes.md): the cookie → color-scheme mapping shared by the server and the
// shell, and the header's switch (applies at once, writes the cookie, renders the server's choice).
import { createElement } from 'react'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  colorSchemeOf,
  htmlThemeAttributes,
  parseTheme,
  THEME_COOKIE,
  THEME_COOKIE_MAX_AGE_S,
  THEMES,
  themeCookieIsShareable,
  themeOfCookieHeader,
} from '../../contract/theme'
import { ThemeSwitch } from '../../shell/header/ThemeSwitch'
import { $theme, applyTheme, chooseTheme, syncThemeWithCookie } from '../../shell/theme'

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting happy-dom's cookie jar between tests
  document.cookie = `${THEME_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`
}
const root = document.documentElement

test('parseTheme: light and dark force one; anything else is the system default', () => {
  assert.equal(THEMES, ['system', 'light', 'dark'])
  assert.is(parseTheme('light'), 'light')
  assert.is(parseTheme('dark'), 'dark')
  for (const value of ['system', '', undefined, null, 'DARK', 'dark ', 'purple', '<script>'])
    assert.is(parseTheme(value), 'system', String(value))
})

test('colorSchemeOf: system follows prefers-color-scheme (light dark), light and dark force one', () => {
  assert.is(colorSchemeOf('system'), 'light dark')
  assert.is(colorSchemeOf('light'), 'light')
  assert.is(colorSchemeOf('dark'), 'dark')
})

test("themeOfCookieHeader: the theme of a request's Cookie header, among other cookies", () => {
  assert.is(themeOfCookieHeader(undefined), 'system')
  assert.is(themeOfCookieHeader(''), 'system')
  assert.is(themeOfCookieHeader('trust_theme=dark'), 'dark')
  assert.is(themeOfCookieHeader('machineName=auroraedge; trust_theme=light; z_csrf_token=x'), 'light')
  assert.is(themeOfCookieHeader('machineName=auroraedge;trust_theme=dark'), 'dark')
  assert.is(themeOfCookieHeader('trust_theme=system; machineName=a'), 'system')
  assert.is(themeOfCookieHeader('not_trust_theme=dark'), 'system', 'another cookie ending in the name')
  assert.is(themeOfCookieHeader('trust_themes=dark'), 'system')
  assert.is(themeOfCookieHeader('trust_theme=dark%22%3E'), 'system', 'a tampered value adds no variant')
  assert.is(themeOfCookieHeader(['a=1', 'trust_theme=dark']), 'dark')
})

test('themeCookieIsShareable: only the written form may be keyed by a shared cache', () => {
  for (const header of [undefined, '', 'machineName=a', 'trust_theme=dark', 'machineName=a; trust_theme=light; z=1', 'trust_theme=system'])
    assert.ok(themeCookieIsShareable(header), String(header))
  for (const header of [
    'Trust_Theme=dark',
    'trust_theme= dark',
    'trust_theme=dark ; a=1',
    'a=1, trust_theme=dark',
    'trust_theme=light; trust_theme=dark',
    'trust_theme=purple',
    'trust_theme=DARK',
  ])
    assert.not.ok(themeCookieIsShareable(header), header)
})

test('htmlThemeAttributes: a forced theme on <html>; the default adds nothing', () => {
  assert.is(htmlThemeAttributes('dark'), ' data-theme="dark" style="color-scheme:dark"')
  assert.is(htmlThemeAttributes('light'), ' data-theme="light" style="color-scheme:light"')
  assert.is(htmlThemeAttributes('system'), '')
})

test('applyTheme puts data-theme and color-scheme on the document', () => {
  applyTheme('dark')
  assert.is(root.getAttribute('data-theme'), 'dark')
  assert.is(root.style.colorScheme, 'dark')
  applyTheme('system')
  assert.is(root.getAttribute('data-theme'), 'system')
  assert.is(root.style.colorScheme, 'light dark')
})

test('chooseTheme applies at once and remembers the choice in the trust_theme cookie for a year', () => {
  clearCookie()
  const written: string[] = []
  let proto: object | null = Object.getPrototypeOf(document)
  while (proto && !Object.getOwnPropertyDescriptor(proto, 'cookie')) proto = Object.getPrototypeOf(proto)
  const descriptor = Object.getOwnPropertyDescriptor(proto!, 'cookie')!
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document),
    set: (value: string) => {
      written.push(value)
      descriptor.set!.call(document, value)
    },
  })
  try {
    chooseTheme('dark')
  } finally {
    delete (document as { cookie?: string }).cookie
  }
  assert.is($theme.get(), 'dark')
  assert.is(root.getAttribute('data-theme'), 'dark')
  assert.is(root.style.colorScheme, 'dark')
  assert.is(written.length, 1)
  assert.match(written[0], /^trust_theme=dark; Path=\/; Expires=[^;]+; SameSite=Lax$/)
  const expires = Date.parse(/Expires=([^;]+)/.exec(written[0])![1])
  assert.ok(Math.abs(expires - (Date.now() + THEME_COOKIE_MAX_AGE_S * 1000)) < 5000, 'one year')
  assert.match(document.cookie, /trust_theme=dark/)
})

test('after hydrating, the cookie wins over a page painted with another theme (a cache keyed without it)', () => {
  clearCookie()
  $theme.set('dark')
  applyTheme('dark')
  syncThemeWithCookie()
  assert.is($theme.get(), 'system')
  assert.is(root.style.colorScheme, 'light dark')
  chooseTheme('light')
  $theme.set('system')
  syncThemeWithCookie()
  assert.is($theme.get(), 'light')
  clearCookie()
})

test('the switch is a select labelled Theme offering System, Light and Dark; the server renders the given choice', () => {
  $theme.set('dark')
  const html = renderToString(createElement(ThemeSwitch))
  const container = document.createElement('div')
  container.innerHTML = html
  const select = container.querySelector('select')!
  const label = container.querySelector('label')!
  assert.is(label.textContent, 'Theme')
  assert.is(label.getAttribute('for'), select.id)
  assert.equal(
    [...select.options].map((o) => [o.value, o.textContent]),
    [
      ['system', 'System'],
      ['light', 'Light'],
      ['dark', 'Dark'],
    ],
  )
  assert.ok(select.querySelector('option[value="dark"]')!.hasAttribute('selected'), html)
})

test('changing the switch applies the theme at once, without a reload, and writes the cookie', async () => {
  clearCookie()
  $theme.set('system')
  applyTheme('system')
  const container = document.createElement('div')
  document.body.append(container)
  const reactRoot = createRoot(container)
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  await act(async () => reactRoot.render(createElement(ThemeSwitch)))
  const select = container.querySelector('select')!
  assert.is(select.value, 'system')
  await act(async () => {
    select.value = 'dark'
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
  assert.is(root.getAttribute('data-theme'), 'dark')
  assert.is(root.style.colorScheme, 'dark')
  assert.match(document.cookie, /trust_theme=dark/)
  assert.is(select.value, 'dark')
  await act(async () => reactRoot.unmount())
  container.remove()
  clearCookie()
})

test.run()
