/**
 * The console's first-run path (docs/operating/catalogue.md) on an empty production site: the administrator signs
 * in, the dashboard lists the setup steps in the order that works with none done, and the
 * operator takes them one by one — vendor settings, a product, a service, a region, a data
 * center, a cloud, the main menu — using only visible labels and roles, until the dashboard says
 * every step is done. On the way: leaving a screen with unsaved changes asks first (in the
 * console, on Back and on closing the tab), a refusal names the field in words, no revision hash
 * shows, and every screen is axe-clean.
 */
import type { Dialog, Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { nav, openNextStep, save } from './console-catalogue'
import { axeViolations, browser, screenshot, signInTo, siteSuite } from './harness'

const OWNER = { name: 'owner', mail: 'owner@vendor.example', password: 'Owner12345' }

const site = siteSuite('first run: an empty production site set up in the console', {
  mode: 'production',
  accounts: { publicUrl: 'https://trust.example', admin: OWNER, seedViewer: false },
})

// The browser context is shared by every suite: leave no session behind for the next one.
site.after(async () => {
  await (await browser()).clearCookies()
})

const STEPS = ['Vendor settings', 'Products', 'Services', 'Regions', 'Data centers', 'Clouds', 'Menus']

const steps = (page: Page) => page.getByRole('region', { name: 'Set up your site' })

/** The name and state of each step, as the list shows them. */
async function stepStates(page: Page): Promise<string[][]> {
  return page
    .getByTestId('setup-steps')
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => [li.querySelector('a')?.textContent ?? '', (li as HTMLElement).dataset.state ?? '']))
}

/**
 * Waits for the next dialog, answers it (`accept`) and returns its type and message; fails when
 * none opens before the page's own action returns and `ms` more pass (the page's default timeout).
 */
function nextDialog(page: Page, accept: boolean, what: string, ms = 8000): Promise<[string, string]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('dialog', answer)
      reject(new Error(`${what}: no dialog within ${ms} ms`))
    }, ms)
    const answer = (dialog: Dialog) => {
      clearTimeout(timer)
      resolve([dialog.type(), dialog.message()])
      void (accept ? dialog.accept() : dialog.dismiss())
    }
    page.once('dialog', answer)
  })
}

site('the empty site’s dashboard lists the setup steps in order, none done, at 1280 and 375 px; axe-clean', async (ctx) => {
  for (const width of [1280, 375]) {
    const { page, errors } = await signInTo(ctx, OWNER.mail, OWNER.password, '/admin/dashboard', width)
    await steps(page).waitFor()
    assert.match(await steps(page).innerText(), '0 of 7 steps done.')
    assert.equal(await stepStates(page), [['Vendor settings', 'next'], ...STEPS.slice(1).map((s) => [s, 'todo'])])
    assert.equal(await steps(page).getByText('Not done yet').count(), 6)
    assert.equal(await steps(page).getByText('Next step').count(), 1)
    // The console's navigation lists the catalogue's screens in the same order.
    const links = await nav(page).getByRole('link').allTextContents()
    assert.equal(
      links.filter((l) => ['Settings', ...STEPS.slice(1, 6)].includes(l) || l === 'Menus'),
      ['Settings', 'Products', 'Services', 'Regions', 'Data centers', 'Clouds', 'Menus'],
    )
    assert.equal(await axeViolations(page), [], `dashboard @${width}`)
    await screenshot(page, `admin-first-run-dashboard-${width}`)
    assert.equal(errors, [], `dashboard @${width}`)
    await page.close()
  }
})

site('the operator takes every step by its visible labels; unsaved work asks before it goes; the steps end done', async (ctx) => {
  const { page, errors } = await signInTo(ctx, OWNER.mail, OWNER.password, '/admin/dashboard')
  await steps(page).waitFor()

  // 1. Vendor settings. Leaving with the name typed asks first; declined, it stays.
  await page.getByTestId('setup-steps').getByRole('link', { name: 'Vendor settings' }).click()
  await page.waitForURL((u) => new URL(u).pathname === '/admin/catalog/settings')
  await page.getByLabel('Vendor name').fill('Acme Security')
  let dialog = nextDialog(page, false, 'leaving the settings')
  await nav(page).getByRole('link', { name: 'Products', exact: true }).click()
  assert.equal(await dialog, ['confirm', 'This screen has changes that are not saved. Leave it and lose them?'])
  assert.is(new URL(page.url()).pathname, '/admin/catalog/settings', 'declined: still on the settings')
  assert.is(await page.getByLabel('Vendor name').inputValue(), 'Acme Security', 'the typed name stays')
  await save(page, 'Save settings')

  // 2. A product. A bad machine name is refused in words, never by a JSON path.
  await openNextStep(page, 'Products', '/admin/catalog/products')
  await page.getByRole('button', { name: 'Add product' }).click()
  await page.getByLabel('Machine name', { exact: true }).fill('Edge Gateway')
  await page.getByLabel('Title', { exact: true }).fill('Edge Gateway')
  await page.getByRole('button', { name: 'Save products' }).click()
  const refusal = page.getByTestId('save-errors')
  await refusal.waitFor()
  const words = await refusal.innerText()
  assert.match(words, 'Product “Edge Gateway”, Machine name: must be a machine name')
  assert.not.match(words, /products\[\d+\]/)
  await page.getByLabel('Machine name', { exact: true }).fill('edge')
  await save(page, 'Save products')

  // 3. A core service.
  await openNextStep(page, 'Services', '/admin/catalog/core-services')
  await page.getByRole('button', { name: 'Add service' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Authentication')
  await page.getByLabel('Description').fill('Signing in to the service.')
  await save(page, 'Save services')

  // 4. A region.
  await openNextStep(page, 'Regions', '/admin/catalog/regions')
  await page.getByRole('button', { name: 'Add region' }).click()
  await page.getByLabel('Region name').fill('EMEA')
  await save(page, 'Save regions')

  // 5. A data center (no cloud yet: the form says to come back once there is one).
  await openNextStep(page, 'Data centers', '/admin/catalog/data-centers')
  await page.getByRole('button', { name: 'Add data center' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Amsterdam I')
  await page.getByLabel('City').fill('Amsterdam')
  await page.getByLabel('Country (ISO code, e.g. NL)').fill('NL')
  await page.getByLabel('Region', { exact: true }).selectOption({ label: 'EMEA' })
  await page.getByLabel('Latitude (degrees north, -90 to 90)').fill('52.37')
  await page.getByLabel('Longitude (degrees east, -180 to 180)').fill('4.9')
  await page.getByText('No cloud yet: once you have added clouds, tick here which ones this data center serves.').waitFor()
  await save(page, 'Save data centers')
  assert.match(await page.getByTestId('catalog-list').innerText(), 'serves no cloud yet')

  // 6. A cloud: the default page starts as the home page. Clouds → Menus with the cloud typed asks.
  await openNextStep(page, 'Clouds', '/admin/catalog/clouds')
  await page.getByRole('button', { name: 'Add cloud' }).click()
  await page.getByLabel('Machine name', { exact: true }).fill('acme')
  await page.getByLabel('Domain', { exact: true }).fill('acme.example')
  await page.getByLabel('Title', { exact: true }).fill('Acme Cloud')
  await page.getByLabel('Product', { exact: true }).selectOption({ label: 'Edge Gateway' })
  const defaultPage = page.getByLabel('Default page', { exact: true })
  assert.is(await defaultPage.inputValue(), '', 'the home page, which is always valid')
  assert.equal(await defaultPage.locator('option').allTextContents(), ['Home page'])
  await page.getByLabel('Banner title', { exact: true }).fill('Acme Cloud')
  await page.getByLabel('Banner description (plain text)').fill('The status of the Acme cloud.')
  await page.getByLabel('Add a core service').selectOption({ label: 'Authentication' })
  await page.getByRole('button', { name: 'Add service', exact: true }).click()
  assert.equal(await axeViolations(page), [], 'the cloud form')
  await screenshot(page, 'admin-first-run-cloud-form-1280')
  dialog = nextDialog(page, false, 'leaving the clouds')
  await nav(page).getByRole('link', { name: 'Menus', exact: true }).click()
  assert.equal((await dialog)[0], 'confirm')
  assert.is(new URL(page.url()).pathname, '/admin/catalog/clouds')
  assert.is(await page.getByLabel('Title', { exact: true }).inputValue(), 'Acme Cloud', 'the typed cloud stays')
  // The browser's Back asks too; declined, the address stays the screen's.
  dialog = nextDialog(page, false, 'Back from the clouds')
  await page.goBack({ waitUntil: 'commit', timeout: 3000 }).catch(() => undefined)
  assert.equal((await dialog)[0], 'confirm')
  await page.waitForURL((u) => new URL(u).pathname === '/admin/catalog/clouds')
  assert.is(await page.getByLabel('Title', { exact: true }).inputValue(), 'Acme Cloud', 'Back declined: the typed cloud stays')
  await save(page, 'Save clouds')

  // 7. The main menu: components picked from the list with what they open.
  await openNextStep(page, 'Menus', '/admin/catalog/main-menu')
  await page.getByRole('button', { name: 'Add menu item' }).click()
  await page.getByLabel('Label', { exact: true }).fill('Home')
  const component = page.getByLabel('Component (what the item opens)')
  assert.ok((await component.locator('option').allTextContents()).includes('Data center map: the data centers on a world map (dc-map)'))
  await component.selectOption({ label: 'Home page: the cloud’s banner and links (home)' })
  await page.getByRole('button', { name: 'Close menu item' }).click()
  await page.getByRole('button', { name: 'Add menu item' }).click()
  await page.getByLabel('Label', { exact: true }).fill('Cloud Status')
  await page
    .getByLabel('Component (what the item opens)')
    .selectOption({ label: 'Cloud status: the core services and data centers with their status (cloud-status)' })
  await page.getByLabel('Route', { exact: true }).fill('cloud-status')
  assert.equal(await axeViolations(page), [], 'the menu form')
  await save(page, 'Save main menu')

  // Every step is done: the list folds away into one line, which opens to show them.
  await nav(page).getByRole('link', { name: 'Dashboard', exact: true }).click()
  const folded = page.getByTestId('setup-steps')
  await folded.getByText('Setup: all 7 steps are done.').waitFor()
  assert.is(await steps(page).count(), 0, 'no setup section any more')
  await folded.getByText('Setup: all 7 steps are done.').click()
  assert.equal(
    await stepStates(page),
    STEPS.map((s) => [s, 'done']),
  )
  assert.equal(await folded.getByText('Done', { exact: true }).count(), 7)
  assert.equal(await axeViolations(page), [], 'the dashboard, set up')
  await screenshot(page, 'admin-first-run-dashboard-done-1280')

  // The cloud may now open on the status page: the menu offers its route.
  await nav(page).getByRole('link', { name: 'Clouds', exact: true }).click()
  await page.getByRole('button', { name: 'Edit Acme Cloud' }).click()
  await page.getByLabel('Default page', { exact: true }).selectOption({ label: 'Cloud Status (cloud-status)' })
  await save(page, 'Save clouds')

  // Closing the tab with unsaved changes asks (the browser's own question). The cloud's form stays open after the save.
  await page.getByLabel('Title', { exact: true }).fill('Acme Cloud, renamed')
  dialog = nextDialog(page, false, 'closing the tab (declined)')
  await page.close({ runBeforeUnload: true })
  assert.equal((await dialog)[0], 'beforeunload')
  assert.not.ok(page.isClosed(), 'declined: the tab stays')
  // The refused product was answered 400 on purpose; nothing else went wrong.
  assert.equal(
    errors.filter((e) => !e.includes('status of 400')),
    [],
  )
  await page.close()

  // The public site opens the cloud on its default page.
  const visitor = await (await browser()).newPage()
  try {
    await visitor.goto(`${ctx.server.url}/acme.example`)
    await visitor.waitForURL((u) => new URL(u).pathname === '/acme.example')
    await visitor.goto(`${ctx.server.url}/`)
    await visitor.waitForURL((u) => new URL(u).pathname === '/acme.example/cloud-status')
  } finally {
    await visitor.close()
  }
})

site.run()
