/**
 * Who may call each route of the incident desk (`contract/desk.ts`, `contract/permissions.ts`):
 * every privileged role on every route, allowed or 403 `not_permitted`; a signed-in user without a
 * privileged role 403 `forbidden`; no session 403 `not_signed_in`; a write without the CSRF header
 * 403 `csrf`. Refusals are not audited; each allowed write is, once.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { PRIVILEGED_ROLES } from '../../contract/constants.js'
import { can, type Permission, recordPermission } from '../../contract/permissions.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { HOUR, iso, maintenanceBody } from './desk-helpers.js'
import { body, FIXED_NOW, startApp, type TestApp } from './helpers.js'
import { auditCount, createAccount, errorOf, login, type Method, type Session, send } from './staff-helpers.js'

const T0 = FIXED_NOW.getTime()
let t: TestApp
let admin: Session
const sessions = new Map<string, Session>()

const NOTIFICATION_TYPES = ['url_change_notification', 'cloud_app', 'privacy_notification'] as const
type Kind = 'incident' | 'maintenance' | (typeof NOTIFICATION_TYPES)[number]
const KINDS: readonly Kind[] = ['incident', 'maintenance', ...NOTIFICATION_TYPES]

const isNotification = (kind: Kind) => kind !== 'incident' && kind !== 'maintenance'
const permissionOf = (kind: Kind): Permission => (isNotification(kind) ? recordPermission('notification', kind) : recordPermission(kind))

/** A record of `kind` that has started (so that it can be resolved); maintenance from now on. */
async function recordBody(kind: Kind) {
  if (kind === 'maintenance') return await maintenanceBody(t, T0 + HOUR, T0 + 2 * HOUR)
  if (kind === 'incident') {
    return {
      type: 'incident',
      title: 'Matrix incident',
      status: 'In Progress',
      clouds: ['auroraedge'],
      terms: [],
      from: '2026-03-15T09:00:00Z',
    }
  }
  return {
    type: 'notification',
    notification_type: kind,
    title: `Matrix ${kind}`,
    status: 'In Progress',
    clouds: ['auroraedge'],
    terms: [],
    from: '2026-03-14T09:00:00Z',
  }
}

/** A fresh record of `kind`, published by the administrator. */
async function freshRecord(kind: Kind): Promise<number> {
  const res = await send(t, 'POST', '/api/admin/records', { session: admin, payload: await recordBody(kind) })
  assert.is(res.statusCode, 201, res.body)
  return body(res).data.id
}

let names = 0
const templateFields = (kind: Kind) =>
  isNotification(kind) ? { type: 'notification', notification_type: kind, title: 'T' } : { type: kind, title: 'T' }
const templateBody = (kind: Kind) => ({ name: `Template ${++names}`, fields: templateFields(kind) })

/** A fresh template of `kind`, saved by the administrator. */
async function freshTemplate(kind: Kind): Promise<number> {
  const res = await send(t, 'POST', '/api/admin/templates', { session: admin, payload: templateBody(kind) })
  assert.is(res.statusCode, 201, res.body)
  return body(res).data.id
}

interface Route {
  name: string
  method: Method
  /** Makes what the call acts on (as the administrator) and answers its URL. */
  url: () => Promise<string>
  payload?: () => unknown
  /** `undefined`: any privileged role. */
  permission?: Permission
  ok: number
}

/** Every desk route; the writes once per kind of record they may touch. */
const ROUTES: Route[] = [
  { name: 'GET records', method: 'GET', url: async () => '/api/admin/records?open=1', ok: 200 },
  { name: 'GET record', method: 'GET', url: async () => `/api/admin/records/${await freshRecord('incident')}`, ok: 200 },
  { name: 'GET templates', method: 'GET', url: async () => '/api/admin/templates', ok: 200 },
  ...KINDS.filter((k) => k !== 'maintenance').map(
    (kind): Route => ({
      name: `POST resolve ${kind}`,
      method: 'POST',
      url: async () => `/api/admin/records/${await freshRecord(kind)}/resolve`,
      payload: () => ({ update: 'Matrix resolve.' }),
      permission: permissionOf(kind),
      ok: 200,
    }),
  ),
  {
    name: 'POST postpone maintenance',
    method: 'POST',
    url: async () => `/api/admin/records/${await freshRecord('maintenance')}/postpone`,
    payload: () => ({ from: iso(T0 + 24 * HOUR), to: iso(T0 + 25 * HOUR) }),
    permission: 'records',
    ok: 200,
  },
  {
    name: 'POST cancel maintenance',
    method: 'POST',
    url: async () => `/api/admin/records/${await freshRecord('maintenance')}/cancel`,
    payload: () => ({}),
    permission: 'records',
    ok: 200,
  },
  ...KINDS.flatMap((kind): Route[] => [
    {
      name: `POST template ${kind}`,
      method: 'POST',
      url: async () => '/api/admin/templates',
      payload: () => templateBody(kind),
      permission: permissionOf(kind),
      ok: 201,
    },
    {
      name: `PUT template ${kind}`,
      method: 'PUT',
      url: async () => `/api/admin/templates/${await freshTemplate(kind)}`,
      payload: () => templateBody(kind),
      permission: permissionOf(kind),
      ok: 200,
    },
    {
      name: `DELETE template ${kind}`,
      method: 'DELETE',
      url: async () => `/api/admin/templates/${await freshTemplate(kind)}`,
      permission: permissionOf(kind),
      ok: 200,
    },
  ]),
]

const test = suite('the desk: who may call what, every privileged role, every route')

test.before(async () => {
  t = await startApp()
  admin = await login(t, 'admin', 'Admin12345')
  const passHash = await hashPassword('Secret12345')
  for (const role of PRIVILEGED_ROLES) await createAccount(t, `role-${role}`, passHash, [role])
  for (const role of PRIVILEGED_ROLES) sessions.set(role, await login(t, `role-${role}`, 'Secret12345'))
})
test.after(async () => {
  await t.close()
})

test('each privileged role: allowed where contract/permissions.ts grants it, else 403 not_permitted; refusals not audited', async () => {
  const results: string[] = []
  for (const role of PRIVILEGED_ROLES) {
    const session = sessions.get(role)!
    for (const route of ROUTES) {
      const allowed = route.permission === undefined || can([role], route.permission)
      const url = await route.url()
      const audits = await auditCount(t)
      const res = await send(t, route.method, url, { session, payload: route.payload?.() })
      const got = res.statusCode === route.ok ? 'allowed' : `${res.statusCode} ${errorOf(res).code}`
      const want = allowed ? 'allowed' : '403 not_permitted'
      if (got !== want) results.push(`${role} ${route.name}: ${got}, expected ${want} (${res.body.slice(0, 200)})`)
      const written = route.method === 'GET' || !allowed ? 0 : 1
      if ((await auditCount(t)) !== audits + written)
        results.push(`${role} ${route.name}: ${(await auditCount(t)) - audits} audit entries, expected ${written}`)
    }
  }
  assert.equal(results, [])
  // The matrix covers roles that may do nothing, only URL-category notifications, and everything.
  const granted = (role: string) => ROUTES.filter((r) => r.permission && can([role], r.permission)).map((r) => r.name)
  assert.equal(granted('customer_success_manager'), [])
  assert.equal(granted('blog_editor'), [])
  assert.equal(granted('url_editor'), [
    'POST resolve url_change_notification',
    'POST template url_change_notification',
    'PUT template url_change_notification',
    'DELETE template url_change_notification',
  ])
  assert.is(granted('administrator').length, ROUTES.filter((r) => r.permission).length)
})

test('without a privileged role 403 forbidden; without a session not_signed_in; a write without the CSRF header csrf', async () => {
  const viewer = await login(t, 'viewer', 'Viewer12345')
  const results: string[] = []
  for (const route of ROUTES) {
    const url = await route.url()
    const audits = await auditCount(t)
    const cases: Array<[string, Session | undefined, boolean, string]> = [
      ['viewer', viewer, true, 'forbidden'],
      ['anonymous', undefined, true, 'not_signed_in'],
    ]
    if (route.method !== 'GET') cases.push(['admin without CSRF', admin, false, 'csrf'])
    for (const [who, session, csrf, code] of cases) {
      const res = await send(t, route.method, url, { session, payload: route.payload?.(), csrf })
      const got = `${res.statusCode} ${res.statusCode === 403 ? errorOf(res).code : ''}`
      if (got !== `403 ${code}`) results.push(`${who} ${route.name}: ${got}, expected 403 ${code}`)
    }
    if ((await auditCount(t)) !== audits) results.push(`${route.name}: a refusal was audited`)
  }
  assert.equal(results, [])
})

test('a 403 never depends on the body or the id', async () => {
  const csm = sessions.get('customer_success_manager')!
  const url = sessions.get('url_editor')!
  const incident = await freshRecord('incident')
  const maintenanceTemplate = await freshTemplate('maintenance')
  const code = async (session: Session, method: Method, path: string, payload?: unknown) =>
    errorOf(await send(t, method, path, { session, payload })).code
  for (const payload of [{}, { update: 7 }, [1, 2], { from: 'x' }]) {
    for (const action of ['resolve', 'postpone', 'cancel']) {
      assert.is(
        await code(csm, 'POST', `/api/admin/records/${incident}/${action}`, payload),
        'not_permitted',
        `${action} ${JSON.stringify(payload)}`,
      )
      assert.is(await code(url, 'POST', `/api/admin/records/${incident}/${action}`, payload), 'not_permitted')
    }
  }
  assert.is(await code(csm, 'POST', '/api/admin/records/99999999/resolve', { update: 1 }), 'not_permitted', 'an unknown id')
  assert.is(await code(csm, 'POST', '/api/admin/templates', { name: 3 }), 'not_permitted')
  assert.is(await code(url, 'POST', '/api/admin/templates', { name: 'x', fields: { type: 'incident', title: 4 } }), 'not_permitted')
  // The stored template's kind counts, whatever the body says.
  assert.is(await code(url, 'PUT', `/api/admin/templates/${maintenanceTemplate}`, templateBody('url_change_notification')), 'not_permitted')
  assert.is(await code(url, 'DELETE', `/api/admin/templates/${maintenanceTemplate}`), 'not_permitted')
  // With the permission, a bad body or an unknown id is the client's mistake.
  assert.is(await code(url, 'POST', '/api/admin/templates', { name: 'x', fields: { type: 'blog' } }), 'invalid')
  const cloudApps = sessions.get('cloud_apps')!
  assert.is(await code(cloudApps, 'POST', '/api/admin/templates', { name: 'x', fields: { type: 'notification' } }), 'invalid')
  assert.is(await code(url, 'PUT', '/api/admin/templates/99999999', templateBody('url_change_notification')), 'not_found')
  assert.is(await code(url, 'POST', '/api/admin/records/99999999/resolve', {}), 'not_found')
  const notification = await freshRecord('url_change_notification')
  assert.is(
    await code(url, 'POST', `/api/admin/records/${notification}/postpone`, { from: iso(T0 + HOUR), to: iso(T0 + 2 * HOUR) }),
    'invalid',
  )
})

test.run()
