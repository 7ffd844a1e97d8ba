import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import NotificationsPage from '../../shell/pages/NotificationsPage'
import { resolvePage } from '../../shell/routes'
import { clouds, menu } from '../fixtures/global'
import { mount, waitFor } from '../fixtures/dom'

const notificationsAt = (cloud: (typeof clouds)[number]) => {
  const r = resolvePage(`/${cloud.domain}/notifications`, { route: 'cloudPage', params: {} }, { clouds, menu }, cloud)
  if (r.kind !== 'page' || !r.item) throw new Error(`no page at /${cloud.domain}/notifications`)
  return r.item
}

const render = async (cloud: (typeof clouds)[number]) => {
  const m = mount()
  m.root.render(createElement(NotificationsPage, { cloud, segment: '', item: notificationsAt(cloud) }))
  await waitFor(() => !!m.container.querySelector('[data-testid="notification-types"] li'), 'the entries')
  return m
}

test('notifications page: a heading named as the dropdown and one link per entry the cloud shows', async () => {
  const m = await render(clouds[0])
  const page = m.container.querySelector('[data-testid="notification-types"]')!
  assert.is(page.querySelector('h1')?.textContent, 'Notifications')
  assert.is(page.getAttribute('aria-labelledby'), page.querySelector('h1')?.id)
  const links = [...page.querySelectorAll('li a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])
  assert.equal(links, [
    ['Cloud App', '/alpha.net/notifications/cloud-app', null],
    ['Privacy', '/alpha.net/notifications/privacy', null],
    ['External ↗ (opens in a new tab)', 'https://status.example', '_blank'],
  ])
  // No list of records: the page lists the lists.
  assert.is(m.container.querySelectorAll('[data-testid="record"], [data-testid="records-empty"]').length, 0)
  m.unmount()
})

test('notifications page: an entry hidden for the cloud is left out, as in the menu', async () => {
  const m = await render(clouds[1])
  const hrefs = [...m.container.querySelectorAll('li a')].map((a) => a.getAttribute('href'))
  assert.equal(hrefs, ['/beta.net/notifications/cloud-app', 'https://status.example'])
  m.unmount()
})

test.run()
