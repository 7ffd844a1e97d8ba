/**
 * Shared set-up of the webhook, Slack and Teams server tests: a real HTTP receiver on 127.0.0.1
 * that records every request, a resolver that answers from a table (for the SSRF guard), adding an
 * endpoint through the API, and an app outside the webhook test mode with a signed-in viewer.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'
import { answer } from '../../contract/common.js'
import { AddWebhookData } from '../../contract/webhooks.js'
import type { Resolver } from '../../server/webhooks/ssrf.js'
import { schemaErrors } from '../contract/harness.js'
import { body, startApp, type TestApp } from './helpers.js'
import { login, type Session, send } from './staff-helpers.js'

export const PUBLIC_URL = 'https://trust.example'

/** One request the receiver got. */
export interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export interface Receiver {
  received: Received[]
  /** Status answered per path (default: the receiver's own, 200 unless told). */
  status: Map<string, number>
  /** Milliseconds the receiver takes to answer (every path): a slow receiver, not a test's wait. */
  delay: { ms: number }
  url(path: string): string
  port: number
  at(path: string): Received[]
  close(): Promise<void>
}

/** Starts a receiver on 127.0.0.1 answering `answered` (Teams Workflows answers 202 Accepted). */
export async function startReceiver(answered = 200): Promise<Receiver> {
  const received: Received[] = []
  const status = new Map<string, number>()
  const delay = { ms: 0 }
  const server = createServer((req, res) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      text += chunk
    })
    req.on('end', () => {
      const path = req.url ?? '/'
      received.push({ path, headers: req.headers, body: text })
      res.statusCode = status.get(path) ?? answered
      setTimeout(() => res.end(res.statusCode < 300 ? 'ok' : 'receiver is broken'), delay.ms)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    received,
    status,
    delay,
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    at: (path) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A resolver for tests: names of `table` answer its addresses, others fail as DNS does. */
export const fakeResolver =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = table[hostname]
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

/** Adds an endpoint of `kind` at `url` for `session` (201, a schema-valid answer); its data. */
export async function addEndpoint(t: TestApp, session: Session, kind: 'webhook' | 'slack' | 'teams', url: string): Promise<AddWebhookData> {
  const res = await send(t, 'POST', '/api/webhooks', { session, payload: { kind, url } })
  assert.is(res.statusCode, 201, res.body)
  const json = body(res)
  assert.equal(schemaErrors(answer(AddWebhookData), json), [])
  return json.data
}

/**
 * Gives `group` an app outside the webhook test mode (https only, the SSRF guard on) whose host
 * names resolve through `dns` (tests fill it in), and the demo viewer signed in to it; read them
 * from the returned object inside the tests.
 */
export function outsideTestMode(group: Test): { app: TestApp; user: Session; dns: Record<string, string[]> } {
  const ctx = { dns: {} as Record<string, string[]> } as { app: TestApp; user: Session; dns: Record<string, string[]> }
  group.before(async () => {
    ctx.app = await startApp({ accounts: { publicUrl: PUBLIC_URL }, webhookResolver: fakeResolver(ctx.dns) })
    ctx.user = await login(ctx.app, 'viewer@example.com', 'Viewer12345')
  })
  group.after(async () => {
    await ctx.app.close()
  })
  return ctx
}
