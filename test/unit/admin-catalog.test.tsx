// The admin console's catalogue screens (issue "the operator's own site"; contract/admin.ts):
// the list and item forms, the data-center rules checked before the server sees them, and what a
// save says — the server's messages (400), a stale catalogue (409) with Reload, "Saved." with
// the new revision — and that roles without `catalog` see the section read-only.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import type { CatalogData } from '../../contract/admin'
import type { Catalog } from '../../contract/catalog'
import AdminConsole from '../../shell/admin/AdminConsole'
import {
  addRow,
  coordinateError,
  dataCenterErrors,
  decommissionAll,
  menuDraft,
  menuOf,
  moveItem,
  parseRoute,
  rowsOf,
  withDecommissioned,
} from '../../shell/admin/model'
import { failureOf, STALE_TEXT } from '../../shell/admin/save'
import { settingsOf } from '../../shell/admin/SettingsEditor'
import { clearSession } from '../../shell/accounts/account'
import { ApiError } from '../../widgets/core/request'
import { choose, mount, serve, type Served, settle, toggle, typeInto, waitFor } from '../fixtures/dom'
import { amsterdamDataCenter, button, deskCatalog, signedInAs } from './admin-fixtures'

const T0 = '2024-01-01T00:00:00.000Z'

function catalog(): Catalog {
  // The desk fixture's products and two clouds, with this file's own sections on top.
  return {
    ...deskCatalog().catalog,
    core_services: [
      { name: 'Authentication', description: 'Sign-in.' },
      { name: 'Proxy', description: 'Traffic.' },
    ],
    regions: ['EMEA', 'Americas'],
    data_centers: [amsterdamDataCenter()],
    main_menu: [{ label: 'Home', route: '', component: 'home', deep_link: true, hide_from_clouds: [], sub_menus: [] }],
    top_menu: [
      {
        label: 'Help',
        route: { commercial: 'https://help.example', beta: 'https://beta.help.example' },
        component: 'external',
        deep_link: false,
        hide_from_clouds: [],
        sub_menus: [],
      },
    ],
    severities: [{ tid: 20, name: 'Service Disruption', color_code: '#d32f2f', icon: 'ban', status_icon: 'circle-ban', show_legend: true }],
    settings: { vendor: 'Aurora', is_gov: false },
  }
}

function input(container: HTMLElement, label: string): HTMLInputElement {
  const l = Array.from(container.querySelectorAll('label')).find((x) => x.textContent?.trim() === label)
  assert.ok(l, `label ${label}`)
  const el = l!.htmlFor ? container.querySelector<HTMLInputElement>(`#${CSS.escape(l!.htmlFor)}`) : l!.querySelector('input')
  assert.ok(el, `control of ${label}`)
  return el as HTMLInputElement
}

const checkbox = (container: HTMLElement, label: string) => {
  const el = container.querySelector<HTMLInputElement>(`input[type="checkbox"][aria-label="${label}"]`)
  assert.ok(el, `checkbox ${label}`)
  return el!
}

const LAT = 'Latitude (degrees north, -90 to 90)'
const LON = 'Longitude (degrees east, -180 to 180)'

/** Serves GET /api/admin/catalog and answers each PUT with `onPut`. */
function catalogApi(onPut: (call: Served, n: number) => Response | unknown) {
  let revision = 1
  let puts = 0
  return serve((call) => {
    if (call.method === 'PUT') return onPut(call, ++puts)
    return { data: { catalog: catalog(), revision: `r${revision++}` } satisfies CatalogData }
  })
}

async function openDataCenters(container: HTMLElement) {
  await waitFor(() => !!container.querySelector('[data-testid="catalog-list"]'), 'the list')
  button(container, 'Edit Amsterdam II').click()
  await waitFor(() => !!container.querySelector('section h2'), 'the form')
}

// ---------------------------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------------------------

test('model: coordinates must be numbers within -90..90 and -180..180 degrees', () => {
  assert.is(coordinateError('latitude', 90), '')
  assert.is(coordinateError('latitude', -90), '')
  assert.is(coordinateError('latitude', 90.0001), 'Latitude must be from -90 to 90 degrees.')
  assert.is(coordinateError('longitude', -180.5), 'Longitude must be from -180 to 180 degrees.')
  assert.is(coordinateError('longitude', Number.NaN), 'Longitude must be a number of degrees.')
  const dc = catalog().data_centers[0]
  assert.equal(dataCenterErrors([dc]), [])
  assert.equal(
    dataCenterErrors([
      { ...dc, latitude: 95 },
      { ...dc, name: '', longitude: Number.NaN },
    ]),
    [
      'Amsterdam II: Latitude must be from -90 to 90 degrees.',
      'Data center 2: the name is required.',
      'Data center 2: Longitude must be a number of degrees.',
    ],
  )
})

test('model: decommissioning sets the flag and `until` on every cloud; back in service clears `until`', () => {
  const dc = catalog().data_centers[0]
  const two = { ...dc, clouds: [...dc.clouds, { ...dc.clouds[0], cloud: 'beta', decommissioned: true, until: T0 }] }
  const done = decommissionAll(two, '2025-05-05T00:00:00.000Z')
  assert.equal(
    done.clouds.map((c) => [c.cloud, c.decommissioned, c.until]),
    [
      ['alpha', true, '2025-05-05T00:00:00.000Z'],
      ['beta', true, T0],
    ],
  )
  assert.is(dc.clouds[0].decommissioned, false, 'a copy')
  assert.is(withDecommissioned(done.clouds[0], false, 'x').until, null)
})

test('model: rows keep ids by position; moving clamps at the ends', () => {
  const rows = rowsOf(['a', 'b', 'c'])
  assert.equal(
    rows.map((r) => r.id),
    [0, 1, 2],
  )
  assert.equal(addRow(rows, 'd'), { id: 3, isNew: true, value: 'd' })
  assert.equal(moveItem(['a', 'b', 'c'], 0, 1), ['b', 'a', 'c'])
  assert.equal(moveItem(['a', 'b', 'c'], 2, 1), ['a', 'b', 'c'])
  assert.equal(moveItem(['a', 'b', 'c'], 2, -2), ['c', 'a', 'b'])
})

test('model: a menu route is text, or JSON of per-cloud routes with a commercial fallback', () => {
  assert.equal(parseRoute(' cloud-status '), { route: 'cloud-status' })
  assert.equal(parseRoute('{"commercial":"https://a","beta":"https://b"}'), { route: { commercial: 'https://a', beta: 'https://b' } })
  assert.ok('error' in parseRoute('{"beta":"https://b"}'))
  assert.ok('error' in parseRoute('{not json'))
  assert.ok('error' in parseRoute('{"commercial": 3}'))
  const help = catalog().top_menu[0]
  const draft = menuDraft(help)
  assert.is(draft.route, '{"commercial":"https://help.example","beta":"https://beta.help.example"}')
  assert.equal(menuOf([draft]), { value: [help], errors: [] }, 'round trip')
  const bad = menuOf([{ ...draft, sub_menus: [{ ...draft, label: 'Sub', route: '{"x":"y"}' }] }])
  assert.equal(bad.errors, ['Help › Sub: per-cloud routes need a "commercial" route for the other clouds.'])
})

test('save: 400 becomes the list of messages, 409 the stale sentence, anything else its message', () => {
  assert.equal(failureOf(new ApiError('a: bad; b: worse', 400, 'Bad Request', 'invalid')), {
    kind: 'invalid',
    messages: ['a: bad', 'b: worse'],
  })
  assert.equal(failureOf(new ApiError('changed', 409, 'Conflict', 'stale')), { kind: 'stale' })
  assert.equal(failureOf(new ApiError('Your roles do not allow you to change the catalogue.', 403, 'Forbidden', 'not_permitted')), {
    kind: 'failed',
    message: 'Your roles do not allow you to change the catalogue.',
  })
  assert.equal(settingsOf({ vendor: ' Aurora ', help_site: '', is_gov: false }), { vendor: 'Aurora', is_gov: false })
})

// ---------------------------------------------------------------------------------------------
// Screens
// ---------------------------------------------------------------------------------------------

test('data centers: latitude and longitude are range-checked in the form; nothing is sent until they are right', async () => {
  clearSession()
  signedInAs(['trust_admin'], 'csrf-1')
  const api = catalogApi(() => ({ data: { catalog: catalog(), revision: 'r9' } }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'data_centers' }))
    await openDataCenters(container)
    assert.is(container.querySelector('h1')!.textContent, 'Data centers')
    assert.is(input(container, 'Name').readOnly, true, 'a saved data center keeps its name')
    const lat = input(container, LAT)
    assert.is(lat.type, 'number')
    assert.is(lat.min, '-90')
    assert.is(lat.max, '90')
    typeInto(lat, '95')
    await waitFor(() => lat.getAttribute('aria-invalid') === 'true', 'the latitude error')
    assert.is(
      container.querySelector(`#${CSS.escape(lat.getAttribute('aria-describedby')!)}`)!.textContent,
      'Latitude must be from -90 to 90 degrees.',
    )
    const lon = input(container, LON)
    typeInto(lon, '-180.5')
    await waitFor(() => lon.getAttribute('aria-invalid') === 'true', 'the longitude error')
    button(container, 'Save data centers').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-errors"]'), 'the messages')
    const alert = container.querySelector('[data-testid="save-errors"]')!
    assert.is(alert.getAttribute('role'), 'alert')
    assert.equal(
      Array.from(alert.querySelectorAll('li'), (li) => li.textContent),
      ['Amsterdam II: Latitude must be from -90 to 90 degrees.', 'Amsterdam II: Longitude must be from -180 to 180 degrees.'],
    )
    assert.is(api.calls.filter((c) => c.method === 'PUT').length, 0, 'nothing sent')
    typeInto(lat, '-33.9')
    typeInto(lon, '151.2')
    await waitFor(() => lat.getAttribute('aria-invalid') === null && lon.getAttribute('aria-invalid') === null, 'no errors')
    button(container, 'Save data centers').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-status"]'), 'saved')
    const put = api.calls.find((c) => c.method === 'PUT')!
    assert.is(put.path, '/api/admin/catalog/data_centers')
    assert.is(put.headers!['X-CSRF-Token'], 'csrf-1', 'the session CSRF header')
    const body = put.body as { revision: string; value: Catalog['data_centers'] }
    assert.is(body.revision, 'r1')
    assert.equal([body.value[0].latitude, body.value[0].longitude], [-33.9, 151.2])
    const status = container.querySelector('[data-testid="save-status"]')!
    assert.is(status.getAttribute('role'), 'status')
    assert.is(status.textContent, 'Saved.', 'the new revision is carried, not shown')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('data centers: the server refusing shows its messages in an alert list; per-cloud rows and Decommission', async () => {
  clearSession()
  signedInAs(['administrator'], 'csrf-1')
  const message =
    'data_centers[0].country: must be an ISO 3166-1 alpha-2 country code such as NL; data_centers[0].latitude: must be a latitude in degrees, -90 to 90'
  const api = catalogApi(() => new Response(JSON.stringify({ error: { code: 'invalid', message } }), { status: 400 }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'data_centers' }))
    await openDataCenters(container)
    const serves = checkbox(container, 'Serves beta.net')
    assert.is(serves.checked, false)
    assert.is(checkbox(container, 'Premium on beta.net').disabled, true, 'no flags for a cloud it does not serve')
    toggle(serves)
    await waitFor(() => !checkbox(container, 'Premium on beta.net').disabled, 'beta served')
    toggle(checkbox(container, 'Premium on beta.net'))
    await waitFor(() => checkbox(container, 'Premium on beta.net').checked, 'premium on beta')
    button(container, 'Decommission').click()
    await waitFor(() => checkbox(container, 'Decommissioned on alpha.net').checked, 'decommissioned')
    assert.ok(checkbox(container, 'Decommissioned on beta.net').checked)
    button(container, 'Save data centers').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-errors"]'), 'the server messages')
    // Each names the data center and the field in words, then what the server said.
    assert.equal(
      Array.from(container.querySelectorAll('[data-testid="save-errors"] li'), (li) => li.textContent),
      [
        'Data center “Amsterdam II”, Country (ISO code, e.g. NL): must be an ISO 3166-1 alpha-2 country code such as NL',
        'Data center “Amsterdam II”, Latitude (degrees north, -90 to 90): must be a latitude in degrees, -90 to 90',
      ],
    )
    const value = (api.calls.find((c) => c.method === 'PUT')!.body as { value: Catalog['data_centers'] }).value
    assert.equal(
      value[0].clouds.map((c) => [c.cloud, c.premium, c.decommissioned, c.since === T0, typeof c.until]),
      [
        ['alpha', false, true, true, 'string'],
        ['beta', true, true, false, 'string'],
      ],
    )
    assert.match(container.querySelector('[data-testid="catalog-list"]')!.textContent!, 'decommissioned')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('catalogue: a 409 says the catalogue changed; Reload loads the latest and replaces the drafts', async () => {
  clearSession()
  signedInAs(['trust_admin'], 'csrf-1')
  const api = catalogApi(
    () => new Response(JSON.stringify({ error: { code: 'stale', message: 'The catalogue changed.' } }), { status: 409 }),
  )
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'products' }))
    await waitFor(() => !!container.querySelector('[data-testid="catalog-list"]'), 'the list')
    button(container, 'Edit Internet Access').click()
    await waitFor(() => !!container.querySelector('section h2'), 'the form')
    typeInto(input(container, 'Title'), 'Web Access')
    await waitFor(() => container.querySelector('[data-testid="catalog-list"]')!.textContent!.includes('Web Access'), 'the draft')
    button(container, 'Save products').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-stale"]'), 'the stale message')
    const stale = container.querySelector('[data-testid="save-stale"]')!
    assert.is(stale.getAttribute('role'), 'alert')
    assert.match(stale.textContent!, STALE_TEXT)
    assert.is(STALE_TEXT, 'The catalogue changed since you opened it; reload to see the latest.')
    button(container, 'Reload').click()
    await waitFor(() => !container.querySelector('[data-testid="save-stale"]'), 'the message gone')
    assert.equal(
      api.calls.map((c) => [c.method, c.path]),
      [
        ['GET', '/api/admin/catalog'],
        ['PUT', '/api/admin/catalog/products'],
        ['GET', '/api/admin/catalog'],
      ],
    )
    await waitFor(() => container.querySelector('[data-testid="catalog-list"]')!.textContent!.includes('Internet Access'), 'the latest')
    assert.not.match(container.querySelector('[data-testid="catalog-list"]')!.textContent!, 'Web Access')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('catalogue: a new item gets its key field; menus edit routes as text or JSON and sub-menus', async () => {
  clearSession()
  signedInAs(['trust_admin'], 'csrf-1')
  const api = catalogApi((call) => ({
    data: { catalog: { ...catalog(), top_menu: (call.body as { value: never }).value }, revision: 'r2' },
  }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'top_menu' }))
    await waitFor(() => !!container.querySelector('[data-testid="catalog-list"]'), 'the list')
    button(container, 'Add menu item').click()
    await waitFor(() => container.querySelector('section h2')?.textContent === 'New menu item', 'the new item form')
    await waitFor(() => document.activeElement === input(container, 'Label'), 'focus on the first field')
    typeInto(input(container, 'Label'), 'Blog')
    typeInto(input(container, 'Route'), '{"beta": "https://b"}')
    await waitFor(() => input(container, 'Route').getAttribute('aria-invalid') === 'true', 'the route error')
    typeInto(input(container, 'Route'), 'https://blog.example')
    choose(input(container, 'Component (what the item opens)') as unknown as HTMLSelectElement, 'external')
    toggle(input(container, "Deep link (the route lives under the cloud's domain)"))
    toggle(input(container, 'beta.net'))
    button(container, 'Add sub-menu').click()
    await waitFor(() => !!container.querySelector('fieldset legend'), 'the sub-menu')
    button(container, 'Move Blog up').click()
    await waitFor(() => container.querySelector('[data-testid="catalog-list"] strong')?.textContent === 'Blog', 'Blog first')
    button(container, 'Save top menu').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-status"]'), 'saved')
    const value = (api.calls.find((c) => c.method === 'PUT')!.body as { value: Catalog['top_menu'] }).value
    assert.equal(
      value.map((i) => i.label),
      ['Blog', 'Help'],
    )
    assert.equal(value[0].route, 'https://blog.example')
    assert.equal(value[0].deep_link, false)
    assert.equal(value[0].hide_from_clouds, ['beta'])
    assert.is(value[0].sub_menus.length, 1)
    assert.equal(value[1].route, { commercial: 'https://help.example', beta: 'https://beta.help.example' })
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('catalogue: roles without `catalog` (jab_compliance, customer_success_manager) see the list, no form', async () => {
  for (const role of ['jab_compliance', 'customer_success_manager']) {
    clearSession()
    signedInAs([role], 'csrf-1')
    const api = catalogApi(() => ({}))
    const { container, root, unmount } = mount()
    try {
      root.render(createElement(AdminConsole, { screen: 'catalog', section: 'data_centers' }))
      await waitFor(() => !!container.querySelector('[data-testid="catalog-list"]'), 'the list')
      assert.is(
        container.querySelector('[data-testid="not-permitted"]')!.textContent,
        'Your roles do not allow you to change the catalogue.',
      )
      assert.match(container.querySelector('[data-testid="catalog-list"]')!.textContent!, 'Amsterdam II')
      assert.is(container.querySelector('form'), null, role)
      assert.is(container.querySelectorAll('main button, [data-testid="admin-console"] button').length, 0, 'no actions')
      root.render(createElement(AdminConsole, { screen: 'catalog', section: 'settings' }))
      await waitFor(() => !!container.querySelector('[data-testid="settings-list"]'), 'the settings, read-only')
      assert.match(container.querySelector('[data-testid="settings-list"]')!.textContent!, 'Aurora')
      await settle()
      assert.ok(api.calls.every((c) => c.method === 'GET'))
    } finally {
      unmount()
      api.restore()
      clearSession()
    }
  }
})

test('settings: the console token fields (docs/operating/console-tokens.md) are saved with the other settings', async () => {
  clearSession()
  signedInAs(['trust_admin'], 'csrf-1')
  const api = catalogApi((call) => ({
    data: { catalog: { ...catalog(), settings: (call.body as { value: never }).value }, revision: 'r2' },
  }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'settings' }))
    await waitFor(() => !!container.querySelector('[data-testid="console-token-settings"]'), 'the console token fieldset')
    assert.is(container.querySelector('[data-testid="console-token-settings"] legend')!.textContent, 'Console tokens')
    typeInto(input(container, 'Token issuer (iss)'), ' https://console.vendor.example ')
    typeInto(input(container, 'JWKS URL of the console'), 'https://console.vendor.example/.well-known/jwks.json')
    const key = container.querySelector<HTMLTextAreaElement>('#admin-setting-console_token_public_key')
    assert.ok(key, 'the public key textarea')
    assert.is(container.querySelector(`label[for="admin-setting-console_token_public_key"]`)!.textContent, 'Public key of the console')
    button(container, 'Save settings').click()
    await waitFor(() => api.calls.some((c) => c.method === 'PUT'), 'the save')
    const put = api.calls.find((c) => c.method === 'PUT')!
    assert.ok(put.path.endsWith('/api/admin/catalog/settings'), put.path)
    assert.equal((put.body as { value: unknown }).value, {
      vendor: 'Aurora',
      is_gov: false,
      console_token_issuer: 'https://console.vendor.example',
      console_token_jwks_url: 'https://console.vendor.example/.well-known/jwks.json',
    })
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test.run()
