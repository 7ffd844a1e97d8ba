/**
 * Links in mail never come from the request's Host header (reset-link poisoning): production needs
 * PUBLIC_URL; development without it links only to a loopback origin.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { PUBLIC_URL_REQUIRED, readConfig } from '../../server/config.js'
import { body, startApp, type TestApp } from './helpers.js'

let t: TestApp

test.before(async () => {
  t = await startApp()
})
test.after(() => t.close())

async function resetMailText(host: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/password',
    payload: { mail: 'viewer@example.com' },
    headers: { host },
    remoteAddress: '127.0.0.1',
  })
  assert.is(res.statusCode, 200, res.body)
  const mails = body<{ data: Array<{ to: string; text: string }> }>(await t.app.inject({ method: 'GET', url: '/api/dev/mail' })).data
  const mail = mails.find((m) => m.to === 'viewer@example.com')
  assert.ok(mail, 'a reset mail is in the outbox')
  return mail.text
}

const resetLinks = (text: string) => [...text.matchAll(/https?:\/\/[^\s/]+\/user\/reset\/[A-Za-z0-9_-]{43}/g)].map((m) => m[0])

test('development without PUBLIC_URL: a request with Host evil.example gets a reset link to localhost, not to evil.example', async () => {
  const text = await resetMailText('evil.example')
  assert.not.match(text, /evil\.example/)
  const links = resetLinks(text)
  assert.ok(links.length > 0, text)
  for (const link of links) assert.match(link, /^http:\/\/localhost(:\d+)?\/user\/reset\//)
})

test('development without PUBLIC_URL: a loopback Host keeps its own origin (port included)', async () => {
  const links = resetLinks(await resetMailText('127.0.0.1:8123'))
  assert.ok(links.length > 0)
  assert.ok(
    links.every((l) => l.startsWith('http://127.0.0.1:8123/user/reset/')),
    links.join('\n'),
  )
})

test('production refuses to start without PUBLIC_URL, saying why', async () => {
  assert.throws(
    () => readConfig({ NODE_ENV: 'production' }),
    (e: Error) => e.message === PUBLIC_URL_REQUIRED,
  )
  assert.match(PUBLIC_URL_REQUIRED, /PUBLIC_URL is required with NODE_ENV=production/)
  let error: unknown
  try {
    // On a fresh database, which `startApp` drops again when the app does not start.
    await startApp({ mode: 'production', accounts: { admin: null, seedViewer: false, publicUrl: null } })
  } catch (e) {
    error = e
  }
  assert.instance(error, Error)
  assert.is((error as Error).message, PUBLIC_URL_REQUIRED)
})

test.run()
