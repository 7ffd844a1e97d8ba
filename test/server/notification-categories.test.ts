/**
 * Notification categories come from the catalogue (docs/operating/catalogue.md): the catalogue file's optional
 * `notification_categories` section and the console's screen for it (`PUT
 * /api/admin/catalog/notification_categories`). Import and export round-trip them (ids from the
 * `notification_category` block, each type's display order); a file without the section leaves
 * them alone; a rename keeps the id; a category no notification or subscriber uses can be removed,
 * a used one cannot. Then a production site on an empty database imports its own categories from
 * the command line, a visitor subscribes to one, and a URL category notification published
 * through the publishing API with that category mails exactly that visitor.
 */
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Catalog, CatalogNotificationCategoryEntry } from '../../contract/catalog.js'
import type { UserNotificationsData } from '../../contract/subscriptions.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { readCatalog, saveCatalogSection } from '../../server/admin/catalog-edit.js'
import { exportCatalog } from '../../server/catalog/export.js'
import { CatalogError, checkCatalog, importCatalog } from '../../server/catalog/import.js'
import type { Database } from '../../server/db/schema.js'
import { TID_BASE } from '../../server/db/tids.js'
import { HttpError } from '../../server/http/errors.js'
import { body, emptyDatabase, FIXED_NOW, importByCommand, suiteOnEmptyDatabase, type TestApp } from './helpers.js'
import { OWN, ownCatalog } from './own-catalog.js'
import { createAccount, errorOf, login, loginOps, type Session, send, startProduction } from './staff-helpers.js'

type Entry = CatalogNotificationCategoryEntry
const url = (name: string, tid?: number): Entry => ({ ...(tid === undefined ? {} : { tid }), type: 'url_change_notification', name })
const app = (name: string, tid?: number): Entry => ({ ...(tid === undefined ? {} : { tid }), type: 'cloud_app', name })
const privacy = (name: string, tid?: number): Entry => ({ ...(tid === undefined ? {} : { tid }), type: 'privacy_notification', name })

/** The vendor's own catalogue with `categories` (none: without the section). */
function withCategories(categories?: Entry[]): Catalog {
  const c = ownCatalog()
  return categories === undefined ? c : ({ ...c, notification_categories: categories } as Catalog)
}

/** The rows of `notification_categories` as `tid type name sort` lines, by tid. */
async function rows(db: Kysely<Database>): Promise<string[]> {
  const all = await db.selectFrom('notification_categories').selectAll().orderBy('tid').execute()
  return all.map((r) => `${r.tid} ${r.notification_type} ${r.name} ${r.sort}`)
}

/** The refusal's problems of `run`, which must throw a {@link CatalogError}. */
async function refusal(run: () => Promise<unknown>): Promise<string[]> {
  try {
    await run()
  } catch (error) {
    if (error instanceof CatalogError) return error.problems
    throw error
  }
  assert.unreachable('the import was not refused')
  return []
}

const B = TID_BASE.notification_category

// ---------------------------------------------------------------------------------------------
// The catalogue file and the console's save, on a database of their own
// ---------------------------------------------------------------------------------------------

const file = suiteOnEmptyDatabase('notification categories: the catalogue file')

file(
  'import assigns ids of the block in file order; the export lists them type by type with their ids; both round-trip',
  async ({ db }) => {
    const changes = await importCatalog(
      db,
      withCategories([url('Gambling'), app('File Sharing'), url('Malicious Content'), privacy('Sub-processors'), app('Collaboration')]),
      FIXED_NOW,
    )
    assert.is(changes.notification_categories, 5)
    assert.equal(await rows(db), [
      `${B + 1} url_change_notification Gambling 0`,
      `${B + 2} cloud_app File Sharing 0`,
      `${B + 3} url_change_notification Malicious Content 1`,
      `${B + 4} privacy_notification Sub-processors 0`,
      `${B + 5} cloud_app Collaboration 1`,
    ])
    const terms = await db
      .selectFrom('terms')
      .select(['tid', 'vocabulary'])
      .where('tid', '>', B)
      .where('tid', '<', B + 1000)
      .execute()
    assert.equal(
      terms.map((t) => t.vocabulary),
      Array(5).fill('notification_category'),
    )

    const exported = await exportCatalog(db)
    assert.equal(exported.notification_categories, [
      { tid: B + 1, type: 'url_change_notification', name: 'Gambling' },
      { tid: B + 3, type: 'url_change_notification', name: 'Malicious Content' },
      { tid: B + 2, type: 'cloud_app', name: 'File Sharing' },
      { tid: B + 5, type: 'cloud_app', name: 'Collaboration' },
      { tid: B + 4, type: 'privacy_notification', name: 'Sub-processors' },
    ])
    assert.equal(checkCatalog(exported), [])
    assert.equal(await importCatalog(db, exported, FIXED_NOW), {}, 'the export imports again without a change')

    // Into another empty database: the same categories in the same order, with ids of that
    // database (assigned in the file's order), and its export imports there without a change.
    const { database: other, db: odb } = await emptyDatabase()
    const named = (c: Catalog) => c.notification_categories?.map(({ type, name }) => `${type} ${name}`)
    try {
      await importCatalog(odb, structuredClone(exported), FIXED_NOW)
      const there = await exportCatalog(odb)
      assert.equal(named(there), named(exported))
      assert.equal(
        there.notification_categories?.map((c) => c.tid),
        [B + 1, B + 2, B + 3, B + 4, B + 5],
      )
      assert.equal(await importCatalog(odb, there, FIXED_NOW), {})
    } finally {
      await odb.destroy()
      await other.drop()
    }
  },
)

file(
  'a file without the section keeps the categories; a list is the whole list: reordered, renamed by id, the unused left out removed',
  async ({ db }) => {
    await importCatalog(db, withCategories([url('Gambling'), url('Streaming'), url('Phishing'), app('Chat')]), FIXED_NOW)
    const before = await rows(db)
    assert.equal(await importCatalog(db, withCategories(), FIXED_NOW), {}, 'an older file (no section) changes nothing')
    assert.equal(await rows(db), before)

    // Reordered, "Streaming" renamed by its id, "Phishing" and "Chat" left out, one new.
    const changes = await importCatalog(
      db,
      withCategories([url('Video Streaming', B + 2), url('Gambling', B + 1), privacy('Data Residency')]),
      FIXED_NOW,
    )
    assert.equal(changes.notification_categories, 5, '2 updated, 2 removed, 1 added')
    assert.equal(await rows(db), [
      `${B + 1} url_change_notification Gambling 1`,
      `${B + 2} url_change_notification Video Streaming 0`,
      `${B + 5} privacy_notification Data Residency 0`,
    ])
    const gone = await db
      .selectFrom('terms')
      .select('tid')
      .where('tid', 'in', [B + 3, B + 4])
      .execute()
    assert.equal(gone, [], 'the removed categories’ terms go with them')

    // `[]` removes every unused one.
    await importCatalog(db, withCategories([]), FIXED_NOW)
    assert.equal(await rows(db), [])
  },
)

file(
  'an entry is matched by type and name before its id; an id of another type or unknown to the database makes a new category',
  async ({ db }) => {
    await importCatalog(db, withCategories([url('Gambling'), url('Streaming'), app('Chat')]), FIXED_NOW)
    // A file from another site: its ids mean nothing here, its names do.
    await importCatalog(db, withCategories([url('Streaming', B + 1), url('Gambling', B + 2), app('Chat', 999_999)]), FIXED_NOW)
    assert.equal(await rows(db), [
      `${B + 1} url_change_notification Gambling 1`,
      `${B + 2} url_change_notification Streaming 0`,
      `${B + 3} cloud_app Chat 0`,
    ])
    // The id of a URL category on a cloud application category does not move it: a new one.
    await importCatalog(db, withCategories([url('Streaming'), url('Gambling'), app('Chat'), app('Email', B + 1)]), FIXED_NOW)
    assert.equal(await rows(db), [
      `${B + 1} url_change_notification Gambling 1`,
      `${B + 2} url_change_notification Streaming 0`,
      `${B + 3} cloud_app Chat 0`,
      `${B + 4} cloud_app Email 1`,
    ])
  },
)

file('the file’s own problems are refused by path and in words: duplicates within a type, an unknown type, an empty name', async () => {
  const problems = checkCatalog(
    withCategories([url('Gambling', B + 1), app('Gambling', B + 1), url('Gambling'), { type: 'news', name: 'x' } as never, privacy('')]),
  )
  assert.equal(problems, [
    'notification_categories[3].type: must be one of the notification types: "url_change_notification" (URL categories), "cloud_app" (cloud applications) or "privacy_notification" (privacy)',
    'notification_categories[4].name: must not be empty (at most 200 characters)',
  ])
  const meaning = checkCatalog(withCategories([url('Gambling', B + 1), app('Gambling', B + 1), url('Gambling')]))
  assert.equal(meaning, [
    'notification_categories[1].tid: duplicate id 4001 (item 1 of the list has it too): leave it out of a new category, the import assigns one',
    'notification_categories[2].name: duplicate URL category "Gambling" (item 1 of the list has it too): each category of a type must have its own name',
  ])
  for (const p of [...problems, ...meaning]) assert.not.ok(p.includes('; '), p)
})

file('a category a subscriber uses cannot be removed: the import is refused in words and changes nothing', async ({ db }) => {
  await importCatalog(db, withCategories([url('Gambling'), url('Streaming')]), FIXED_NOW)
  const { uid } = await db
    .insertInto('users')
    .values({ name: 'reader', mail: 'reader@customer.example', pass_hash: 'x', verified: 1, timezone: 'UTC', created: FIXED_NOW.getTime() })
    .returning('uid')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('notification_subscriptions')
    .values({ uid, target: String(B + 1), created: 0 })
    .execute()
  const before = await rows(db)
  const problems = await refusal(() => importCatalog(db, withCategories([url('Streaming')]), FIXED_NOW))
  assert.equal(problems, [
    'notification_categories: URL category "Gambling" (id 4001) is in the database but not in the file, and 1 subscriber use it (it cannot be removed): keep it in the list, under a new name if you like',
  ])
  assert.equal(await rows(db), before)
  // Renamed instead, it keeps its id and its subscriber.
  await importCatalog(db, withCategories([url('Betting', B + 1), url('Streaming')]), FIXED_NOW)
  assert.equal(await rows(db), [`${B + 1} url_change_notification Betting 0`, `${B + 2} url_change_notification Streaming 1`])
})

file(
  'the console saves the section: new categories get ids from the server, the save is audited, a refusal is a 400 in words',
  async ({ db }) => {
    await importCatalog(db, withCategories([url('Gambling')]), FIXED_NOW)
    const actor = { uid: 1, name: 'ops@vendor.example' }
    const read = await readCatalog(db)
    const value = [...(read.catalog.notification_categories ?? []), app('Generative AI Apps'), privacy('Data Retention')]
    const saved = await saveCatalogSection(db, { section: 'notification_categories', revision: read.revision, value }, actor, FIXED_NOW)
    assert.equal(saved.catalog.notification_categories, [
      { tid: B + 1, type: 'url_change_notification', name: 'Gambling' },
      { tid: B + 2, type: 'cloud_app', name: 'Generative AI Apps' },
      { tid: B + 3, type: 'privacy_notification', name: 'Data Retention' },
    ])
    const [entry] = await db.selectFrom('audit_log').selectAll().where('action', '=', 'catalog.notification_categories').execute()
    assert.ok(entry, 'an audit entry')
    assert.equal(JSON.parse(entry.after ?? 'null'), saved.catalog.notification_categories)

    try {
      await saveCatalogSection(
        db,
        { section: 'notification_categories', revision: saved.revision, value: [url('Gambling'), url('Gambling')] },
        actor,
        FIXED_NOW,
      )
      assert.unreachable('refused')
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      assert.is(error.statusCode, 400)
      assert.match(error.message, /^notification_categories\[1\]\.name: duplicate URL category "Gambling"/)
    }
    assert.equal((await readCatalog(db)).revision, saved.revision, 'nothing changed')
  },
)

file.run()

// ---------------------------------------------------------------------------------------------
// Production: an empty database, the vendor's own categories, a notification that mails
// ---------------------------------------------------------------------------------------------

const production = suite('notification categories: a production site publishes with its own categories')
const PUBLIC_URL = 'https://status.northwind.example'

let t: TestApp
let ops: Session
let readerSession: Session
let otherSession: Session
let malicious: number
let phishing: number
const READER = 'reader@customer.example'
const OTHER = 'other@customer.example'

/** A verified account made straight in the database; returns its session. */
async function visitor(mail: string): Promise<Session> {
  await createAccount(t, mail, await hashPassword('Reader12345'), [], mail)
  return login(t, mail, 'Reader12345')
}

production.before(async () => {
  t = await startProduction(PUBLIC_URL)
})
production.after(() => t.close())

production('an empty production database has no category; npm run catalog -- import brings the vendor’s own', async () => {
  assert.equal(await t.query('select * from notification_categories'), [])
  importByCommand(t, PUBLIC_URL, withCategories([url('Malicious Content'), url('Phishing'), app('Webmail')]))
  const tid = async (name: string) =>
    (await t.query<{ tid: number }>('select tid from notification_categories where name = ?', name))[0].tid
  malicious = await tid('Malicious Content')
  phishing = await tid('Phishing')
  ops = await loginOps(t)
  const catalog = body(await send(t, 'GET', '/api/admin/catalog', { session: ops })).data.catalog as Catalog
  assert.equal(catalog.notification_categories, [
    { tid: malicious, type: 'url_change_notification', name: 'Malicious Content' },
    { tid: phishing, type: 'url_change_notification', name: 'Phishing' },
    { tid: malicious + 2, type: 'cloud_app', name: 'Webmail' },
  ])
})

production('the Notifications tab offers the categories; a visitor subscribes to one, another visitor to another', async () => {
  readerSession = await visitor(READER)
  otherSession = await visitor(OTHER)
  const tree = body<{ data: UserNotificationsData }>(await send(t, 'POST', '/api/user_notifications', { session: readerSession })).data
  assert.equal(
    tree.terms.url_change_notification?.categories.map((c) => c.notification_subcategory_name),
    ['Malicious Content', 'Phishing'],
  )
  assert.equal(
    tree.terms.cloud_app?.categories.map((c) => c.notification_subcategory_name),
    ['Webmail'],
  )
  assert.is(tree.terms.totalCount, 2)
  for (const [session, tid] of [
    [readerSession, malicious],
    [otherSession, phishing],
  ] as const) {
    const res = await send(t, 'POST', '/api/notification_manage_subscription', { session, payload: { tid, action: 'subscribe' } })
    assert.is(res.statusCode, 200, res.body)
  }
})

production(
  'a URL category notification published with a category through the publishing API mails that category’s subscriber only',
  async () => {
    const res = await send(t, 'POST', '/api/admin/records', {
      session: ops,
      payload: {
        type: 'notification',
        notification_type: 'url_change_notification',
        title: 'Reclassified: three domains move to Malicious Content',
        summary: 'Three domains are now in Malicious Content.',
        body: '<p>Three domains are now in <strong>Malicious Content</strong>.</p>',
        status: 'In Progress',
        clouds: [OWN.cloud],
        terms: [malicious],
        from: FIXED_NOW.toISOString(),
        notify: true,
      },
    })
    assert.is(res.statusCode, 201, res.body)
    const { id, mails } = body(res).data
    assert.is(mails, 1)
    await t.settled()
    const queued = await t.query<{ to_address: string; subject: string; text: string }>(
      `select o.to_address, o.subject, o.text from outbox o join record_events e on o.event_key like 'record-event:' || e.id || ':uid:%'
     where e.record_id = ?`,
      id,
    )
    assert.equal(
      queued.map((m) => m.to_address),
      [READER],
    )
    assert.match(queued[0].subject, 'Reclassified: three domains move to Malicious Content')
    assert.match(queued[0].text, 'Malicious Content')
    const linked = await t.query<{ tid: number }>('select tid from record_terms where record_id = ?', id)
    assert.equal(linked, [{ tid: malicious }])
  },
)

production('the console refuses to remove a category in use and renames it in place', async () => {
  const read = body(await send(t, 'GET', '/api/admin/catalog', { session: ops })).data
  const categories = read.catalog.notification_categories as Entry[]
  let res = await send(t, 'PUT', '/api/admin/catalog/notification_categories', {
    session: ops,
    payload: { revision: read.revision, value: categories.filter((c) => c.tid !== malicious) },
  })
  assert.is(res.statusCode, 400, res.body)
  assert.is(
    errorOf(res).message,
    `notification_categories: URL category "Malicious Content" (id ${malicious}) is in the database but not in the file, and 1 notification and 1 subscriber use it (it cannot be removed): keep it in the list, under a new name if you like`,
  )
  res = await send(t, 'PUT', '/api/admin/catalog/notification_categories', {
    session: ops,
    payload: { revision: read.revision, value: categories.map((c) => (c.tid === malicious ? { ...c, name: 'Malware' } : c)) },
  })
  assert.is(res.statusCode, 200, res.body)
  const tree = body<{ data: UserNotificationsData }>(await send(t, 'POST', '/api/user_notifications', { session: readerSession })).data
  const first = tree.terms.url_change_notification?.categories[0]
  assert.equal(first, {
    notification_subcategory_id: String(malicious),
    notification_subcategory_name: 'Malware',
    notification_subcategory_sub_status: '1',
  })
})

production.run()
