import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseNotificationListAnswer } from '../../widgets/notifications/api'
import { notificationHref } from '../../contract/links'
import { apiPage, notificationType, sendsCloud, shownPage } from '../../widgets/notifications/model'
import { Notifications, type NotificationsProps } from '../../widgets/notifications/Notifications'
import type { ApiError } from '../../widgets/core/request'
import { choose, mount, serve, settle, waitFor } from '../fixtures/dom'
import { notificationPage } from '../fixtures/records'

const props = (extra: Partial<NotificationsProps> = {}): NotificationsProps => ({
  type: 'url_change_notification',
  cloud: 'alpha',
  timezone: 'UTC',
  ...extra,
})
const byTestId = <T extends HTMLElement = HTMLElement>(c: ParentNode, id: string) => c.querySelector<T>(`[data-testid="${id}"]`)!
const records = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('[data-testid="record"]')]

test('model: zero-based API pages, cloud only for cloud_app, default type, links', () => {
  assert.is(apiPage(1), 0)
  assert.is(apiPage(3), 2)
  assert.is(apiPage(0), 0)
  assert.is(shownPage(0), 1)
  assert.is(shownPage(2), 3)
  assert.ok(sendsCloud('cloud_app'))
  assert.not.ok(sendsCloud('url_change_notification') || sendsCloud('privacy_notification'))
  assert.is(notificationType('nonsense'), 'url_change_notification')
  assert.is(notificationType('privacy_notification'), 'privacy_notification')
  assert.is(notificationHref(5), '/notification/5')
  assert.is(notificationHref(5, 'alpha.net', 'https://trust.example/'), 'https://trust.example/alpha.net/notification/5')
})

test('api: a contract answer passes; negative pages or a missing record list do not', () => {
  const page = notificationPage()
  assert.equal(parseNotificationListAnswer({ data: page }), page)
  for (const bad of [
    { data: { ...page, currentPage: -1 } },
    { data: { ...page, records: null } },
    { data: { ...page, totalPages: 'x' } },
  ]) {
    try {
      parseNotificationListAnswer(bad)
      assert.unreachable('accepted')
    } catch (e) {
      assert.is((e as ApiError).statusText, 'Malformed answer')
    }
  }
})

test('list: heading, RSS badge (change → category), page=0 first, no cloud for URL categories; Next asks page=1', async () => {
  const { calls, restore } = serve((call) => ({ data: notificationPage(Number(call.query.page)) }))
  const { container, root, unmount } = mount()
  root.render(<Notifications {...props()} />)
  await waitFor(() => records(container).length === 1, 'records')
  assert.is(container.querySelector('h2')!.textContent, 'URL Category Notifications')
  assert.is(byTestId(container, 'rss-link').getAttribute('href'), '/rss-feed/url-category-notification')
  assert.is(byTestId(container, 'atom-link').getAttribute('href'), '/atom-feed/url-category-notification')
  assert.is(byTestId(container, 'atom-link').textContent, 'Atom')
  assert.equal(calls[0], { path: '/api/notifications', query: { notification_type: 'url_change_notification', page: '0' } })
  assert.is(byTestId(container, 'page-1').getAttribute('aria-current'), 'page', 'API page 0 is shown as page 1')
  assert.is(byTestId(container, 'record-link').getAttribute('href'), '/notification/900')
  assert.ok(records(container)[0].textContent!.includes('Gambling'))

  byTestId(container, 'page-next').click()
  await waitFor(() => calls.at(-1)!.query.page === '1', 'page=1')
  await waitFor(() => byTestId(container, 'page-2').getAttribute('aria-current') === 'page', 'shown as page 2')
  assert.is(byTestId(container, 'record-link').getAttribute('href'), '/notification/901')

  byTestId(container, 'page-last').click()
  await waitFor(() => calls.at(-1)!.query.page === '2', 'last = page=2 of 3')

  choose(byTestId<HTMLSelectElement>(container, 'status-filter'), '33')
  await waitFor(() => calls.at(-1)!.query.category === '33', 'category')
  assert.equal(calls.at(-1)!.query, { notification_type: 'url_change_notification', category: '33', page: '0' })
  unmount()
  restore()
})

test('cloud apps send cloud=; privacy does not', async () => {
  const { calls, restore } = serve(() => ({ data: notificationPage() }))
  const { container, root, unmount } = mount()
  root.render(<Notifications {...props({ type: 'cloud_app' })} />)
  await waitFor(() => records(container).length === 1, 'records')
  assert.equal(calls[0].query, { notification_type: 'cloud_app', page: '0', cloud: 'alpha' })
  assert.is(container.querySelector('h2')!.textContent, 'Cloud App Notifications')
  assert.is(byTestId(container, 'rss-link').getAttribute('href'), '/rss-feed/cloud-app?cloud=alpha')
  assert.is(byTestId(container, 'atom-link').getAttribute('href'), '/atom-feed/cloud-app?cloud=alpha')
  root.render(<Notifications {...props({ type: 'privacy_notification' })} />)
  await waitFor(() => calls.length === 2, 'privacy')
  assert.equal(calls[1].query, { notification_type: 'privacy_notification', page: '0' })
  await settle()
  unmount()
  restore()
})

test('empty list: exactly "There are no records." with the full stop, no pager', async () => {
  const { restore } = serve(() => ({ data: notificationPage(0, 0, { records: [] }) }))
  const { container, root, unmount } = mount()
  root.render(<Notifications {...props()} />)
  await waitFor(() => container.querySelector('[data-testid="notifications-empty"]') !== null, 'empty')
  assert.is(byTestId(container, 'notifications-empty').textContent, 'There are no records.')
  assert.is(container.querySelector('[data-testid="pagination"]'), null)
  unmount()
  restore()
})

test('a malformed answer shows the error with Retry; Retry recovers', async () => {
  let bad = true
  const { restore } = serve(() => (bad ? new Response('<html>', { status: 200 }) : { data: notificationPage() }))
  const { container, root, unmount } = mount()
  root.render(<Notifications {...props()} />)
  await waitFor(() => container.querySelector('[role="alert"]') !== null, 'error')
  assert.ok(container.querySelector('[role="alert"]')!.textContent!.includes('could not be read'))
  bad = false
  ;[...container.querySelectorAll<HTMLButtonElement>('[role="alert"] button')].find((b) => b.textContent === 'Retry')!.click()
  await waitFor(() => records(container).length === 1, 'records after retry')
  unmount()
  restore()
})

test.run()
