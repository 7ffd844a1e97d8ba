import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ApiError } from '../../widgets/core/request'
import {
  parseManageAnswer,
  parseSubscribeAnswer,
  parseSubscriptionsData,
  parseUserNotificationsData,
} from '../../widgets/subscriptions/api'
import {
  allCall,
  chooseMode,
  cloudView,
  countLabel,
  nextTab,
  notificationsView,
  starCall,
  starLabel,
  subscriptionToast,
} from '../../widgets/subscriptions/model'
import { notificationTree, tree } from './subscriptions-fixtures'

test('cloudView: sections, core group, public data centers by region; premium hidden without regions', () => {
  const view = cloudView(tree())
  assert.equal(view.maintenance, [{ tid: 401, name: 'Scheduled Maintenance', subscribed: false, disabled: false }])
  assert.equal(
    view.advisory.map((a) => a.tid),
    [501, 502],
  )
  assert.is(view.core.length, 1)
  assert.is(view.core[0].mode, 'individual')
  assert.equal(
    view.core[0].items.map((i) => [i.name, i.subscribed, i.disabled]),
    [
      ['Web Proxy', false, false],
      ['Firewall', true, false],
    ],
  )
  assert.equal(
    view.dataCenters.map((g) => g.tid),
    ['public'],
    'no premium group without regions',
  )
  assert.equal(
    view.dataCenters[0].regions.map((r) => [r.tid, r.name, r.dataCenters.map((d) => d.name)]),
    [
      [300, 'EMEA', ['Amsterdam II', 'Frankfurt']],
      [310, 'Americas', ['Chicago']],
    ],
  )
  assert.is(view.count, 1)
  assert.equal(
    cloudView(tree({}, true)).dataCenters.map((g) => g.name),
    ['Public Data Center', 'Premium Data Center'],
  )
})

test('cloudView: a subscribed group is in All mode with its items disabled (and shown subscribed)', () => {
  const data = tree()
  data.core_cloud_services[0] = {
    ...data.core_cloud_services[0],
    subscribed: '1',
    subCategory: data.core_cloud_services[0].subCategory.map((s) => ({ ...s, subscribed: '1' })),
  }
  data.datacenter = { ...data.datacenter, subscribed: '1' }
  const view = cloudView(data)
  assert.is(view.core[0].mode, 'all')
  assert.ok(view.core[0].items.every((i) => i.disabled && i.subscribed))
  assert.is(view.dataCenters[0].mode, 'all')
  assert.ok(view.dataCenters[0].regions.every((r) => r.disabled && r.dataCenters.every((d) => d.disabled)))
  assert.ok(
    view.maintenance.every((m) => !m.disabled),
    'topics have no All mode',
  )
  // Individual chosen while subscribed: items enabled, still subscribed.
  const individual = cloudView(data, new Set(['core_cloud_services']))
  assert.is(individual.core[0].mode, 'individual')
  assert.ok(individual.core[0].items.every((i) => !i.disabled && i.subscribed))
  assert.is(individual.dataCenters[0].mode, 'all', 'only the chosen group')
})

test('cloudView: an empty core group is left out', () => {
  const view = cloudView(
    tree({ core_cloud_services: [{ tid: 'core_cloud_services', name: 'Core Cloud Services', subscribed: '0', subCategory: [] }] }),
  )
  assert.is(view.core.length, 0)
})

test('toggle rules: All subscribes the group; Individual makes no call; stars and Subscribe All', () => {
  const all = chooseMode('core_cloud_services', 'all', new Set(['core_cloud_services']))
  assert.equal(all.call, { tid: 'core_cloud_services', action: 'subscribe' })
  assert.is(all.individual.has('core_cloud_services'), false)
  const individual = chooseMode('public', 'individual', new Set())
  assert.is(individual.call, null, 'no server call')
  assert.ok(individual.individual.has('public'))
  assert.equal(starCall(301, false), { tid: 301, action: 'subscribe' })
  assert.equal(starCall(301, true), { tid: 301, action: 'unsubscribe' }, 'an item of a subscribed group unsubscribes just it')
  assert.equal(starCall(300, false), { tid: 300, action: 'subscribe' }, 'a region star targets the region tid')
  assert.equal(allCall('subscribe'), { tid: 'all', action: 'subscribe' })
  assert.equal(allCall('unsubscribe'), { tid: 'all', action: 'unsubscribe' })
  // Notifications: the type is the group, a category its star.
  assert.equal(chooseMode('url_change_notification', 'all', new Set()).call, { tid: 'url_change_notification', action: 'subscribe' })
  assert.equal(starCall('12', false), { tid: '12', action: 'subscribe' })
})

test('notificationsView: types with categories; a type in All mode disables its categories', () => {
  const view = notificationsView(notificationTree())
  assert.equal(
    view.types.map((t) => [t.type, t.name, t.mode]),
    [
      ['url_change_notification', 'URL Category Notifications', 'individual'],
      ['cloud_app', 'Cloud App Notifications', 'all'],
    ],
  )
  assert.equal(view.types[0].categories, [
    { tid: '11', name: 'Gambling', subscribed: true, disabled: false },
    { tid: '12', name: 'News', subscribed: false, disabled: false },
  ])
  assert.ok(view.types[1].categories[0].disabled)
  assert.not.ok(notificationsView(notificationTree(), new Set(['cloud_app'])).types[1].categories[0].disabled)
  assert.is(view.count, 2)
})

test('toast texts (docs/requirements/errors.md, exact)', () => {
  assert.is(
    subscriptionToast('cloud', 301, 'subscribe', 'Amsterdam II'),
    'You have successfully subscribed to the Amsterdam II notifications.',
  )
  assert.is(subscriptionToast('cloud', 300, 'unsubscribe', 'EMEA'), 'You have successfully unsubscribed from the EMEA notifications.')
  assert.is(
    subscriptionToast('cloud', 'core_cloud_services', 'subscribe', 'Core Cloud Services'),
    'You have successfully subscribed to the Core Cloud Services notifications.',
  )
  assert.is(subscriptionToast('cloud', 'all', 'subscribe', 'all'), 'You have successfully subscribed to all the services.')
  assert.is(subscriptionToast('cloud', 'all', 'unsubscribe', 'all'), 'You have successfully unsubscribed from all the services.')
  assert.is(
    subscriptionToast('notifications', 'all', 'subscribe', 'all'),
    'You have successfully subscribed to all the service notifications.',
  )
  assert.is(
    subscriptionToast('notifications', 'all', 'unsubscribe', 'all'),
    'You have successfully unsubscribed from all the service notifications.',
  )
  assert.is(
    subscriptionToast('notifications', 'url_change_notification', 'subscribe', 'URL Category Notifications'),
    'You have successfully subscribed to the URL Category Notifications notifications.',
  )
  assert.is(
    subscriptionToast('notifications', '11', 'unsubscribe', 'Gambling'),
    'You have successfully unsubscribed from the Gambling notifications.',
  )
})

test('labels and tab keys', () => {
  assert.is(starLabel('Amsterdam II', false), 'Subscribe to Amsterdam II')
  assert.is(starLabel('Amsterdam II', true), 'Unsubscribe from Amsterdam II')
  assert.is(countLabel(1), '1 subscription')
  assert.is(countLabel(0), '0 subscriptions')
  const tabs = ['alpha', 'beta', '#notifications']
  assert.is(nextTab(tabs, 'alpha', 'ArrowRight'), 'beta')
  assert.is(nextTab(tabs, 'alpha', 'ArrowLeft'), '#notifications')
  assert.is(nextTab(tabs, '#notifications', 'ArrowRight'), 'alpha')
  assert.is(nextTab(tabs, 'beta', 'Home'), 'alpha')
  assert.is(nextTab(tabs, 'alpha', 'End'), '#notifications')
  assert.is(nextTab(tabs, 'alpha', 'a'), undefined)
})

const malformed = (fn: () => unknown, what: string) => {
  try {
    fn()
    assert.unreachable(`${what} accepted`)
  } catch (e) {
    assert.instance(e, ApiError, what)
    assert.is((e as ApiError).statusText, 'Malformed answer', what)
  }
}

test('api: contract answers pass; malformed ones become ApiError', () => {
  assert.equal(parseSubscriptionsData(tree({}, true)), tree({}, true))
  assert.equal(parseUserNotificationsData(notificationTree()), notificationTree())
  assert.equal(
    parseSubscribeAnswer({ data: { tid: '301', action: 'subscribe', name: 'Amsterdam II', subscriptions: tree() } }).name,
    'Amsterdam II',
  )
  assert.equal(
    parseManageAnswer({ data: { tid: 'all', action: 'unsubscribe', name: 'all', notifications: notificationTree() } }).notifications,
    notificationTree(),
  )
  assert.is(parseSubscriptionsData({ ...tree(), advisory_minimum: 'Critical' }).advisory_minimum, 'Critical')
  assert.is(parseSubscriptionsData({ ...tree(), advisory_minimum: undefined }).advisory_minimum, null, 'an older server: every advisory')
  assert.is(parseSubscriptionsData({ ...tree(), advisory_minimum: 'Low' }).advisory_minimum, null, 'not a choice: every advisory')
  malformed(() => parseSubscriptionsData(null), 'null')
  malformed(() => parseSubscriptionsData({ ...tree(), maintenance: 'x' }), 'maintenance')
  malformed(() => parseSubscriptionsData({ ...tree(), subscriptions_count: undefined }), 'count')
  malformed(() => parseSubscriptionsData({ ...tree(), advisory: [{ tid: 'x', name: 'A', subscribed: '0' }] }), 'tid')
  malformed(
    () => parseSubscriptionsData({ ...tree(), datacenter: { subscribed: '0', category: [{ tid: 1, name: 'EMEA', subscribed: 'maybe' }] } }),
    'flag',
  )
  malformed(
    () => parseUserNotificationsData({ terms: { x: { notification_type: 'X', categories: null } }, subscriptions_count: 0 }),
    'categories',
  )
  malformed(() => parseSubscribeAnswer({ data: { tid: '1', action: 'toggle', name: 'X', subscriptions: tree() } }), 'action')
  malformed(() => parseSubscribeAnswer({ data: { tid: '1', action: 'subscribe', name: 'X' } }), 'no tree')
})

test.run()
