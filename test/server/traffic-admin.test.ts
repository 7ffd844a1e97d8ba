/**
 * The speedometer's figures on a production site (docs/operating/catalogue.md): a production app on an empty
 * database with the vendor's own catalogue (`own-catalog.ts`, two clouds) and no demo data. A
 * cloud without figures answers
 * `has_data: false`; `PUT /api/admin/traffic/{cloud}` (administrator, trust_admin) and
 * `npm run traffic -- import FILE.csv` feed the daily counts, upserted by day and audited, and
 * `GET /api/speedometer` shows them; bad input is refused in words naming the day (or line) and
 * field, with nothing written.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { SpeedometerData } from '../../contract/global.js'
import { hashPassword } from '../../server/accounts/passwords.js'
import { COMMAND_LINE } from '../../server/admin/audit.js'
import { importCatalog } from '../../server/catalog/import.js'
import { body, FIXED_NOW, runCommand, type TestApp } from './helpers.js'
import { OWN, ownCatalog } from './own-catalog.js'
import { auditCount, auditRows, createAccount, errorOf, login, loginOps, type Session, send, startProduction } from './staff-helpers.js'

const test = suite('traffic figures on a production site: admin API, CSV import, no-data answer')
const PUBLIC_URL = 'https://status.northwind.example'
const YESTERDAY = '2026-03-14' // FIXED_NOW is 2026-03-15T09:30Z
const TODAY = '2026-03-15'

/** The machine names of the catalogue's two clouds. */
const [FIRST, SECOND] = [OWN.cloud, OWN.secondCloud]

let t: TestApp
let ops: Session
const sessions: Record<string, Session> = {}

const speedometer = async (cloud: string): Promise<SpeedometerData> => {
  const res = await t.app.inject(`/api/speedometer?cloud=${cloud}`)
  assert.is(res.statusCode, 200, res.body)
  return body(res).data
}
const figures = (data: SpeedometerData) => data.gauges.map((g) => [g.id, g.value, g.max])
/** `PUT /api/admin/traffic/{cloud}` as `session` (`null`: anonymous), by default the administrator's. */
const put = (cloud: string, payload: unknown, session: Session | null = ops, csrf = true) =>
  send(t, 'PUT', `/api/admin/traffic/${cloud}`, { session: session ?? undefined, payload, csrf })
const rowsOf = (cloud: string) =>
  t.query<{ day: string; transactions: number; threats_blocked: number; policy_enforcements: number }>(
    `select day, transactions, threats_blocked, policy_enforcements from traffic_daily
     where cloud_id = (select id from clouds where machine_name = ?) order by day`,
    cloud,
  )
const trafficRowCount = async () => Number((await t.query<{ n: number }>('select count(*) as n from traffic_daily'))[0].n)
/** Rows as plain numbers (PostgreSQL answers bigint columns as texts). */
const plain = (rows: Awaited<ReturnType<typeof rowsOf>>) =>
  rows.map((r) => ({
    day: r.day,
    transactions: Number(r.transactions),
    threats_blocked: Number(r.threats_blocked),
    policy_enforcements: Number(r.policy_enforcements),
  }))

/** Runs `npm run traffic -- …` as the operator would, on the app's database. */
const traffic = (args: string[]) => runCommand(t.database, PUBLIC_URL, 'scripts/traffic.ts', args)

test.before(async () => {
  t = await startProduction(PUBLIC_URL)
  await importCatalog(t.db(), ownCatalog({ secondCloud: true }), FIXED_NOW)
  t.app.responseCache.clear()
  ops = await loginOps(t)
  const passHash = await hashPassword('Secret12345')
  for (const [name, roles] of [
    ['lead', ['trust_admin']],
    ['editor', ['blog_editor']],
    ['reader', []],
  ] as const) {
    await createAccount(t, name, passHash, roles)
    sessions[name] = await login(t, name, 'Secret12345')
  }
})
test.after(() => t.close())

test('an empty production database has no traffic, and a cloud says it has no figures instead of three zeros', async () => {
  assert.is(await trafficRowCount(), 0)
  const data = await speedometer(FIRST)
  assert.is(data.has_data, false)
  // The zeros stay for drop-ins older than the flag; the widget shows no gauges.
  assert.equal(figures(data), [
    ['transactions', 0, 0],
    ['threats_blocked', 0, 0],
    ['policy_enforcements', 0, 0],
  ])
  assert.is(data.gauges[0].from, `${YESTERDAY}T00:00:00.000Z`)
})

test('PUT figures → the speedometer shows them at once (the cached answer is dropped); audited once per change', async () => {
  assert.is((await speedometer(FIRST)).has_data, false) // cached now
  const days = [
    { day: '2026-03-12', transactions: 9_100_000_000, threats_blocked: 4_000_000, policy_enforcements: 12_000_000_000 },
    { day: YESTERDAY, transactions: 8_200_000_000, threats_blocked: 5_500_000, policy_enforcements: 11_000_000_000 },
    { day: '2026-03-13', transactions: 7_000_000_000, threats_blocked: 3_000_000, policy_enforcements: 13_500_000_000 },
  ]
  const audits = await auditCount(t)
  let res = await put(FIRST, { days })
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data, { cloud: FIRST, received: 3, changed: 3 })

  const data = await speedometer(FIRST)
  assert.is(data.has_data, true)
  assert.equal(figures(data), [
    ['transactions', 8_200_000_000, 9_100_000_000],
    ['threats_blocked', 5_500_000, 5_500_000],
    ['policy_enforcements', 11_000_000_000, 13_500_000_000],
  ])
  assert.is(data.gauges[0].from, `${YESTERDAY}T00:00:00.000Z`)
  assert.is(data.gauges[0].to, `${TODAY}T00:00:00.000Z`)
  assert.equal(
    plain(await rowsOf(FIRST)),
    [...days].sort((a, b) => a.day.localeCompare(b.day)),
  )

  const [entry] = (await auditRows(t, 'traffic.update')).slice(-1)
  assert.is(await auditCount(t), audits + 1)
  assert.is(entry.actor_name, 'ops')
  assert.is(entry.target, FIRST)
  assert.equal(JSON.parse(entry.before!), { '2026-03-12': null, [YESTERDAY]: null, '2026-03-13': null })
  assert.equal(JSON.parse(entry.after!)[YESTERDAY], {
    transactions: 8_200_000_000,
    threats_blocked: 5_500_000,
    policy_enforcements: 11_000_000_000,
  })

  // The same days again change nothing and leave the audit log alone.
  res = await put(FIRST, { days })
  assert.equal(body(res).data, { cloud: FIRST, received: 3, changed: 0 })
  assert.is(await auditCount(t), audits + 1)

  // Upsert by day: yesterday corrected, by the cloud's domain, by a trust_admin.
  res = await put(OWN.domain, { days: [{ ...days[1], threats_blocked: 6_000_000 }] }, sessions.lead)
  assert.is(res.statusCode, 200, res.body)
  assert.equal(body(res).data, { cloud: FIRST, received: 1, changed: 1 })
  assert.is((await rowsOf(FIRST)).length, 3)
  assert.equal(figures(await speedometer(FIRST))[1], ['threats_blocked', 6_000_000, 6_000_000])
  const last = (await auditRows(t, 'traffic.update')).at(-1)!
  assert.is(last.actor_name, 'lead')
  assert.equal(JSON.parse(last.before!), {
    [YESTERDAY]: { transactions: 8_200_000_000, threats_blocked: 5_500_000, policy_enforcements: 11_000_000_000 },
  })
  assert.equal(JSON.parse(last.after!), {
    [YESTERDAY]: { transactions: 8_200_000_000, threats_blocked: 6_000_000, policy_enforcements: 11_000_000_000 },
  })
})

test('bad input is refused in words naming the day and field, and nothing is written', async () => {
  const before = { rows: await trafficRowCount(), audits: await auditCount(t) }
  const good = { transactions: 1, threats_blocked: 1, policy_enforcements: 1 }
  const res = await put(FIRST, {
    days: [
      { day: '2026-03-01', ...good }, // fine on its own: still not written
      { day: '2026-03-02', ...good, transactions: -5 },
      { day: '2026-03-03', ...good, threats_blocked: '12' },
      { day: '2026-03-04', ...good, policy_enforcements: 1.5 },
      { day: '2026-03-05', transactions: 1, threats_blocked: 1 },
      { day: '2026-02-30', ...good },
      { day: '2026-03-16', ...good },
      { day: '2026-03-01', ...good },
      { day: '2026-03-06', ...good, threats: 3 },
      'yesterday',
    ],
  })
  assert.is(res.statusCode, 400, res.body)
  const { code, message } = errorOf(res)
  assert.is(code, 'invalid')
  for (const words of [
    '2026-03-02: transactions must be a whole number of 0 or more, not -5.',
    '2026-03-03: threats_blocked must be a whole number of 0 or more, not the text "12": send it as a JSON number, without quotes.',
    '2026-03-04: policy_enforcements must be a whole number of 0 or more, not 1.5.',
    '2026-03-05: policy_enforcements is missing: add it as a whole number of 0 or more.',
    'Day 6 of the list: day "2026-02-30" is not a date: write it as YYYY-MM-DD (a UTC day), e.g. 2026-03-14.',
    'Day 7 of the list: day 2026-03-16 is after today (2026-03-15, UTC): send figures of days that have begun only.',
    '2026-03-01: it is sent twice: send each day once.',
    '2026-03-06: unknown field "threats": the fields of a day are day, transactions, threats_blocked, policy_enforcements.',
    'Day 10 of the list is not an object:',
  ]) {
    assert.ok(message.includes(words), `missing ${JSON.stringify(words)} in ${message}`)
  }
  assert.not.match(message, /2026-03-01: (?!it is sent twice)/, 'the good day has no problem of its own')

  const tooMany = Array.from({ length: 367 }, (_, i) => ({ day: YESTERDAY, ...good, transactions: i }))
  const long = await put(FIRST, { days: tooMany })
  assert.is(long.statusCode, 400)
  assert.is(errorOf(long).message, '367 days were sent; at most 366 are taken per request: send them in parts.')

  for (const [payload, words] of [
    [{}, 'The body has no list "days": send { "days": [{ "day": "2026-03-14", "transactions": 0,'],
    [{ days: [] }, '"days" is empty: send at least one day.'],
    [[1, 2], 'Send a JSON object: { "days": ['],
  ] as const) {
    const refused = await put(FIRST, payload)
    assert.is(refused.statusCode, 400, JSON.stringify(payload))
    assert.ok(errorOf(refused).message.startsWith(words), errorOf(refused).message)
  }

  const unknown = await put('osprey', { days: [{ day: YESTERDAY, ...good }] })
  assert.is(unknown.statusCode, 404)
  assert.is(errorOf(unknown).code, 'unknown_cloud')

  assert.is(await trafficRowCount(), before.rows, 'nothing written')
  assert.is(await auditCount(t), before.audits, 'nothing audited')
})

test('only administrators and trust admins feed figures; a refusal depends on no part of the request', async () => {
  const before = await trafficRowCount()
  const payload = { days: [{ day: YESTERDAY, transactions: 1, threats_blocked: 1, policy_enforcements: 1 }] }
  const editor = await put(SECOND, payload, sessions.editor)
  assert.is(editor.statusCode, 403)
  assert.equal(errorOf(editor), { code: 'not_permitted', message: 'Your roles do not allow you to change the catalogue.' })
  assert.is(errorOf(await put(SECOND, payload, sessions.reader)).code, 'forbidden')
  assert.is(errorOf(await put(SECOND, payload, null)).code, 'not_signed_in')
  assert.is(errorOf(await put(SECOND, payload, ops, false)).code, 'csrf')
  // A malformed body or an unknown cloud still gets the 403, not a 400 / 404.
  assert.is(errorOf(await put('nowhere', { days: 'x' }, sessions.editor)).code, 'not_permitted')
  assert.is(await trafficRowCount(), before)
  assert.is((await speedometer(SECOND)).has_data, false)
})

test('figures of today only (an incomplete day) still read as no data', async () => {
  const res = await put(SECOND, { days: [{ day: TODAY, transactions: 5, threats_blocked: 5, policy_enforcements: 5 }] })
  assert.is(res.statusCode, 200, res.body)
  assert.is((await speedometer(SECOND)).has_data, false)
})

test('npm run traffic -- import: a good file is written (upsert, audited as the command line)', async () => {
  const file = join(t.dataDir, 'traffic.csv')
  writeFileSync(
    file,
    '\uFEFFcloud,day,transactions,threats_blocked,policy_enforcements\r\n' +
      `${SECOND},2026-03-13,400,20,900\r\n` +
      `"${OWN.secondDomain}",2026-03-14,"500",30,800\r\n` +
      '\r\n' +
      `${FIRST},${YESTERDAY},8200000000,6000000,11000000000\r\n` + // as stored: not a change
      `${FIRST},2026-03-11,1,2,3\r\n`,
  )
  const audits = await auditCount(t)
  const run = traffic(['import', file])
  assert.is(run.status, 0, `${run.stdout}\n${run.stderr}`)
  assert.match(run.stdout, new RegExp(`traffic\\.csv: 4 days of ${SECOND}, ${FIRST} read into .*; 3 new or changed\\.\\n$`))
  assert.is(run.stderr, '')

  assert.equal(plain(await rowsOf(SECOND)), [
    { day: '2026-03-13', transactions: 400, threats_blocked: 20, policy_enforcements: 900 },
    { day: YESTERDAY, transactions: 500, threats_blocked: 30, policy_enforcements: 800 },
    { day: TODAY, transactions: 5, threats_blocked: 5, policy_enforcements: 5 },
  ])
  assert.is((await rowsOf(FIRST)).length, 4)
  const entries = (await auditRows(t, 'traffic.import')).slice(-2)
  assert.is(await auditCount(t), audits + 2, 'one entry per cloud with a change')
  assert.equal(
    entries.map((e) => [e.actor_uid, e.actor_name, e.target, Object.keys(JSON.parse(e.after!))]),
    [
      [null, COMMAND_LINE.name, SECOND, ['2026-03-13', YESTERDAY]],
      [null, COMMAND_LINE.name, FIRST, ['2026-03-11']],
    ],
  )
  // Stands for the running server's change watcher (server/db/changes.ts), which notices another process's write.
  t.app.responseCache.clear()
  const data = await speedometer(SECOND)
  assert.is(data.has_data, true)
  assert.equal(figures(data), [
    ['transactions', 500, 500],
    ['threats_blocked', 30, 30],
    ['policy_enforcements', 800, 900],
  ])
})

test('npm run traffic -- import: bad rows are refused one line each, and nothing is written', async () => {
  const before = { second: await rowsOf(SECOND), rows: await trafficRowCount(), audits: await auditCount(t) }
  const file = join(t.dataDir, 'bad.csv')
  writeFileSync(
    file,
    [
      'cloud,day,transactions,threats_blocked,policy_enforcements',
      `${SECOND},2026-03-10,100,1,1`, // good: still not written
      `${SECOND},2026-03-09,"1,200",1,1`,
      'osprey,2026-03-09,1,1,1',
      `${SECOND},09/03/2026,12.5,,1`,
      `${SECOND},2999-01-01,1,1,1`,
      `${OWN.secondDomain},2026-03-10,7,7,7`,
      '',
    ].join('\n'),
  )
  const run = traffic(['import', file])
  assert.is(run.status, 1, `${run.stdout}\n${run.stderr}`)
  assert.is(run.stdout, '')
  // The command's today is the machine's (a test's clock does not reach a child process).
  const lines = run.stderr
    .trimEnd()
    .replace(/after today \(\d{4}-\d{2}-\d{2}, UTC\)/, 'after today (TODAY, UTC)')
    .split('\n')
  assert.match(lines[0], /bad\.csv: refused, nothing changed \(5 problems\):$/)
  assert.equal(lines.slice(1), [
    '  line 3: 6 fields, expected 5 (cloud,day,transactions,threats_blocked,policy_enforcements): a count has no thousands separators (write 1200000, not 1,200,000)',
    `  line 4: unknown cloud "osprey": write a cloud's machine name or domain, one of: ${FIRST}, ${SECOND}`,
    '  line 5: day "09/03/2026" is not a date: write it as YYYY-MM-DD (a UTC day), e.g. 2026-03-14; transactions "12.5" is not a whole number: write digits only (0 or more, no separators), e.g. 1200000; threats_blocked is empty: write a whole number of 0 or more',
    '  line 6: day 2999-01-01 is after today (TODAY, UTC): send figures of days that have begun only',
    `  line 7: ${SECOND} 2026-03-10 is given again (first on line 2): give each cloud's day once`,
  ])
  assert.equal(await rowsOf(SECOND), before.second)
  assert.is(await trafficRowCount(), before.rows)
  assert.is(await auditCount(t), before.audits)

  writeFileSync(file, `cloud;day;transactions;threats_blocked;policy_enforcements\n${SECOND};2026-03-09;1;1;1\n`)
  const header = traffic(['import', file])
  assert.is(header.status, 1)
  assert.ok(
    header.stderr.includes(
      '  line 1: the first line must be the header cloud,day,transactions,threats_blocked,policy_enforcements, not "cloud;day;transactions;threats_blocked;policy_enforcements"',
    ),
    header.stderr,
  )
  const usage = traffic(['import'])
  assert.is(usage.status, 2)
  assert.match(usage.stderr, /npm run traffic -- import FILE\.csv/)
  assert.is(await trafficRowCount(), before.rows)
})

test.run()
