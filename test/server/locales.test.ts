// The user's language (docs/languages-and-themes.md): the settings call stores it, the details return it, and the
// emails — account mails and notification emails — come in it; English when none is saved.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { LightMyRequestResponse } from 'fastify'
import type { UserDetailsData } from '../../contract/accounts.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { incidentBody } from './desk-helpers.js'
import { appPerTest, body, FIXED_NOW, type TestApp } from './helpers.js'
import { execute, login, send, type Session } from './staff-helpers.js'

let t: TestApp
let passHash = ''

const test = suite('locales: the saved language and the emails')

test.before(async () => {
  passHash = await hashPassword('Secret123')
})
appPerTest(test, (app) => (t = app), { accounts: { publicUrl: 'https://trust.example' } })

const errorCode = (res: LightMyRequestResponse) => body<{ error: { code: string } }>(res).error.code
const settings = (s: Session, payload: unknown) => send(t, 'POST', '/api/user/settings', { session: s, payload })
const details = async (s: Session) =>
  body<{ data: UserDetailsData }>(await send(t, 'POST', '/api/user/details', { session: s, payload: {} })).data.auth.user

/** A verified user made straight in the database, with a saved language or none; returns the uid. */
function createUser(mail: string, locale: string | null = null): Promise<number> {
  return execute(
    t,
    'insert into users (name, mail, pass_hash, verified, timezone, locale, created) values (?, ?, ?, ?, ?, ?, ?) returning uid as id',
    mail,
    mail,
    passHash,
    1,
    'UTC',
    locale,
    FIXED_NOW.getTime(),
  )
}

interface OutboxRow {
  to_address: string
  subject: string
  text: string
  html: string
}
/** Outbox rows whose `event_key` is like `like`, once the fan-out of every committed event is done. */
const outbox = async (like: string) => {
  await t.settled()
  return t.query<OutboxRow>('select to_address, subject, text, html from outbox where event_key like ? order by id', like)
}
const accountMails = () => t.query<OutboxRow>('select to_address, subject, text, html from outbox where event_key is null order by id')

test('settings: a valid locale is stored, alone or with the zone, and the details return it', async () => {
  const s = await login(t, 'viewer', 'Viewer12345')
  assert.not.ok('locale' in (await details(s)), 'no locale before one is saved')

  const onlyLocale = await settings(s, { locale: 'de' })
  assert.is(onlyLocale.statusCode, 200, onlyLocale.body)
  assert.equal(body(onlyLocale), { data: { timezone: 'UTC', locale: 'de' } })
  assert.equal((await details(s)).locale, [{ value: 'de' }])

  const onlyZone = await settings(s, { timezone: 'Europe/Berlin' })
  assert.equal(body(onlyZone), { data: { timezone: 'Europe/Berlin', locale: 'de' } }, 'the zone alone leaves the locale')

  const both = await settings(s, { timezone: ' Asia/Tokyo ', locale: 'ja' })
  assert.equal(body(both), { data: { timezone: 'Asia/Tokyo', locale: 'ja' } })
  const user = await details(s)
  assert.equal(user.locale, [{ value: 'ja' }])
  assert.equal(user.timezone, [{ value: 'Asia/Tokyo' }])
})

test('settings: an unknown locale, a bad one among good ones and an empty body are refused with 400 bad_request', async () => {
  const s = await login(t, 'viewer', 'Viewer12345')
  for (const payload of [{ locale: 'xx' }, { locale: 'pt-BR' }, { locale: '' }, { timezone: 'UTC', locale: 'klingon' }, {}]) {
    const res = await settings(s, payload)
    assert.is(res.statusCode, 400, JSON.stringify(payload))
    assert.is(errorCode(res), 'bad_request', JSON.stringify(payload))
  }
  const bad = await settings(s, { timezone: 'Mars/Olympus', locale: 'de' })
  assert.is(errorCode(bad), 'bad_request')
  assert.is(
    (await t.query('select locale, timezone from users where name = ?', 'viewer'))[0].locale,
    null,
    'nothing of a refused call is saved',
  )
  assert.not.ok('locale' in (await details(s)))
})

test('a user with German saved gets the verification mail in German, with the link', async () => {
  await t.exec(
    'insert into users (name, mail, pass_hash, verified, timezone, locale, created) values (?, ?, ?, ?, ?, ?, ?)',
    'neu@example.com',
    'neu@example.com',
    passHash,
    0,
    'UTC',
    'de',
    FIXED_NOW.getTime(),
  )
  const s = await login(t, 'neu@example.com', 'Secret123')
  const res = await send(t, 'POST', '/api/resend/verification', { session: s })
  assert.is(res.statusCode, 200, res.body)
  const [mail] = await accountMails()
  assert.is(mail.to_address, 'neu@example.com')
  assert.is(mail.subject, 'Bestätigen Sie Ihre E-Mail-Adresse')
  assert.match(mail.text, /^Vielen Dank für Ihre Registrierung bei Aurora Edge Trust\./)
  assert.match(mail.text, 'Der Link kann einmal verwendet werden.')
  assert.match(mail.text, /\nhttps:\/\/trust\.example\/user\/verify\/[A-Za-z0-9_-]{43}\n/)
  assert.match(mail.html, /<a href="https:\/\/trust\.example\/user\/verify\/[A-Za-z0-9_-]{43}">Bestätigen Sie Ihre E-Mail-Adresse<\/a>/)
  assert.not.match(mail.text, /Thank you|Verify/)
})

test('a sign-up from a German page saves German and mails in German; from an English one nothing is saved', async () => {
  const register = (mail: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers,
      payload: { mail: [{ value: mail }], name: [{ value: mail }], pass: [{ value: 'Secret12345' }] },
    })
  assert.is((await register('de@example.com', { cookie: 'trust_lang=de' })).statusCode, 200)
  assert.is((await register('en@example.com', { 'accept-language': 'en-GB, de;q=0.5' })).statusCode, 200)
  const [de, en] = await accountMails()
  assert.is(de.subject, 'Bestätigen Sie Ihre E-Mail-Adresse')
  assert.is(en.subject, 'Verify your email address')
  assert.match(en.text, /^Thank you for signing up to Aurora Edge Trust\./)
  const saved = await t.query<{ mail: string; locale: string | null }>(
    'select mail, locale from users where mail in (?, ?) order by mail',
    'de@example.com',
    'en@example.com',
  )
  assert.equal(saved, [
    { mail: 'de@example.com', locale: 'de' },
    { mail: 'en@example.com', locale: null },
  ])
})

test('a notification email comes in the subscriber’s saved language; without one, in the exact English', async () => {
  const dc = (
    await t.query<{ tid: number }>(
      `select dc.tid from cloud_data_centers cdc join data_centers dc on dc.tid = cdc.data_center_tid
       where cdc.cloud_id = 1 and cdc.active = 1 and dc.name = 'Amsterdam II'`,
    )
  )[0].tid
  const german = await createUser('de@example.com', 'de')
  const english = await createUser('en@example.com')
  for (const uid of [german, english]) {
    await t.exec('insert into subscriptions (uid, cloud_id, target, created) values (?, ?, ?, ?)', uid, 1, 'public', 0)
  }
  const admin = await login(t, 'admin', 'Admin12345')
  const res = await send(t, 'POST', '/api/admin/records', { session: admin, payload: incidentBody(dc) })
  assert.is(res.statusCode, 201, res.body)
  const id = body(res).data.id
  const rows = await outbox('record-event:%')
  const de = rows.find((r) => r.to_address === 'de@example.com')!
  const en = rows.find((r) => r.to_address === 'en@example.com')!

  assert.is(de.subject, '[auroraedge.net] Störung: Packet loss in Amsterdam (In Bearbeitung)')
  assert.match(de.text, /^Störung: Packet loss in Amsterdam\n/)
  assert.match(de.text, 'Beginn: So., 15. März 2026, 09:00:00 UTC (UTC)')
  assert.match(de.text, 'Ende: Andauernd')
  assert.match(de.text, `Vollständigen Beitrag lesen: https://trust.example/auroraedge.net/posts/${id}`)
  assert.match(de.text, 'Sie erhalten diese E-Mail, weil Sie Folgendes abonniert haben: Öffentliches Rechenzentrum.')
  assert.match(de.text, /\nDiese Benachrichtigungen abbestellen: https:\/\/trust\.example\/unsubscribe\/[A-Za-z0-9_-]{43}\n/)
  assert.match(de.html, />Diese Benachrichtigungen abbestellen<\/a>/)
  assert.not.match(de.text, /Unsubscribe|Read the full post|Start:/)

  const token = /\/unsubscribe\/([A-Za-z0-9_-]{43})/.exec(en.text)![1]
  assert.is(en.subject, '[auroraedge.net] Incident: Packet loss in Amsterdam (In Progress)')
  assert.is(
    en.text,
    [
      'Incident: Packet loss in Amsterdam',
      '',
      'Status: In Progress',
      'Start: Sun, 15 Mar 2026 09:00:00 UTC (UTC)',
      'End: Ongoing',
      '',
      'Some customers see packet loss.',
      '',
      `Read the full post: https://trust.example/auroraedge.net/posts/${id}`,
      '',
      'You receive this email because you subscribed to: Public Data Center.',
      `Unsubscribe from these notifications: https://trust.example/unsubscribe/${token}`,
      '',
    ].join('\n'),
  )
  assert.match(en.html, `<p><a href="https://trust.example/unsubscribe/${token}">Unsubscribe from these notifications</a></p>`)
  assert.match(en.html, '<tr><th align="left">Status</th><td>In Progress</td></tr>')
})

test.run()
