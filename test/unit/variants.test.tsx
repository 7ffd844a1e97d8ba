import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import { isNotificationsMenu, variantMainMenu } from '../../shell/menu'
import { resolvePage } from '../../shell/routes'
import { CONSENT_KEY, parseConsent, readConsent, saveConsent, serialiseConsent, type ConsentStorage } from '../../shell/consent'
import { CookieConsent } from '../../shell/CookieConsent'
import { variantMenu } from '../../server/routes/global'
import { STATUS_PAGE_COMPONENT } from '../../contract/constants'
import type { Menu } from '../../contract/global'
import { clouds, item, menu } from '../fixtures/global'
import { mount, settle, waitFor } from '../fixtures/dom'

// --- Menu per variant -------------------------------------------------------------------------

test('the Notifications dropdown is recognised by its route or its notification-list sub-menus', () => {
  const notifications = menu.main_menu.find((i) => i.id === 'Notifications')!
  assert.ok(isNotificationsMenu(notifications))
  assert.ok(isNotificationsMenu(item('N', 'elsewhere', '', { sub_menus: [item('a', 'x', 'notifications')] })))
  assert.ok(
    isNotificationsMenu(item('N', { commercial: '/notifications/' }, '', { sub_menus: [item('a', 'https://x.example', 'external')] })),
  )
  assert.not.ok(isNotificationsMenu(item('Notifications', 'notifications', 'notifications')), 'no sub-menus: not a dropdown')
  assert.not.ok(isNotificationsMenu(item('More', 'more', '', { sub_menus: [item('a', 'faq', 'faq')] })))
})

test('government variant: no Notifications dropdown; other variants keep every item', () => {
  const ids = (items: typeof menu.main_menu) => items.map((i) => i.id)
  assert.equal(ids(variantMainMenu(menu.main_menu, { isGov: true })), ['Home', 'Cloud Status', 'Data Center Map', 'FAQ'])
  assert.equal(ids(variantMainMenu(menu.main_menu, { isGov: false })), ids(menu.main_menu))
  assert.is.not(variantMainMenu(menu.main_menu, { isGov: false }), menu.main_menu, 'a copy')
})

test('server: the status pages take their configured URLs; gov points Help at the gov help site', () => {
  const stored: Menu = {
    main_menu: [
      item('Notifications', 'notifications', '', {
        sub_menus: [
          item('VM', 'https://old-vm.example', STATUS_PAGE_COMPONENT.vulnerabilityManagement, { deep_link: false }),
          item('Branch', 'https://old-branch.example', STATUS_PAGE_COMPONENT.zeroTrustBranch, { deep_link: false }),
          item('Cloud App', 'notifications/cloud-app', 'notifications'),
        ],
      }),
    ],
    top_menu: [
      item('Help', { commercial: 'https://help.example/', gamma: 'https://help-gamma.example' }, 'external'),
      item('Blog', 'https://blog.example', 'external'),
    ],
  }
  const opts = {
    helpSite: 'https://help.example',
    helpSiteGov: 'https://help.gov.example',
    statusPages: { vulnerabilityManagement: 'https://vm.example', zeroTrustBranch: '' },
  }
  const commercial = variantMenu(stored, { ...opts, isGov: false })
  assert.equal(
    commercial.main_menu[0].sub_menus.map((s) => s.route),
    ['https://vm.example', 'https://old-branch.example', 'notifications/cloud-app'],
  )
  assert.equal(commercial.top_menu[0].route, stored.top_menu[0].route)
  const gov = variantMenu(stored, { ...opts, isGov: true })
  assert.is(gov.top_menu[0].route, 'https://help.gov.example')
  assert.is(gov.top_menu[1].route, 'https://blog.example')
  assert.is(stored.main_menu[0].sub_menus[0].route, 'https://old-vm.example', 'the stored menu is not changed')
})

test('server: a status page without a configured URL or an absolute stored one is left out of the dropdown', () => {
  const stored: Menu = {
    main_menu: [
      item('Notifications', 'notifications', '', {
        sub_menus: [
          item('VM', '', STATUS_PAGE_COMPONENT.vulnerabilityManagement, { deep_link: false }),
          item('Branch', 'status-branch', STATUS_PAGE_COMPONENT.zeroTrustBranch, { deep_link: false }),
          item('Cloud App', 'notifications/cloud-app', 'notifications'),
        ],
      }),
    ],
    top_menu: [],
  }
  const opts = { isGov: false, helpSite: '', helpSiteGov: '' }
  // A new site: neither setting, and no URL stored in the menu.
  const bare = variantMenu(stored, { ...opts, statusPages: {} })
  assert.equal(
    bare.main_menu[0].sub_menus.map((s) => s.id),
    ['Cloud App'],
  )
  // Once Settings give a URL, the page is back.
  const set = variantMenu(stored, { ...opts, statusPages: { vulnerabilityManagement: 'https://vm.example', zeroTrustBranch: '' } })
  assert.equal(
    set.main_menu[0].sub_menus.map((s) => [s.id, s.route]),
    [
      ['VM', 'https://vm.example'],
      ['Cloud App', 'notifications/cloud-app'],
    ],
  )
})

test('DR variant: protected pages are not sent to sign-in (they show the unavailable message)', () => {
  const global = { clouds, menu }
  for (const [route, path] of [
    ['subscribe', '/subscribe'],
    ['userEdit', '/user/4/edit'],
    ['accountSettings', '/account-settings'],
  ]) {
    const normal = resolvePage(path, { route, params: {} }, global, clouds[0], false)
    assert.is(normal.kind, 'redirect', path)
    const dr = resolvePage(path, { route, params: {} }, { ...global, isTrustDR: true }, clouds[0], false)
    assert.is(dr.kind, 'page', path)
  }
})

// --- Cookie consent ---------------------------------------------------------------------------

function memoryStorage(initial: Record<string, string> = {}): ConsentStorage & { data: Record<string, string> } {
  const data = { ...initial }
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v
    },
  }
}

test('consent: stored per domain id; anything unreadable counts as no choice', () => {
  const raw = serialiseConsent('accepted', 'com-1', 1000)
  assert.equal(JSON.parse(raw), { domainId: 'com-1', choice: 'accepted', at: 1000 })
  assert.is(parseConsent(raw, 'com-1'), 'accepted')
  assert.is(parseConsent(raw, 'gov-1'), null, 'a choice for the commercial id does not count on gov')
  assert.is(parseConsent(serialiseConsent('rejected', 'gov-1', 1), 'gov-1'), 'rejected')
  for (const bad of [null, undefined, '', 'not json', 'null', '42', '{"domainId":"com-1","choice":"maybe"}'])
    assert.is(parseConsent(bad, 'com-1'), null, String(bad))
})

test('consent: read and save survive a storage that throws', () => {
  const storage = memoryStorage()
  assert.is(readConsent(storage, 'x'), null)
  assert.ok(saveConsent(storage, 'rejected', 'x', 5))
  assert.is(readConsent(storage, 'x'), 'rejected')
  assert.ok(storage.data[CONSENT_KEY].includes('"at":5'))
  const broken: ConsentStorage = {
    getItem() {
      throw new Error('blocked')
    },
    setItem() {
      throw new Error('blocked')
    },
  }
  assert.is(readConsent(broken, 'x'), null)
  assert.is(saveConsent(broken, 'accepted', 'x'), false)
  assert.is(saveConsent(undefined, 'accepted', 'x'), false)
})

test('banner: labelled region with the domain id, policy link, Accept stores and closes', async () => {
  const storage = memoryStorage()
  const chosen: string[] = []
  const { container, root, unmount } = mount()
  root.render(createElement(CookieConsent, { domainId: 'gov-7', storage, onChoice: (c) => void chosen.push(c) }))
  await waitFor(() => !!container.querySelector('section'), 'the banner')
  const section = container.querySelector('section')!
  assert.is(section.getAttribute('data-domain-id'), 'gov-7')
  const label = document.getElementById(section.getAttribute('aria-labelledby')!)
  assert.is(label?.textContent, 'Cookie consent')
  assert.is(section.querySelector('a')!.getAttribute('href'), '/privacy-compliance/cookie-policy')
  const buttons = [...section.querySelectorAll('button')]
  assert.equal(
    buttons.map((b) => [b.type, b.textContent]),
    [
      ['button', 'Accept'],
      ['button', 'Reject'],
    ],
  )
  assert.is(document.querySelectorAll('script[src]').length, 0, 'no consent script')
  buttons[0].click()
  await waitFor(() => !container.querySelector('section'), 'the banner closes')
  assert.equal(chosen, ['accepted'])
  assert.is(readConsent(storage, 'gov-7'), 'accepted')
  unmount()
})

test('banner: not shown when a choice exists for the same id; shown again for another id', async () => {
  const storage = memoryStorage({ [CONSENT_KEY]: serialiseConsent('rejected', 'com-1', 1) })
  const a = mount()
  a.root.render(createElement(CookieConsent, { domainId: 'com-1', storage }))
  await settle()
  assert.is(a.container.querySelector('section'), null)
  a.unmount()
  const b = mount()
  b.root.render(createElement(CookieConsent, { domainId: 'gov-1', storage }))
  await waitFor(() => !!b.container.querySelector('section'), 'the banner for the other id')
  b.container.querySelectorAll('button')[1].click()
  await waitFor(() => !b.container.querySelector('section'), 'closed')
  assert.is(readConsent(storage, 'gov-1'), 'rejected')
  b.unmount()
})

test.run()
