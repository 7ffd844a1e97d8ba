/**
 * The console's API keys screen (docs/operating/api-keys.md) on a production server from an empty
 * database with the operator's own catalogue (`npm run catalog -- import`): the administrator
 * creates a key by its visible labels, reads it once (copy button, "you will not see it again"),
 * a machine — this test, with `fetch` — opens an incident with it through the Statuspage-compatible
 * manage API, the incident shows on the public page, the list shows the key's last use; Revoke asks
 * first, and the key's next call is refused with 401. axe in English and Arabic, light and dark;
 * screenshots `api-keys-{en|ar}-{375|1280}.png`.
 */
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { axeViolations, browser, newPage, screenshot, settled, signInTo, type SiteContext } from './harness'
import { OWN_SITE, OWNER, ownSiteSuite } from './own-site'

const { cloud: CLOUD, domain: DOMAIN } = OWN_SITE
const KEY_NAME = 'PagerDuty'
const INCIDENT = 'Relays drop packets in Nimbus One'

const site = ownSiteSuite('console: API keys made, used by a machine and revoked, on a production site')

/** What the test learnt along the way: the key (read once from the screen) and the console's tab. */
const state: { key: string; page?: Page; errors: string[] } = { key: '', errors: [] }

/** A call of the key-authenticated API as a machine makes it: no cookie, no Origin, the key as a bearer token. */
function call(ctx: SiteContext, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
  return fetch(`${ctx.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${state.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
}

const row = (page: Page) => page.getByTestId('api-key-row').filter({ hasText: KEY_NAME })

site('an administrator creates a key by its labels; it shows once with a copy button; the list says its state in words', async (ctx) => {
  const { page, errors } = await signInTo(ctx, OWNER.name, OWNER.password, '/admin/api-keys')
  state.page = page
  state.errors = errors
  const screen = page.getByTestId('admin-api-keys')
  await screen.waitFor()
  await settled(page)
  assert.is(await page.getByRole('link', { name: 'API keys', exact: true }).getAttribute('aria-current'), 'page')
  await page.getByText('No API keys yet.').waitFor()
  assert.equal(await axeViolations(page), [], 'the empty screen')

  // A key without a name is refused in words, before anything is sent.
  await page.getByRole('button', { name: 'Create key', exact: true }).click()
  const refusal = page.getByTestId('save-errors')
  await refusal.waitFor()
  assert.match(await refusal.innerText(), 'Key name: give the key a name that says which machine uses it.')

  await page.getByLabel('Key name', { exact: true }).fill(KEY_NAME)
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'trust admin' })
  await page.getByLabel('Lifetime', { exact: true }).selectOption({ label: '30 days' })
  await page.getByLabel('Cloud', { exact: true }).selectOption({ label: DOMAIN })
  await page.getByRole('button', { name: 'Create key', exact: true }).click()

  const shown = page.getByTestId('api-key-added')
  await shown.waitFor()
  assert.match(await shown.innerText(), `Key “${KEY_NAME}” created`)
  assert.match(await shown.innerText(), 'you will not see it again')
  state.key = (await page.getByTestId('api-key-secret').innerText()).trim()
  assert.match(state.key, /^trust_[A-Za-z0-9_-]{43}$/)
  assert.is(await page.evaluate(() => document.activeElement?.id), 'api-key-added-title', 'focus moves to the new key')

  // Copy puts exactly the key on the clipboard.
  await (await browser()).grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.server.url })
  await shown.getByRole('button', { name: 'Copy the key' }).click()
  await shown.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }).waitFor()
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), state.key)

  // The list: one key, its prefix, role, cloud, creator, never used, active — in words.
  await row(page).waitFor()
  const cells = (await row(page).locator('th, td').allInnerTexts()).map((c) => c.replace(/\s+/g, ' ').trim())
  assert.is(cells[0].startsWith(`${KEY_NAME} Begins with trust_`), true, cells[0])
  const prefix = cells[0].replace(`${KEY_NAME} Begins with `, '')
  assert.ok(state.key.startsWith(prefix), 'the prefix is the key’s start')
  assert.is(prefix.length < state.key.length, true, 'never the whole key')
  assert.equal(cells.slice(1, 3), ['trust admin', DOMAIN])
  assert.match(cells[3], / by owner$/)
  assert.equal(cells.slice(5, 7), ['Never used', 'Active'])
  assert.is(cells[7], 'Revoke')
  assert.equal(await axeViolations(page), [], 'the key shown once')
  await screenshot(page, 'api-keys-created-1280')

  // Stored: the key is gone from the page, and no reload brings it back.
  await shown.getByRole('button', { name: 'I have stored the key' }).click()
  await shown.waitFor({ state: 'detached' })
  assert.is((await page.content()).includes(state.key), false)
  await page.reload()
  await row(page).waitFor()
  assert.is((await page.content()).includes(state.key), false, 'the key is never listed again')
  assert.equal(errors, [])
})

site('a machine opens an incident with the key; it shows on the public page; the list shows the key’s last use', async (ctx) => {
  assert.ok(state.key, 'the key was read in the console')
  const components = await call(ctx, 'GET', `/v1/pages/${CLOUD}/components`)
  assert.is(components.status, 200, await components.clone().text())
  // A component itself, not a group (Statuspage's `group: true` rows name their components).
  const component = ((await components.json()) as Array<{ id: string; group: boolean }>).find((c) => !c.group)
  assert.ok(component, 'the own catalogue’s components')

  const opened = await call(ctx, 'POST', `/v1/pages/${CLOUD}/incidents`, {
    incident: {
      name: INCIDENT,
      status: 'investigating',
      body: 'We are investigating dropped packets.',
      component_ids: [component.id],
      components: { [component.id]: 'major_outage' },
    },
  })
  assert.is(opened.status, 201, await opened.clone().text())
  const incident = (await opened.json()) as { id: string; page_id: string }
  assert.is(incident.page_id, CLOUD)

  // The public page, as a visitor sees it (no session needed).
  const visitor = await newPage(ctx.server, 1280)
  ctx.pages.push(visitor)
  await visitor.page.goto(`${ctx.server.url}/${DOMAIN}/incidents`)
  await visitor.page.getByText(INCIDENT).first().waitFor()
  assert.equal(visitor.errors, [])

  const page = state.page!
  await page.reload()
  await row(page).waitFor()
  const lastUsed = (await row(page).locator('td').nth(4).innerText()).trim()
  assert.is.not(lastUsed, 'Never used')
  assert.ok(lastUsed.length > 0)
})

site('Revoke asks first; Keep it keeps the key; Yes, revoke stops it: the next call is 401', async (ctx) => {
  const page = state.page!
  await row(page)
    .getByRole('button', { name: `Revoke ${KEY_NAME}` })
    .click()
  const confirm = row(page).getByTestId('api-key-revoke-confirm')
  await confirm.waitFor()
  assert.match(await confirm.innerText(), `Revoke “${KEY_NAME}”? Machines using it are refused from their next request.`)
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Keep it', 'focus on the safe answer')
  assert.equal(await axeViolations(page), [], 'the confirmation')
  await confirm.getByRole('button', { name: 'Keep it' }).click()
  await confirm.waitFor({ state: 'detached' })
  assert.is(await row(page).getAttribute('data-state'), 'active')
  assert.is((await call(ctx, 'GET', `/v1/pages/${CLOUD}/components`)).status, 200, 'kept: the key still works')

  await row(page)
    .getByRole('button', { name: `Revoke ${KEY_NAME}` })
    .click()
  await row(page).getByRole('button', { name: 'Yes, revoke' }).click()
  const said = page.locator('[data-testid="save-status"], [data-testid="save-failed"], [data-testid="save-errors"]')
  await said.waitFor()
  assert.is((await said.innerText()).trim(), `Saved. “${KEY_NAME}” is revoked and no longer works.`)
  await page.locator(`[data-testid="api-key-row"][data-state="revoked"]`).waitFor()
  assert.match(await row(page).getByTestId('api-key-state').innerText(), /^Revoked /)
  assert.is(
    await row(page)
      .getByRole('button', { name: `Revoke ${KEY_NAME}` })
      .count(),
    0,
    'nothing left to revoke',
  )

  const refused = await call(ctx, 'POST', `/v1/pages/${CLOUD}/incidents`, { incident: { name: 'Too late', status: 'investigating' } })
  assert.is(refused.status, 401)
  const answer = (await refused.json()) as { error?: { message?: string } }
  assert.match(answer.error?.message ?? JSON.stringify(answer), /revoked/i)
  assert.equal(state.errors, [])
})

/** Opens the screen in `locale` (the `lang` query) in a new tab of the signed-in context. */
async function openIn(ctx: SiteContext, locale: 'en' | 'ar', width: number) {
  const tp = await newPage(ctx.server, width)
  ctx.pages.push(tp)
  await tp.page.goto(`${ctx.server.url}/admin/api-keys?lang=${locale}`)
  await tp.page.getByTestId('api-key-row').first().waitFor()
  await settled(tp.page)
  return tp
}

site('axe in English and Arabic, light and dark; screenshots at 375 and 1280 px; nothing scrolls sideways', async (ctx) => {
  const problems: string[] = []
  for (const locale of ['en', 'ar'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, errors } = await openIn(ctx, locale, 1280)
      await page.emulateMedia({ colorScheme: scheme })
      await settled(page)
      for (const v of await axeViolations(page)) problems.push(`${locale} ${scheme}: ${v}`)
      problems.push(...errors.map((e) => `${locale} ${scheme}: ${e}`))
      await page.close()
    }
    for (const width of [375, 1280]) {
      const { page } = await openIn(ctx, locale, width)
      if (locale === 'ar') {
        const html = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])
        assert.equal(html, ['ar', 'rtl'])
        await page.getByRole('link', { name: 'مفاتيح API', exact: true }).waitFor()
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      if (overflow > 0) problems.push(`${locale} ${width}px: scrolls ${overflow} px sideways`)
      await screenshot(page, `api-keys-${locale}-${width}`)
      await page.close()
    }
  }
  assert.equal(problems, [], problems.join('\n'))
})

site.run()
