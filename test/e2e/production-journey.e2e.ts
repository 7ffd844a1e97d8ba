/**
 * The production journey (docs/operating/configuration.md#run-it-for-your-own-vendor): `NODE_ENV=production` on an empty
 * database, nothing of the demo, mail through a real SMTP server on loopback (aiosmtpd, ./smtp.ts).
 *
 * 1. In the console: the operator signs in, builds the vendor's catalogue through the console
 *    screens using only visible labels and roles, publishes, updates and resolves an incident and
 *    schedules a maintenance that starts and completes by itself (the server's clock is moved on;
 *    the test waits for the mails, not for time).
 * 2. From the shell: `npm run catalog -- import` of the test's own minimal catalogue, then
 *    `npm run publish:record` publishes, updates and resolves an incident.
 *
 * In both, a visitor signs up, verifies from the received mail, subscribes and gets exactly one
 * mail per event; then every page, API answer, feed and received mail is scanned for the demo
 * vendor's strings. The received mails' headers and first lines are written to
 * `test-results/production-journey-mails-*.txt`.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { STATUSPAGE_DOCUMENTS } from '../../contract/statuspage'
import { nav, openNextStep, pickComponent, save } from './console-catalogue'
import { axeViolations, browser, passSecondFactor, root, screenshot, type SiteContext, startServer } from './harness'
import { type ReceivedMail, type SmtpServer, startSmtp } from './smtp'

/** What must never reach a vendor's production site: the demo vendor's names and hosts. */
const DEMO = /aurora|trust\.example/i

const PUBLIC_URL = 'https://status.nimbus.test'
const OPERATOR = { name: 'ops', mail: 'ops@nimbus.test', password: 'A long passphrase 2026' }
const VENDOR = 'Nimbus Security'
const CLOUD = { machine: 'nimbusone', domain: 'nimbusone.net', title: 'nimbusone.net' }
const VISITOR_PASSWORD = 'Visitor2026'

interface JourneyContext extends SiteContext {
  smtp: SmtpServer
  /** Milliseconds the server's clock runs ahead of the wall clock. */
  shift: { ms: number }
  visitor: string
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const statusLine = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ })

/** A production server on an empty database, its mail going to `smtp`, its clock `shift` ahead. */
async function startJourney(ctx: JourneyContext): Promise<void> {
  ctx.smtp = await startSmtp()
  ctx.shift = { ms: 0 }
  ctx.pages = []
  ctx.server = await startServer({
    mode: 'production',
    schedulerIntervalMs: 200,
    now: () => new Date(Date.now() + ctx.shift.ms),
    accounts: { publicUrl: PUBLIC_URL, admin: OPERATOR, seedViewer: false, employeeDomains: [], smtpUrl: ctx.smtp.url },
  })
  await (await browser()).clearCookies()
}

async function stopJourney(ctx: JourneyContext): Promise<void> {
  for (const p of ctx.pages) await p.page.close()
  await ctx.server?.close()
  await ctx.smtp?.stop()
  await (await browser()).clearCookies()
}

/** A new tab on the journey's server, `width` px wide, its console errors collected. */
async function tab(ctx: JourneyContext, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const context = await browser()
  const page = await context.newPage()
  await page.setViewportSize({ width, height: 900 })
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  ctx.pages.push({ page, errors })
  return { page, errors }
}

/** The mails to `to` so far. */
const mailsTo = (all: ReceivedMail[], to: string) => all.filter((m) => m.to.includes(to))

/** Waits until `to` has received `count` mails in all; returns them, oldest first. */
async function waitForMails(ctx: JourneyContext, to: string, count: number, what: string): Promise<ReceivedMail[]> {
  const all = await ctx.smtp.waitFor((mails) => mailsTo(mails, to).length >= count, `${what} (${count} mails to ${to})`)
  return mailsTo(all, to)
}

/** The visitor signs up, verifies from the mail the SMTP server received and subscribes to everything of the cloud. */
async function visitorSubscribes(ctx: JourneyContext): Promise<void> {
  const { page, errors } = await tab(ctx)
  await page.goto(`${ctx.server.url}/${CLOUD.domain}`)
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
  await page.getByRole('link', { name: 'Sign Up' }).click()
  await page.waitForURL((u) => new URL(u).pathname === '/sign-up')
  await page.getByLabel('Email').fill(ctx.visitor)
  await page.getByLabel('Password', { exact: true }).fill(VISITOR_PASSWORD)
  await page.getByLabel('Confirm Password').fill(VISITOR_PASSWORD)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await page.waitForURL((u) => new URL(u).pathname === '/subscribe')

  const [verification] = await waitForMails(ctx, ctx.visitor, 1, 'the verification mail')
  assert.match(verification.text, new RegExp(VENDOR), 'the verification mail names the vendor')
  const link = /https?:\/\/\S+\/user\/verify\/\S+/.exec(verification.text)?.[0]
  assert.ok(link, `a verification link in: ${verification.text}`)
  const url = new URL(link!)
  assert.is(url.origin, PUBLIC_URL, 'mail links use PUBLIC_URL')
  await page.goto(`${ctx.server.url}${url.pathname}${url.search}`)
  await page.waitForURL((u) => new URL(u).pathname === '/thank-you')
  await page.getByText(/Your email address is verified/).waitFor()

  await page.goto(`${ctx.server.url}/subscribe`)
  await page.getByRole('tab', { name: CLOUD.title, exact: true }).click()
  await page.getByTestId('subscribe-all').click()
  await toast(page, 'You have successfully subscribed to all the services.').waitFor()
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'production-journey-subscribed-1280')
  assert.equal(errors, [])
  await page.close()
}

/**
 * Every public page, API answer and feed of the site, as text: what a visitor, a feed reader or an
 * API client receives.
 */
async function publicAnswers(ctx: JourneyContext, recordIds: number[]): Promise<Map<string, string>> {
  const d = CLOUD.domain
  const paths = [
    '/',
    `/${d}`,
    `/${d}/cloud-status`,
    `/${d}/incidents`,
    `/${d}/maintenance`,
    ...recordIds.map((id) => `/${d}/posts/${id}`),
    '/sign-in',
    '/sign-up',
    '/robots.txt',
    '/sitemap.xml',
    '/api/global',
    `/api/cloud-banner?cloud=${CLOUD.machine}`,
    `/api/incident?cloud=${CLOUD.machine}`,
    `/api/maintenance?cloud=${CLOUD.machine}`,
    `/api/cloud-status?cloud=${CLOUD.machine}&requestType=core_cloud_services&dateOffset=0`,
    ...recordIds.map((id) => `/api/posts/${id}?cloud=${CLOUD.machine}`),
    ...STATUSPAGE_DOCUMENTS.flatMap((doc) => [`/api/v2/${doc}`, `/${d}/api/v2/${doc}`]),
    ...['incidents', 'maintenance'].flatMap((list) => [
      `/rss-feed/${list}?cloud=${CLOUD.machine}`,
      `/atom-feed/${list}?cloud=${CLOUD.machine}`,
    ]),
    `/ics/maintenance/${CLOUD.machine}.ics`,
  ]
  const answers = new Map<string, string>()
  for (const path of paths) {
    const res = await fetch(ctx.server.url + path)
    assert.ok(res.status < 400, `GET ${path}: ${res.status}`)
    answers.set(path, await res.text())
  }
  return answers
}

/** Scans every answer and mail for the demo vendor's strings; the hits, as `where: …text…`. */
function demoHits(answers: Map<string, string>, mails: ReceivedMail[]): string[] {
  const hits: string[] = []
  const look = (where: string, text: string) => {
    const m = DEMO.exec(text)
    if (m) hits.push(`${where}: …${text.slice(Math.max(0, m.index - 60), m.index + 60)}…`)
  }
  for (const [path, text] of answers) look(`GET ${path}`, text)
  for (const mail of mails) look(`mail "${mail.subject}" to ${mail.to.join(', ')}`, mail.raw)
  return hits
}

/** Writes the received mails' headers and first lines, for the closing note. */
function writeMailLog(name: string, mails: ReceivedMail[]): void {
  const dir = join(root, 'test-results')
  mkdirSync(dir, { recursive: true })
  const lines = mails.map((m) =>
    [
      `From: ${m.from}`,
      `To: ${m.to.join(', ')}`,
      `Subject: ${m.subject}`,
      `Date: ${String(m.headers.get('date') ?? '')}`,
      ...m.text
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(0, 4)
        .map((l) => `  | ${l}`),
    ].join('\n'),
  )
  writeFileSync(join(dir, `production-journey-mails-${name}.txt`), `${lines.join('\n\n')}\n`)
}

/** A `datetime-local` value of the server's clock `minutes` from now, in UTC (the operator's zone). */
function serverLocal(ctx: JourneyContext, minutes: number): string {
  return new Date(Date.now() + ctx.shift.ms + minutes * 60_000).toISOString().slice(0, 16)
}

const subjectsOf = (mails: ReceivedMail[], title: string) => mails.filter((m) => m.subject.includes(title))

// ------------------------------------------------------------------------------------------------
// 1. Everything through the console
// ------------------------------------------------------------------------------------------------

const consoleJourney = suite<JourneyContext>('production journey: the console', {} as JourneyContext)
consoleJourney.before(async (ctx) => {
  ctx.visitor = 'visitor@customer.test'
  await startJourney(ctx)
})
consoleJourney.after(stopJourney)

/**
 * Signs the operator in from the not-configured page's or a protected page's sign-in form and
 * waits for `destination`, passing the second factor on the way (set up at the first sign-in).
 */
async function signInOperator(ctx: SiteContext, page: Page, destination: string): Promise<void> {
  await page.getByLabel('Email or Username').fill(OPERATOR.mail)
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await passSecondFactor(ctx, page, OPERATOR.mail, destination)
}

consoleJourney('the operator builds the catalogue in the console; a visitor signs up and subscribes', async (ctx) => {
  const { page, errors } = await tab(ctx)
  await page.goto(`${ctx.server.url}/`)
  await page.getByRole('heading', { level: 1, name: 'This trust site is not configured yet' }).waitFor()
  await page.getByRole('link', { name: 'sign in to the admin console' }).click()
  await signInOperator(ctx, page, '/admin/dashboard')
  await page.getByRole('region', { name: 'Set up your site' }).waitFor()
  await screenshot(page, 'production-journey-dashboard-first-run-1280')
  await buildCatalogueInConsole(page)
  assert.equal(errors, [])
  await page.close()
  // One browser profile for both people: the operator's session goes before the visitor comes.
  await (await browser()).clearCookies()
  await visitorSubscribes(ctx)
  await (await browser()).clearCookies()
})

consoleJourney('the operator publishes, updates and resolves an incident in the desk: one mail per event', async (ctx) => {
  const { page, errors } = await tab(ctx)
  await page.goto(`${ctx.server.url}/admin/desk`)
  await signInOperator(ctx, page, '/admin/desk')
  await page.getByRole('link', { name: 'New incident' }).click()
  const title = 'Sign-in failures in Frankfurt'
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByLabel(CLOUD.title, { exact: true }).check()
  await page.getByRole('checkbox', { name: 'Sign-in', exact: true }).check()
  await page.getByLabel('Summary').fill('Some users cannot sign in. We are investigating.')
  await page.getByRole('button', { name: 'Publish' }).click()
  await page.waitForURL((u) => /^\/admin\/desk\/\d+$/.test(new URL(u).pathname))
  const deskUrl = page.url()
  const id = Number(new URL(deskUrl).pathname.split('/').at(-1))
  await statusLine(page)
    .filter({ hasText: /Published\. 1 email queued\./ })
    .waitFor()
  let mails = await waitForMails(ctx, ctx.visitor, 2, 'the incident mail')
  assert.is(subjectsOf(mails, title).length, 1)

  const update = page.getByRole('form', { name: 'Post an update' })
  await update.getByLabel('New status').selectOption('Monitoring')
  await update.getByLabel('Update (Markdown)').fill('A fix is rolling out; sign-ins are recovering.')
  await update.getByRole('button', { name: 'Post update' }).click()
  await statusLine(page).filter({ hasText: 'Update posted.' }).waitFor()
  mails = await waitForMails(ctx, ctx.visitor, 3, 'the update mail')
  assert.match(subjectsOf(mails, title)[1].text, /sign-ins are recovering/)

  const resolve = page.getByRole('form', { name: 'Resolve' })
  await resolve.getByLabel('Closing update (Markdown, optional)').fill('Sign-ins work again for every user.')
  await resolve.getByRole('button', { name: 'Resolve' }).click()
  await statusLine(page).filter({ hasText: 'Resolved.' }).waitFor()
  mails = await waitForMails(ctx, ctx.visitor, 4, 'the resolved mail')
  assert.is(subjectsOf(mails, title).length, 3, 'published, update, resolved: one mail each')
  assert.equal(await axeViolations(page), [])

  // The dashboard lists the incident's three fan-outs, each with its mail sent.
  await page.goto(`${ctx.server.url}/admin/dashboard`)
  const fanouts = page.getByTestId('fanout').filter({ hasText: title })
  await fanouts.filter({ hasText: '1 of 1 sent' }).nth(2).waitFor()
  assert.is(await fanouts.count(), 3)
  assert.is(await page.getByRole('progressbar', { name: new RegExp(title) }).count(), 3)
  await screenshot(page, 'production-journey-dashboard-fanouts-1280')
  assert.equal(await axeViolations(page), [])

  // The postmortem (docs/operating/console-and-desk.md#postmortems): written in Markdown with its preview, published on the
  // post and mailed once to the subscriber the incident reached.
  await page.goto(deskUrl)
  const postmortem = page.getByRole('form', { name: 'Postmortem' })
  await postmortem
    .getByLabel('Postmortem (Markdown)')
    .fill('## What happened\n\nA certificate rotation broke **sign-ins** in Frankfurt.\n\n## What will change\n\n- Rotations are staged.')
  await page.getByRole('region', { name: 'Postmortem preview' }).getByRole('heading', { name: 'What will change' }).waitFor()
  await postmortem.getByLabel('Notify subscribers (once)').check()
  await postmortem.getByRole('button', { name: 'Save postmortem' }).click()
  await statusLine(page).filter({ hasText: 'Postmortem published. 1 email queued.' }).waitFor()
  mails = await waitForMails(ctx, ctx.visitor, 5, 'the postmortem mail')
  const [mailed] = subjectsOf(mails, title).filter((m) => m.subject.includes('Postmortem: '))
  assert.ok(mailed, 'a mail titled Postmortem: …')
  assert.match(mailed.text, /A certificate rotation broke sign-ins in Frankfurt\./)
  // Mailed once: the form no longer offers to notify, and says when it did.
  await page.getByTestId('desk-postmortem-state').filter({ hasText: 'Subscribers were notified on' }).waitFor()
  assert.is(await postmortem.getByLabel('Notify subscribers (once)').count(), 0)
  assert.equal(await axeViolations(page), [])
  await screenshot(page, 'production-journey-postmortem-desk-1280')

  // The public post shows it under its own heading.
  for (const width of [1280, 375]) {
    const visitor = await tab(ctx, width)
    await visitor.page.goto(`${ctx.server.url}/${CLOUD.domain}/posts/${id}`)
    const section = visitor.page.getByTestId('post-postmortem')
    await section.getByRole('heading', { name: 'Postmortem' }).waitFor()
    await section.getByText('A certificate rotation broke sign-ins in Frankfurt.').waitFor()
    assert.equal(await axeViolations(visitor.page), [])
    await screenshot(visitor.page, `production-journey-postmortem-post-${width}`)
    assert.equal(visitor.errors, [])
  }
  assert.equal(errors, [])
})

consoleJourney('a maintenance announced 40 minutes ahead starts and completes by itself: three mails, no reminder', async (ctx) => {
  const { page, errors } = await tab(ctx)
  await page.goto(`${ctx.server.url}/admin/desk`)
  await page.getByRole('link', { name: 'New maintenance' }).click()
  const title = 'Gateway software upgrade'
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByLabel(CLOUD.title, { exact: true }).check()
  await page.getByLabel('Start time').fill(serverLocal(ctx, 40))
  await page.getByLabel(/^End time/).fill(serverLocal(ctx, 70))
  await page.getByLabel('Summary').fill('The gateway software is upgraded; connections may drop once.')
  await page.getByRole('button', { name: 'Publish' }).click()
  await page.waitForURL((u) => /^\/admin\/desk\/\d+$/.test(new URL(u).pathname))
  await statusLine(page)
    .filter({ hasText: /Published\. 1 email queued\./ })
    .waitFor()
  await waitForMails(ctx, ctx.visitor, 6, 'the maintenance announcement')
  // The server's clock reaches the start, then the end: the scheduler moves the record on.
  ctx.shift.ms += 41 * 60_000
  await waitForMails(ctx, ctx.visitor, 7, 'the maintenance started mail')
  ctx.shift.ms += 30 * 60_000
  const mails = await waitForMails(ctx, ctx.visitor, 8, 'the maintenance completed mail')
  assert.is(subjectsOf(mails, title).length, 3, 'announced, started, completed: no reminder inside the lead')
  assert.equal(errors, [])
})

consoleJourney('nothing of the demo in pages, API answers, feeds or mails', async (ctx) => {
  const ids = (await (await fetch(`${ctx.server.url}/api/v2/incidents.json`)).json()).incidents.map((i: { id: string }) => Number(i.id))
  const answers = await publicAnswers(ctx, ids.filter(Number.isFinite))
  const mails = await ctx.smtp.mails()
  writeMailLog('console', mails)
  assert.equal(demoHits(answers, mails), [])
  for (const mail of mails) assert.match(mail.from, new RegExp(`${VENDOR}.*<no-reply@status\\.nimbus\\.test>`), mail.subject)
  assert.is(JSON.parse(answers.get(`/${CLOUD.domain}/api/v2/summary.json`)!).page.name.includes(VENDOR), true)
})

consoleJourney.run()

// ------------------------------------------------------------------------------------------------
// 2. The catalogue file and the command line
// ------------------------------------------------------------------------------------------------

/** Runs `npm run <script> -- ...args` as the README says, on the journey's database. */
function npmRun(ctx: JourneyContext, script: 'catalog' | 'publish:record', args: string[]): string {
  const file = script === 'catalog' ? 'scripts/catalog.ts' : 'scripts/publish.ts'
  const run = spawnSync(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: ctx.server.dataDir, PUBLIC_URL },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, `npm run ${script} -- ${args.join(' ')}: ${run.stderr}${run.stdout}`)
  return run.stdout
}

const cliJourney = suite<JourneyContext>('production journey: catalogue file and publish:record', {} as JourneyContext)
cliJourney.before(async (ctx) => {
  ctx.visitor = 'reader@customer.test'
  await startJourney(ctx)
})
cliJourney.after(stopJourney)

cliJourney('import the test’s own catalogue, publish, update and resolve from the command line: one mail per event', async (ctx) => {
  npmRun(ctx, 'catalog', ['import', 'test/fixtures/own-catalog.json'])
  await visitorSubscribes(ctx)
  const title = 'Web Gateway latency in Frankfurt'
  const out = npmRun(ctx, 'publish:record', [
    '--type',
    'incident',
    '--cloud',
    CLOUD.domain,
    '--title',
    title,
    '--status',
    'In Progress',
    '--severity',
    'Service Degradation',
    '--from',
    new Date().toISOString(),
    '--service',
    'Web Gateway',
    '--dc',
    'Frankfurt I',
  ])
  const id = /\d+/.exec(/record (\d+)/i.exec(out)?.[1] ?? out)?.[0]
  assert.ok(id, `the record id in: ${out}`)
  await waitForMails(ctx, ctx.visitor, 2, 'the incident mail')
  npmRun(ctx, 'publish:record', ['--update', id!, '--status', 'Monitoring', '--note', 'Latency is back to normal; we keep watching.'])
  await waitForMails(ctx, ctx.visitor, 3, 'the update mail')
  npmRun(ctx, 'publish:record', ['--update', id!, '--status', 'Resolved', '--to', new Date().toISOString(), '--note', 'Resolved.'])
  const mails = await waitForMails(ctx, ctx.visitor, 4, 'the resolved mail')
  assert.is(subjectsOf(mails, title).length, 3, 'published, update, resolved: one mail each')

  const { page, errors } = await tab(ctx)
  await page.goto(`${ctx.server.url}/${CLOUD.domain}/incidents`)
  await page.getByText(title).first().waitFor()
  assert.equal(await axeViolations(page), [])
  assert.equal(errors, [])
  const all = await ctx.smtp.mails()
  writeMailLog('cli', all)
  assert.equal(demoHits(await publicAnswers(ctx, [Number(id)]), all), [])
})

cliJourney.run()

// ------------------------------------------------------------------------------------------------
// The console's catalogue screens
// ------------------------------------------------------------------------------------------------

/**
 * Builds the vendor's catalogue through the console screens, by visible labels and roles only, in
 * the order the dashboard's setup steps give: settings → product → services → region → data
 * center → cloud → menus, then the data center ticked for the cloud.
 */
async function buildCatalogueInConsole(page: Page): Promise<void> {
  await page.getByTestId('setup-steps').getByRole('link', { name: 'Vendor settings' }).click()
  await page.getByLabel('Vendor name').fill(VENDOR)
  await save(page, 'Save settings')

  await openNextStep(page, 'Products', '/admin/catalog/products')
  await page.getByRole('button', { name: 'Add product' }).click()
  await page.getByLabel('Machine name', { exact: true }).fill('secure_web')
  await page.getByLabel('Title', { exact: true }).fill('Secure Web Gateway')
  await save(page, 'Save products')

  await openNextStep(page, 'Services', '/admin/catalog/core-services')
  for (const [name, description] of [
    ['Sign-in', 'Sign-in of users through the company’s identity provider.'],
    ['Web Gateway', 'Inspection and forwarding of web traffic.'],
  ]) {
    await page.getByRole('button', { name: 'Add service' }).click()
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Description').fill(description)
    await save(page, 'Save services')
  }

  await openNextStep(page, 'Regions', '/admin/catalog/regions')
  await page.getByRole('button', { name: 'Add region' }).click()
  await page.getByLabel('Region name').fill('Europe')
  await save(page, 'Save regions')

  await openNextStep(page, 'Data centers', '/admin/catalog/data-centers')
  await page.getByRole('button', { name: 'Add data center' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Frankfurt I')
  await page.getByLabel('City').fill('Frankfurt')
  await page.getByLabel('Country (ISO code, e.g. NL)').fill('DE')
  await page.getByLabel('Region', { exact: true }).selectOption({ label: 'Europe' })
  await page.getByLabel('Latitude (degrees north, -90 to 90)').fill('50.11')
  await page.getByLabel('Longitude (degrees east, -180 to 180)').fill('8.68')
  await save(page, 'Save data centers')

  await openNextStep(page, 'Clouds', '/admin/catalog/clouds')
  await page.getByRole('button', { name: 'Add cloud' }).click()
  await page.getByLabel('Machine name', { exact: true }).fill(CLOUD.machine)
  await page.getByLabel('Domain', { exact: true }).fill(CLOUD.domain)
  await page.getByLabel('Title', { exact: true }).fill(CLOUD.title)
  await page.getByLabel('Product', { exact: true }).selectOption({ label: 'Secure Web Gateway' })
  await page.getByLabel('Banner title', { exact: true }).fill('Nimbus One')
  await page.getByLabel('Banner description (plain text)').fill('Service status of the Nimbus One gateway cloud.')
  for (const service of ['Sign-in', 'Web Gateway']) {
    await page.getByLabel('Add a core service').selectOption({ label: service })
    await page.getByRole('button', { name: 'Add service', exact: true }).click()
  }
  await save(page, 'Save clouds')

  await openNextStep(page, 'Menus', '/admin/catalog/main-menu')
  for (const [label, component, route] of [
    ['Home', 'home', ''],
    ['Cloud Status', 'cloud-status', 'cloud-status'],
    ['Incidents', 'incidents', 'incidents'],
    ['Maintenance', 'maintenance', 'maintenance'],
  ]) {
    await page.getByRole('button', { name: 'Add menu item' }).click()
    await page.getByLabel('Label', { exact: true }).fill(label)
    await pickComponent(page, component)
    if (route) await page.getByLabel('Route', { exact: true }).fill(route)
    await page.getByRole('button', { name: 'Close menu item' }).click()
  }
  await save(page, 'Save main menu')

  // The data center came before the cloud: now it serves it.
  await nav(page).getByRole('link', { name: 'Data centers', exact: true }).click()
  await page.getByRole('button', { name: 'Edit Frankfurt I' }).click()
  await page.getByLabel(`Serves ${CLOUD.title}`).check()
  await save(page, 'Save data centers')

  await nav(page).getByRole('link', { name: 'Dashboard', exact: true }).click()
  await page.getByTestId('setup-steps').getByText('Setup: all 7 steps are done.').waitFor()
  await screenshot(page, 'production-journey-dashboard-done-1280')
}
