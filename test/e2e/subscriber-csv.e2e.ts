/**
 * Subscriber import and export in the console (docs/subscriptions.md; README "Subscriber import and
 * export"), on a production server from an empty database with the test's own catalogue
 * (`npm run catalog -- import`), mail through a real SMTP server on loopback (./smtp.ts):
 * the administrator imports a file with bad rows and sees each listed by line and reason, fixes
 * it and imports it ("2 people invited."); an invited person opens the opt-in link of the mail
 * they received, confirms and sees their subscriptions; "Export CSV" downloads a file with them.
 * axe-clean; screenshots at 375 and 1280 px in English and Arabic.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { LANG_COOKIE } from '../../contract/locale'
import { axeViolations, browser, newPage, root, screenshot, signInTo, type SiteContext, startServer } from './harness'
import { type SmtpServer, startSmtp } from './smtp'

const PUBLIC_URL = 'https://status.nimbus.test'
const OPERATOR = { name: 'ops', mail: 'ops@nimbus.test', password: 'A long passphrase 2026' }
const DOMAIN = 'nimbusone.net'

interface CsvContext extends SiteContext {
  smtp: SmtpServer
}

const test = suite<CsvContext>('subscriber CSV: import with bad rows, fix, opt-in from the mail, export', {} as CsvContext)

test.before(async (ctx) => {
  ctx.smtp = await startSmtp()
  ctx.pages = []
  ctx.server = await startServer({
    mode: 'production',
    accounts: { publicUrl: PUBLIC_URL, admin: OPERATOR, seedViewer: false, employeeDomains: [], smtpUrl: ctx.smtp.url },
  })
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', 'test/fixtures/own-catalog.json'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: ctx.server.dataDir, PUBLIC_URL },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, `${run.stderr}${run.stdout}`)
  ctx.server.app.responseCache.clear()
})
test.after(async (ctx) => {
  for (const p of ctx.pages) await p.page.close()
  await ctx.server?.close()
  await ctx.smtp?.stop()
  await (await browser()).clearCookies()
})

/** Writes `lines` as a CSV file in the server's data folder; returns its path. */
function csvFile(ctx: CsvContext, name: string, lines: string[]): string {
  const file = join(ctx.server.dataDir, name)
  writeFileSync(file, `${lines.join('\r\n')}\r\n`)
  return file
}

/** Chooses `file` in the import form and presses Import. */
async function importFile(page: Page, file: string, label = 'CSV file of subscribers', button = 'Import and send opt-in mail') {
  await page.getByLabel(label).setInputFiles(file)
  await page.getByRole('button', { name: button }).click()
}

/** Sets the page language of the next pages (the `trust_lang` cookie). */
const language = async (ctx: CsvContext, locale: 'en' | 'ar') =>
  (await browser()).addCookies([{ name: LANG_COOKIE, value: locale, url: ctx.server.url }])

test('bad rows are listed by line and reason and nothing is imported; the fixed file invites; the person opts in; the export has them', async (ctx) => {
  await language(ctx, 'en')
  const { page, errors } = await signInTo(ctx, OPERATOR.name, OPERATOR.password, '/admin/subscribers')
  await page.getByRole('heading', { level: 1, name: 'Subscribers' }).waitFor()
  assert.is(await page.locator('nav[aria-label="Admin"] [aria-current="page"]').textContent(), 'Subscribers')

  const bad = csvFile(ctx, 'bad.csv', [
    'email,topics',
    `kim@customer.test,"${DOMAIN} > Core Cloud Services > Web Gateway\n${DOMAIN} > Maintenance > Scheduled Maintenance"`,
    `not-an-address,${DOMAIN}`,
    `lee@customer.test,${DOMAIN} > Public Data Center > Atlantis I`,
  ])
  await importFile(page, bad)
  const problems = page.getByTestId('subscribers-problems')
  await problems.waitFor()
  assert.match((await problems.locator('p').textContent()) ?? '', /^2 rows are wrong; nothing was imported/)
  const items = await problems.getByRole('listitem').allTextContents()
  assert.is(items.length, 2)
  assert.match(items[0], /^Line 4 \(row 3 in a spreadsheet\): “not-an-address” is not a valid email address\.$/)
  assert.match(items[1], /^Line 5 \(row 4 in a spreadsheet\): Unknown topic “nimbusone\.net > Public Data Center > Atlantis I”/)
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'subscriber-csv-bad-rows-en-1280')
  const before = await ctx.smtp.mails()
  assert.is(before.length, 0, 'nothing was mailed')

  const good = csvFile(ctx, 'good.csv', [
    'email,topics',
    `kim@customer.test,"${DOMAIN} > Core Cloud Services > Web Gateway\n${DOMAIN} > Maintenance > Scheduled Maintenance"`,
    `lee@customer.test,${DOMAIN} > Public Data Center > Frankfurt I`,
  ])
  await importFile(page, good)
  const result = page.getByTestId('subscribers-result')
  await result.waitFor()
  assert.match((await result.textContent()) ?? '', /^2 people invited\./)
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'subscriber-csv-invited-en-1280')

  // The opt-in mail, as the SMTP server received it.
  const mails = await ctx.smtp.waitFor((all) => all.filter((m) => m.to.includes('kim@customer.test')).length >= 1, 'the opt-in mail to kim')
  const mail = mails.find((m) => m.to.includes('kim@customer.test'))!
  assert.match(mail.subject, /^Confirm your subscription to /)
  const link = /https:\/\/status\.nimbus\.test(\/opt-in\/[\w-]+)/.exec(mail.text)
  assert.ok(link, mail.text)

  const person = await newPage(ctx.server, 1280)
  ctx.pages.push(person)
  await person.page.goto(ctx.server.url + link[1])
  await person.page.getByRole('heading', { level: 1, name: 'Confirm your subscription' }).waitFor()
  // The heading is there at once; the topics come with the invitation's answer.
  await person.page.getByTestId('opt-in-topics').getByRole('listitem').first().waitFor()
  assert.equal(await person.page.getByTestId('opt-in-topics').getByRole('listitem').allTextContents(), [
    `${DOMAIN} > Core Cloud Services > Web Gateway`,
    `${DOMAIN} > Maintenance > Scheduled Maintenance`,
  ])
  assert.equal(await axeViolations(person.page), [])
  await screenshot(person.page, 'subscriber-csv-opt-in-en-1280')
  await person.page.getByRole('button', { name: 'Confirm' }).click()
  await person.page.getByText('k•••@customer.test is subscribed. Your subscriptions:').waitFor()
  assert.equal(await person.page.getByTestId('opt-in-subscribed').getByRole('listitem').allTextContents(), [
    `${DOMAIN} > Core Cloud Services > Web Gateway`,
    `${DOMAIN} > Maintenance > Scheduled Maintenance`,
  ])
  assert.ok(await person.page.getByRole('link', { name: 'Choose a password to manage your subscriptions' }).isVisible())
  assert.equal(await axeViolations(person.page), [])
  await screenshot(person.page, 'subscriber-csv-opted-in-en-1280')
  assert.equal(person.errors, [])

  // Export CSV downloads the file; kim (confirmed) is in it, lee (not yet) is not.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
  assert.match(download.suggestedFilename(), /^subscribers-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = readFileSync((await download.path())!, 'utf8')
  assert.is(
    text,
    `\uFEFFemail,verified,topics\r\nkim@customer.test,yes,"${DOMAIN} > Core Cloud Services > Web Gateway\n${DOMAIN} > Maintenance > Scheduled Maintenance"\r\n`,
  )
  // The browser notes the 422 of the file with bad rows; nothing else went wrong.
  assert.equal(
    errors.filter((e) => !e.includes('status of 422')),
    [],
  )
})

test('the screen and the opt-in page at 375 and 1280 px, in English and Arabic', async (ctx) => {
  const file = csvFile(ctx, 'more.csv', ['email,topics', `max@customer.test,${DOMAIN}`, `bad address,${DOMAIN}`])
  const goodFile = csvFile(ctx, 'more-good.csv', ['email,topics', `max@customer.test,${DOMAIN}`])
  for (const [locale, width] of [
    ['en', 375],
    ['ar', 375],
    ['ar', 1280],
  ] as const) {
    await language(ctx, 'en')
    const { page } = await signInTo(ctx, OPERATOR.name, OPERATOR.password, '/admin/subscribers', width)
    const ar = locale === 'ar'
    if (ar) {
      await language(ctx, 'ar')
      await page.reload()
    }
    await page.getByRole('heading', { level: 1, name: ar ? 'المشتركون' : 'Subscribers' }).waitFor()
    await importFile(
      page,
      file,
      ar ? 'ملف CSV للمشتركين' : 'CSV file of subscribers',
      ar ? 'استيراد وإرسال رسائل التأكيد' : 'Import and send opt-in mail',
    )
    await page.getByTestId('subscribers-problems').waitFor()
    assert.match(
      (await page.getByTestId('subscribers-problems').getByRole('listitem').first().textContent()) ?? '',
      ar ? /^السطر 3/ : /^Line 3/,
    )
    assert.equal(await axeViolations(page), [])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `${locale} ${width}: scrolls ${overflow} px sideways`)
    await screenshot(page, `subscriber-csv-bad-rows-${locale}-${width}`)
    if (ar && width === 1280) {
      await importFile(page, goodFile, 'ملف CSV للمشتركين', 'استيراد وإرسال رسائل التأكيد')
      await page.getByTestId('subscribers-result').waitFor()
      await screenshot(page, 'subscriber-csv-invited-ar-1280')
    }
  }
  const mails = await ctx.smtp.waitFor((all) => all.some((m) => m.to.includes('max@customer.test')), 'the opt-in mail to max')
  const link = /(\/opt-in\/[\w-]+)/.exec(mails.find((m) => m.to.includes('max@customer.test'))!.text)![1]
  for (const [locale, width] of [
    ['en', 375],
    ['ar', 375],
    ['ar', 1280],
  ] as const) {
    await language(ctx, locale)
    const tp = await newPage(ctx.server, width)
    ctx.pages.push(tp)
    await tp.page.goto(ctx.server.url + link)
    await tp.page.getByTestId('opt-in-topics').waitFor()
    assert.equal(await axeViolations(tp.page), [])
    await screenshot(tp.page, `subscriber-csv-opt-in-${locale}-${width}`)
  }
  await language(ctx, 'en')
})

test.run()
