/**
 * The catalogue on a new site (docs/operating/catalogue.md, the console's first-run path): new severities get their
 * ids from the server (clear of the spec's and of every other term), a file may leave them out,
 * and every refusal says in words what is wrong and what to do, never with `; ` inside (the
 * console's save joins the problems with it).
 */
import * as assert from 'uvu/assert'
import type { Catalog } from '../../contract/catalog.js'
import { MENU_COMPONENTS, PAGE_COMPONENTS } from '../../contract/menu-components.js'
import { COMMAND_LINE } from '../../server/admin/audit.js'
import { readCatalog, saveCatalogSection } from '../../server/admin/catalog-edit.js'
import { exportCatalog } from '../../server/catalog/export.js'
import { CatalogError, checkCatalog, defaultPageRoutes, importCatalog } from '../../server/catalog/import.js'
import { HttpError } from '../../server/http/errors.js'
import { FIXED_NOW, suiteOnEmptyDatabase } from './helpers.js'
import { homeMenuItem, minimalCatalog } from './own-catalog.js'

const test = suiteOnEmptyDatabase('catalogue: first run')

const severity = (name: string, tid?: number) => ({
  ...(tid === undefined ? {} : { tid }),
  name,
  color_code: '#1565c0',
  icon: 'info',
  status_icon: 'circle-info',
  show_legend: false,
})

const idsOf = (c: Catalog) => Object.fromEntries(c.severities.map((s) => [s.name, s.tid]))

test('a severity without an id gets the next one above 20 and every severity, skipping ids other terms hold', async ({ db }) => {
  await importCatalog(db, { ...minimalCatalog(), severities: [severity('Service Disruption', 20), severity('Thirty', 30)] }, FIXED_NOW)
  // Another vocabulary's term holds 31: the assigned ids step over it.
  await db.insertInto('terms').values({ tid: 31, vocabulary: 'notification_category' }).execute()
  await importCatalog(
    db,
    {
      ...minimalCatalog(),
      severities: [severity('Service Disruption'), severity('Minor glitch'), severity('Thirty', 30), severity('Informational')],
    },
    FIXED_NOW,
  )
  const after = await exportCatalog(db)
  const ids = idsOf(after)
  assert.is(ids['Service Disruption'], 20, 'an existing severity named in the file keeps its id')
  assert.is(ids.Thirty, 30, 'a given id is kept')
  assert.is(ids['Minor glitch'], 32)
  assert.is(ids.Informational, 33)
  const mine = ['Service Disruption', 'Minor glitch', 'Thirty', 'Informational']
  assert.equal(
    after.severities.map((s) => s.name).filter((name) => mine.includes(name)),
    mine,
    'in the order of the file',
  )
  const terms = await db.selectFrom('terms').select(['tid', 'vocabulary']).where('tid', 'in', [32, 33]).execute()
  assert.equal(terms.map((t) => t.vocabulary).sort(), ['severity', 'severity'])
  // The export (ids and all) imports again without a change.
  assert.equal(await importCatalog(db, after, FIXED_NOW), {})
})

test('on an empty database the first new severity is 21 or above, never an id of the spec', async ({ db }) => {
  await importCatalog(db, { ...minimalCatalog(), severities: [severity('Heads-up')] }, FIXED_NOW)
  const ids = idsOf(await exportCatalog(db))
  assert.ok(ids['Heads-up'] > 20, JSON.stringify(ids))
})

test('the console saves a new severity without an id; the server assigns it and the next save keeps it', async ({ db }) => {
  await importCatalog(db, minimalCatalog(), FIXED_NOW)
  const actor = { uid: 1, name: 'ops@vendor.example' }
  const before = await readCatalog(db)
  const value = [...before.catalog.severities, severity('Partial outage')]
  const saved = await saveCatalogSection(db, { section: 'severities', revision: before.revision, value }, actor, FIXED_NOW)
  const tid = saved.catalog.severities.find((s) => s.name === 'Partial outage')?.tid
  assert.ok(Number.isInteger(tid) && tid! > 20, `assigned ${tid}`)
  const again = await saveCatalogSection(
    db,
    { section: 'severities', revision: saved.revision, value: saved.catalog.severities },
    actor,
    FIXED_NOW,
  )
  assert.is(again.revision, saved.revision, 'nothing changed')
})

test('the default page: the routes to pick from, and a refusal that says what to do', async ({ db }) => {
  const menu: Catalog['main_menu'] = [
    homeMenuItem(),
    { label: 'Status', route: 'cloud-status', component: 'cloud-status', deep_link: true, hide_from_clouds: [], sub_menus: [] },
    { label: 'FAQ', route: '/faq', component: 'faq', deep_link: false, hide_from_clouds: [], sub_menus: [] },
    {
      label: 'Lists',
      route: 'lists',
      component: '',
      deep_link: true,
      hide_from_clouds: [],
      sub_menus: [{ label: 'Incidents', route: 'incidents', component: 'incidents', deep_link: true, hide_from_clouds: [], sub_menus: [] }],
    },
  ]
  assert.equal(defaultPageRoutes(menu), ['cloud-status', 'lists', 'incidents'])
  const file = minimalCatalog()
  file.clouds[0].default_page = 'cloud-status'
  assert.equal(checkCatalog(file), [
    'clouds[0].default_page: "cloud-status" is not the route of a main-menu item with deep link on: the main menu has no item with deep link on yet: leave it empty for the home page, or add a main-menu item with this route and deep link on first',
  ])
  file.main_menu = menu
  file.clouds[0].default_page = 'status'
  assert.equal(checkCatalog(file), [
    'clouds[0].default_page: "status" is not the route of a main-menu item with deep link on: add a main-menu item with this route and deep link on first, or pick one of: "cloud-status", "lists", "incidents" (or leave it empty for the home page)',
  ])
  // The console's save answers the same words, naming the path from the catalogue's root.
  await importCatalog(db, minimalCatalog(), FIXED_NOW)
  const current = await readCatalog(db)
  const clouds = structuredClone(current.catalog.clouds)
  clouds[0].default_page = 'cloud-status'
  const refused = await saveCatalogSection(
    db,
    { section: 'clouds', revision: current.revision, value: clouds },
    COMMAND_LINE,
    FIXED_NOW,
  ).catch((e: unknown) => e)
  assert.instance(refused, HttpError)
  assert.match((refused as HttpError).message, /^clouds\[0\]\.default_page: "cloud-status" is not the route of a main-menu item/)
})

test('menu components: one of the list; an unknown name is refused with the list to pick from', () => {
  assert.equal(MENU_COMPONENTS[0], '')
  for (const name of PAGE_COMPONENTS) assert.ok(MENU_COMPONENTS.includes(name))
  const file = minimalCatalog()
  file.main_menu[0].component = 'homepage'
  const [problem] = checkCatalog(file)
  assert.match(problem, /^main_menu\[0\]\.component: unknown component "homepage": pick one of: "", "home", "cloud-status", /)
  assert.match(problem, /"status-zero-trust-branch" \("" for the heading of a dropdown\)$/)
})

test('no refusal holds "; " and each says what to do after the path', async ({ db }) => {
  const bad = minimalCatalog() as any
  bad.products.push({ machine_name: 'Bad Name', title: '' })
  bad.clouds[0].product = 'nothing'
  bad.clouds[0].domain = 'https://acme.example/'
  bad.clouds[0].services.push({ service: 'Teleport', decommissioned: false, since: null, until: null })
  bad.data_centers.push({ name: 'X', city: 'Y', country: 'Netherlands', region: 'Mars', latitude: 0, longitude: 0, clouds: [] })
  bad.main_menu[0].hide_from_clouds = ['ghost']
  bad.settings.help_site = 'help.example'
  bad.severities.push({ ...severity('A'), color_code: 'red' })
  const schema = checkCatalog(bad)
  assert.ok(schema.length >= 5, JSON.stringify(schema))
  // The meaning's problems come once the shape is right.
  bad.products.pop()
  bad.clouds[0].domain = 'acme.example'
  bad.data_centers[0].country = 'NL'
  bad.settings.help_site = 'https://help.example'
  bad.severities[0].color_code = '#ff0000'
  const meaning = checkCatalog(bad)
  assert.is(meaning.length, 4, JSON.stringify(meaning))
  for (const problem of [...schema, ...meaning]) {
    assert.not.match(problem, '; ', problem)
    assert.match(problem, /^[a-z_]+(\[\d+\])?[\w.[\]]*: \S/, problem)
  }
  // The database's refusals too: a cloud cannot be removed.
  await importCatalog(db, minimalCatalog(), FIXED_NOW)
  const gone = await importCatalog(db, { ...minimalCatalog(), clouds: [], main_menu: [] }, FIXED_NOW).catch((e: unknown) => e)
  assert.instance(gone, CatalogError)
  assert.equal((gone as CatalogError).problems, [
    'clouds: cloud "acme" is in the database but not in the file (it cannot be removed): keep it in the list',
  ])
})

test.run()
