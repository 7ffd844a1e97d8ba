import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { menuHref, resolveRoute, visibleItems } from '../../shell/menu'
import { cloudLabel, groupClouds, layoutColumns } from '../../shell/header/selector-model'
import { resolvePage } from '../../shell/routes'
import { cloud, clouds, item, menu, products } from '../fixtures/global'
import type { Product } from '../../contract/global'

test('top-menu route: a string for all clouds, a per-cloud map with commercial fallback', () => {
  assert.is(resolveRoute('https://x.example', 'beta'), 'https://x.example')
  const route = { commercial: 'https://help.example', beta: 'https://help-beta.example' }
  assert.is(resolveRoute(route, 'beta'), 'https://help-beta.example')
  assert.is(resolveRoute(route, 'alpha'), 'https://help.example')
  assert.is(resolveRoute(route, undefined), 'https://help.example')
})

test('main menu: hidden items and hidden sub-menu items are skipped per cloud', () => {
  const forGamma = visibleItems(menu.main_menu, clouds[2]).map((i) => i.id)
  assert.not.ok(forGamma.includes('Data Center Map'))
  const forBeta = visibleItems(menu.main_menu, clouds[1])
  assert.ok(forBeta.some((i) => i.id === 'Data Center Map'))
  const subs = forBeta.find((i) => i.id === 'Notifications')!.sub_menus.map((s) => s.id)
  assert.equal(subs, ['Cloud App', 'External'])
})

test('menu hrefs: deep links under the domain, absolute routes, external URLs', () => {
  assert.is(menuHref(item('x', 'cloud-status', 'cloud-status'), clouds[0]), '/alpha.net/cloud-status')
  assert.is(menuHref(item('x', '', 'home'), clouds[0]), '/alpha.net')
  assert.is(menuHref(item('x', 'faq', 'faq', { deep_link: false }), clouds[0]), '/faq')
  assert.is(menuHref(item('x', 'https://s.example', 'external', { deep_link: false }), clouds[0]), 'https://s.example')
})

const p = (n: number): Product => ({ machine_name: `p${n}`, title: `Product ${n}` })

test('selector columns: the first 5 products start columns, the rest go to the shortest', () => {
  const ps = [1, 2, 3, 4, 5, 6, 7].map(p)
  // Cloud counts per product: 5, 1, 3, 2, 4, 2, 1
  const counts = [5, 1, 3, 2, 4, 2, 1]
  const cs = ps.flatMap((prod, i) => Array.from({ length: counts[i] }, (_, k) => cloud(`c${i}${k}`, `c${i}${k}.net`, prod.machine_name)))
  const columns = layoutColumns(groupClouds(ps, cs))
  assert.is(columns.length, 5)
  assert.equal(
    columns.map((c) => c.map((g) => g.product.machine_name)),
    [['p1'], ['p2', 'p6'], ['p3'], ['p4', 'p7'], ['p5']],
  )
})

test('selector columns: fewer than 5 products give one column each; empty products are left out', () => {
  const columns = layoutColumns(groupClouds([...products, p(9)], clouds))
  assert.equal(
    columns.map((c) => c.map((g) => g.product.machine_name)),
    [['internet_access'], ['private_access']],
  )
})

test('selector label reads "{product title} - {cloud title}"', () => {
  assert.is(cloudLabel(clouds[0], products), 'Internet Access - alpha.net')
})

const global = { clouds, menu }
const match = (route: string, params: Record<string, string> = {}) => ({ route, params })

test('routes: deep-linked menu pages resolve under the cloud domain', () => {
  const r = resolvePage('/beta.net/data-center-map', match('cloudPage', { cloud: 'beta.net', page: 'data-center-map' }), global, clouds[0])
  assert.equal(r.kind === 'page' && [r.component, r.cloud?.machine_name], ['dc-map', 'beta'])
  const home = resolvePage('/beta.net', match('cloudHome', { cloud: 'beta.net' }), global, clouds[0])
  assert.is(home.kind === 'page' && home.component, 'home')
})

test('routes: a page hidden for the cloud redirects to its default page', () => {
  const r = resolvePage('/private.gamma.com/data-center-map', match('cloudPage'), global, clouds[2])
  assert.equal(r, { kind: 'redirect', to: '/private.gamma.com' })
})

test('routes: unknown paths, unknown clouds and unbuilt pages fall back', () => {
  for (const path of ['/nope.net/cloud-status', '/alpha.net/no-such-page', '/totally/unknown/path']) {
    const r = resolvePage(path, path.split('/').length > 3 ? undefined : match('cloudPage'), global, clouds[0])
    assert.is(r.kind === 'page' && r.component, 'fallback', path)
  }
})

test('routes: / goes to the chosen cloud default page, /posts/{id} to the cloud post path', () => {
  assert.equal(resolvePage('/', match('root'), global, clouds[1]), { kind: 'redirect', to: '/beta.net/cloud-status' })
  assert.equal(resolvePage('/posts/7', match('post', { id: '7' }), global, clouds[1]), { kind: 'redirect', to: '/beta.net/posts/7' })
})

test('routes: absolute menu routes such as /faq resolve for the chosen cloud', () => {
  const r = resolvePage('/faq', match('cloudHome', { cloud: 'faq' }), global, clouds[0])
  assert.is(r.kind === 'page' && r.component, 'faq')
})

test("routes: the Notifications dropdown's own route is the notifications page listing its entries, not the fallback", () => {
  for (const path of ['/alpha.net/notifications', '/alpha.net/notifications/']) {
    const r = resolvePage(path, match('cloudPage', { cloud: 'alpha.net', page: 'notifications' }), global, clouds[0])
    assert.ok(r.kind === 'page', path)
    if (r.kind !== 'page') continue
    assert.is(r.component, 'notifications', path)
    assert.is(r.cloud?.machine_name, 'alpha')
    assert.is(r.item?.item, 'Notifications')
    assert.equal(
      r.item?.sub_menus.map((s) => s.item),
      ['Cloud App', 'Privacy', 'External'],
    )
  }
  // A list of the dropdown is still that list, with its own item.
  const list = resolvePage(
    '/alpha.net/notifications/privacy',
    match('notificationList', { cloud: 'alpha.net', type: 'privacy' }),
    global,
    clouds[0],
  )
  assert.is(list.kind === 'page' && list.item?.item, 'Privacy')
  // Not under a cloud's domain the deep-linked dropdown is no page.
  const bare = resolvePage('/notifications', match('cloudHome', { cloud: 'notifications' }), global, clouds[0])
  assert.is(bare.kind === 'page' && bare.component, 'fallback')
})

test("routes: an operator's own dropdown of notification lists, at its own route, deep-linked or absolute, hidden per cloud", () => {
  const own = {
    clouds,
    menu: {
      ...menu,
      main_menu: [
        item('Home', '', 'home'),
        item('Alerts', 'alerts', '', {
          hide_from_clouds: ['beta'],
          sub_menus: [item('Apps', 'alerts/apps', 'notifications'), item('Privacy', 'alerts/privacy', 'notifications')],
        }),
        item('Updates', 'updates', '', {
          deep_link: false,
          sub_menus: [item('Apps', 'updates/apps', 'notifications', { deep_link: false })],
        }),
        item('Resources', 'resources', '', { sub_menus: [item('Docs', 'https://docs.example', 'external', { deep_link: false })] }),
      ],
    },
  }
  const r = resolvePage('/alpha.net/alerts', match('cloudPage', { cloud: 'alpha.net', page: 'alerts' }), own, clouds[0])
  assert.equal(r.kind === 'page' && [r.component, r.item?.item], ['notifications', 'Alerts'])
  const absolute = resolvePage('/updates', match('cloudHome', { cloud: 'updates' }), own, clouds[0])
  assert.equal(absolute.kind === 'page' && [absolute.component, absolute.item?.item], ['notifications', 'Updates'])
  // Hidden for the cloud: its default page, as any hidden menu page.
  assert.equal(resolvePage('/beta.net/alerts', match('cloudPage'), own, clouds[1]), { kind: 'redirect', to: '/beta.net/cloud-status' })
  // A dropdown that holds no notification list is no page.
  const other = resolvePage('/alpha.net/resources', match('cloudPage'), own, clouds[0])
  assert.is(other.kind === 'page' && other.component, 'fallback')
})

test.run()
