import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { JSDOM } from 'jsdom'
import Parser from 'rss-parser'
import { INTERNAL_FIELDS } from '../../contract/constants.js'
import { RSS_FEEDS } from '../../server/feeds/rss.js'
import { DEMO_RECORD_IDS } from '../../server/seed/lists.js'
import { body, startApp, type TestApp } from './helpers.js'

const ORIGIN = 'http://trust.test'
const ATOM = 'http://www.w3.org/2005/Atom'

let t: TestApp
const parser = new Parser()

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { host: 'trust.test', ...headers } })
}

/** One Atom entry as the document says it (parsed as namespaced XML, independently of `rss-parser`). */
interface Entry {
  id: string
  title: string
  titleType: string | null
  link: string
  published: string
  updated: string
  summary: string | null
  summaryType: string | null
  content: string | null
  contentType: string | null
}

/** The child element `name` of `parent` in the Atom namespace (direct children only). */
const child = (parent: Element, name: string) => [...parent.children].find((c) => c.namespaceURI === ATOM && c.localName === name) ?? null

/** Parses an Atom document strictly (malformed XML throws) and reads its feed and entries. */
function parseAtom(text: string) {
  const doc = new JSDOM(text, { contentType: 'application/xml' }).window.document
  const root = doc.documentElement
  assert.is(root.namespaceURI, ATOM, 'the root is in the Atom namespace')
  assert.is(root.localName, 'feed')
  const links = [...root.children].filter((c) => c.localName === 'link')
  const entries: Entry[] = [...root.children]
    .filter((c) => c.namespaceURI === ATOM && c.localName === 'entry')
    .map((e) => ({
      id: child(e, 'id')!.textContent!,
      title: child(e, 'title')!.textContent!,
      titleType: child(e, 'title')!.getAttribute('type'),
      link: child(e, 'link')!.getAttribute('href')!,
      published: child(e, 'published')!.textContent!,
      updated: child(e, 'updated')!.textContent!,
      summary: child(e, 'summary')?.textContent ?? null,
      summaryType: child(e, 'summary')?.getAttribute('type') ?? null,
      content: child(e, 'content')?.textContent ?? null,
      contentType: child(e, 'content')?.getAttribute('type') ?? null,
    }))
  return {
    id: child(root, 'id')!.textContent!,
    title: child(root, 'title')!.textContent!,
    author: child(child(root, 'author')!, 'name')!.textContent!,
    self: links.find((l) => l.getAttribute('rel') === 'self')?.getAttribute('href'),
    alternate: links.find((l) => l.getAttribute('rel') === 'alternate')?.getAttribute('href'),
    entries,
  }
}

async function atom(url: string) {
  const res = await get(url)
  assert.is(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`)
  assert.is(res.headers['content-type'], 'application/atom+xml; charset=utf-8')
  assert.match(res.body, /^<\?xml version="1.0" encoding="utf-8"\?>\s*<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/)
  return { res, feed: parseAtom(res.body) }
}

async function rss(url: string) {
  const res = await get(url)
  assert.is(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`)
  return parser.parseString(res.body)
}

/** The Atom id of an RSS guid: `incident-12@trust-site` → `tag:trust-site,2026:incident-12`. */
const tagOf = (guid: string) => {
  const m = /^([a-z]+-\d+)@trust-site$/.exec(guid)
  assert.ok(m, guid)
  return `tag:trust-site,2026:${m![1]}`
}

// ---------------------------------------------------------------------------------------------

const feeds = suite('GET /atom-feed/{name}')
feeds.before(async () => {
  t = await startApp()
})
feeds.after(async () => {
  await t.close()
})

feeds('every feed name, of every cloud and of one, is the RSS feed as Atom: same entries, order, titles, links, dates', async () => {
  for (const name of RSS_FEEDS.keys()) {
    for (const query of ['', '?cloud=auroraedge', '?cloud=private.auroraedge.com']) {
      const url = `/atom-feed/${name}${query}`
      const { feed } = await atom(url)
      const channel = await rss(`/rss-feed/${name}${query}`)
      assert.ok(channel.items.length > 0 || query !== '', `${url}: entries`)
      assert.is(feed.entries.length, channel.items.length, `${url}: one entry per RSS item`)
      assert.equal(
        feed.entries.map((e) => [e.id, e.title, e.link, new Date(e.published).toISOString()]),
        channel.items.map((i) => [tagOf(i.guid!), i.title, i.link, i.isoDate]),
        url,
      )
      for (const e of feed.entries) assert.ok(Date.parse(e.updated) >= Date.parse(e.published), `${url}: updated ≥ published`)
      assert.is(feed.title, channel.title)
      assert.is(feed.alternate, channel.link)
      // Its own address, as the RSS feed's (the cloud by its machine name).
      assert.is(feed.self, channel.feedUrl!.replace('/rss-feed/', '/atom-feed/'))
      assert.ok(feed.self!.startsWith(`${ORIGIN}/atom-feed/${name}`), String(feed.self))
      assert.is(feed.id, feed.self, 'the feed id is its own address')
      assert.is(feed.author, 'Aurora Edge')
    }
  }
})

feeds('?cloud= narrows the feed to one cloud and links below its domain; the newest 50', async () => {
  const { feed } = await atom('/atom-feed/advisories?cloud=private.auroraedge.com')
  assert.is(feed.title, 'Aurora Edge Security Advisories – private.auroraedge.com')
  assert.is(feed.alternate, `${ORIGIN}/private.auroraedge.com/security-advisories`)
  const expected = await t.query<{ id: number; title: string }>(
    `select r.id, r.title from records r where r.type = 'advisory'
       and exists (select 1 from record_clouds rc join clouds c on c.id = rc.cloud_id where rc.record_id = r.id and c.machine_name = ?)
     order by r.from_time desc, r.id desc limit ?`,
    'private',
    50,
  )
  assert.ok(expected.length > 0)
  assert.equal(
    feed.entries.map((e) => [e.id, e.title]),
    expected.map((r) => [`tag:trust-site,2026:advisory-${r.id}`, r.title]),
  )
  assert.ok(feed.entries.every((e) => e.link.startsWith(`${ORIGIN}/private.auroraedge.com/posts/`)))
  assert.is((await atom('/atom-feed/incidents')).feed.entries.length, 50)
})

feeds('hostile markup never reaches the feed as markup: bodies sanitised HTML, titles and summaries plain text', async () => {
  const { res, feed } = await atom('/atom-feed/incidents?cloud=auroraedge')
  const entry = feed.entries.find((e) => e.id === `tag:trust-site,2026:incident-${DEMO_RECORD_IDS.hostileIncident}`)
  assert.ok(entry)
  assert.is(entry!.contentType, 'html')
  assert.match(entry!.content!, '<p>Markup check: everything below must render inert.</p>')
  assert.match(entry!.content!, '<img src="x">')
  assert.match(res.body, '<title>Markup check: intermittent errors in Admin Portal</title>')
  for (const name of RSS_FEEDS.keys()) {
    const text = (await get(`/atom-feed/${name}?cloud=auroraedge`)).body
    assert.not.match(text, /<script|onload=|onerror=|href="?javascript:/i, name)
    for (const e of parseAtom(text).entries) {
      // Titles and summaries are text constructs: never `type="html"`, so nothing in them is markup.
      assert.is(e.titleType, null, `${name} ${e.id}`)
      if (e.summary !== null) assert.is(e.summaryType, null, `${name} ${e.id}`)
      for (const field of [e.content, e.summary, e.title]) {
        if (field !== null) assert.not.match(field, /<script|onload|onerror|href="?javascript:|<svg/i, `${name} ${e.id}`)
      }
    }
  }
})

feeds('a title with markup (and a CDATA end) arrives as plain text with no `<` left; the summary is the summary as text', async () => {
  const id = DEMO_RECORD_IDS.hostileIncident
  const [original] = await t.query<{ title: string; summary: string }>('select title, summary from records where id = ?', id)
  const title = 'Outage <b>now</b> & <script>x()</script> ]]> later'
  try {
    await t.exec(
      'update records set title = ?, summary = ? where id = ?',
      title,
      '<p>Short <em>summary</em></p><img src=x onerror="window.__pwned=1">',
      id,
    )
    const { res, feed } = await atom('/atom-feed/incidents?cloud=auroraedge')
    const entry = feed.entries.find((e) => e.id === `tag:trust-site,2026:incident-${id}`)!
    assert.ok(entry)
    const plain = 'Outage ‹b›now‹/b› & ‹script›x()‹/script› ]]› later'
    assert.is(entry.title, plain)
    assert.is(entry.titleType, null)
    assert.match(res.body, '<title>Outage ‹b›now‹/b› &amp; ‹script›x()‹/script› ]]› later</title>')
    assert.is(entry.summary, 'Short summary')
    assert.match(res.body, '<summary>Short summary</summary>')
    assert.not.match(res.body, /type="html"><!\[CDATA\[Outage/)
    assert.not.match(res.body, /trust-text-/)
    // A feed reader's view of it (rss-parser reads Atom too) has the same literal title.
    const read = await parser.parseString(res.body)
    assert.is(read.items.find((i) => i.id === entry.id)!.title, plain)
  } finally {
    await t.exec('update records set title = ?, summary = ? where id = ?', original.title, original.summary, id)
  }
})

feeds('errors answer JSON: unknown feed 404, unknown cloud 404', async () => {
  for (const [url, code] of [
    ['/atom-feed/nope', 'not_found'],
    ['/atom-feed/incidents?cloud=nowhere', 'unknown_cloud'],
  ]) {
    const res = await get(url)
    assert.is(res.statusCode, 404, url)
    assert.match(String(res.headers['content-type']), /^application\/json/)
    assert.is(body(res).error.code, code)
    assert.is(res.headers['cache-control'], 'no-store')
  }
})

feeds('public and cacheable like the RSS feed; no internal fields', async () => {
  const res = await get('/atom-feed/maintenance', { origin: 'https://partner.example', accept: 'text/html,*/*' })
  const same = await get('/rss-feed/maintenance', { origin: 'https://partner.example', accept: 'text/html,*/*' })
  for (const header of ['cache-control', 'access-control-allow-origin', 'vary']) {
    assert.is(res.headers[header], same.headers[header], header)
  }
  assert.is(res.headers['cache-control'], 'public, max-age=30, s-maxage=30, stale-while-revalidate=30, stale-if-error=86400')
  assert.is(res.headers['access-control-allow-origin'], '*')
  const secrets = (await t.query<Record<string, string | null>>(`select ${INTERNAL_FIELDS.join(', ')} from records`))
    .flatMap((r) => Object.values(r))
    .filter((v): v is string => typeof v === 'string' && v.length > 8)
  assert.ok(secrets.length > 100)
  for (const name of RSS_FEEDS.keys()) {
    const text = (await get(`/atom-feed/${name}?cloud=auroraedge`)).body
    for (const secret of secrets) assert.not.ok(text.includes(secret), `${name}: internal value`)
  }
})

feeds.run()
