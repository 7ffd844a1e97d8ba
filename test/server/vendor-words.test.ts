/**
 * The vendor's own words everywhere (docs/operating/catalogue.md): a production site started on an empty database
 * and filled from a catalogue of the test's own (vendor "Nimbus Security", site
 * `https://status.nimbus.example`) shows, answers, feeds and mails nothing of the demo vendor.
 *
 * The site publishes an incident and a maintenance through the admin publishing API, a visitor
 * signs up, verifies from the mail, subscribes and asks for a password reset; then every page of
 * the menu (rendered by the shell's own server renderer, `shell/server-render.tsx`), every public
 * API answer, the Statuspage v2 documents, the RSS, Atom and iCalendar feeds, robots.txt,
 * sitemap.xml and every mail — the outbox rows and the messages an SMTP server on loopback
 * received, headers included — are scanned for "Aurora", "auroraedge" and "trust.example". The
 * vendor's name must be in the mails (the From, the account mails' text) and in `page.name`.
 * Before a vendor name is set, the site goes by the host of `PUBLIC_URL`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { register } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { STATUSPAGE_DOCUMENTS } from '../../contract/statuspage.js'
import { importCatalog } from '../../server/catalog/import.js'
import { RSS_FEEDS } from '../../server/feeds/rss.js'
import { body, FIXED_NOW, removeDir, tempDir, type TestApp } from './helpers.js'
import { startSmtpSink, type SmtpSink } from './smtp-sink.js'
import { login, loginOps, type Session, send, startProduction } from './staff-helpers.js'

// The shell's server renderer straight from its source: its vanilla-extract styles load as the
// unit tests load them (test/setup/css-hooks.mjs), so no build is needed.
register('../setup/css-hooks.mjs', import.meta.url)

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PUBLIC_URL = 'https://status.nimbus.example'
const VENDOR = 'Nimbus Security'
const SITE_NAME = 'Nimbus Security Trust'
/** What must never reach a production site: the demo vendor's name, machine names and example origin. */
const DEMO = /aurora|trust\.example/i
const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8'

/** A minimal catalogue of the test's own: one of everything, nothing of the demo file. */
const CATALOGUE = {
  format: 1,
  products: [{ machine_name: 'edge_gateway', title: 'Edge Gateway' }],
  clouds: [
    {
      machine_name: 'nimbus',
      domain: 'nimbus.net',
      title: 'nimbus.net',
      product: 'edge_gateway',
      default_page: 'cloud-status',
      banner_title: 'Nimbus Edge',
      banner_description: 'Service status of the Nimbus edge cloud.',
      cloud_status: { core_cloud_services: true, datacenter: true, premium_datacenter: false },
      services: [{ service: 'Sign-in', decommissioned: false, since: '2025-01-01T00:00:00.000Z', until: null }],
    },
  ],
  core_services: [{ name: 'Sign-in', description: 'Sign-in of users through the company identity provider.' }],
  regions: ['Europe'],
  data_centers: [
    {
      name: 'Frankfurt I',
      city: 'Frankfurt',
      country: 'DE',
      region: 'Europe',
      latitude: 50.110924,
      longitude: 8.682127,
      clouds: [
        {
          cloud: 'nimbus',
          regional_surcharge: false,
          premium: false,
          decommissioned: false,
          since: '2025-01-01T00:00:00.000Z',
          until: null,
        },
      ],
    },
  ],
  main_menu: [
    { label: 'Home', route: '', component: 'home', deep_link: true, hide_from_clouds: [], sub_menus: [] },
    { label: 'Cloud Status', route: 'cloud-status', component: 'cloud-status', deep_link: true, hide_from_clouds: [], sub_menus: [] },
    { label: 'Incidents', route: 'incidents', component: 'incidents', deep_link: true, hide_from_clouds: [], sub_menus: [] },
    { label: 'Maintenance', route: 'maintenance', component: 'maintenance', deep_link: true, hide_from_clouds: [], sub_menus: [] },
    {
      label: 'Security Advisories',
      route: 'security-advisories',
      component: 'security-advisories',
      deep_link: true,
      hide_from_clouds: [],
      sub_menus: [],
    },
    {
      label: 'Notifications',
      route: 'notifications',
      component: '',
      deep_link: true,
      hide_from_clouds: [],
      sub_menus: [
        {
          label: 'Privacy Notifications',
          route: 'notifications/privacy',
          component: 'notifications',
          deep_link: true,
          hide_from_clouds: [],
          sub_menus: [],
        },
      ],
    },
    { label: 'Data Center Map', route: 'data-center-map', component: 'dc-map', deep_link: true, hide_from_clouds: [], sub_menus: [] },
    { label: 'Compliance', route: 'compliance', component: 'compliance', deep_link: true, hide_from_clouds: [], sub_menus: [] },
    { label: 'FAQ', route: '/faq', component: 'faq', deep_link: false, hide_from_clouds: [], sub_menus: [] },
  ],
  top_menu: [
    { label: 'Help', route: 'https://help.nimbus.example', component: 'external', deep_link: false, hide_from_clouds: [], sub_menus: [] },
  ],
  severities: [{ tid: 20, name: 'Service Disruption', color_code: '#d32f2f', icon: 'ban', status_icon: 'circle-ban', show_legend: true }],
  settings: { vendor: VENDOR, feedback_email: 'trust@nimbus.example', sso_alias: '/sso/login', is_gov: false },
}

const test = suite('production speaks as the vendor: pages, API, feeds and mail')

let t: TestApp
let sink: SmtpSink
let siteDir: string
let ssrDir: string
let admin: Session
let incidentId: number

/** Every scanned text by where it came from, for the one check at the end. */
const scanned = new Map<string, string>()
const keep = (where: string, text: string) => scanned.set(where, text)

test.before(async () => {
  sink = await startSmtpSink()
  siteDir = tempDir('trust-site-')
  ssrDir = tempDir('trust-ssr-')
  writeFileSync(join(siteDir, 'index.html'), readFileSync(join(ROOT, 'shell/index.html'), 'utf8'))
  mkdirSync(join(siteDir, 'assets'))
  // As dist/ssr is: an ES module (the folder's package.json says so, as the project's does for dist/).
  writeFileSync(join(ssrDir, 'package.json'), '{ "type": "module" }\n')
  writeFileSync(join(ssrDir, 'render.js'), `export * from ${JSON.stringify(pathToFileURL(join(ROOT, 'shell/server-render.tsx')).href)}\n`)
  t = await startProduction(PUBLIC_URL, { staticDir: siteDir, ssrDir, accounts: { smtpUrl: sink.url, employeeDomains: [] } })
  await importCatalog(t.db(), CATALOGUE, FIXED_NOW)
  t.app.responseCache.clear()
  admin = await loginOps(t)
})

test.after(async () => {
  await t?.close()
  await sink?.close()
  removeDir(siteDir)
  removeDir(ssrDir)
})

const dataCenterTid = async () => (await t.query<{ tid: number }>("select tid from data_centers where name = 'Frankfurt I'"))[0].tid

test('a visitor signs up and verifies from the mail; the mail names the vendor and comes from it', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: {
      mail: [{ value: 'reader@customer.example' }],
      name: [{ value: 'reader@customer.example' }],
      pass: [{ value: 'Reader12345' }],
    },
  })
  assert.is(res.statusCode, 200, res.body)
  const [mail] = await sink.waitFor(1)
  assert.equal(mail.to, ['reader@customer.example'])
  assert.equal(mail.parsed.from?.value, [{ name: VENDOR, address: 'no-reply@status.nimbus.example' }])
  assert.match(mail.text, `Thank you for signing up to ${SITE_NAME}.`)
  const link = new RegExp(`${PUBLIC_URL}/user/verify/([A-Za-z0-9_-]{43})`).exec(mail.text)
  assert.ok(link, mail.text)
  const verify = await t.app.inject({ method: 'GET', url: `/user/verify/${link[1]}` })
  assert.is(verify.headers.location, '/thank-you')
})

test('the visitor subscribes to the cloud and asks for a password reset', async () => {
  const reader = await login(t, 'reader@customer.example', 'Reader12345')
  const res = await send(t, 'POST', '/api/subscribe', { session: reader, payload: { cloud: 'nimbus', tid: 'all', action: 'subscribe' } })
  assert.is(res.statusCode, 200, res.body)
  const reset = await t.app.inject({ method: 'POST', url: '/api/user/password', payload: { mail: 'reader@customer.example' } })
  assert.is(reset.statusCode, 200, reset.body)
  const mails = await sink.waitFor(2)
  assert.match(mails[1].text, `Someone asked to reset the password of your ${SITE_NAME} account.`)
})

test('an incident and a maintenance are published through the admin API; the subscriber is mailed', async () => {
  const tid = await dataCenterTid()
  const incident = await send(t, 'POST', '/api/admin/records', {
    session: admin,
    payload: {
      type: 'incident',
      title: 'Slow sign-in in Frankfurt',
      summary: 'Some sign-ins through Frankfurt take longer than usual.',
      status: 'In Progress',
      severity: 20,
      clouds: ['nimbus'],
      terms: [tid],
      from: new Date(FIXED_NOW.getTime() - 20 * 60_000).toISOString(),
    },
  })
  assert.is(incident.statusCode, 201, incident.body)
  incidentId = body(incident).data.id
  const maintenance = await send(t, 'POST', '/api/admin/records', {
    session: admin,
    payload: {
      type: 'maintenance',
      title: 'Network upgrade in Frankfurt',
      summary: 'Routers in Frankfurt are upgraded.',
      status: 'Scheduled',
      clouds: ['nimbus'],
      terms: [tid],
      from: new Date(FIXED_NOW.getTime() + 3 * 86_400_000).toISOString(),
      to: new Date(FIXED_NOW.getTime() + 3 * 86_400_000 + 7_200_000).toISOString(),
    },
  })
  assert.is(maintenance.statusCode, 201, maintenance.body)
  const mails = await sink.waitFor(4)
  const subjects = mails.map((m) => m.subject)
  assert.ok(
    subjects.some((s) => s.startsWith('[nimbus.net] Incident: Slow sign-in in Frankfurt')),
    subjects.join('\n'),
  )
  for (const mail of mails)
    assert.equal(mail.parsed.from?.value, [{ name: VENDOR, address: 'no-reply@status.nimbus.example' }], mail.subject)
})

test('every page of the menu, and the account pages, render as the vendor (title and header)', async () => {
  const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
  assert.is(sitemap.statusCode, 200)
  const paths = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(PUBLIC_URL.length))
  assert.ok(paths.includes('/nimbus.net/incidents') && paths.includes('/faq'), paths.join(' '))
  // The Notifications dropdown's own route is a page too (the list of its entries).
  const extra = [
    '/',
    '/nimbus.net',
    '/nimbus.net/notifications',
    '/sign-in',
    '/sign-up',
    '/thank-you',
    `/nimbus.net/posts/${incidentId}`,
    '/no-such-page',
  ]
  for (const path of [...new Set([...paths, ...extra])]) {
    const res = await t.app.inject({ method: 'GET', url: path, headers: { accept: HTML } })
    assert.ok(res.statusCode === 200 || (path === '/no-such-page' && res.statusCode === 404), `${path}: ${res.statusCode}`)
    keep(`page ${path}`, res.body)
    // The server rendered the page (not the bare index.html the browser would render).
    if (path !== '/') {
      const title = /<title>([^<]*)<\/title>/.exec(res.body)?.[1] ?? ''
      assert.ok(title.endsWith(SITE_NAME), `${path}: title ${JSON.stringify(title)}`)
    }
  }
  const notifications = scanned.get('page /nimbus.net/notifications') ?? ''
  assert.ok(notifications.includes('data-testid="notification-types"'), 'the Notifications page is rendered on the server')
  assert.ok(notifications.includes('href="/nimbus.net/notifications/privacy"'), 'with a link to each of its lists')
})

test('the public API answers', async () => {
  const tid = await dataCenterTid()
  const urls = [
    '/api/global',
    '/api/cloud-banner?cloud=nimbus',
    '/api/speedometer?cloud=nimbus',
    '/api/dc_map/nimbus',
    ...['core_cloud_services', 'public', 'premium'].map((type) => `/api/cloud-status?cloud=nimbus&requestType=${type}`),
    ...['incident', 'maintenance', 'advisory'].map((type) => `/api/${type}?cloud=nimbus`),
    `/api/maintenance?cloud=nimbus&datacenter=${tid}`,
    ...['recent_incident', 'scheduled_maintenance', 'advisory'].map((type) => `/api/calendar?cloud=nimbus&type=${type}`),
    '/api/notifications',
    `/api/posts/${incidentId}?cloud=nimbus`,
    '/api/basic-page/faq?cloud=nimbus',
    '/api/compliance?cloud=nimbus',
    '/api/cloud-banner?cloud=unknown',
  ]
  for (const url of urls) {
    const res = await t.app.inject({ method: 'GET', url })
    assert.ok(res.statusCode < 500, `${url}: ${res.statusCode} ${res.body}`)
    keep(`api ${url}`, res.body)
  }
  assert.is(body(await t.app.inject({ method: 'GET', url: '/api/global' })).data.links.vendor, VENDOR)
})

test('the Statuspage v2 documents, of the site and of the cloud; page.name is the vendor’s', async () => {
  for (const prefix of ['', '/nimbus.net', '/nimbus']) {
    for (const name of STATUSPAGE_DOCUMENTS) {
      const url = `${prefix}/api/v2/${name}`
      const res = await t.app.inject({ method: 'GET', url })
      assert.is(res.statusCode, 200, `${url}: ${res.body}`)
      keep(`v2 ${url}`, res.body)
      assert.is(body(res).page.name, prefix ? `${SITE_NAME} – nimbus.net` : SITE_NAME, url)
    }
  }
})

test('the RSS, Atom and iCalendar feeds, robots.txt and sitemap.xml', async () => {
  const urls = [
    '/robots.txt',
    '/sitemap.xml',
    '/ics/maintenance/nimbus.ics',
    `/ics/maintenance/nimbus.ics?datacenter=${await dataCenterTid()}`,
  ]
  for (const name of RSS_FEEDS.keys())
    urls.push(`/rss-feed/${name}`, `/rss-feed/${name}?cloud=nimbus`, `/atom-feed/${name}`, `/atom-feed/${name}?cloud=nimbus`)
  for (const url of urls) {
    const res = await t.app.inject({ method: 'GET', url })
    assert.is(res.statusCode, 200, `${url}: ${res.body}`)
    keep(`feed ${url}`, res.body)
  }
  const rss = (await t.app.inject({ method: 'GET', url: '/rss-feed/incidents?cloud=nimbus' })).body
  assert.match(rss, `<title>${VENDOR} Incidents – nimbus.net</title>`)
  assert.match(rss, 'Slow sign-in in Frankfurt')
  assert.match(
    (await t.app.inject({ method: 'GET', url: '/ics/maintenance/nimbus.ics' })).body,
    `X-WR-CALNAME:${VENDOR} maintenance – nimbus.net`,
  )
})

test('every mail, as stored and as received (headers included)', async () => {
  const rows = await t.query<{ subject: string; text: string; html: string | null; headers: string }>(
    'select subject, text, html, headers from outbox order by id',
  )
  assert.ok(rows.length >= 4, `${rows.length} mails`)
  for (const [i, row] of rows.entries()) keep(`outbox ${i}`, [row.subject, row.text, row.html ?? '', row.headers].join('\n'))
  const received = await sink.waitFor(rows.length)
  for (const [i, mail] of received.entries()) keep(`received ${i}`, [mail.from, mail.subject, mail.text, mail.html, mail.raw].join('\n'))
  for (const mail of received) assert.match(mail.from, VENDOR)
  assert.ok(
    received.some((m) => m.text.includes(VENDOR)),
    'the account mails name the vendor',
  )
})

test('nothing scanned holds a demo string', () => {
  assert.ok(scanned.size > 80, `${scanned.size} documents scanned`)
  const found = [...scanned].flatMap(([where, text]) => {
    const match = DEMO.exec(text)
    return match ? [`${where}: …${text.slice(Math.max(0, match.index - 60), match.index + 40)}…`] : []
  })
  assert.equal(found, [])
})

test.run()

// ---------------------------------------------------------------------------------------------

const unnamed = suite('before a vendor name is set: the site goes by its host, never by the demo vendor')

let u: TestApp

unnamed.before(async () => {
  u = await startProduction(PUBLIC_URL, { accounts: { admin: null, employeeDomains: [] } })
})
unnamed.after(() => u.close())

unnamed('page.name, the feeds and the verification mail name the host', async () => {
  const summary = await u.app.inject({ method: 'GET', url: '/api/v2/summary.json' })
  assert.is(body(summary).page.name, 'status.nimbus.example')
  const rss = (await u.app.inject({ method: 'GET', url: '/rss-feed/incidents' })).body
  assert.match(rss, '<title>Incidents – status.nimbus.example</title>')
  assert.match(rss, '<description>Incidents published on status.nimbus.example.</description>')
  assert.match(rss, '<copyright>© 2026 status.nimbus.example</copyright>')
  const res = await u.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { mail: [{ value: 'early@customer.example' }], name: [{ value: 'early@customer.example' }], pass: [{ value: 'Reader12345' }] },
  })
  assert.is(res.statusCode, 200, res.body)
  const [mail] = await u.query<{ text: string }>('select text from outbox')
  assert.match(mail.text, /^Thank you for signing up to status\.nimbus\.example\. /)
  for (const text of [summary.body, rss, mail.text]) assert.not.match(text, DEMO)
})

unnamed.run()
