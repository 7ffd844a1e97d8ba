/**
 * A Statuspage client nobody here wrote, run unchanged but for its base URL and key against a
 * real listening server (docs/statuspage-manage-api.md#a-client-nobody-here-wrote): the TypeScript
 * SDK of github.com/voxgig-sdk/statuspage-sdk, generated from Statuspage's own OpenAPI document,
 * at commit {@link CLIENT_COMMIT}. It opens, updates and resolves an incident and changes a
 * component's status; the effects show on the public pages and in a subscriber's mail. The client
 * is never part of this repository: `STATUSPAGE_CLIENT_DIR` names the `ts/` folder of a checkout of
 * that commit (test/README.md); without it this suite is skipped with a line saying so.
 */
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { CreatedApiKeyData } from '../../contract/api-keys.js'
import type { StatuspageComponent, StatuspageIncident } from '../../contract/statuspage.js'
import { body, FIXED_NOW, importByCommand, type TestApp } from './helpers.js'
import { OWN, ownCatalog } from './own-catalog.js'
import { createAccount, execute, loginOps, send, startProduction } from './staff-helpers.js'

const test = suite('Statuspage-compatible manage API: a client nobody here wrote')
const PUBLIC_URL = 'https://status.northwind.example'
const SUBSCRIBER = 'reader@customer.example'
/** The client's repository and the commit this test was written against. */
const CLIENT_REPOSITORY = 'github.com/voxgig-sdk/statuspage-sdk'
const CLIENT_COMMIT = 'c1b98c1e5a136469e4408c727892eae70dca587f'
const CLIENT = join(process.env.STATUSPAGE_CLIENT_DIR ?? '', 'src', 'StatuspageSDK.ts')

/** The client's entities as this test uses them (its own types are `any`). */
interface Entity {
  list(match: Record<string, unknown>): Promise<any[]>
  load(match: Record<string, unknown>): Promise<any>
  create(data: Record<string, unknown>): Promise<any>
  update(data: Record<string, unknown>): Promise<any>
}
/** An entity's data: the client answers lists with entities (`.data()`), single calls with plain objects. */
const plain = (value: any): any => (typeof value?.data === 'function' ? value.data() : value)

interface Client {
  Incident(): Entity
  Component(): Entity
}

if (!process.env.STATUSPAGE_CLIENT_DIR || !existsSync(CLIENT)) {
  console.log(
    `
  Skipped: STATUSPAGE_CLIENT_DIR does not name the ts/ folder of ${CLIENT_REPOSITORY} at ${CLIENT_COMMIT.slice(0, 12)} (test/README.md).
`,
  )
  test.skip('the client opens, updates and resolves an incident and sets a component status', () => {})
} else {
  let t: TestApp
  let client: Client
  let serviceId: string
  let dcId: string

  test.before(async () => {
    t = await startProduction(PUBLIC_URL, { now: () => FIXED_NOW })
    importByCommand(t, PUBLIC_URL, ownCatalog())
    const admin = await loginOps(t)
    const made = await send(t, 'POST', '/api/admin/api-keys', {
      session: admin,
      payload: { name: 'statuspage sdk', role: 'trust_admin', lifetime_days: 7 },
    })
    assert.is(made.statusCode, 200, made.body)
    const { key } = body<{ data: CreatedApiKeyData }>(made).data
    const [cloud] = await t.query<{ id: number }>('select id from clouds where machine_name = ?', OWN.cloud)
    const uid = await createAccount(t, SUBSCRIBER, 'x', [], SUBSCRIBER)
    await execute(
      t,
      "insert into subscriptions (uid, cloud_id, target, created) values (?, ?, 'all', ?)",
      uid,
      cloud.id,
      FIXED_NOW.getTime(),
    )
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = t.app.server.address() as AddressInfo
    const { StatuspageSDK } = (await import(CLIENT)) as { StatuspageSDK: new (options: Record<string, unknown>) => Client }
    // The only changes: the base URL and the key.
    client = new StatuspageSDK({ apikey: key, base: `http://127.0.0.1:${port}/v1` })
  })
  test.after(() => t?.close())

  /** The subjects of the mail queued for the subscriber about record `id`. */
  async function mailsAbout(id: string): Promise<string[]> {
    await t.settled()
    const rows = await t.query<{ subject: string }>(
      `select o.subject from outbox o join record_events e on o.event_key like 'record-event:' || e.id || ':uid:%'
       where e.record_id = ? and o.to_address = ? order by o.id`,
      Number(id),
      SUBSCRIBER,
    )
    return rows.map((r) => r.subject)
  }

  /** A component of the public v2 document. */
  async function publicComponent(id: string): Promise<StatuspageComponent | undefined> {
    t.app.responseCache.clear()
    const res = await t.app.inject(`/${OWN.domain}/api/v2/components.json`)
    return body<{ components: StatuspageComponent[] }>(res).components.find((c) => c.id === id)
  }

  test('the client lists the components of the page', async () => {
    const components = (await client.Component().list({ page_id: OWN.cloud })).map(plain)
    const service = components.find((c) => c.name === OWN.service)
    const dc = components.find((c) => c.name === OWN.dataCenter)
    assert.ok(service && dc, JSON.stringify(components.map((c) => c.name)))
    serviceId = service.id
    dcId = dc.id
  })

  test('the client opens, updates and resolves an incident; the public pages and the mail show it', async () => {
    const created = plain(
      await client.Incident().create({
        page_id: OWN.cloud,
        incident: {
          name: 'Relays drop packets',
          status: 'investigating',
          body: 'We are investigating dropped packets.',
          component_ids: [serviceId],
          components: { [serviceId]: 'major_outage' },
          deliver_notifications: true,
        },
      }),
    )
    assert.ok(created?.id, JSON.stringify(created))
    assert.is(created.status, 'investigating')
    assert.is((await publicComponent(serviceId))?.status, 'major_outage')

    const monitoring = plain(
      await client
        .Incident()
        .update({ page_id: OWN.cloud, id: created.id, incident: { status: 'monitoring', body: 'A fix is rolling out.' } }),
    )
    assert.is(monitoring.status, 'monitoring')

    const resolved = plain(
      await client.Incident().update({
        page_id: OWN.cloud,
        id: created.id,
        incident: { status: 'resolved', body: 'Every relay is back.', components: { [serviceId]: 'operational' } },
      }),
    )
    assert.is(resolved.status, 'resolved')
    const loaded = plain(await client.Incident().load({ page_id: OWN.cloud, id: created.id }))
    assert.equal(
      loaded.incident_updates.map((u: { status: string }) => u.status),
      ['resolved', 'monitoring', 'investigating'],
    )

    t.app.responseCache.clear()
    const v2 = body<{ incidents: StatuspageIncident[] }>(await t.app.inject(`/${OWN.domain}/api/v2/incidents.json`))
    const shown = v2.incidents.find((i) => i.id === created.id)
    assert.is(shown?.status, 'resolved')
    assert.equal(
      shown?.incident_updates.map((u) => u.body),
      ['Every relay is back.', 'A fix is rolling out.', 'We are investigating dropped packets.'],
    )
    const post = await t.app.inject(`/api/posts/${created.id}?cloud=${OWN.cloud}`)
    assert.is(post.statusCode, 200, post.body)
    assert.is(body(post).data.status, 'Resolved')
    assert.is((await publicComponent(serviceId))?.status, 'operational')
    assert.is((await mailsAbout(created.id)).length, 3, 'opened, updated, resolved: one mail each')
  })

  test('the client sets a component status; the public page shows it', async () => {
    const degraded = plain(await client.Component().update({ page_id: OWN.cloud, id: dcId, component: { status: 'degraded_performance' } }))
    assert.is(degraded.status, 'degraded_performance')
    assert.is((await publicComponent(dcId))?.status, 'degraded_performance')
    const back = plain(await client.Component().update({ page_id: OWN.cloud, id: dcId, component: { status: 'operational' } }))
    assert.is(back.status, 'operational')
    assert.is((await publicComponent(dcId))?.status, 'operational')
  })
}

test.run()
