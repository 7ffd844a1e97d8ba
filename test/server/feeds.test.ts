import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import ICAL from 'ical.js'
import Parser from 'rss-parser'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { INTERNAL_FIELDS } from '../../contract/constants.js'
import { rssFeedName, RSS_FEEDS, RSS_ITEMS } from '../../server/feeds/rss.js'
import { DEMO_RECORD_IDS } from '../../server/seed/lists.js'
import { body, FIXED_NOW, removeDir, startApp, tempDir, type TestApp } from './helpers.js'

const NOW = FIXED_NOW.getTime()
const DAY = 86_400_000
const ORIGIN = 'http://trust.test'

let t: TestApp
const parser = new Parser()

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { host: 'trust.test', ...headers } })
}

const query = <T = any>(sql: string, ...params: unknown[]): Promise<T[]> => t.query<T>(sql, ...params)

/** Newest records of a type (and notification type, and cloud), as the feeds should list them. */
function newest(type: string, notificationType: string | null, cloud: string | null, limit = RSS_ITEMS) {
  // A condition only when filtering (PostgreSQL cannot type a bare `? is null` parameter).
  return query<{ id: number; title: string; domain: string }>(
    `select r.id, r.title, (select c.domain from record_clouds rc join clouds c on c.id = rc.cloud_id where rc.record_id = r.id order by c.sort, c.id limit 1) as domain
     from records r where r.type = ?${notificationType === null ? '' : ' and r.notification_type = ?'}
       ${cloud === null ? '' : 'and exists (select 1 from record_clouds rc join clouds c on c.id = rc.cloud_id where rc.record_id = r.id and c.machine_name = ?)'}
     order by r.from_time desc, r.id desc limit ?`,
    type,
    ...(notificationType === null ? [] : [notificationType]),
    ...(cloud === null ? [] : [cloud]),
    limit,
  )
}

async function rss(url: string) {
  const res = await get(url)
  assert.is(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`)
  assert.is(res.headers['content-type'], 'application/rss+xml; charset=utf-8')
  assert.match(res.body, /^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/)
  return { res, feed: await parser.parseString(res.body) }
}

/** The secret values of the records' internal fields. */
async function internalValues(): Promise<string[]> {
  return (await query<Record<string, string | null>>(`select ${INTERNAL_FIELDS.join(', ')} from records`))
    .flatMap((r) => Object.values(r))
    .filter((v): v is string => typeof v === 'string' && v.length > 8)
}

// ---------------------------------------------------------------------------------------------

const feeds = suite('GET /rss-feed/{name}')
feeds.before(async () => {
  t = await startApp()
})
feeds.after(async () => {
  await t.close()
})

feeds('feed names follow the spec rule: last segment, _ → -, change → category, security-advisories → advisories', () => {
  assert.is(rssFeedName('/auroraedge.net/incidents'), 'incidents')
  assert.is(rssFeedName('/auroraedge.net/maintenance/'), 'maintenance')
  assert.is(rssFeedName('/auroraedge.net/security-advisories?x=1'), 'advisories')
  assert.is(rssFeedName('url_change_notification'), 'url-category-notification')
  assert.is(rssFeedName('cloud_app'), 'cloud-app')
  assert.is(rssFeedName('privacy_notification'), 'privacy-notification')
  assert.equal([...RSS_FEEDS.keys()].sort(), [
    'advisories',
    'cloud-app',
    'cloud-app-notification',
    'incidents',
    'maintenance',
    'privacy',
    'privacy-notification',
    'url-category',
    'url-category-notification',
  ])
})

feeds('each list feed is valid RSS 2.0 whose items are the newest records, linked to their pages', async () => {
  for (const [name, type, notificationType] of [
    ['incidents', 'incident', null],
    ['maintenance', 'maintenance', null],
    ['advisories', 'advisory', null],
    ['url-category-notification', 'notification', 'url_change_notification'],
    ['cloud-app', 'notification', 'cloud_app'],
    ['privacy-notification', 'notification', 'privacy_notification'],
  ] as const) {
    const { feed } = await rss(`/rss-feed/${name}`)
    const expected = await newest(type, notificationType, null)
    assert.ok(expected.length > 0, name)
    assert.is(feed.items.length, expected.length, name)
    assert.match(feed.title!, /^Aurora Edge /)
    assert.is(feed.link, `${ORIGIN}/`)
    feed.items.forEach((item, i) => {
      const record = expected[i]
      assert.is(item.title, record.title, `${name} ${i}`)
      const kind = type === 'notification' ? 'notification' : 'posts'
      assert.is(item.link, `${ORIGIN}/${record.domain}/${kind}/${record.id}`)
      assert.is(item.guid, `${type}-${record.id}@trust-site`)
      assert.ok(item.isoDate && !Number.isNaN(Date.parse(item.isoDate)))
      assert.type(item.contentSnippet, 'string')
    })
  }
  // The incidents feed is capped at the newest 50.
  assert.is((await rss('/rss-feed/incidents')).feed.items.length, RSS_ITEMS)
})

feeds('?cloud= narrows a feed to one cloud and links below its domain; aliases name the same feed', async () => {
  const { feed } = await rss('/rss-feed/advisories?cloud=private.auroraedge.com')
  assert.is(feed.title, 'Aurora Edge Security Advisories – private.auroraedge.com')
  assert.is(feed.link, `${ORIGIN}/private.auroraedge.com/security-advisories`)
  const expected = await newest('advisory', null, 'private')
  assert.equal(
    feed.items.map((i) => i.title),
    expected.map((r) => r.title),
  )
  assert.ok(feed.items.every((i) => i.link!.startsWith(`${ORIGIN}/private.auroraedge.com/posts/`)))

  const cloudApp = await rss('/rss-feed/cloud-app-notification?cloud=auroraedge')
  assert.equal(
    cloudApp.feed.items.map((i) => i.guid),
    (await newest('notification', 'cloud_app', 'auroraedge')).map((r) => `notification-${r.id}@trust-site`),
  )
  assert.equal((await rss('/rss-feed/cloud-app?cloud=auroraedge')).feed.items, cloudApp.feed.items)
  assert.equal((await rss('/rss-feed/url-category')).feed.items, (await rss('/rss-feed/url-category-notification')).feed.items)
})

feeds('hostile markup never reaches a feed as markup: bodies sanitised, titles and descriptions escaped text', async () => {
  const { res, feed } = await rss('/rss-feed/incidents?cloud=auroraedge')
  const item = feed.items.find((i) => i.guid === `incident-${DEMO_RECORD_IDS.hostileIncident}@trust-site`)
  assert.ok(item)
  const content = (item as any)['content:encoded'] as string
  // The body keeps its allowed markup and loses everything live.
  assert.match(content, '<p>Markup check: everything below must render inert.</p>')
  assert.match(content, '<img src="x">')
  for (const name of RSS_FEEDS.keys()) {
    const text = (await get(`/rss-feed/${name}?cloud=auroraedge`)).body
    for (const { items } of [await parser.parseString(text)]) {
      for (const i of items) {
        for (const field of [i.title, i.content, i.contentSnippet, (i as any)['content:encoded'], (i as any).description]) {
          if (typeof field !== 'string') continue
          assert.not.match(field, /<script|onload|onerror|href="?javascript:|<svg/i, `${name} ${i.guid}`)
        }
      }
    }
    assert.not.match(text, /<script|onload=|onerror=|href="?javascript:/i, name)
  }
  assert.match(res.body, '<title>Markup check: intermittent errors in Admin Portal</title>')
})

feeds('a title with markup arrives as plain text with no `<` left, escaped or not; descriptions are the summary as text', async () => {
  const id = DEMO_RECORD_IDS.hostileIncident
  const [original] = await query<{ title: string; summary: string }>('select title, summary from records where id = ?', id)
  try {
    await t.exec(
      'update records set title = ?, summary = ? where id = ?',
      'Outage <b>now</b> & <script>x()</script> a &lt;i&gt; later',
      '<p>Short <em>summary</em></p><img src=x onerror="window.__pwned=1">',
      id,
    )
    const { res, feed } = await rss('/rss-feed/incidents?cloud=auroraedge')
    const item = feed.items.find((i) => i.guid === `incident-${id}@trust-site`)!
    assert.ok(item)
    // A reader that decodes the title's entities and then reads it as HTML still finds no tag.
    assert.is(item.title, 'Outage ‹b›now‹/b› & ‹script›x()‹/script› a ＆lt;i＆gt; later')
    assert.match(res.body, '<title>Outage ‹b›now‹/b› &amp; ‹script›x()‹/script› a ＆lt;i＆gt; later</title>')
    assert.not.match(item.title ?? '', /</)
    assert.is(item.content, 'Short summary')
    assert.match(res.body, '<description>Short summary</description>')
    assert.not.match(res.body, /<!\[CDATA\[Outage/)
  } finally {
    await t.exec('update records set title = ?, summary = ? where id = ?', original.title, original.summary, id)
  }
})

feeds('errors answer JSON: unknown feed 404, unknown cloud 404', async () => {
  for (const [url, code] of [
    ['/rss-feed/nope', 'not_found'],
    ['/rss-feed/incidents?cloud=nowhere', 'unknown_cloud'],
  ]) {
    const res = await get(url)
    assert.is(res.statusCode, 404, url)
    assert.is(body(res).error.code, code)
    assert.is(res.headers['cache-control'], 'no-store')
  }
})

feeds('public and cacheable like the API; never the SPA fallback; no internal fields', async () => {
  const res = await get('/rss-feed/maintenance', { origin: 'https://partner.example', accept: 'text/html,*/*' })
  assert.is(res.headers['cache-control'], 'public, max-age=30, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')
  assert.is(res.headers['access-control-allow-origin'], '*')
  assert.match(String(res.headers['content-type']), /^application\/rss\+xml/)
  const secrets = await internalValues()
  assert.ok(secrets.length > 100)
  for (const name of RSS_FEEDS.keys()) {
    const text = (await get(`/rss-feed/${name}?cloud=auroraedge`)).body
    for (const secret of secrets) assert.not.ok(text.includes(secret), `${name}: internal value`)
    assert.not.ok(text.includes('.internal/'), name)
  }
})

feeds.run()

// ---------------------------------------------------------------------------------------------

const ics = suite('GET /ics/maintenance/{cloud}.ics')
ics.before(async () => {
  t = await startApp()
})
ics.after(async () => {
  await t.close()
})

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v)
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      status: String(v.getFirstPropertyValue('status')),
      sequence: event.sequence,
      url: String(v.getFirstPropertyValue('url')),
    }
  })
}

async function calendar(url: string) {
  const res = await get(url)
  assert.is(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`)
  assert.is(res.headers['content-type'], 'text/calendar; charset=utf-8')
  return { res, events: events(res.body) }
}

/** A cloud's maintenance the calendar holds: ended at most 30 days ago, or later. */
function expectedWindows(cloud: string, datacenter?: number) {
  return query<{ id: number; title: string; from_time: number; to_time: number; status: string }>(
    `select r.id, r.title, r.from_time, r.to_time, s.name as status from records r join record_statuses s on s.id = r.status_id
     join record_clouds rc on rc.record_id = r.id join clouds c on c.id = rc.cloud_id
     where c.machine_name = ? and r.type = 'maintenance' and r.to_time >= ?
       ${datacenter === undefined ? '' : 'and exists (select 1 from record_terms rt where rt.record_id = r.id and rt.tid = ?)'}
     order by r.from_time, r.id`,
    cloud,
    NOW - 30 * DAY,
    ...(datacenter === undefined ? [] : [datacenter]),
  )
}

ics('one event per maintenance window with a stable UID, UTC times, status and link', async () => {
  const { events: list, res } = await calendar('/ics/maintenance/auroraedge.net.ics')
  assert.match(res.body, /^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/)
  const expected = await expectedWindows('auroraedge')
  assert.ok(expected.length > 10)
  assert.equal(
    list.map((e) => e.uid),
    expected.map((r) => `maintenance-${r.id}@trust-site`),
  )
  list.forEach((event, i) => {
    const record = expected[i]
    assert.is(event.summary, record.title)
    assert.is(event.start, record.from_time)
    assert.is(event.end, record.to_time)
    assert.is(event.url, `${ORIGIN}/auroraedge.net/posts/${record.id}`)
    assert.is(event.status, record.status === 'Postponed' ? 'TENTATIVE' : record.status === 'Archived' ? 'CANCELLED' : 'CONFIRMED')
  })
  assert.ok(list.some((e) => e.status === 'TENTATIVE') && list.some((e) => e.status === 'CANCELLED'))
  assert.ok(list.some((e) => e.start > NOW) && list.some((e) => e.start < NOW))
  // The machine name names the same calendar.
  assert.equal((await calendar('/ics/maintenance/auroraedge.ics')).events, list)
})

ics('a moved window keeps its UID and gets a higher SEQUENCE', async () => {
  const id = DEMO_RECORD_IDS.hostileMaintenance
  const before = (await calendar('/ics/maintenance/auroraedge.ics')).events.find((e) => e.uid === `maintenance-${id}@trust-site`)!
  assert.ok(before)
  const [original] = await query('select from_time, to_time, updated_on from records where id = ?', id)
  try {
    await t.exec(
      'update records set from_time = ?, to_time = ?, updated_on = ? where id = ?',
      original.from_time + DAY,
      original.to_time + DAY,
      original.updated_on + 2 * 3_600_000,
      id,
    )
    const after = (await calendar('/ics/maintenance/auroraedge.ics')).events.find((e) => e.uid === `maintenance-${id}@trust-site`)!
    assert.ok(after, 'same UID after the move')
    assert.is(after.start, before.start + DAY)
    assert.ok(after.sequence > before.sequence, `${after.sequence} > ${before.sequence}`)
  } finally {
    await t.exec(
      'update records set from_time = ?, to_time = ?, updated_on = ? where id = ?',
      original.from_time,
      original.to_time,
      original.updated_on,
      id,
    )
  }
})

ics('?datacenter= keeps the windows of one data center', async () => {
  const tid = (
    await query<{ tid: number }>(
      `select rt.tid from records r join record_terms rt on rt.record_id = r.id join data_centers dc on dc.tid = rt.tid
     join record_clouds rc on rc.record_id = r.id where rc.cloud_id = 1 and r.type = 'maintenance' and r.to_time >= ?
     group by rt.tid order by count(*) desc, rt.tid limit 1`,
      NOW - 30 * DAY,
    )
  )[0].tid
  const { events: list } = await calendar(`/ics/maintenance/auroraedge.ics?datacenter=${tid}`)
  assert.ok(list.length >= 1)
  assert.equal(
    list.map((e) => e.uid),
    (await expectedWindows('auroraedge', tid)).map((r) => `maintenance-${r.id}@trust-site`),
  )
})

ics('errors: unknown cloud 404, not .ics 404, malformed datacenter 400; never the SPA fallback', async () => {
  for (const [url, status, code] of [
    ['/ics/maintenance/nowhere.ics', 404, 'unknown_cloud'],
    ['/ics/maintenance/auroraedge.txt', 404, 'not_found'],
    ['/ics/maintenance/auroraedge.ics?datacenter=abc', 400, 'bad_request'],
  ] as const) {
    const res = await get(url, { accept: 'text/html' })
    assert.is(res.statusCode, status, url)
    assert.is(body(res).error.code, code, url)
  }
  const res = await get('/ics/maintenance/auroraedge.ics', { origin: 'https://partner.example' })
  assert.is(res.headers['access-control-allow-origin'], '*')
  assert.is(res.headers['cache-control'], 'public, max-age=30, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')
  for (const secret of await internalValues()) assert.not.ok(res.body.includes(secret), 'internal value')
})

ics.run()

// ---------------------------------------------------------------------------------------------

const spa = suite('feeds next to the built site')
let siteDir = ''
spa.before(async () => {
  siteDir = tempDir('trust-site-')
  mkdirSync(siteDir, { recursive: true })
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>shell</title>')
  t = await startApp({ staticDir: siteDir })
})
spa.after(async () => {
  await t.close()
  removeDir(siteDir)
})

spa('browser navigations to feeds get the feed, not the shell', async () => {
  const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
  const feed = await get('/rss-feed/incidents', { accept })
  assert.is(feed.statusCode, 200)
  assert.match(String(feed.headers['content-type']), /^application\/rss\+xml/)
  const atom = await get('/atom-feed/incidents', { accept })
  assert.is(atom.statusCode, 200)
  assert.match(String(atom.headers['content-type']), /^application\/atom\+xml/)
  const cal = await get('/ics/maintenance/auroraedge.net.ics', { accept })
  assert.is(cal.statusCode, 200)
  assert.match(String(cal.headers['content-type']), /^text\/calendar/)
  // Other paths still open the shell.
  const page = await get('/auroraedge.net/incidents', { accept })
  assert.match(String(page.headers['content-type']), /^text\/html/)
})

spa.run()
