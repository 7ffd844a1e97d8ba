/**
 * The demo vendor's security advisories with their security details (docs/operating/security-advisories.md):
 * five advisories as a PSIRT publishes them — a Critical authentication bypass in the Client
 * Connector (two revisions: the fix shipped after the first release), a High privilege escalation
 * in the App Connector, a Medium advisory with two CVEs in the admin portal, a Low information
 * disclosure in the experience agent, and a VEX-only statement about a Log4Shell-class flaw in a
 * third-party Java logging library that says, product by product, that nothing is affected.
 *
 * The CVE ids (CVE-2026-90001 on) are INVENTED, in a range no CVE numbering authority has assigned;
 * each body says so, and `GET /api/vex` tells the page through the setting
 * {@link SETTING.demoAdvisoriesSeeded}. Scores are computed from the vectors by the server like any
 * other advisory's (`saveAdvisory`), never written here. Made once, relative to the seed's `now`.
 */
import type { Kysely } from 'kysely'
import type { SaveAdvisoryBody } from '../../contract/advisories.js'
import { escapeHtml } from '../../contract/text.js'
import { saveAdvisory } from '../advisories/repo.js'
import type { Database } from '../db/schema.js'
import { DAY_MS, MINUTE_MS } from '../lib/week.js'
import { SETTING } from '../repo/settings.js'
import { type Draft, insertDrafts } from './records.js'
import { SEVERITY, STATUS } from './status-catalog.js'

const HOUR_MS = 60 * MINUTE_MS

/** The sentence every demo advisory's body ends with. */
export const INVENTED_CVES_NOTE =
  'This is a demo advisory: its CVE ids are invented (CVE-2026-90001 and on are not assigned to any real vulnerability).'

type Vulnerability = SaveAdvisoryBody['vulnerabilities'][number]
type Product = SaveAdvisoryBody['products'][number]

/** One demo advisory: the record, and its security details at each revision (the first is the initial release). */
interface DemoAdvisory {
  title: string
  summary: string
  /** Paragraphs of the body (plain text). */
  body: string[]
  workaround: string | null
  /** Days before `now` it was published. */
  daysAgo: number
  status: number
  severity: number
  /** Machine names of the clouds it is linked to (those the catalogue has). */
  clouds: string[]
  /** The service it concerns, when every one of its clouds runs it; else one they all run. */
  service: string
  revisions: Array<{ afterHours: number; summary?: string; details: Omit<SaveAdvisoryBody, 'revision_summary'> }>
}

const cloud = (id: string, machine: string): Product => ({
  id,
  kind: 'cloud',
  cloud: machine,
  name: '',
  versions: null,
  fixed_version: null,
})
const software = (id: string, name: string, versions: string | null, fixed: string | null): Product => ({
  id,
  kind: 'software',
  cloud: null,
  name,
  versions,
  fixed_version: fixed,
})
const statement = (product: string, status: string, note = '', justification: string | null = null) => ({
  product,
  status,
  justification,
  note,
})

const INTERNET_ACCESS = ['auroraedge', 'auroraedgeone', 'auroraedgetwo', 'auroraedgethree', 'auroraedgegov']

const BYPASS: Vulnerability = {
  cve: 'CVE-2026-90001',
  title: 'Authentication bypass in the Client Connector’s local API',
  description:
    'The Client Connector’s local API accepted a forged device token. A local attacker without privileges could turn off forwarding or read the connector’s policy, bypassing the organisation’s protection.',
  cwe: { id: 'CWE-287', name: 'Improper Authentication' },
  cvss_v3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
  cvss_v4: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
  statements: [],
}

/** The VEX-only statement about the third-party Lumberjack flaw, with `decoys` the decoy images' statement. */
function lumberjack(decoys: Vulnerability['statements'][number]): Omit<SaveAdvisoryBody, 'revision_summary'> {
  return {
    vex_only: true,
    products: [
      cloud('p1', 'auroraedge'),
      cloud('p2', 'private'),
      cloud('p3', 'dataprotection'),
      software('p4', 'Client Connector', null, null),
      software('p5', 'Deception Decoy Images', null, null),
    ],
    vulnerabilities: [
      {
        cve: 'CVE-2026-90010',
        title: 'Remote code execution through JNDI lookups in Lumberjack',
        description: 'Lumberjack resolves lookups in logged messages; a crafted string makes it load and run remote code.',
        cwe: {
          id: 'CWE-917',
          name: "Improper Neutralization of Special Elements used in an Expression Language Statement ('Expression Language Injection')",
        },
        cvss_v3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H',
        cvss_v4: null,
        statements: [
          statement('p1', 'known_not_affected', 'The service is written in Go and Rust; no Java runs in it.', 'component_not_present'),
          statement('p2', 'known_not_affected', 'The service does not use Lumberjack.', 'component_not_present'),
          statement(
            'p3',
            'known_not_affected',
            'Lumberjack is present in one indexing job but lookups are turned off in its configuration.',
            'vulnerable_code_cannot_be_controlled_by_adversary',
          ),
          statement('p4', 'known_not_affected', 'The connector is native code without a Java runtime.', 'component_not_present'),
          decoys,
        ],
      },
    ],
    acknowledgements: [],
  }
}

const ADVISORIES: DemoAdvisory[] = [
  {
    title: 'Client Connector: authentication bypass in the local API',
    summary: 'A forged device token could bypass the Client Connector’s local API authentication. Update to 4.2.1.',
    body: [
      'An authentication bypass in the Client Connector’s local API let an attacker with network access to the device send commands without a valid device token.',
      'Connector versions 4.0 up to 4.2.0 on Windows and macOS are affected. The cloud service was hardened so that forged tokens are refused on its side as well.',
    ],
    workaround: '<p>Until you can update, block TCP port 9000 on the loopback interface for non-administrative users.</p>',
    daysAgo: 12,
    status: STATUS.remediated,
    severity: SEVERITY.disruption,
    clouds: INTERNET_ACCESS,
    service: 'Authentication',
    revisions: [
      {
        afterHours: 0,
        details: {
          products: [software('p1', 'Client Connector', '>=4.0 <4.2.1', '4.2.1'), cloud('p2', 'auroraedge')],
          vulnerabilities: [
            {
              ...BYPASS,
              statements: [
                statement('p1', 'known_affected', 'Update to Client Connector 4.2.1 when it is released; until then apply the workaround.'),
                statement('p2', 'under_investigation'),
              ],
            },
          ],
          acknowledgements: [{ name: 'Lena Okafor', organization: 'Bluefjord Security Research' }],
        },
      },
      {
        afterHours: 30,
        summary: 'Client Connector 4.2.1 is released; the cloud refuses forged tokens.',
        details: {
          products: [software('p1', 'Client Connector', '>=4.0 <4.2.1', '4.2.1'), cloud('p2', 'auroraedge')],
          vulnerabilities: [
            {
              ...BYPASS,
              statements: [
                statement('p1', 'known_affected', 'Update to Client Connector 4.2.1 or later.'),
                statement('p2', 'fixed', 'The service refuses forged device tokens since the hardening of this advisory.'),
              ],
            },
          ],
          acknowledgements: [{ name: 'Lena Okafor', organization: 'Bluefjord Security Research' }],
        },
      },
    ],
  },
  {
    title: 'App Connector: local privilege escalation through the update service',
    summary: 'A local user could gain root on an App Connector host through its update service. Update to 24.3.2.',
    body: [
      'The App Connector’s update service ran a helper script from a directory that local users could write to. A local user on the connector’s host could run commands as root.',
      'Connectors updated automatically received the fix; connectors with automatic updates turned off must be updated by hand.',
    ],
    workaround: '<p>Make <code>/opt/connector/var</code> writable by root only until the update is installed.</p>',
    daysAgo: 30,
    status: STATUS.remediated,
    severity: SEVERITY.degradation,
    clouds: ['private', 'privategov'],
    service: 'App Connectors',
    revisions: [
      {
        afterHours: 0,
        details: {
          products: [software('p1', 'App Connector', '<24.3.2', '24.3.2'), cloud('p2', 'private')],
          vulnerabilities: [
            {
              cve: 'CVE-2026-90002',
              title: 'Privilege escalation through the update service',
              description:
                'The update service executed a helper from a world-writable directory, letting a local user run commands as root.',
              cwe: { id: 'CWE-269', name: 'Improper Privilege Management' },
              cvss_v3: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H',
              cvss_v4: null,
              statements: [
                statement('p1', 'known_affected', 'Update the App Connector to 24.3.2 or later.'),
                statement(
                  'p2',
                  'known_not_affected',
                  'The cloud service does not run the connector’s update service.',
                  'component_not_present',
                ),
              ],
            },
          ],
          acknowledgements: [],
        },
      },
    ],
  },
  {
    title: 'Admin portal: cross-site scripting and an open redirect',
    summary:
      'Two flaws in the admin portal, fixed in the service: stored cross-site scripting in report names and an open redirect after sign-in.',
    body: [
      'A report name could carry script that ran when another administrator opened the report list. Separately, the sign-in page followed a redirect parameter to any site.',
      'Both are fixed in the service; no customer action is needed.',
    ],
    workaround: null,
    daysAgo: 55,
    status: STATUS.resolved,
    severity: SEVERITY.informational,
    clouds: [...INTERNET_ACCESS, 'private'],
    service: 'Admin Portal',
    revisions: [
      {
        afterHours: 0,
        details: {
          products: [cloud('p1', 'auroraedge'), cloud('p2', 'private')],
          vulnerabilities: [
            {
              cve: 'CVE-2026-90003',
              title: 'Stored cross-site scripting in report names',
              description: 'A report name was shown without escaping in the report list of the admin portal.',
              cwe: { id: 'CWE-79', name: "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')" },
              cvss_v3: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N',
              cvss_v4: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:P/VC:N/VI:N/VA:N/SC:L/SI:L/SA:N',
              statements: [statement('p1', 'fixed', 'Fixed in the service.'), statement('p2', 'fixed', 'Fixed in the service.')],
            },
            {
              cve: 'CVE-2026-90004',
              title: 'Open redirect after sign-in',
              description:
                'The sign-in page redirected to the address of its return parameter without checking that it belongs to the portal.',
              cwe: { id: 'CWE-601', name: "URL Redirection to Untrusted Site ('Open Redirect')" },
              cvss_v3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
              cvss_v4: null,
              statements: [statement('p1', 'fixed', 'Fixed in the service.'), statement('p2', 'fixed', 'Fixed in the service.')],
            },
          ],
          acknowledgements: [{ name: 'Marek Nowicki', organization: null }],
        },
      },
    ],
  },
  {
    title: 'Experience agent: session tokens in diagnostic logs',
    summary: 'The experience agent wrote short-lived session tokens to its local diagnostic log. Update to 3.9.4.',
    body: [
      'With debug logging turned on, the Digital Experience agent wrote short-lived session tokens to its local diagnostic log, readable by local administrators.',
      'Tokens expire after 15 minutes. Agent 3.9.4 no longer logs them.',
    ],
    workaround: '<p>Turn debug logging off, and delete existing diagnostic logs.</p>',
    daysAgo: 80,
    status: STATUS.resolved,
    severity: SEVERITY.noImpact,
    clouds: ['experience'],
    service: 'Data Collection',
    revisions: [
      {
        afterHours: 0,
        details: {
          products: [software('p1', 'Digital Experience Agent', '<3.9.4', '3.9.4')],
          vulnerabilities: [
            {
              cve: 'CVE-2026-90005',
              title: 'Session tokens written to diagnostic logs',
              description: 'Debug logging wrote session tokens to a local file readable by administrators of the device.',
              cwe: { id: 'CWE-532', name: 'Insertion of Sensitive Information into Log File' },
              cvss_v3: null,
              cvss_v4: 'CVSS:4.0/AV:L/AC:L/AT:P/PR:H/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N',
              statements: [statement('p1', 'known_affected', 'Update the agent to 3.9.4 or later, or turn debug logging off.')],
            },
          ],
          acknowledgements: [],
        },
      },
    ],
  },
  {
    title: 'Lumberjack JNDI lookup flaw (third-party): Aurora Edge products are not affected',
    summary:
      'A remote code execution flaw in the widely used Lumberjack Java logging library is being exploited. Our products do not use the affected code; see each product’s status.',
    body: [
      'A flaw in the Lumberjack Java logging library lets an attacker run code on a server that logs a crafted string. It is being exploited widely.',
      'We checked every product and every cloud. None runs the vulnerable code. The deception decoys, which took longest to check, are not affected either.',
    ],
    workaround: null,
    daysAgo: 3,
    status: STATUS.resolved,
    severity: SEVERITY.noImpact,
    clouds: [...INTERNET_ACCESS, 'private', 'privategov', 'experience', 'workload', 'dataprotection', 'deception'],
    service: 'Admin Portal',
    revisions: [
      {
        afterHours: 0,
        details: lumberjack(statement('p5', 'under_investigation', 'We are checking the decoy images that emulate Java servers.')),
      },
      {
        afterHours: 20,
        summary: 'The deception decoy images are not affected.',
        details: lumberjack(
          statement(
            'p5',
            'known_not_affected',
            'The decoys only imitate Java servers’ answers; they do not run Lumberjack.',
            'vulnerable_code_not_present',
          ),
        ),
      },
    ],
  },
]

/**
 * Seeds {@link ADVISORIES} once: when the demo's list records exist (the setting
 * {@link SETTING.recordListsSeeded}) and no advisory has security details yet — so a demo database
 * seeded before gets them at its next start, and one whose list records were made again gets them
 * again. The records and the setting {@link SETTING.demoAdvisoriesSeeded} (the VEX page's demo
 * note) go in one transaction; then each advisory's revisions are saved as the desk saves them.
 *
 * @param now The moment the advisories are relative to.
 * @returns `true` when it seeded.
 */
export async function seedDemoAdvisoriesIfEmpty(db: Kysely<Database>, now: Date): Promise<boolean> {
  const t = now.getTime()
  const inserted = await db.transaction().execute(async (trx) => {
    const lists = await trx.selectFrom('settings').select('key').where('key', '=', SETTING.recordListsSeeded).executeTakeFirst()
    const any = await trx.selectFrom('advisory_details').select('record_id').limit(1).executeTakeFirst()
    if (!lists || any) return null
    const clouds = new Map((await trx.selectFrom('clouds').select(['id', 'machine_name']).execute()).map((c) => [c.machine_name, c.id]))
    const runs = await trx
      .selectFrom('cloud_services as cs')
      .innerJoin('services as s', 's.tid', 'cs.service_tid')
      .select(['cs.cloud_id', 's.tid', 's.name'])
      .orderBy('cs.sort')
      .execute()
    /** The service term of `a`: its own when all its clouds run it, else the first they all run (none: no term). */
    const serviceOf = (a: DemoAdvisory, cloudIds: number[]) => {
      const common = runs.filter(
        (r) => r.cloud_id === cloudIds[0] && cloudIds.every((id) => runs.some((o) => o.cloud_id === id && o.tid === r.tid)),
      )
      return (common.find((r) => r.name === a.service) ?? common[0])?.tid
    }
    const before = await trx
      .selectFrom('records')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
    const drafts: Draft[] = ADVISORIES.map((a) => {
      const from = t - a.daysAgo * DAY_MS
      const cloudIds = a.clouds.flatMap((c) => (clouds.has(c) ? [clouds.get(c)!] : []))
      const service = serviceOf(a, cloudIds)
      const last = a.revisions[a.revisions.length - 1].afterHours
      return {
        type: 'advisory',
        title: a.title,
        summary: a.summary,
        body: [...a.body, INVENTED_CVES_NOTE].map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
        status_id: a.status,
        severity_tid: a.severity,
        event_type: 'Security Advisory',
        from,
        to: from + last * HOUR_MS,
        posted_on: from,
        closed_on: from + last * HOUR_MS,
        customer_impact: null,
        available_workaround: a.workaround,
        next_update: null,
        how_found: 'Reported to our PSIRT',
        incident_type: null,
        cloudIds,
        tids: service === undefined ? [] : [service],
        internal: { note: 'Coordinated disclosure handled by the PSIRT.', ticket: 4242, author: 'Mei Tanaka', resolver: 'Mei Tanaka' },
      }
    })
    await insertDrafts(trx, drafts)
    await trx
      .insertInto('settings')
      .values({ key: SETTING.demoAdvisoriesSeeded, value: '1' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1' }))
      .execute()
    return Number(before?.id ?? 0)
  })
  if (inserted === null) return false
  const rows = await db.selectFrom('records').select(['id', 'title']).where('id', '>', inserted).where('type', '=', 'advisory').execute()
  // Oldest first, so the tracking numbers follow the publishing dates.
  for (const a of [...ADVISORIES].sort((x, y) => y.daysAgo - x.daysAgo)) {
    const id = rows.find((r) => r.title === a.title)?.id
    if (id === undefined) continue
    const from = t - a.daysAgo * DAY_MS
    for (const r of a.revisions) await saveAdvisory(db, id, { ...r.details, revision_summary: r.summary }, from + r.afterHours * HOUR_MS)
  }
  return true
}
