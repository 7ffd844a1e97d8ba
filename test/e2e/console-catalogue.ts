/**
 * Steps through the console's catalogue screens by what an operator sees (labels, roles, the
 * dashboard's setup steps), shared by the first-run test and the production journey.
 */
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'

/** The console's navigation. */
export const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' })

/** The "Saved." line of a catalogue screen. */
export const saved = (page: Page) => page.getByTestId('save-status').filter({ hasText: 'Saved.' })

/** No 64-hex revision anywhere the operator can read. */
export async function noRevision(page: Page): Promise<void> {
  assert.not.match(await page.locator('body').innerText(), /\b[0-9a-f]{64}\b/)
}

/** Saves the screen's form with its Save button and waits for "Saved." (or fails with what the alert says). */
export async function save(page: Page, button: string): Promise<void> {
  const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/admin/catalog/'))
  await page.getByRole('button', { name: button, exact: true }).click()
  const res = await answer
  await saved(page)
    .waitFor()
    .catch(async (error) => {
      throw new Error(`${button}: ${res.status()} ${await page.getByRole('alert').allTextContents()} ${error}`)
    })
  await noRevision(page)
}

/** From the dashboard, opens the next step's screen by its link. */
export async function openNextStep(page: Page, name: string, path: string): Promise<void> {
  await nav(page).getByRole('link', { name: 'Dashboard', exact: true }).click()
  const link = page.getByTestId('setup-steps').getByRole('link', { name, exact: true })
  await link.waitFor()
  assert.is(await link.getAttribute('aria-current'), 'step', `${name} is the next step`)
  await link.click()
  await page.waitForURL((u) => new URL(u).pathname === path)
  await page.getByRole('heading', { level: 1 }).waitFor()
}

/** Picks the option of `select` whose visible text ends with `(${name})`: the menu components' list. */
export async function pickComponent(page: Page, name: string): Promise<void> {
  const select = page.getByLabel('Component (what the item opens)')
  const label = (await select.locator('option').allTextContents()).find((o) => o.endsWith(`(${name})`))
  assert.ok(label, `a component ${name}`)
  await select.selectOption({ label: label! })
}
