/**
 * The admin content API (`contract/admin.ts` "Content": FAQ and compliance), sanitising of operator
 * HTML when saved (FAQ, compliance, record bodies), the audit entries of each write, and who may
 * call what: a role matrix over every privileged role (`contract/permissions.ts`) for the content
 * routes and for publishing (`POST /api/admin/records`, `PATCH /api/admin/records/{id}`).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { AdminCompliancePage, AdminFaqPage, ContentData } from '../../contract/admin.js'
import { PRIVILEGED_ROLES } from '../../contract/constants.js'
import { can, type Permission, recordPermission, type Role } from '../../contract/permissions.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { body, FIXED_NOW, startApp, type TestApp } from './helpers.js'
import { auditCount, auditRows, createAccount, errorOf, login, type Method, type Session, send } from './staff-helpers.js'

let t: TestApp

const adminUid = async () => (await t.query<{ uid: number }>("select uid from users where name = 'admin'"))[0].uid

const publicFaq = async (cloud: string) => body(await send(t, 'GET', `/api/basic-page/faq?cloud=${cloud}`)).data.page_content
const publicCompliance = async (cloud: string) => body(await send(t, 'GET', `/api/compliance?cloud=${cloud}`)).data

const HOSTILE =
  '<p>Kept <strong>text</strong></p><img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script><a href="javascript:alert(1)">x</a>'
const HOSTILE_CLEAN = '<p>Kept <strong>text</strong></p><img src="x"><a>x</a>'

// ---------------------------------------------------------------------------------------------

const content = suite('admin content: FAQ and compliance')
content.before(async () => {
  t = await startApp()
})
content.after(async () => {
  await t.close()
})

content('GET /api/admin/content: the shared FAQ and a compliance page for every cloud, as the public pages show them', async () => {
  const admin = await login(t, 'admin', 'Admin12345')
  const res = await send(t, 'GET', '/api/admin/content', { session: admin })
  assert.is(res.statusCode, 200, res.body)
  assert.is(res.headers['cache-control'], 'no-store')
  const data: ContentData = body(res).data
  assert.is(data.faq[0].cloud, null)
  assert.equal({ title: data.faq[0].title, body: data.faq[0].body }, await publicFaq('auroraedge'))
  const clouds = await t.query<{ machine_name: string }>('select machine_name from clouds order by sort, id')
  assert.equal(
    data.compliance.map((c) => c.cloud),
    clouds.map((c) => c.machine_name),
  )
  for (const page of data.compliance) {
    const shown = await publicCompliance(page.cloud)
    assert.equal({ page_top: page.page_top, page_content: page.rows }, shown, page.cloud)
  }
})

content('PUT /api/admin/faq: the shared page saved with its body sanitised and its plain-text title unchanged; audited', async () => {
  const admin = await login(t, 'admin', 'Admin12345')
  const before = await publicFaq('auroraedge')
  const title = 'Questions <b>&</b> answers'
  const res = await send(t, 'PUT', '/api/admin/faq', { session: admin, payload: { cloud: null, title, body: HOSTILE } })
  assert.is(res.statusCode, 200, res.body)
  const saved: AdminFaqPage = body(res).data
  assert.equal(saved, { cloud: null, title, body: HOSTILE_CLEAN })
  assert.equal(await publicFaq('auroraedge'), { title, body: HOSTILE_CLEAN })
  assert.equal(await publicFaq('private'), { title, body: HOSTILE_CLEAN })
  const [entry] = await auditRows(t, 'faq.update')
  assert.ok(entry)
  assert.is(entry.target, '')
  assert.is(entry.actor_name, 'admin')
  assert.is(entry.actor_uid, await adminUid())
  assert.is(entry.at, FIXED_NOW.getTime())
  assert.equal(JSON.parse(entry.before!), before)
  assert.equal(JSON.parse(entry.after!), { title, body: HOSTILE_CLEAN })
})

content("PUT /api/admin/faq with a cloud: that cloud's own page, created; other clouds keep the shared one", async () => {
  const admin = await login(t, 'admin', 'Admin12345')
  const shared = await publicFaq('auroraedge')
  const res = await send(t, 'PUT', '/api/admin/faq', {
    session: admin,
    payload: { cloud: 'workload', title: 'Workload FAQ', body: '<section id="a"><h2>A</h2></section>' },
  })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data, { cloud: 'workload', title: 'Workload FAQ', body: '<section id="a"><h2>A</h2></section>' })
  assert.equal(await publicFaq('workload'), { title: 'Workload FAQ', body: '<section id="a"><h2>A</h2></section>' })
  assert.equal(await publicFaq('auroraedge'), shared)
  const entry = (await auditRows(t, 'faq.update')).at(-1)!
  assert.is(entry.target, 'workload')
  assert.is(entry.before, null)
  // Saving again updates the same row; the console lists the shared page first, then the cloud's.
  assert.is(
    (await send(t, 'PUT', '/api/admin/faq', { session: admin, payload: { cloud: 'workload', title: 'Workload FAQ 2', body: '' } }))
      .statusCode,
    200,
  )
  assert.is((await t.query<{ n: number }>("select count(*) as n from basic_pages where machine_name = 'faq'"))[0].n, 2)
  assert.equal(JSON.parse((await auditRows(t, 'faq.update')).at(-1)!.before!), {
    title: 'Workload FAQ',
    body: '<section id="a"><h2>A</h2></section>',
  })
  const listed: ContentData = body(await send(t, 'GET', '/api/admin/content', { session: admin })).data
  assert.equal(
    listed.faq.map((f) => f.cloud),
    [null, 'workload'],
  )
})

content(
  'PUT /api/admin/compliance/{cloud}: page top and rows replaced in order, HTML sanitised; audited with before and after',
  async () => {
    const admin = await login(t, 'admin', 'Admin12345')
    const before = await publicCompliance('auroraedge')
    const rows = [
      { description: '<p>FedRAMP <em>High</em></p><script>x()</script>', date: '2026-06-30' },
      { description: 'StateRAMP', date: '2024-02-29' },
      { description: '<a href="https://example.com/" target="_blank" onclick="x()">ISO</a>', date: '2027-01-01' },
    ]
    const res = await send(t, 'PUT', '/api/admin/compliance/auroraedge.net', {
      session: admin,
      payload: { page_top: `<h2>Status</h2>${HOSTILE}`, rows },
    })
    assert.is(res.statusCode, 200, res.body)
    const expectedRows = [
      { description: '<p>FedRAMP <em>High</em></p>', date: '2026-06-30' },
      { description: 'StateRAMP', date: '2024-02-29' },
      { description: '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">ISO</a>', date: '2027-01-01' },
    ]
    const saved: AdminCompliancePage = body(res).data
    assert.equal(saved, { cloud: 'auroraedge', page_top: `<h2>Status</h2>${HOSTILE_CLEAN}`, rows: expectedRows })
    assert.equal(await publicCompliance('auroraedge'), { page_top: saved.page_top, page_content: expectedRows })
    const entry = (await auditRows(t, 'compliance.update')).at(-1)!
    assert.is(entry.target, 'auroraedge')
    assert.is(entry.actor_name, 'admin')
    assert.equal(JSON.parse(entry.before!), { page_top: before.page_top, rows: before.page_content })
    assert.equal(JSON.parse(entry.after!), { page_top: saved.page_top, rows: expectedRows })
    // An empty table is allowed (the page shows 'No rows').
    const empty = await send(t, 'PUT', '/api/admin/compliance/auroraedge', { session: admin, payload: { page_top: '', rows: [] } })
    assert.is(empty.statusCode, 200, empty.body)
    assert.equal(await publicCompliance('auroraedge'), { page_top: '', page_content: [] })
  },
)

content('invalid compliance rows: 400 invalid naming each path; nothing changed, nothing audited', async () => {
  const admin = await login(t, 'admin', 'Admin12345')
  const before = await publicCompliance('private')
  const audits = await auditCount(t)
  const impossible = await send(t, 'PUT', '/api/admin/compliance/private', {
    session: admin,
    payload: {
      page_top: '<p>new</p>',
      rows: [
        { description: 'ok', date: '2026-02-28' },
        { description: 'bad', date: '2026-02-30' },
        { description: '<script>only()</script>', date: '2025-02-29' },
      ],
    },
  })
  assert.is(impossible.statusCode, 400, impossible.body)
  const error = errorOf(impossible)
  assert.is(error.code, 'invalid')
  assert.match(error.message, /^rows\[1\]\.date: "2026-02-30" is not a date/)
  assert.match(error.message, /; rows\[2\]\.description: /)
  assert.match(error.message, /; rows\[2\]\.date: "2025-02-29"/)
  const malformed = await send(t, 'PUT', '/api/admin/compliance/private', {
    session: admin,
    payload: { page_top: '', rows: [{ description: 'x', date: 'soon' }] },
  })
  assert.is(malformed.statusCode, 400)
  assert.is(errorOf(malformed).code, 'invalid')
  assert.match(errorOf(malformed).message, /^rows\[0\]\.date: /)
  const missing = await send(t, 'PUT', '/api/admin/compliance/private', {
    session: admin,
    payload: { page_top: '', rows: [{ description: 'x' }] },
  })
  assert.is(errorOf(missing).code, 'invalid')
  assert.match(errorOf(missing).message, /^rows\[0\]\.date: required/)
  const faq = await send(t, 'PUT', '/api/admin/faq', { session: admin, payload: { cloud: null, title: '', body: '' } })
  assert.is(faq.statusCode, 400)
  assert.match(errorOf(faq).message, /^title: /)
  assert.equal(await publicCompliance('private'), before)
  assert.is(await auditCount(t), audits)
})

content('unknown cloud: 404 unknown_cloud for compliance and FAQ', async () => {
  const admin = await login(t, 'admin', 'Admin12345')
  const audits = await auditCount(t)
  const compliance = await send(t, 'PUT', '/api/admin/compliance/nowhere', { session: admin, payload: { page_top: '', rows: [] } })
  assert.is(compliance.statusCode, 404)
  assert.is(errorOf(compliance).code, 'unknown_cloud')
  const faq = await send(t, 'PUT', '/api/admin/faq', { session: admin, payload: { cloud: 'nowhere', title: 'x', body: '' } })
  assert.is(faq.statusCode, 404)
  assert.is(errorOf(faq).code, 'unknown_cloud')
  assert.is(await auditCount(t), audits)
})

content.run()

// ---------------------------------------------------------------------------------------------

const records = suite('publishing: sanitised bodies, audit entries')
records.before(async () => {
  t = await startApp()
})
records.after(async () => {
  await t.close()
})

const INCIDENT = {
  type: 'incident',
  title: 'Packet loss <b>in</b> Amsterdam',
  summary: 'Some <i>customers</i> see packet loss.',
  body: HOSTILE,
  status: 'In Progress',
  clouds: ['auroraedge'],
  terms: [],
  from: '2026-03-15T09:00:00Z',
}

records('a published record stores its body sanitised, title and summary as typed; record.publish audited in the same write', async () => {
  const admin = await login(t, 'admin', 'Admin12345')
  const res = await send(t, 'POST', '/api/admin/records', {
    session: admin,
    payload: { ...INCIDENT, customer_impact: HOSTILE, available_workaround: HOSTILE },
  })
  assert.is(res.statusCode, 201, res.body)
  const id = body(res).data.id
  const row = (await t.query('select title, summary, body, customer_impact, available_workaround from records where id = ?', id))[0]
  assert.equal(row, {
    title: INCIDENT.title,
    summary: INCIDENT.summary,
    body: HOSTILE_CLEAN,
    customer_impact: HOSTILE_CLEAN,
    available_workaround: HOSTILE_CLEAN,
  })
  const [entry] = await auditRows(t, 'record.publish')
  assert.is(entry.target, String(id))
  assert.is(entry.actor_uid, await adminUid())
  assert.is(entry.before, null)
  const after = JSON.parse(entry.after!)
  assert.is(after.body, HOSTILE_CLEAN)
  assert.is(after.title, INCIDENT.title)
  assert.is(after.status, 'In Progress')
  assert.equal(after.clouds, ['auroraedge'])
  assert.is(after.from, '2026-03-15T09:00:00.000Z')
})

records('an update sanitises the new body and records record.update with before and after', async () => {
  const admin = await login(t, 'admin', 'Admin12345')
  const id = body(await send(t, 'POST', '/api/admin/records', { session: admin, payload: { ...INCIDENT, body: '<p>first</p>' } })).data.id
  const res = await send(t, 'PATCH', `/api/admin/records/${id}`, {
    session: admin,
    payload: { body: '<p>second</p><svg onload="x()"></svg>', update: 'Fixed <b>now</b><script>x()</script>' },
  })
  assert.is(res.statusCode, 200, res.body)
  // The body is left as sent (sanitised); the update text goes to the update history, sanitised too.
  const stored = (await t.query<{ body: string }>('select body from records where id = ?', id))[0].body
  assert.is(stored, '<p>second</p>')
  assert.equal(await t.query('select at, text, event_id from record_updates where record_id = ?', id), [
    { at: FIXED_NOW.getTime(), text: 'Fixed <b>now</b>', event_id: body(res).data.event_id },
  ])
  const entry = (await auditRows(t, 'record.update')).at(-1)!
  assert.is(entry.target, String(id))
  assert.is(JSON.parse(entry.before!).body, '<p>first</p>')
  assert.is(JSON.parse(entry.after!).body, stored)
  // A refused update leaves no audit entry.
  const audits = await auditCount(t)
  assert.is((await send(t, 'PATCH', `/api/admin/records/${id}`, { session: admin, payload: { status: 'Exploded' } })).statusCode, 400)
  assert.is(await auditCount(t), audits)
})

records.run()

// ---------------------------------------------------------------------------------------------

const roles = suite('who may call what: every privileged role, every route')
const sessions = new Map<string, Session>()
/** Records published by the administrator, one per kind, for the PATCH rows of the matrix. */
const stored = new Map<string, number>()

const NOTIFICATION_TYPES = ['url_change_notification', 'cloud_app', 'privacy_notification'] as const
const recordBody = (kind: string) =>
  kind === 'incident'
    ? { type: 'incident', title: 'Matrix incident', status: 'In Progress', clouds: ['auroraedge'], terms: [], from: '2026-03-15T09:00:00Z' }
    : {
        type: 'notification',
        notification_type: kind,
        title: `Matrix ${kind}`,
        status: 'Scheduled',
        clouds: ['auroraedge'],
        terms: [],
        from: '2026-03-20T09:00:00Z',
      }

interface Route {
  name: string
  method: Method
  url: () => string
  payload?: () => unknown
  /** `undefined`: any privileged role. */
  permission?: Permission
  ok: number
}

const ROUTES: Route[] = [
  { name: 'GET content', method: 'GET', url: () => '/api/admin/content', ok: 200 },
  {
    name: 'PUT faq',
    method: 'PUT',
    url: () => '/api/admin/faq',
    payload: () => ({ cloud: 'auroraedge', title: 'FAQ', body: '<p>x</p>' }),
    permission: 'faq',
    ok: 200,
  },
  {
    name: 'PUT compliance',
    method: 'PUT',
    url: () => '/api/admin/compliance/auroraedge',
    payload: () => ({ page_top: '', rows: [{ description: 'x', date: '2026-01-31' }] }),
    permission: 'compliance',
    ok: 200,
  },
  ...(['incident', ...NOTIFICATION_TYPES] as const).flatMap((kind): Route[] => [
    {
      name: `POST records ${kind}`,
      method: 'POST',
      url: () => '/api/admin/records',
      payload: () => recordBody(kind),
      permission: recordPermission(kind === 'incident' ? 'incident' : 'notification', kind),
      ok: 201,
    },
    {
      name: `PATCH records ${kind}`,
      method: 'PATCH',
      url: () => `/api/admin/records/${stored.get(kind)}`,
      payload: () => ({ update: 'Matrix update.' }),
      permission: recordPermission(kind === 'incident' ? 'incident' : 'notification', kind),
      ok: 200,
    },
  ]),
]

roles.before(async () => {
  t = await startApp()
  const passHash = await hashPassword('Secret12345')
  for (const role of PRIVILEGED_ROLES) await createAccount(t, `role-${role}`, passHash, [role])
  for (const role of PRIVILEGED_ROLES) sessions.set(role, await login(t, `role-${role}`, 'Secret12345'))
  const admin = await login(t, 'admin', 'Admin12345')
  for (const kind of ['incident', ...NOTIFICATION_TYPES]) {
    const res = await send(t, 'POST', '/api/admin/records', { session: admin, payload: recordBody(kind) })
    assert.is(res.statusCode, 201, res.body)
    stored.set(kind, body(res).data.id)
  }
})
roles.after(async () => {
  await t.close()
})

roles('each privileged role: allowed where contract/permissions.ts grants it, else 403 not_permitted', async () => {
  const results: string[] = []
  for (const role of PRIVILEGED_ROLES) {
    const session = sessions.get(role)!
    for (const route of ROUTES) {
      const allowed = route.permission === undefined || can([role], route.permission)
      const audits = await auditCount(t)
      const res = await send(t, route.method, route.url(), { session, payload: route.payload?.() })
      const got = res.statusCode === route.ok ? 'allowed' : `${res.statusCode} ${errorOf(res).code}`
      const want = allowed ? 'allowed' : '403 not_permitted'
      if (got !== want) results.push(`${role} ${route.name}: ${got}, expected ${want} (${res.body.slice(0, 200)})`)
      if (!allowed) assert.is(await auditCount(t), audits, `${role} ${route.name}: a refusal is not audited`)
      else if (route.method !== 'GET') assert.is(await auditCount(t), audits + 1, `${role} ${route.name}: audited`)
    }
  }
  assert.equal(results, [])
  // The matrix covers roles that may do nothing, one thing, and everything.
  const granted = (role: Role) => ROUTES.filter((r) => r.permission && can([role], r.permission)).length
  assert.is(granted('customer_success_manager'), 0)
  assert.is(granted('blog_editor'), 1)
  assert.is(granted('administrator'), ROUTES.length - 1)
})

roles('a 403 never depends on the body: refused roles are refused with invalid bodies too', async () => {
  const csm = sessions.get('customer_success_manager')!
  for (const payload of [{}, { type: 'blog' }, [1, 2], { type: 'notification' }]) {
    const res = await send(t, 'POST', '/api/admin/records', { session: csm, payload })
    assert.is(res.statusCode, 403, JSON.stringify(payload))
    assert.is(errorOf(res).code, 'not_permitted')
  }
  const blog = sessions.get('blog_editor')!
  assert.is(
    errorOf(await send(t, 'PUT', '/api/admin/compliance/auroraedge', { session: blog, payload: { rows: 'x' } })).code,
    'not_permitted',
  )
  assert.is(errorOf(await send(t, 'PUT', '/api/admin/compliance/nowhere', { session: blog, payload: {} })).code, 'not_permitted')
  assert.is(
    errorOf(await send(t, 'PATCH', '/api/admin/records/99999999', { session: blog, payload: { status: 'x' } })).code,
    'not_permitted',
  )
  assert.is(
    errorOf(await send(t, 'PATCH', `/api/admin/records/${stored.get('incident')}`, { session: blog, payload: { type: 7 } })).code,
    'not_permitted',
  )
  const compliance = sessions.get('jab_compliance')!
  assert.is(errorOf(await send(t, 'PUT', '/api/admin/faq', { session: compliance, payload: { title: 3 } })).code, 'not_permitted')
  // With the permission, the same bodies are the client's mistake.
  const url = sessions.get('url_editor')!
  assert.is(errorOf(await send(t, 'POST', '/api/admin/records', { session: url, payload: { type: 'blog' } })).code, 'invalid')
  assert.is(
    errorOf(await send(t, 'POST', '/api/admin/records', { session: url, payload: { ...recordBody('cloud_app'), notification_type: null } }))
      .code,
    'invalid',
  )
})

roles('an update may not move a notification to a type the role may not publish', async () => {
  const cloudApps = sessions.get('cloud_apps')!
  const id = stored.get('cloud_app')!
  const res = await send(t, 'PATCH', `/api/admin/records/${id}`, {
    session: cloudApps,
    payload: { notification_type: 'privacy_notification' },
  })
  assert.is(res.statusCode, 403)
  assert.is(errorOf(res).code, 'not_permitted')
  assert.is((await t.query('select notification_type from records where id = ?', id))[0].notification_type, 'cloud_app')
})

roles('not privileged: 403 forbidden; no session: 403 not_signed_in; a write without the CSRF header: 403 csrf', async () => {
  const viewer = await login(t, 'viewer', 'Viewer12345')
  const admin = sessions.get('administrator')!
  const audits = await auditCount(t)
  for (const route of ROUTES) {
    const asViewer = await send(t, route.method, route.url(), { session: viewer, payload: route.payload?.() })
    assert.is(asViewer.statusCode, 403, route.name)
    assert.is(errorOf(asViewer).code, 'forbidden', route.name)
    const anonymous = await send(t, route.method, route.url(), { payload: route.payload?.() })
    assert.is(anonymous.statusCode, 403, route.name)
    assert.is(errorOf(anonymous).code, 'not_signed_in', route.name)
    if (route.method !== 'GET') {
      const noCsrf = await send(t, route.method, route.url(), { session: admin, csrf: false, payload: route.payload?.() })
      assert.is(noCsrf.statusCode, 403, route.name)
      assert.is(errorOf(noCsrf).code, 'csrf', route.name)
      const wrongCsrf = await send(t, route.method, route.url(), { session: { ...admin, csrf: 'nope' }, payload: route.payload?.() })
      assert.is(errorOf(wrongCsrf).code, 'csrf', route.name)
    }
  }
  // Reads need no CSRF header.
  assert.is((await send(t, 'GET', '/api/admin/content', { session: admin })).statusCode, 200)
  assert.is(await auditCount(t), audits)
})

roles.run()
