// The console's first-run path (docs/operating/catalogue.md): the setup steps computed from the catalogue and shown
// on the dashboard, the list of menu components (the shell renders every page of it), a cloud's
// default page picked from the main menu's deep-linked routes, new severities without an id, the
// server's refusals put in words, and the guard that asks before unsaved work is dropped.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement } from 'react'
import type { CatalogData } from '../../contract/admin'
import type { Catalog } from '../../contract/catalog'
import type { MenuItem } from '../../contract/global'
import { MENU_COMPONENTS, PAGE_COMPONENTS } from '../../contract/menu-components'
import AdminConsole from '../../shell/admin/AdminConsole'
import { NAV_ITEMS } from '../../shell/admin/AdminNav'
import { defaultPageChoices, deepLinkedItems } from '../../shell/admin/default-page'
import { componentChoices, EVERY_PAGE_RENDERED } from '../../shell/admin/menu-components'
import { catalogProblemsInWords, pathParts, placeInWords, problemInWords } from '../../shell/admin/problems'
import { doneCount, SETUP_STEPS, setupSteps } from '../../shell/admin/setup'
import { hasUnsavedChanges, leaveQuestion, leavesScreen, setUnsaved } from '../../shell/admin/unsaved'
import { clearSession } from '../../shell/accounts/account'
import { $router, pageMeta, resolvePage } from '../../shell/routes'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { addCatalogue } from '../../contract/i18n/index.js'
import { choose, mount, serve, settle, toggle, typeInto, waitFor } from '../fixtures/dom'
import { button, labelled, signedInAs } from './admin-fixtures'
import { emptyCatalog, homeMenuItem, minimalCatalog } from '../server/own-catalog'

const home = homeMenuItem()
const status = {
  label: 'Cloud Status',
  route: 'cloud-status',
  component: 'cloud-status',
  deep_link: true,
  hide_from_clouds: [],
  sub_menus: [],
}

/** A catalogue with every step done: the minimal one with a core service, a region, a data center and a deep-linked menu item. */
function full(): Catalog {
  return {
    ...minimalCatalog(),
    core_services: [{ name: 'Authentication', description: 'Sign-in.' }],
    regions: ['EMEA'],
    data_centers: [{ name: 'Amsterdam II', city: 'Amsterdam', country: 'NL', region: 'EMEA', latitude: 52.37, longitude: 4.9, clouds: [] }],
    main_menu: [home, status],
  }
}

// The German catalogues of the console, for the texts in another language.
const repo = join(import.meta.dirname, '../..')
addCatalogue(
  'de',
  Object.assign(
    {},
    ...['shell/admin', 'shell/admin/forms'].map((dir) => JSON.parse(readFileSync(join(repo, dir, 'locales', 'de.json'), 'utf8'))),
  ),
)

const ORDER = ['settings', 'products', 'services', 'regions', 'dataCenters', 'clouds', 'menus']

// ---------------------------------------------------------------------------------------------
// Setup steps
// ---------------------------------------------------------------------------------------------

test('setup: the steps go settings → products → services → regions → data centers → clouds → menus, none done on a new site', () => {
  const steps = setupSteps(emptyCatalog())
  assert.equal(
    steps.map((s) => s.key),
    ORDER,
  )
  assert.equal(
    steps.map((s) => s.href),
    [
      '/admin/catalog/settings',
      '/admin/catalog/products',
      '/admin/catalog/core-services',
      '/admin/catalog/regions',
      '/admin/catalog/data-centers',
      '/admin/catalog/clouds',
      '/admin/catalog/main-menu',
    ],
  )
  assert.equal(
    steps.map((s) => s.done),
    [false, false, false, false, false, false, false],
  )
  assert.is(doneCount(steps), 0)
})

test('setup: each step is done by what its own screen saves, and only by that', () => {
  const done = full()
  const parts: Array<[string, Partial<Catalog>]> = [
    ['settings', { settings: done.settings }],
    ['products', { products: done.products }],
    ['services', { core_services: done.core_services }],
    ['regions', { regions: done.regions }],
    ['dataCenters', { data_centers: done.data_centers }],
    ['clouds', { clouds: done.clouds }],
    ['menus', { main_menu: done.main_menu }],
  ]
  for (const [key, part] of parts) {
    const steps = setupSteps({ ...emptyCatalog(), ...part })
    assert.equal(
      steps.filter((s) => s.done).map((s) => s.key),
      [key],
      key,
    )
  }
  assert.is(setupSteps({ ...emptyCatalog(), settings: { vendor: '  ' } })[0].done, false, 'a blank vendor name is not a name')
  assert.is(doneCount(setupSteps(full())), SETUP_STEPS.length)
  // The console's navigation lists the catalogue's screens in the same order.
  const navSections = NAV_ITEMS.flatMap((item) => item.sections?.[0] ?? [])
  assert.equal(
    navSections.slice(0, SETUP_STEPS.length),
    SETUP_STEPS.map((s) => s.section),
  )
})

/** Serves the dashboard (nothing live) and `catalog`. */
function dashboardApi(catalog: () => Catalog) {
  return serve((call) => {
    if (call.path === '/api/admin/catalog') return { data: { catalog: catalog(), revision: 'r1' } satisfies CatalogData }
    return {
      data: {
        now: '2026-05-01T12:00:00.000Z',
        clouds: [],
        notification_subscribers: [],
        outbox: { queued: 0, sent: 0, failed: 0, messages: [] },
      },
    }
  })
}

test('dashboard: a new site shows the steps in order with their state in words and a link each; a set-up site folds them away', async () => {
  clearSession()
  signedInAs(['administrator'], 'csrf-1', { timezone: 'UTC' })
  let catalog: Catalog = { ...emptyCatalog(), settings: { vendor: 'Acme' }, products: full().products }
  const api = dashboardApi(() => catalog)
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'dashboard' }))
    await waitFor(() => !!container.querySelector('[data-testid="setup-steps"] li'), 'the steps')
    const section = container.querySelector('[data-testid="setup-steps"]')!
    assert.is(section.tagName, 'SECTION')
    assert.is(section.querySelector('h2')!.textContent, 'Set up your site')
    assert.match(section.textContent!, '2 of 7 steps done.')
    const items = Array.from(section.querySelectorAll('li'))
    assert.equal(
      items.map((li) => [li.querySelector('a')!.textContent, li.querySelector('a')!.getAttribute('href'), li.dataset.state]),
      [
        ['Vendor settings', '/admin/catalog/settings', 'done'],
        ['Products', '/admin/catalog/products', 'done'],
        ['Services', '/admin/catalog/core-services', 'next'],
        ['Regions', '/admin/catalog/regions', 'todo'],
        ['Data centers', '/admin/catalog/data-centers', 'todo'],
        ['Clouds', '/admin/catalog/clouds', 'todo'],
        ['Menus', '/admin/catalog/main-menu', 'todo'],
      ],
    )
    // The state is written out (colour only repeats it); the next step is the current one.
    assert.match(items[0].textContent!, 'Done')
    assert.match(items[2].textContent!, 'Next step')
    assert.match(items[3].textContent!, 'Not done yet')
    assert.is(items[2].querySelector('a')!.getAttribute('aria-current'), 'step')
    assert.match(items[5].textContent!, 'Then tick on Data centers which data centers serve it.')
    unmount()

    catalog = full()
    const again = mount()
    try {
      again.root.render(createElement(AdminConsole, { screen: 'dashboard' }))
      await waitFor(() => !!again.container.querySelector('[data-testid="setup-steps"]'), 'the folded steps')
      const folded = again.container.querySelector('[data-testid="setup-steps"]') as HTMLDetailsElement
      assert.is(folded.tagName, 'DETAILS')
      assert.is(folded.open, false)
      assert.is(folded.querySelector('summary')!.textContent, 'Setup: all 7 steps are done.')
      assert.is(folded.querySelectorAll('li[data-state="done"]').length, 7)
      assert.is(again.container.querySelector('h2#admin-setup-title'), null, 'no heading of its own any more')
    } finally {
      again.unmount()
    }
  } finally {
    api.restore()
    clearSession()
  }
})

// ---------------------------------------------------------------------------------------------
// Menu components and the default page
// ---------------------------------------------------------------------------------------------

test('components: one list, each with what it opens; every page of it is a page the shell renders', () => {
  assert.ok(EVERY_PAGE_RENDERED)
  const choices = componentChoices()
  assert.equal(
    choices.map((c) => c.value),
    [...MENU_COMPONENTS],
  )
  assert.is(choices[0].label, 'No page of its own: the heading of a dropdown of sub-menus')
  assert.is(choices.find((c) => c.value === 'home')!.label, 'Home page: the cloud’s banner and links (home)')
  assert.is(choices.find((c) => c.value === 'dc-map')!.label, 'Data center map: the data centers on a world map (dc-map)')
  assert.ok(choices.every((c) => c.label.trim() !== '' && (c.value === '' || c.label.endsWith(`(${c.value})`))))
  assert.equal(componentChoices('en', 'homepage')[0], { value: 'homepage', label: 'homepage' }, 'an unknown name stays shown')
  assert.match(componentChoices('de').find((c) => c.value === 'incidents')!.label, 'Störungen')
  // Each page component, deep-linked in the main menu, resolves to that page (with its own title).
  const cloud = { machine_name: 'acme', domain: 'acme.example', title: 'Acme' } as never
  for (const component of PAGE_COMPONENTS) {
    const item = { label: component, route: `p-${component}`, component, deep_link: true, hide_from_clouds: [], sub_menus: [] }
    const menu = { main_menu: [item as unknown as MenuItem], top_menu: [] }
    $router.open(`/acme.example/p-${component}`)
    const resolution = resolvePage(`/acme.example/p-${component}`, $router.get(), { clouds: [cloud], menu } as never, cloud)
    assert.is(resolution.kind === 'page' && resolution.component, component, component)
    assert.ok(pageMeta(resolution, 'Acme Trust').title.length > 0)
  }
  $router.open('/')
})

test('default page: the home page or a deep-linked main-menu route; a route no such item has is said to need another choice', () => {
  const menu: Catalog['main_menu'] = [
    home,
    status,
    { label: 'FAQ', route: '/faq', component: 'faq', deep_link: false, hide_from_clouds: [], sub_menus: [] },
    {
      label: 'Lists',
      route: { commercial: 'https://x.example' },
      component: '',
      deep_link: true,
      hide_from_clouds: [],
      sub_menus: [{ ...status, label: 'Incidents', route: 'incidents', component: 'incidents' }],
    },
  ]
  assert.equal(deepLinkedItems(menu), [
    { route: 'cloud-status', label: 'Cloud Status' },
    { route: 'incidents', label: 'Incidents' },
  ])
  assert.equal(defaultPageChoices(menu, ''), [
    { value: '', label: 'Home page' },
    { value: 'cloud-status', label: 'Cloud Status (cloud-status)' },
    { value: 'incidents', label: 'Incidents (incidents)' },
  ])
  assert.equal(defaultPageChoices([], 'cloud-status'), [
    { value: 'cloud-status', label: 'cloud-status (no main-menu item with deep link on has this route: pick another)' },
    { value: '', label: 'Home page' },
  ])
})

/** Serves GET /api/admin/catalog (`catalog`) and answers each PUT with `onPut`. */
function catalogApi(catalog: () => Catalog, onPut: (body: { revision: string; value: unknown }) => Response | unknown) {
  return serve((call) => {
    if (call.method === 'PUT') return onPut(call.body as { revision: string; value: unknown })
    return { data: { catalog: catalog(), revision: 'r1' } satisfies CatalogData }
  })
}

test('clouds: a new cloud opens on its home page by default; the default page is picked from the main menu', async () => {
  clearSession()
  signedInAs(['administrator'], 'csrf-1')
  const catalog = () => ({ ...full(), clouds: [] })
  let sent: Catalog['clouds'] = []
  const api = catalogApi(catalog, (body) => {
    sent = body.value as Catalog['clouds']
    return { data: { catalog: { ...catalog(), clouds: sent }, revision: 'r2' } }
  })
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'clouds' }))
    await waitFor(() => !!container.querySelector('[data-testid="catalog-list"]'), 'the list')
    button(container, 'Add cloud').click()
    await waitFor(() => !!container.querySelector('section h2'), 'the form')
    const page = labelled<HTMLSelectElement>(container, 'Default page')
    assert.is(page.value, '', 'the home page')
    assert.equal(
      Array.from(page.options, (o) => o.textContent),
      ['Home page', 'Cloud Status (cloud-status)'],
    )
    assert.match(document.getElementById(page.getAttribute('aria-describedby')!)!.textContent!, 'add that item under Menus first')
    typeInto(labelled(container, 'Machine name'), 'beta')
    typeInto(labelled(container, 'Domain'), 'beta.example')
    typeInto(labelled(container, 'Title'), 'Beta')
    typeInto(labelled(container, 'Banner title'), 'Beta')
    choose(page, 'cloud-status')
    button(container, 'Save clouds').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-status"]'), 'saved')
    assert.equal(
      sent.map((c) => [c.machine_name, c.product, c.default_page]),
      [['beta', 'edge', 'cloud-status']],
    )
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('menus: the component is picked from the list with what it opens', async () => {
  clearSession()
  signedInAs(['administrator'], 'csrf-1')
  let sent: Catalog['main_menu'] = []
  const api = catalogApi(emptyCatalog, (body) => {
    sent = body.value as Catalog['main_menu']
    return { data: { catalog: { ...emptyCatalog(), main_menu: sent }, revision: 'r2' } }
  })
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'main_menu' }))
    await waitFor(() => !!container.querySelector('[data-testid="catalog-list"]'), 'the list')
    button(container, 'Add menu item').click()
    await waitFor(() => !!container.querySelector('section h2'), 'the form')
    typeInto(labelled(container, 'Label'), 'Status')
    const component = labelled<HTMLSelectElement>(container, 'Component (what the item opens)')
    assert.is(component.tagName, 'SELECT')
    assert.is(component.options.length, MENU_COMPONENTS.length)
    assert.match(document.getElementById(component.getAttribute('aria-describedby')!)!.textContent!, 'needs a route')
    choose(component, 'cloud-status')
    typeInto(labelled(container, 'Route'), 'cloud-status')
    button(container, 'Save main menu').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-status"]'), 'saved')
    assert.equal(
      sent.map((m) => [m.label, m.component, m.route, m.deep_link]),
      [['Status', 'cloud-status', 'cloud-status', true]],
    )
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('severities: a new one has no id field and is sent without one; a saved one shows its id read-only', async () => {
  clearSession()
  signedInAs(['administrator'], 'csrf-1')
  const saved = { tid: 20, name: 'Service Disruption', color_code: '#d32f2f', icon: 'ban', status_icon: 'circle-ban', show_legend: true }
  let sent: unknown[] = []
  const api = catalogApi(
    () => ({ ...emptyCatalog(), severities: [saved] }),
    (body) => {
      sent = body.value as unknown[]
      return { data: { catalog: { ...emptyCatalog(), severities: [saved, { ...(sent[1] as object), tid: 21 }] }, revision: 'r2' } }
    },
  )
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'severities' }))
    await waitFor(() => !!container.querySelector('[data-testid="catalog-list"]'), 'the list')
    button(container, 'Edit Service Disruption').click()
    await waitFor(() => !!container.querySelector('section h2'), 'the form')
    const id = labelled(container, 'Id')
    assert.is(id.value, '20')
    assert.is(id.readOnly, true)
    button(container, 'Add severity').click()
    await waitFor(() => container.querySelector('section h2')?.textContent === 'New severity', 'the new form')
    assert.not.ok(
      Array.from(container.querySelectorAll('section label')).some((l) => l.textContent === 'Id'),
      'no id to invent',
    )
    assert.match(container.querySelector('section')!.textContent!, 'The id is assigned when you save.')
    assert.match(container.querySelector('[data-testid="catalog-list"]')!.textContent!, 'Id assigned when saved')
    typeInto(labelled(container, 'Name'), 'Informational')
    button(container, 'Save severities').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-status"]'), 'saved')
    assert.is((sent[0] as { tid?: number }).tid, 20)
    assert.not.ok('tid' in (sent[1] as object), JSON.stringify(sent[1]))
    await waitFor(() => container.querySelector('[data-testid="catalog-list"]')!.textContent!.includes('Id 21'), 'the assigned id')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

// ---------------------------------------------------------------------------------------------
// Refusals in words
// ---------------------------------------------------------------------------------------------

test('refusals: the path becomes the item and the field in words; the server sentence follows', () => {
  const catalog = full()
  assert.equal(pathParts('clouds[0].services[2].since'), ['clouds', 0, 'services', 2, 'since'])
  assert.is(pathParts('not a path'), null)
  const say = (m: string, locale: 'en' | 'de' = 'en') => problemInWords(m, catalog, locale)
  assert.is(
    say('clouds[0].default_page: "cloud-status" is not the route of a main-menu item with deep link on: add one first'),
    'Cloud “Acme”, Default page: "cloud-status" is not the route of a main-menu item with deep link on: add one first',
  )
  assert.is(say('settings.help_site: must be a web address'), 'Settings, Help site URL: must be a web address')
  assert.is(say('regions[0]: duplicate region "EMEA"'), 'Region “EMEA”: duplicate region "EMEA"')
  assert.is(
    say('products: product "x" is in the database but not in the file'),
    'Products: product "x" is in the database but not in the file',
  )
  assert.is(
    say('main_menu[1].sub_menus[0].component: unknown component "x"'),
    'Menu item “Cloud Status” › menu item “new menu item 1”, Component (what the item opens): unknown component "x"',
  )
  assert.is(say('Something else went wrong'), 'Something else went wrong', 'no path: as said')
  assert.equal(placeInWords('clouds[3].title', catalog), { where: 'Cloud “new cloud 4”', field: 'Title' })
  // Another language: the place in words, then the server's sentence after a translated frame.
  assert.is(
    say('clouds[0].domain: must be a host name', 'de'),
    'Cloud-Umgebung „Acme“, Domäne: Der Server hat diesen Wert abgelehnt: must be a host name',
  )
  // The section saved is read from the value sent, the others from the catalogue.
  const clouds = [{ ...catalog.clouds[0], title: 'Renamed' }]
  assert.equal(catalogProblemsInWords(['clouds[0].title: x', 'products[0].title: y'], catalog, 'clouds', clouds), [
    'Cloud “Renamed”, Title: x',
    'Product “Edge”, Title: y',
  ])
})

// ---------------------------------------------------------------------------------------------
// Unsaved changes
// ---------------------------------------------------------------------------------------------

test('unsaved: another path or query leaves the screen; a fragment of the same page does not', () => {
  const clouds = { path: '/admin/catalog/clouds', search: {} }
  assert.ok(leavesScreen(clouds, { path: '/admin/catalog/main-menu', search: {} }))
  assert.ok(leavesScreen(clouds, { path: '/admin/catalog/clouds', search: { x: '1' } }))
  assert.ok(leavesScreen(clouds, undefined), 'an unknown path')
  assert.not.ok(leavesScreen(clouds, { path: '/admin/catalog/clouds', search: {} }))
  assert.not.ok(leavesScreen(clouds, { path: '/admin/catalog/clouds' }), 'no query is an empty one')
  assert.not.ok(leavesScreen(undefined, undefined))
  assert.is(leaveQuestion(), 'This screen has changes that are not saved. Leave it and lose them?')
  assert.match(leaveQuestion('de'), 'nicht gespeichert')
})

test('unsaved: the browser asks before unload only while a form is dirty', () => {
  const form = Symbol('form')
  const unload = () => {
    const event = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(event)
    return event.defaultPrevented
  }
  assert.not.ok(hasUnsavedChanges())
  assert.not.ok(unload())
  setUnsaved(form, true)
  assert.ok(hasUnsavedChanges())
  assert.ok(unload(), 'asks')
  setUnsaved(form, false)
  assert.not.ok(hasUnsavedChanges())
  assert.not.ok(unload(), 'nothing to lose')
})

test('unsaved: Clouds → Menus with a typed cloud asks; declined keeps the work, accepted leaves; saved or discarded asks no more', async () => {
  clearSession()
  signedInAs(['administrator'], 'csrf-1')
  const questions: string[] = []
  let answer = false
  const realConfirm = window.confirm
  window.confirm = (text?: string) => {
    questions.push(String(text))
    return answer
  }
  const catalog = () => ({ ...full(), clouds: [] })
  const api = catalogApi(catalog, () => ({ data: { catalog: catalog(), revision: 'r2' } }))
  $router.open('/admin/catalog/clouds')
  const { container, root, unmount } = mount()
  const menus = () => container.querySelector<HTMLAnchorElement>('nav[aria-label="Admin"] a[href="/admin/catalog/main-menu"]')!
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'clouds' }))
    await waitFor(() => !!container.querySelector('[data-testid="catalog-list"]'), 'the list')
    // Nothing typed: the link just leads on (the console, mounted with its screen, stays).
    menus().click()
    await waitFor(() => location.pathname === '/admin/catalog/main-menu', 'the menus path')
    assert.equal(questions, [])
    $router.open('/admin/catalog/clouds')

    button(container, 'Add cloud').click()
    await waitFor(() => !!container.querySelector('section h2'), 'the form')
    typeInto(labelled(container, 'Title'), 'Typed Cloud')
    await waitFor(() => hasUnsavedChanges(), 'the form is dirty')
    menus().click()
    assert.equal(questions, ['This screen has changes that are not saved. Leave it and lose them?'])
    await settle()
    assert.is(location.pathname, '/admin/catalog/clouds', 'declined: still here')
    assert.is(labelled(container, 'Title').value, 'Typed Cloud', 'the typed cloud stays')
    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    assert.ok(unload.defaultPrevented, 'closing the tab asks too')
    // The browser's Back: the address has moved when the router hears of it; declined, it comes back.
    history.pushState(null, '', '/admin/dashboard')
    window.dispatchEvent(new PopStateEvent('popstate'))
    assert.is(questions.length, 2, 'Back asks')
    await waitFor(() => location.pathname === '/admin/catalog/clouds', 'the address put back')
    assert.is($router.get()?.path, '/admin/catalog/clouds', 'the router stayed')
    assert.is(labelled(container, 'Title').value, 'Typed Cloud', 'the typed cloud stays')

    answer = true
    menus().click()
    await waitFor(() => location.pathname === '/admin/catalog/main-menu', 'accepted: the menus path')
    assert.is(questions.length, 3)
    // The shell shows the screen of the new path: the clouds' form and its changes are gone.
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'main_menu' }))
    await waitFor(() => !hasUnsavedChanges(), 'the changes are dropped')
    $router.open('/admin/catalog/clouds')
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'clouds' }))
    await waitFor(() => !!container.querySelector('[data-testid="admin-catalog-clouds"] [data-testid="catalog-list"]'), 'back')
    assert.not.match(container.textContent!, 'Typed Cloud')

    // Discarded or saved: nothing to ask about.
    answer = false
    button(container, 'Add cloud').click()
    await waitFor(() => !!container.querySelector('section h2'), 'a new form')
    typeInto(labelled(container, 'Title'), 'Typed again')
    await waitFor(() => hasUnsavedChanges(), 'dirty again')
    button(container, 'Discard changes').click()
    await waitFor(() => !hasUnsavedChanges(), 'discarded')
    button(container, 'Add cloud').click()
    await waitFor(() => !!container.querySelector('section h2'), 'the form again')
    typeInto(labelled(container, 'Title'), 'Saved Cloud')
    await waitFor(() => hasUnsavedChanges(), 'dirty once more')
    button(container, 'Save clouds').click()
    await waitFor(() => !hasUnsavedChanges(), 'saved: clean')
    menus().click()
    await waitFor(() => location.pathname === '/admin/catalog/main-menu', 'leaves without asking')
    assert.is(questions.length, 3)
  } finally {
    unmount()
    api.restore()
    window.confirm = realConfirm
    clearSession()
    $router.open('/', true)
  }
})

test('unsaved: settings count as unsaved until saved', async () => {
  clearSession()
  signedInAs(['administrator'], 'csrf-1')
  const api = catalogApi(emptyCatalog, (body) => ({
    data: { catalog: { ...emptyCatalog(), settings: body.value as Catalog['settings'] }, revision: 'r2' },
  }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'settings' }))
    await waitFor(() => !!container.querySelector('form'), 'the settings')
    assert.not.ok(hasUnsavedChanges())
    typeInto(labelled(container, 'Vendor name'), 'Acme')
    await waitFor(() => hasUnsavedChanges(), 'dirty')
    toggle(labelled(container, 'Government variant of the site'))
    button(container, 'Save settings').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-status"]'), 'saved')
    await waitFor(() => !hasUnsavedChanges(), 'clean once saved')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test.run()
