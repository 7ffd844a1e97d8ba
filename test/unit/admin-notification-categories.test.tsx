// The console's Notification categories screen (docs/operating/catalogue.md: categories come from the catalogue, not
// the demo seed): its pure parts — the categories type by type, the value a save sends and the
// form's own checks, moving within a type, the refusals in words, its place in the navigation
// (after Menus, not a setup step) — and the screen itself: a group per type, Add / rename / move /
// remove, one save of the whole section.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createElement } from 'react'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { CatalogData } from '../../contract/admin'
import type { Catalog } from '../../contract/catalog'
import AdminConsole from '../../shell/admin/AdminConsole'
import { NAV_ITEMS } from '../../shell/admin/AdminNav'
import { atGroupEnd, moveInGroup } from '../../shell/admin/model'
import { categoriesOf, categoryDrafts, categoryNoun, categoryTypeHeading } from '../../shell/admin/notification-categories'
import { placeInWords, problemInWords } from '../../shell/admin/problems'
import { catalogPath, SECTIONS, sectionOf } from '../../shell/admin/sections'
import { SETUP_STEPS } from '../../shell/admin/setup'
import { clearSession } from '../../shell/accounts/account'
import { addCatalogue } from '../../contract/i18n/index.js'
import { mount, serve, typeInto, waitFor } from '../fixtures/dom'
import { button, deskCatalog, labelled, signedInAs } from './admin-fixtures'

const repo = join(import.meta.dirname, '../..')
addCatalogue(
  'de',
  Object.assign(
    {},
    ...['shell/admin', 'shell/admin/forms'].map((dir) => JSON.parse(readFileSync(join(repo, dir, 'locales', 'de.json'), 'utf8'))),
  ),
)

/** The desk fixture's catalogue with categories of two types, listed out of type order. */
function catalog(): Catalog {
  return {
    ...deskCatalog().catalog,
    notification_categories: [
      { tid: 4003, type: 'cloud_app', name: 'Webmail' },
      { tid: 4001, type: 'url_change_notification', name: 'Gambling' },
      { tid: 4002, type: 'url_change_notification', name: 'Phishing' },
    ],
  }
}

// ---------------------------------------------------------------------------------------------
// Pure parts
// ---------------------------------------------------------------------------------------------

test('drafts: type by type in the console’s type order, each type’s in display order; no section is none', () => {
  assert.equal(
    categoryDrafts(catalog()).map((c) => c.name),
    ['Gambling', 'Phishing', 'Webmail'],
  )
  const { notification_categories: _, ...older } = catalog()
  assert.equal(categoryDrafts(older as Catalog), [])
})

test('value: names trimmed, grouped by type in the drafts’ order; ids kept, new ones without', () => {
  const { value, errors } = categoriesOf([
    { type: 'privacy_notification', name: ' Data Residency ' },
    { tid: 4002, type: 'url_change_notification', name: 'Phishing' },
    { type: 'cloud_app', name: 'Chat' },
    { tid: 4001, type: 'url_change_notification', name: 'Betting  ' },
  ])
  assert.equal(errors, [])
  assert.equal(value, [
    { tid: 4002, type: 'url_change_notification', name: 'Phishing' },
    { tid: 4001, type: 'url_change_notification', name: 'Betting' },
    { type: 'cloud_app', name: 'Chat' },
    { type: 'privacy_notification', name: 'Data Residency' },
  ])
})

test('checks: a category without a name, a name twice within a type (not across types), in the page’s language', () => {
  const drafts = [
    { type: 'url_change_notification', name: 'Gambling' },
    { type: 'url_change_notification', name: '  ' },
    { type: 'url_change_notification', name: 'Gambling ' },
    { type: 'cloud_app', name: 'Gambling' },
  ] as const
  assert.equal(categoriesOf(drafts).errors, [
    'new URL category 2: the name is required.',
    'URL category “Gambling”: this name is listed twice: each category of a type needs its own name.',
  ])
  assert.equal(categoriesOf(drafts, 'de').errors, [
    'neu: URL-Kategorie 2: der Name ist erforderlich.',
    'URL-Kategorie „Gambling“: dieser Name steht zweimal in der Liste: Jede Kategorie einer Art braucht ihren eigenen Namen.',
  ])
  assert.is(categoryTypeHeading('cloud_app'), 'Cloud application categories')
  assert.is(categoryTypeHeading('privacy_notification', 'de'), 'Datenschutzkategorien')
  assert.is(categoryNoun('privacy_notification'), 'privacy category')
})

test('moving within a group: an item changes places with the nearest of its own group; the ends stay put', () => {
  const items = ['a1', 'b1', 'a2', 'b2', 'a3']
  const group = (s: string) => s[0]
  assert.equal(moveInGroup(items, 2, -1, group), ['a2', 'b1', 'a1', 'b2', 'a3'])
  assert.equal(moveInGroup(items, 1, 1, group), ['a1', 'b2', 'a2', 'b1', 'a3'])
  assert.equal(moveInGroup(items, 0, -1, group), items)
  assert.equal(moveInGroup(items, 3, 1, group), items)
  assert.ok(atGroupEnd(items, 0, -1, group))
  assert.ok(atGroupEnd(items, 3, 1, group))
  assert.not.ok(atGroupEnd(items, 1, 1, group))
  assert.not.ok(atGroupEnd(items, 4, -1, group))
})

test('refusals in words: the section, a category and its field', () => {
  const c = catalog()
  assert.equal(placeInWords('notification_categories[1].name', c), { where: 'Category “Gambling”', field: 'Name' })
  assert.equal(placeInWords('notification_categories[0].type', c, 'de'), { where: 'Kategorie „Webmail“', field: 'Benachrichtigungsart' })
  assert.is(
    problemInWords(
      'notification_categories: URL category "Gambling" (id 4001) is in the database but not in the file, and 1 subscriber use it (it cannot be removed): keep it in the list, under a new name if you like',
      c,
    ),
    'Notification categories: URL category "Gambling" (id 4001) is in the database but not in the file, and 1 subscriber use it (it cannot be removed): keep it in the list, under a new name if you like',
  )
})

test('navigation: the screen comes right after Menus and is no setup step (categories are optional)', () => {
  const labels = NAV_ITEMS.map((i) => i.label)
  assert.is(labels[labels.indexOf('menus') + 1], 'notificationCategories')
  assert.equal(NAV_ITEMS.find((i) => i.label === 'notificationCategories')?.sections, ['notification_categories'])
  assert.is(catalogPath('notification_categories'), '/admin/catalog/notification-categories')
  assert.is(sectionOf('notification-categories')?.section, 'notification_categories')
  assert.is(sectionOf('NOTIFICATION_CATEGORIES')?.name, 'notificationCategories')
  const order = SECTIONS.map((s) => s.section)
  assert.is(order.indexOf('notification_categories'), order.indexOf('top_menu') + 1)
  assert.not.ok(SETUP_STEPS.some((s) => s.section === 'notification_categories'))
})

// ---------------------------------------------------------------------------------------------
// The screen
// ---------------------------------------------------------------------------------------------

/** Serves GET /api/admin/catalog and answers each PUT with `onPut`. */
function categoriesApi(onPut: (value: Catalog['notification_categories']) => Response | unknown) {
  let revision = 1
  return serve((call) => {
    if (call.method === 'PUT') return onPut((call.body as { value: Catalog['notification_categories'] }).value)
    return { data: { catalog: catalog(), revision: `r${revision++}` } satisfies CatalogData }
  })
}

const groupText = (container: HTMLElement, type: string) =>
  container.querySelector(`[data-testid="catalog-group-${type}"]`)?.textContent ?? ''

test('screen: a group per type with its heading and Add; add, rename, move and remove, then one save of the whole section', async () => {
  clearSession()
  signedInAs(['trust_admin'], 'csrf-1')
  const api = categoriesApi((value) => ({
    data: {
      catalog: { ...catalog(), notification_categories: value?.map((c, i) => ({ ...c, tid: c.tid ?? 4100 + i })) },
      revision: 'r9',
    },
  }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'notification_categories' }))
    await waitFor(() => !!container.querySelector('[data-testid="catalog-groups"]'), 'the groups')
    const headings = Array.from(container.querySelectorAll('[data-testid="catalog-groups"] h2')).map((h) => h.textContent)
    assert.equal(headings, ['URL categories', 'Cloud application categories', 'Privacy categories'])
    assert.match(groupText(container, 'url_change_notification'), /Gambling.*Id 4001.*Phishing.*Id 4002/)
    assert.match(groupText(container, 'privacy_notification'), 'None yet.')
    assert.match(container.textContent!, 'Visitors subscribe to these categories on the Notifications tab')
    assert.ok(button(container, 'Move Gambling up').disabled, 'first of its type')
    assert.ok(button(container, 'Move Phishing down').disabled, 'last of its type, though Webmail follows')

    // A new privacy category.
    button(container, 'Add privacy category').click()
    await waitFor(
      () => container.querySelector('section[aria-labelledby$="-heading"] h2')?.textContent === 'New privacy category',
      'the form',
    )
    assert.is(labelled(container, 'Notification type').value, 'Privacy categories')
    assert.match(container.textContent!, 'The id is assigned when you save.')
    typeInto(labelled(container, 'Name'), ' Sub-processors ')
    await waitFor(() => groupText(container, 'privacy_notification').includes('Sub-processors'), 'the new category listed')

    // Gambling renamed: the same id.
    button(container, 'Edit Gambling').click()
    await waitFor(
      () => container.querySelector('section[aria-labelledby$="-heading"] h2')?.textContent === 'Edit URL category: Gambling',
      'Gambling',
    )
    assert.match(container.textContent!, 'Id 4001: the publishing API (terms) and the subscriptions refer to the category by it.')
    typeInto(labelled(container, 'Name'), 'Betting')
    await waitFor(() => groupText(container, 'url_change_notification').includes('Betting'), 'renamed')

    // Phishing first; Webmail removed.
    button(container, 'Move Phishing up').click()
    await waitFor(
      () => container.querySelector('[data-testid="catalog-group-url_change_notification"] strong')?.textContent === 'Phishing',
      'moved',
    )
    button(container, 'Remove Webmail').click()
    await waitFor(() => groupText(container, 'cloud_app').includes('None yet.'), 'removed')

    button(container, 'Save notification categories').click()
    await waitFor(() => !!container.querySelector('[data-testid="save-status"]'), 'saved')
    const puts = api.calls.filter((c) => c.method === 'PUT')
    assert.equal(
      puts.map((c) => c.path),
      ['/api/admin/catalog/notification_categories'],
    )
    assert.equal((puts[0].body as { value: unknown }).value, [
      { tid: 4002, type: 'url_change_notification', name: 'Phishing' },
      { tid: 4001, type: 'url_change_notification', name: 'Betting' },
      { type: 'privacy_notification', name: 'Sub-processors' },
    ])
    await waitFor(() => groupText(container, 'privacy_notification').includes('Id 4102'), 'the id the server assigned')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test('screen: the form’s own checks stop the save; the server’s refusal is said in words', async () => {
  clearSession()
  signedInAs(['trust_admin'], 'csrf-1')
  const refusal =
    'notification_categories: cloud application category "Webmail" (id 4003) is in the database but not in the file, and 2 notifications use it (it cannot be removed): keep it in the list, under a new name if you like'
  const api = categoriesApi(() => new Response(JSON.stringify({ error: { code: 'invalid', message: refusal } }), { status: 400 }))
  const { container, root, unmount } = mount()
  try {
    root.render(createElement(AdminConsole, { screen: 'catalog', section: 'notification_categories' }))
    await waitFor(() => !!container.querySelector('[data-testid="catalog-groups"]'), 'the groups')
    button(container, 'Add URL category').click()
    await waitFor(() => !!container.querySelector('section[aria-labelledby$="-heading"]'), 'the form')
    typeInto(labelled(container, 'Name'), 'Phishing')
    button(container, 'Save notification categories').click()
    await waitFor(() => container.textContent!.includes('this name is listed twice'), 'the form’s check')
    assert.is(api.calls.filter((c) => c.method === 'PUT').length, 0, 'nothing sent')

    button(container, 'Remove Phishing').click()
    await waitFor(() => !groupText(container, 'url_change_notification').includes('Id 4002'), 'Phishing removed')
    button(container, 'Remove Webmail').click()
    await waitFor(() => groupText(container, 'cloud_app').includes('None yet.'), 'Webmail removed')
    button(container, 'Save notification categories').click()
    await waitFor(() => container.textContent!.includes('2 notifications use it'), 'the refusal')
    assert.match(container.textContent!, 'Notification categories: cloud application category "Webmail"')
  } finally {
    unmount()
    api.restore()
    clearSession()
  }
})

test.run()
