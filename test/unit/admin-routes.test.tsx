// The admin console's routes and who may open it (issue "the operator's own site"; docs/requirements/roles.md roles):
// /admin paths resolve to the console's screens, signed-out visitors go to sign-in and come back,
// a session without a privileged role is told it may not use the console, and the navigation
// reflects the roles.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import AdminConsole from '../../shell/admin/AdminConsole'
import { consoleAccess, NOT_ALLOWED, notPermittedText } from '../../shell/admin/access'
import { catalogPath, sectionOf, SECTIONS } from '../../shell/admin/sections'
import { clearSession } from '../../shell/accounts/account'
import { $router, pageMeta, resolvePage, type Resolution } from '../../shell/routes'
import { $session } from '../../widgets/core/session'
import { App } from '../../shell/App'
import { $cloudName } from '../../widgets/core/cloud'
import { $global } from '../../widgets/core/global'
import { clouds, menu, siteGlobal } from '../fixtures/global'
import { mount, serve, settle, waitFor } from '../fixtures/dom'
import { auth, signedInAs } from './admin-fixtures'

const global = { clouds, menu }

/** What the router and {@link resolvePage} make of `path`. */
function resolve(path: string, signedIn: boolean, isTrustDR = false): Resolution {
  $router.open(path)
  const page = $router.get()
  return resolvePage(path, page, { ...global, isTrustDR }, clouds[0], signedIn)
}

test('routes: /admin goes to the dashboard; each screen resolves to the console with its screen and section', () => {
  assert.equal(resolve('/admin', true), { kind: 'redirect', to: '/admin/dashboard' })
  assert.equal(resolve('/admin/dashboard', true), { kind: 'page', component: 'admin', params: { screen: 'dashboard' } })
  assert.equal(resolve('/admin/catalog/data-centers', true), {
    kind: 'page',
    component: 'admin',
    params: { screen: 'catalog', section: 'data_centers' },
  })
  assert.equal(resolve('/admin/catalog/data_centers', true), resolve('/admin/catalog/data-centers', true), 'the key itself works too')
  assert.equal(resolve('/admin/content/faq', true), { kind: 'page', component: 'admin', params: { screen: 'faq' } })
  assert.equal(resolve('/admin/content/compliance', true), { kind: 'page', component: 'admin', params: { screen: 'compliance' } })
  assert.equal(resolve('/admin/staff', true), { kind: 'page', component: 'admin', params: { screen: 'staff' } })
  assert.equal(resolve('/admin/audit', true), { kind: 'page', component: 'admin', params: { screen: 'audit' } })
  const unknown = resolve('/admin/catalog/nonsense', true)
  assert.is(unknown.kind === 'page' && unknown.component, 'fallback', 'an unknown section is the not-found page')
  for (const s of SECTIONS) {
    const r = resolve(catalogPath(s.section), true)
    assert.is(r.kind === 'page' && r.params.section, s.section, s.slug)
  }
  assert.is(sectionOf('Data-Centers')?.section, 'data_centers')
  assert.is(sectionOf(undefined), undefined)
  $router.open('/')
})

test('routes: signed out, every admin path goes to sign-in with the path as destination; DR mode shows the page (unavailable)', () => {
  assert.equal(resolve('/admin/dashboard', false), { kind: 'redirect', to: '/sign-in?destination=%2Fadmin%2Fdashboard' })
  assert.equal(resolve('/admin/catalog/data-centers', false), {
    kind: 'redirect',
    to: '/sign-in?destination=%2Fadmin%2Fcatalog%2Fdata-centers',
  })
  assert.equal(resolve('/admin/audit', false), { kind: 'redirect', to: '/sign-in?destination=%2Fadmin%2Faudit' })
  const dr = resolve('/admin/dashboard', false, true)
  assert.is(dr.kind === 'page' && dr.component, 'admin')
  $router.open('/')
})

test('routes: admin pages are noindex and titled "Admin: …"', () => {
  const meta = (params: Record<string, string>) => pageMeta({ kind: 'page', component: 'admin', params }, 'Aurora Trust', clouds[0])
  assert.equal(meta({ screen: 'dashboard' }), {
    title: 'Admin: Dashboard | Aurora Trust',
    description: 'The admin console of the trust site.',
    noindex: true,
  })
  assert.is(meta({ screen: 'catalog', section: 'data_centers' }).title, 'Admin: Data centers | Aurora Trust')
  assert.is(meta({ screen: 'faq' }).title, 'Admin: FAQ | Aurora Trust')
  assert.is(meta({ screen: 'audit' }).title, 'Admin: Audit log | Aurora Trust')
  assert.is(meta({ screen: 'staff' }).noindex, true)
})

test('access: signed out, loading roles, no privileged role, privileged', () => {
  assert.is(consoleAccess({ isLoggedIn: false, apiData: null }), 'signed-out')
  assert.is(consoleAccess({ isLoggedIn: true, apiData: null }), 'loading')
  assert.is(consoleAccess({ isLoggedIn: true, apiData: auth(['authenticated']) }), 'forbidden')
  assert.is(consoleAccess({ isLoggedIn: true, apiData: auth(['authenticated', 'customer_success_manager']) }), 'open')
  assert.is(notPermittedText('catalog'), 'Your roles do not allow you to change the catalogue.')
})

test('console: a signed-in user without a privileged role is told so, and nothing is requested', async () => {
  clearSession()
  signedInAs(null, 'c')
  const api = serve(() => ({ data: {} }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'dashboard' }))
    await waitFor(() => container.textContent === 'Loading your account…', 'the loading line')
    $session.setKey('apiData', auth(['authenticated']))
    await waitFor(() => !!container.querySelector('[role="alert"]'), 'the refusal')
    assert.is(container.querySelector('[role="alert"]')!.textContent, NOT_ALLOWED)
    assert.is(container.querySelectorAll('h1').length, 1)
    assert.is(container.querySelector('nav'), null, 'no console navigation')
    await settle()
    assert.equal(api.calls, [])
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('console: the navigation lists every screen, marks the current one, and shows Staff to administrators only', async () => {
  clearSession()
  signedInAs(['customer_success_manager'], 'c')
  const api = serve(() => new Response('{"error":{"code":"x","message":"no"}}', { status: 500 }))
  const { container, root, unmount } = mount()
  const labels = () => Array.from(container.querySelectorAll('nav[aria-label="Admin"] a'), (a) => a.textContent)
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'top_menu' }))
    await waitFor(() => !!container.querySelector('nav[aria-label="Admin"]'), 'the navigation')
    assert.is(labels().includes('API keys'), false, 'no API keys without the staff permission')
    assert.equal(labels(), [
      'Dashboard',
      'Incident desk',
      'Templates',
      'Alert rules',
      'Settings',
      'Products',
      'Services',
      'Regions',
      'Data centers',
      'Clouds',
      'Menus',
      'Notification categories',
      'Severities',
      'Third-party components',
      'FAQ',
      'Compliance',
      'Audit log',
    ])
    const current = container.querySelectorAll('nav[aria-label="Admin"] [aria-current="page"]')
    assert.is(current.length, 1)
    assert.is(current[0].textContent, 'Menus')
    assert.is(current[0].getAttribute('href'), '/admin/catalog/main-menu')
    assert.is(container.querySelector('h1')!.textContent, 'Top menu')
    await waitFor(() => !!container.querySelector('[role="alert"]'), 'the load failure')
    assert.match(container.querySelector('[role="alert"]')!.textContent!, 'Could not load the catalogue: no')

    $session.setKey('apiData', auth(['administrator']))
    await waitFor(() => labels().includes('Staff'), 'Staff for administrators')
    // The subscriber list is personal data: administrators only (docs/subscriptions.md#subscriber-import-and-export).
    assert.ok(labels().includes('Subscribers'))
    // API keys carry a role as staff accounts do: administrators only (docs/operating/api-keys.md).
    assert.ok(labels().includes('API keys'))
    root.render(createElement(AdminConsole, { screen: 'staff' }))
    await waitFor(() => container.querySelector('[aria-current="page"]')?.textContent === 'Staff', 'Staff current')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('app: /admin opens the dashboard inside the site header and footer; signed out goes to sign-in and keeps the path', async () => {
  clearSession()
  const GLOBAL = siteGlobal()
  $global.set({ loading: false, data: GLOBAL })
  $cloudName.set('alpha')
  const api = serve((call) => (call.path === '/api/admin/dashboard' ? new Response('{}', { status: 503 }) : { data: {} }))
  const { container, root, unmount } = mount()
  try {
    $router.open('/admin/staff')
    root.render(createElement(App))
    await waitFor(() => location.pathname + location.search === '/sign-in?destination=%2Fadmin%2Fstaff', 'the sign-in redirect')
    signedInAs(['trust_admin'], 'c')
    $router.open('/admin')
    await waitFor(() => location.pathname === '/admin/dashboard', 'the dashboard path')
    await waitFor(() => !!container.querySelector('[data-testid="admin-console"]'), 'the console, loaded lazily')
    assert.ok(container.querySelector('header'), 'the site header stays')
    assert.ok(container.querySelector('footer'), 'the site footer stays')
    assert.is(container.querySelector('main h1')!.textContent, 'Dashboard')
    assert.is(document.title, 'Admin: Dashboard | Aurora Trust')
    assert.is(document.head.querySelector('meta[name="robots"]')?.getAttribute('content'), 'noindex')
    container.querySelector<HTMLAnchorElement>('nav[aria-label="Admin"] a[href="/admin/catalog/data-centers"]')!.click()
    await waitFor(() => container.querySelector('main h1')?.textContent === 'Data centers', 'in-app navigation')
    assert.is(location.pathname, '/admin/catalog/data-centers')
    assert.is(document.title, 'Admin: Data centers | Aurora Trust')
    // The dashboard and its setup steps (the catalogue), then the data centers' screen.
    assert.equal(
      api.calls
        .map((c) => c.path)
        .filter((p) => p.startsWith('/api/admin'))
        .sort(),
      ['/api/admin/catalog', '/api/admin/catalog', '/api/admin/dashboard'],
    )
  } finally {
    unmount()
    api.restore()
    clearSession()
    $global.set({ loading: false })
    $cloudName.set(null)
    $router.open('/', true)
  }
})

test.run()
