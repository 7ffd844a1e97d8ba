/**
 * Mail is never silently stuck (docs/operating/catalogue.md):
 * - a production start without `SMTP_URL` runs and prints one line on standard error saying mail
 *   is not being sent (none with `SMTP_URL`);
 * - in production without `SMTP_URL` nothing is delivered: mail stays queued, and the console's
 *   dashboard says delivery is `off` and how long the oldest queued message has waited;
 * - the sender defaults to the vendor's name at the `PUBLIC_URL` host, the name read from the
 *   settings when mail is sent (a vendor name set later is used without a restart); `MAIL_FROM`
 *   wins. Senders are read from the messages an SMTP server on loopback received.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { DashboardData } from '../../contract/admin.js'
import { MAIL_NOT_SENT } from '../../server/config.js'
import { createMailer, defaultMailFrom, enqueueMail, mailDelivery } from '../../server/mail/outbox.js'
import { body, createTestDatabase, databaseEnv, FIXED_NOW, startServer, type TestApp } from './helpers.js'
import { startSmtpSink, type SmtpSink } from './smtp-sink.js'
import { loginOps, send, startProduction } from './staff-helpers.js'

const PUBLIC_URL = 'https://status.nimbus.example'

const register = (t: TestApp, mail: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { mail: [{ value: mail }], name: [{ value: mail }], pass: [{ value: 'Reader12345' }] },
  })

const setVendor = async (t: TestApp, vendor: string) => {
  await t.exec('delete from settings where key = ?', 'vendor')
  await t.exec('insert into settings (key, value) values (?, ?)', 'vendor', vendor)
}

// ---------------------------------------------------------------------------------------------

const startup = suite('server/main.ts: the start-up line about mail')

/**
 * Starts `server/main.ts` in production with `env` on a fresh database, waits for its address
 * line, stops it, and returns what it wrote.
 */
async function runProduction(env: Record<string, string>): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const database = await createTestDatabase()
  try {
    const server = await startServer({ ...databaseEnv(database), NODE_ENV: 'production', PUBLIC_URL, SMTP_URL: '', MAIL_FROM: '', ...env })
    try {
      const code = await server.stop()
      return { stdout: server.stdout(), stderr: server.stderr(), code }
    } finally {
      server.close()
    }
  } finally {
    await database.drop()
  }
}

startup('production without SMTP_URL starts and says once, on standard error, that mail is not being sent', async () => {
  const { stdout, stderr, code } = await runProduction({})
  assert.is(code, 0)
  assert.equal(
    stderr.split('\n').filter((line) => line.includes('SMTP_URL')),
    [MAIL_NOT_SENT],
  )
  assert.not.match(stdout, /SMTP_URL/)
})

startup('with SMTP_URL nothing is said about mail', async () => {
  const { stderr, code } = await runProduction({ SMTP_URL: 'smtp://127.0.0.1:9' })
  assert.is(code, 0)
  assert.not.match(stderr, /SMTP_URL|Mail is not being sent/)
})

startup.run()

// ---------------------------------------------------------------------------------------------

const off = suite('production without SMTP_URL: mail stays queued, the dashboard says so and how long it waits')

let clock = FIXED_NOW.getTime()
let t: TestApp

off.before(async () => {
  t = await startProduction(PUBLIC_URL, { now: () => new Date(clock), accounts: { smtpUrl: null, mailFrom: null } })
})
off.after(() => t.close())

off('delivery is off: a pass of the mailer delivers nothing and marks nothing', async () => {
  assert.is(mailDelivery(null, 'production'), 'off')
  assert.is(mailDelivery(null, 'development'), 'dev_mail')
  assert.is(mailDelivery('smtp://mail:25', 'production'), 'smtp')
  assert.is((await register(t, 'first@customer.example')).statusCode, 200)
  // The app's own mailer delivers nothing; a mailer made the same way, flushed, shows it.
  const mailer = createMailer({
    db: t.db(),
    smtpUrl: null,
    mailFrom: null,
    publicUrl: PUBLIC_URL,
    mode: 'production',
    now: () => new Date(clock),
  })
  try {
    await mailer.flush()
  } finally {
    await mailer.close()
  }
  const rows = await t.query<{ sent_at: number | null; attempts: number }>('select sent_at, attempts from outbox')
  assert.equal(rows, [{ sent_at: null, attempts: 0 }])
})

off('the dashboard: delivery off, the sender, and the oldest queued message with its age at now', async () => {
  const created = clock
  clock += 3 * 3_600_000 + 125_000 // 3 h 2 min 5 s later
  assert.is((await register(t, 'second@customer.example')).statusCode, 200)
  await setVendor(t, 'Nimbus Security')
  const ops = await loginOps(t)
  const res = await send(t, 'GET', '/api/admin/dashboard', { session: ops })
  assert.is(res.statusCode, 200, res.body)
  const { outbox, now } = body<{ data: DashboardData }>(res).data
  assert.is(now, new Date(clock).toISOString())
  assert.is(outbox.delivery, 'off')
  assert.is(outbox.sender, 'Nimbus Security <no-reply@status.nimbus.example>')
  assert.is(outbox.queued, 2)
  assert.is(outbox.sent, 0)
  assert.is(outbox.oldest_queued, new Date(created).toISOString())
  assert.is(outbox.oldest_queued_seconds, 3 * 3600 + 125)
})

off('failed and sent messages do not count as queued; nothing queued means no age', async () => {
  await t.exec('update outbox set attempts = 5, last_error = ? where to_address = ?', 'connection refused', 'first@customer.example')
  await t.exec('update outbox set sent_at = ? where to_address = ?', clock, 'second@customer.example')
  const ops = await loginOps(t)
  const { outbox } = body<{ data: DashboardData }>(await send(t, 'GET', '/api/admin/dashboard', { session: ops })).data
  assert.equal([outbox.queued, outbox.sent, outbox.failed, outbox.oldest_queued, outbox.oldest_queued_seconds], [0, 1, 1, null, null])
})

off.run()

// ---------------------------------------------------------------------------------------------

const sender = suite('the sender: the vendor at the PUBLIC_URL host by default, MAIL_FROM when set')

let s: TestApp
let sink: SmtpSink

sender.before(async () => {
  sink = await startSmtpSink()
  s = await startProduction(PUBLIC_URL, { accounts: { smtpUrl: null, mailFrom: null } })
})
sender.after(async () => {
  await s.close()
  await sink.close()
})

/** Enqueues one mail to `to` and delivers the outbox through the sink with a mailer of `mailFrom`. */
async function deliverOne(to: string, mailFrom: string | null, publicUrl: string | null = PUBLIC_URL) {
  const before = sink.received.length
  await enqueueMail(s.db(), { to, subject: 'Sender check', text: 'Sender check.\n' }, FIXED_NOW.getTime())
  const mailer = createMailer({ db: s.db(), smtpUrl: sink.url, mailFrom, publicUrl, mode: 'production', now: () => FIXED_NOW })
  try {
    await mailer.flush()
  } finally {
    await mailer.close()
  }
  const received = await sink.waitFor(before + 1)
  const mail = received.find((m) => m.to.includes(to))
  assert.ok(mail, `no mail to ${to}`)
  return mail
}

sender('without a vendor name the site is named by its host', async () => {
  const mail = await deliverOne('a@customer.example', null)
  assert.equal(mail.parsed.from?.value, [{ name: 'status.nimbus.example', address: 'no-reply@status.nimbus.example' }])
  assert.match(mail.parsed.messageId ?? '', /@status\.nimbus\.example>$/)
})

sender('the vendor name set in the settings is used at the next delivery, without a restart', async () => {
  await setVendor(s, 'Nimbus Security')
  const first = await deliverOne('b@customer.example', null)
  assert.equal(first.parsed.from?.value, [{ name: 'Nimbus Security', address: 'no-reply@status.nimbus.example' }])
  await setVendor(s, 'Nimbus "Cloud" Security')
  const renamed = await deliverOne('c@customer.example', null)
  assert.equal(renamed.parsed.from?.value, [{ name: 'Nimbus "Cloud" Security', address: 'no-reply@status.nimbus.example' }])
})

sender('MAIL_FROM wins over the vendor name', async () => {
  const mail = await deliverOne('d@customer.example', 'Nimbus Alerts <alerts@nimbus.example>')
  assert.equal(mail.parsed.from?.value, [{ name: 'Nimbus Alerts', address: 'alerts@nimbus.example' }])
  assert.match(mail.parsed.messageId ?? '', /@nimbus\.example>$/)
})

sender('development without PUBLIC_URL: the host is localhost; names are quoted when they are not plain words', () => {
  assert.is(defaultMailFrom('Nimbus Security', null), 'Nimbus Security <no-reply@localhost>')
  assert.is(defaultMailFrom('status.nimbus.example', PUBLIC_URL), '"status.nimbus.example" <no-reply@status.nimbus.example>')
  assert.is(defaultMailFrom('A "B"\r\nBcc: x@y.example', PUBLIC_URL), '"A \\"B\\" Bcc: x@y.example" <no-reply@status.nimbus.example>')
})

sender.run()
