/**
 * The second factor in the browser (docs/operating/staff-sign-in.md "Second factor") on a
 * production server from an empty database: the first administrator signs in and is stopped at
 * "Set up a second factor", reads the key beside the QR code, types the code an authenticator app
 * would show now (computed from that key at the server's clock), saves the recovery codes and the
 * console opens. A later sign-in asks for the code on the sign-in page: a wrong code is refused in
 * words, the right one goes on; a recovery code works once. The settings page's "Second factor"
 * section makes new recovery codes. Every screen is axe-clean in English and Arabic, with
 * screenshots at 375 and 1280 px.
 */
import { spawnSync } from 'node:child_process'
import type { Page } from 'playwright-core'
import * as assert from 'uvu/assert'
import { stepOf, totpCode } from '../../server/accounts/second-factor'
import { addAccount, axeViolations, browser, open, root, screenshot, siteSuite, type SiteContext, type TestPage } from './harness'

const OWNER = { name: 'owner', mail: 'owner@vendor.example', password: 'Owner12345' }
const SECOND = { mail: 'second@vendor.example', password: 'Second12345' }

const site = siteSuite('second factor: set up at the console gate, asked at every sign-in', {
  mode: 'production',
  accounts: { publicUrl: 'https://trust.example', admin: OWNER, seedViewer: false },
})

site.after(async () => {
  await (await browser()).clearCookies()
})

/** What the owner's authenticator holds: its key, the recovery codes not spent yet, the last step whose code was used. */
const owner = { secret: '', codes: [] as string[], lastStep: 0 }

/** The authenticator's code for a step not used yet (a code works once): this step's, else the next one's. */
function freshCode(ctx: SiteContext, factor: typeof owner): string {
  const now = stepOf(ctx.server.now().getTime())
  const step = Math.max(now, factor.lastStep + 1)
  assert.ok(step <= now + 1, 'an unused step within the accepted window')
  factor.lastStep = step
  return totpCode(factor.secret, step * 30_000)
}

/** A wrong code: the right one of the current step, each digit moved by one. */
const wrongCode = (ctx: SiteContext, secret: string) =>
  totpCode(secret, ctx.server.now().getTime()).replace(/\d/g, (d) => String((Number(d) + 1) % 10))

/** A refused code answers 400, a refused admin call 403 (the browser logs them): the only errors these pages may log. */
const withoutRefusals = (errors: string[]) =>
  errors.filter(
    (e) => !/^console: Failed to load resource: the server responded with a status of (400 \(Bad Request\)|403 \(Forbidden\))$/.test(e),
  )

/**
 * Opens the sign-in page (in `locale`, `width` px) for `destination` with no session and signs in
 * with a password; returns the tab (on the second step, or on its way to the destination).
 */
async function signInWithPassword(ctx: SiteContext, mail: string, password: string, destination: string, width = 1280, locale = 'en') {
  await (await browser()).clearCookies()
  const tp = await open(ctx, `/sign-in?destination=${encodeURIComponent(destination)}&lang=${locale}`, width)
  await tp.page.locator('#sign-in-name').fill(mail)
  await tp.page.locator('#sign-in-pass').fill(password)
  await tp.page.locator('form button[type="submit"]').click()
  return tp
}

const arrivedAt = (path: string) => (u: URL) => u.pathname === path

/** The sign-in page's second step, waited for. */
async function secondStep(page: Page) {
  const code = page.locator('#sign-in-code')
  await code.waitFor()
  return code
}

site(
  'the first administrator is stopped at "Set up a second factor", turns on an authenticator app, saves the codes; the console opens',
  async (ctx) => {
    const { page, errors } = await signInWithPassword(ctx, OWNER.mail, OWNER.password, '/admin/dashboard')
    await page.waitForURL(arrivedAt('/admin/dashboard'))
    const gate = page.getByTestId('second-factor-enrol')
    await gate.getByRole('heading', { level: 1, name: 'Set up a second factor' }).waitFor()
    assert.is(await page.getByTestId('admin-console').count(), 0, 'no console behind the gate')
    // The server refuses the console's calls to this session, whatever the screens show.
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/admin/dashboard')
      return [res.status, ((await res.json()) as { error: { code: string } }).error.code]
    })
    assert.equal(refused, [403, 'second_factor_enrolment_required'])
    assert.equal(await axeViolations(page), [], 'the enrolment gate')
    await screenshot(page, 'second-factor-enrol-en-1280')

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const qr = page.getByRole('img', { name: 'QR code that adds this site to an authenticator app' })
    await qr.waitFor()
    // The server's SVG is an image of a data: address, drawn (never inserted as markup).
    assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
    assert.ok(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the QR code is drawn')
    assert.is(await page.getByTestId('totp-setup').locator('svg').count(), 0, 'no SVG markup in the page')
    // The key for typing by hand, in groups of four.
    const key = (await page.getByTestId('totp-secret').innerText()).trim()
    assert.match(key, /^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)
    owner.secret = key.replace(/ /g, '')
    assert.equal(await axeViolations(page), [], 'the authenticator step')
    await screenshot(page, 'second-factor-enrol-app-en-1280')

    // A wrong first code is refused in words; the right one turns the app on.
    const field = gate.getByLabel('Authenticator code', { exact: true })
    assert.is(await field.getAttribute('autocomplete'), 'one-time-code')
    assert.is(await field.getAttribute('inputmode'), 'numeric')
    await field.fill(wrongCode(ctx, owner.secret))
    await page.getByRole('button', { name: 'Turn on', exact: true }).click()
    await gate.getByRole('alert').filter({ hasText: 'The code is not right.' }).waitFor()
    await field.fill(freshCode(ctx, owner))
    await page.getByRole('button', { name: 'Turn on', exact: true }).click()

    const codes = page.getByTestId('recovery-code-list').locator('li')
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor()
    owner.codes = (await codes.allTextContents()).map((c) => c.trim())
    assert.is(owner.codes.length, 10)
    for (const code of owner.codes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/)
    // The download is a text file of the codes.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the codes' }).click()])
    assert.match(download.suggestedFilename(), /^recovery-codes-.*\.txt$/)
    assert.equal(await axeViolations(page), [], 'the recovery codes')
    await screenshot(page, 'second-factor-codes-en-1280')
    // Continue asks for the box first.
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByText('Tick the box once you have saved the codes.').waitFor()
    await page.getByLabel('I have saved my recovery codes').check()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByTestId('admin-console').getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    assert.equal(withoutRefusals(errors), [])
    await page.close()
  },
)

site('a new sign-in asks for the code: a wrong code is refused in words, the next code goes on to the console', async (ctx) => {
  const { page, errors } = await signInWithPassword(ctx, OWNER.mail, OWNER.password, '/admin/dashboard')
  const code = await secondStep(page)
  await page.getByRole('heading', { name: 'Confirm it’s you' }).waitFor()
  assert.is(await code.getAttribute('autocomplete'), 'one-time-code')
  assert.is(await code.getAttribute('inputmode'), 'numeric')
  assert.is(new URL(page.url()).pathname, '/sign-in', 'the destination waits for the code')
  assert.equal(await axeViolations(page), [], 'the second step')
  await screenshot(page, 'second-factor-sign-in-en-1280')

  await code.fill(wrongCode(ctx, owner.secret))
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  const alert = page.getByTestId('sign-in-second-factor-error')
  await alert.filter({ hasText: 'The code is not right.' }).waitFor()
  assert.equal(await axeViolations(page), [], 'the refused code')
  await screenshot(page, 'second-factor-sign-in-wrong-en-1280')

  await code.fill(freshCode(ctx, owner))
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await page.waitForURL(arrivedAt('/admin/dashboard'))
  await page.getByTestId('admin-console').getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  assert.equal(withoutRefusals(errors), [])
  await page.close()
})

site('a recovery code works once', async (ctx) => {
  const [first, second] = owner.codes
  let tp: TestPage = await signInWithPassword(ctx, OWNER.mail, OWNER.password, '/admin/dashboard', 375)
  await secondStep(tp.page)
  await tp.page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await tp.page.getByLabel('Recovery code', { exact: true }).fill(first)
  assert.equal(await axeViolations(tp.page), [], 'the recovery code step')
  await screenshot(tp.page, 'second-factor-sign-in-recovery-en-375')
  await tp.page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await tp.page.getByTestId('admin-console').waitFor()
  await tp.page.close()

  tp = await signInWithPassword(ctx, OWNER.mail, OWNER.password, '/admin/dashboard', 375)
  await secondStep(tp.page)
  await tp.page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await tp.page.getByLabel('Recovery code', { exact: true }).fill(first)
  await tp.page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await tp.page.getByTestId('sign-in-second-factor-error').filter({ hasText: 'The code is not right.' }).waitFor()
  await tp.page.getByLabel('Recovery code', { exact: true }).fill(second)
  await tp.page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await tp.page.getByTestId('admin-console').getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  owner.codes = owner.codes.slice(2)
  await screenshot(tp.page, 'second-factor-console-en-375')
  assert.equal(withoutRefusals(tp.errors), [])
  await tp.page.close()
})

site('the settings page’s "Second factor": the app is on, new recovery codes replace the old ones', async (ctx) => {
  // The public pages (the settings among them) open once the site has a catalogue.
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', 'test/fixtures/own-catalog.json'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: ctx.server.dataDir, PUBLIC_URL: 'https://trust.example' },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, `catalog import: ${run.stderr}${run.stdout}`)
  const { page, errors } = await signInWithPassword(ctx, OWNER.mail, OWNER.password, '/account-settings')
  await secondStep(page)
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await page.getByLabel('Recovery code', { exact: true }).fill(owner.codes.shift() ?? '')
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await page.waitForURL(arrivedAt('/account-settings'))
  const section = page.getByTestId('settings-second-factor')
  await section.getByRole('heading', { name: 'Second factor' }).waitFor()
  await section.getByText('An authenticator app is set up.').waitFor()
  assert.is(await section.getByTestId('settings-codes-left').innerText(), 'Unused recovery codes: 7')
  assert.equal(await axeViolations(page), [], 'the settings section')
  await screenshot(page, 'second-factor-settings-en-1280')

  await section.getByRole('button', { name: 'Make new recovery codes' }).click()
  await section.getByText('Make new recovery codes? The ones you have now stop working.').waitFor()
  await section.getByRole('button', { name: 'Make new codes', exact: true }).click()
  const list = section.getByTestId('recovery-code-list').locator('li')
  await list.nth(9).waitFor()
  const fresh = (await list.allTextContents()).map((c) => c.trim())
  assert.is(fresh.length, 10)
  assert.not.ok(
    fresh.some((c) => owner.codes.includes(c)),
    'new codes',
  )
  await section.getByLabel('I have saved my recovery codes').check()
  await section.getByRole('button', { name: 'Continue', exact: true }).click()
  await section.getByText('Unused recovery codes: 10').waitFor()
  assert.equal(errors, [])
  await page.close()

  // An old code no longer works; a new one does.
  const again = await signInWithPassword(ctx, OWNER.mail, OWNER.password, '/admin/dashboard')
  await secondStep(again.page)
  await again.page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await again.page.getByLabel('Recovery code', { exact: true }).fill(owner.codes[0])
  await again.page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await again.page.getByTestId('sign-in-second-factor-error').waitFor()
  await again.page.getByLabel('Recovery code', { exact: true }).fill(fresh[0])
  await again.page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await again.page.getByTestId('admin-console').waitFor()
  owner.codes = fresh.slice(1)
  await again.page.close()
})

site('in Arabic at 375 and 1280 px: the gate, the codes, the second step and the settings section are axe-clean', async (ctx) => {
  await addAccount(ctx, SECOND.mail, SECOND.password, ['administrator'])
  const second = { secret: '', codes: [] as string[], lastStep: 0 }
  for (const width of [375, 1280]) {
    const { page, errors } = await signInWithPassword(ctx, SECOND.mail, SECOND.password, '/admin/dashboard', width, 'ar')
    if (second.secret) {
      await (await secondStep(page)).fill(freshCode(ctx, second))
      assert.equal(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl'])
      assert.equal(await axeViolations(page), [], `the second step, ar @${width}`)
      await screenshot(page, `second-factor-sign-in-ar-${width}`)
      await page.locator('#sign-in-code').press('Enter')
      await page.getByTestId('admin-console').waitFor()
      await page.goto(`${ctx.server.url}/account-settings?lang=ar`)
      await page.getByTestId('settings-second-factor').getByTestId('settings-totp-on').waitFor()
      assert.equal(await axeViolations(page), [], `the settings section, ar @${width}`)
      await screenshot(page, `second-factor-settings-ar-${width}`)
      assert.equal(errors, [])
      await page.close()
      continue
    }
    const gate = page.getByTestId('second-factor-enrol')
    await gate.getByRole('heading', { level: 1, name: 'إعداد عامل ثانٍ' }).waitFor()
    assert.equal(await axeViolations(page), [], `the enrolment gate, ar @${width}`)
    await screenshot(page, `second-factor-enrol-ar-${width}`)
    await gate.getByTestId('totp-setup').getByRole('button').click()
    second.secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '')
    assert.equal(await axeViolations(page), [], `the authenticator step, ar @${width}`)
    await screenshot(page, `second-factor-enrol-app-ar-${width}`)
    await gate.getByLabel('رمز المصادقة', { exact: true }).fill(freshCode(ctx, second))
    await gate.getByLabel('رمز المصادقة', { exact: true }).press('Enter')
    await page.getByTestId('recovery-code-list').waitFor()
    assert.equal(await axeViolations(page), [], `the recovery codes, ar @${width}`)
    await screenshot(page, `second-factor-codes-ar-${width}`)
    await page.getByLabel('حفظت رموز الاسترداد').check()
    await page.getByRole('button', { name: 'متابعة', exact: true }).click()
    await page.getByTestId('admin-console').waitFor()
    assert.equal(errors, [])
    await page.close()
  }
})

site('the gate at the other widths: English at 375 px, Arabic at 1280 px', async (ctx) => {
  for (const [locale, width, mail] of [
    ['en', 375, 'third@vendor.example'],
    ['ar', 1280, 'fourth@vendor.example'],
  ] as const) {
    await addAccount(ctx, mail, SECOND.password, ['administrator'])
    const { page, errors } = await signInWithPassword(ctx, mail, SECOND.password, '/admin/dashboard', width, locale)
    await page.getByTestId('second-factor-enrol').getByTestId('totp-setup').waitFor()
    assert.equal(await axeViolations(page), [], `the enrolment gate, ${locale} @${width}`)
    await screenshot(page, `second-factor-enrol-${locale}-${width}`)
    assert.equal(errors, [])
    await page.close()
  }
})

site.run()
