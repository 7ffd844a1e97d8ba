/**
 * Seed of the FAQ (a basic page shared by every cloud) and the Compliance pages (migration 006).
 * The FAQ markup follows `contract/content.ts`: sections of
 * `<details id>` questions. The cloud listed in {@link CLOUDS_WITHOUT_COMPLIANCE_ROWS} has a page
 * top but no rows, so its page shows 'No rows' (docs/requirements/screens.md#compliance, docs/requirements/errors.md).
 */
import type { Kysely } from 'kysely'
import { escapeHtml } from '../../contract/text.js'
import type { Database } from '../db/schema.js'

interface FaqQuestion {
  id: string
  question: string
  /** HTML. */
  answer: string
}
interface FaqSection {
  id: string
  title: string
  questions: FaqQuestion[]
}

/** The FAQ's sections and questions, in display order. */
export const FAQ_SECTIONS: FaqSection[] = [
  {
    id: 'about-this-site',
    title: 'About this site',
    questions: [
      {
        id: 'what-is-the-trust-site',
        question: 'What is the trust site?',
        answer:
          '<p>The trust site is the public home of service status for every Aurora Edge cloud. It lists incidents, scheduled maintenance, security advisories and notifications, shows the status of each data center, and publishes compliance information.</p>',
      },
      {
        id: 'how-do-i-choose-my-cloud',
        question: 'How do I choose my cloud?',
        answer:
          '<p>Use the cloud selector in the header. Your administrator can see the cloud name in the admin portal URL, for example <code>admin.auroraedgetwo.net</code>. The site remembers your choice for one day.</p>',
      },
      {
        id: 'do-i-need-an-account',
        question: 'Do I need an account to view the status?',
        answer:
          '<p>No. Status, incidents, maintenance, advisories and notifications are public. An account is needed only to subscribe to email notifications.</p>',
      },
      {
        id: 'how-do-i-give-feedback',
        question: 'How do I give feedback about this site?',
        answer:
          '<p>Write to <a href="mailto:trust-feedback@auroraedge.example">trust-feedback@auroraedge.example</a>. The address is also in the footer of every page.</p>',
      },
    ],
  },
  {
    id: 'service-status',
    title: 'Service status',
    questions: [
      {
        id: 'what-do-the-status-colours-mean',
        question: 'What do the status colours mean?',
        answer:
          '<p>Red marks a <strong>Service Disruption</strong>, amber a <strong>Service Degradation</strong>; other events are informational. A service without an icon is operating normally.</p>',
      },
      {
        id: 'how-quickly-are-incidents-posted',
        question: 'How quickly are incidents posted?',
        answer:
          '<p>Our operations team posts an incident as soon as an impact is confirmed, usually within 15 minutes, and updates it until it is resolved.</p>',
      },
      {
        id: 'what-is-the-difference-between-incidents-and-maintenance',
        question: 'What is the difference between an incident and maintenance?',
        answer:
          '<p>An incident is unplanned. Maintenance is planned work announced in advance on the <em>Maintenance</em> page, with its window in your time zone.</p>',
      },
      {
        id: 'can-i-see-past-events',
        question: 'Can I see past events?',
        answer:
          '<p>Yes. The cloud status timeline goes back 12 weeks, and the Incidents, Maintenance and Security Advisories lists have a calendar to pick any earlier date. Each list also has an RSS feed.</p>',
      },
    ],
  },
  {
    id: 'subscriptions-and-email-notifications',
    title: 'Subscriptions and email notifications',
    questions: [
      {
        id: 'how-to-manage-your-subscription',
        question: 'How to Manage Your Subscription?',
        answer: [
          '<p>Sign in and open <a href="/subscribe">Subscriptions</a> (<code>/subscribe</code>) from the user menu.</p>',
          '<ul>',
          '<li>The page has one tab per cloud, plus a Notifications tab. Pick the tab of the cloud you want emails about.</li>',
          '<li><strong>Subscribe All</strong> subscribes you to every service, data center, maintenance and advisory of that cloud; <strong>Unsubscribe All</strong> removes them all.</li>',
          '<li>Each group has an <strong>All</strong> / <strong>Individual</strong> toggle. Choose <em>All</em> to receive everything in the group, or <em>Individual</em> to pick items one by one with their stars.</li>',
          '<li>The star next to a region subscribes you to every data center in that region at once; a filled star means subscribed.</li>',
          '</ul>',
          '<p>Every notification email ends with an unsubscribe link that stops the emails it was sent for, with no sign-in needed.</p>',
        ].join(''),
      },
      {
        id: 'why-am-i-not-receiving-emails',
        question: 'Why am I not receiving emails?',
        answer:
          '<p>Check that your email address is verified (the banner after sign-up offers to resend the verification email), that you are subscribed on the right cloud tab, and that mail from <code>trust-noreply@auroraedge.example</code> is not filtered as spam.</p>',
      },
      {
        id: 'how-do-i-change-my-time-zone',
        question: 'How do I change my time zone?',
        answer:
          '<p>Open <strong>Settings</strong> from the user menu and choose your time zone. Times on the site and in emails use it; the default is UTC.</p>',
      },
      {
        id: 'how-do-i-delete-my-account',
        question: 'How do I delete my account?',
        answer:
          '<p>Unsubscribe from everything on the Subscriptions page and write to the feedback address asking for your account to be removed. We delete it within 30 days.</p>',
      },
    ],
  },
  {
    id: 'data-centers',
    title: 'Data centers',
    questions: [
      {
        id: 'where-are-your-data-centers',
        question: 'Where are your data centers?',
        answer:
          '<p>The <strong>Data Center Map</strong> shows the major cities with public data centers. The full footprint is over 150 locations, including private and virtual service edges.</p>',
      },
      {
        id: 'what-is-a-regional-surcharge',
        question: 'What is a regional surcharge data center?',
        answer:
          '<p>Some locations carry a regional surcharge; they are marked in their own colour on the map. Contact your account team for details.</p>',
      },
      {
        id: 'what-is-a-premium-data-center',
        question: 'What is a premium data center?',
        answer:
          '<p>Premium data centers offer dedicated capacity for customers who buy it. Their status appears under the premium tab of Cloud Status and in the map legend.</p>',
      },
    ],
  },
  {
    id: 'security-and-compliance',
    title: 'Security and compliance',
    questions: [
      {
        id: 'where-can-i-find-compliance-certifications',
        question: 'Where can I find your compliance certifications?',
        answer:
          '<p>The <strong>Compliance</strong> page of each cloud lists its authorisations, such as FedRAMP, StateRAMP, IRAP and C5, with their estimated approval dates.</p>',
      },
      {
        id: 'how-are-security-advisories-published',
        question: 'How are security advisories published?',
        answer:
          '<p>Advisories appear on the <em>Security Advisories</em> page with an event type (for example Under Investigation or Security Advisory) and go by email to everyone subscribed to that advisory type.</p>',
      },
      {
        id: 'how-do-i-report-a-vulnerability',
        question: 'How do I report a vulnerability?',
        answer:
          '<p>Email <a href="mailto:security@auroraedge.example">security@auroraedge.example</a> with the details. We acknowledge reports within two business days.</p>',
      },
    ],
  },
]

/** The FAQ body HTML built from {@link FAQ_SECTIONS}. */
export function faqBody(sections: FaqSection[] = FAQ_SECTIONS): string {
  return sections
    .map(
      (s) =>
        `<section id="${s.id}"><h2>${escapeHtml(s.title)}</h2>` +
        s.questions
          .map((q) => `<details id="${q.id}"><summary>${escapeHtml(q.question)}</summary><div>${q.answer}</div></details>`)
          .join('') +
        '</section>',
    )
    .join('\n')
}

/** The FAQ page title. */
export const FAQ_TITLE = 'Frequently Asked Questions'

interface ComplianceSeed {
  description: string
  date: string
}

/** Rows per cloud machine name; clouds not listed get {@link DEFAULT_COMPLIANCE_ROWS}. */
const COMPLIANCE_ROWS: Record<string, ComplianceSeed[]> = {
  auroraedgegov: [
    { description: '<strong>FedRAMP High</strong> — Joint Authorization Board provisional authorization', date: '2027-03-15' },
    { description: '<strong>DoD IL5</strong> — Defense Information Systems Agency provisional authorization', date: '2027-09-30' },
    { description: '<strong>StateRAMP High</strong>', date: '2027-01-20' },
    { description: 'CJIS Security Policy alignment review', date: '2026-12-10' },
  ],
  privategov: [
    { description: '<strong>FedRAMP High</strong> — agency authorization', date: '2027-05-28' },
    { description: '<strong>StateRAMP Moderate</strong>', date: '2026-12-18' },
  ],
}

/** Rows of the commercial clouds. */
const DEFAULT_COMPLIANCE_ROWS: ComplianceSeed[] = [
  { description: '<strong>ISO/IEC 27001:2022</strong> recertification', date: '2027-02-26' },
  { description: '<strong>SOC 2 Type II</strong> report for the current period', date: '2026-12-31' },
  { description: '<strong>IRAP</strong> assessment at PROTECTED level (Australia)', date: '2027-04-09' },
  { description: '<strong>C5</strong> attestation (Germany, BSI Cloud Computing Compliance Criteria Catalogue)', date: '2027-06-17' },
  { description: '<strong>ISMAP</strong> registration (Japan)', date: '2027-08-05' },
]

/** Clouds whose Compliance page has no rows ('No rows'). */
export const CLOUDS_WITHOUT_COMPLIANCE_ROWS = ['deception']

function pageTop(domain: string): string {
  return (
    `<p>These are the authorisations in progress for <strong>${escapeHtml(domain)}</strong>. Dates are estimates and may change; ` +
    'current certificates and reports are available from your account team under NDA.</p>'
  )
}

/**
 * Seeds the FAQ and the Compliance pages when `basic_pages` is empty. Run by {@link seedIfEmpty}
 * after the catalogue, so every cloud exists.
 *
 * @returns `true` when it seeded
 */
export async function seedFaqComplianceIfEmpty(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('basic_pages').select('id').limit(1).executeTakeFirst()
    if (existing) return false
    await trx.insertInto('basic_pages').values({ machine_name: 'faq', cloud_id: null, title: FAQ_TITLE, body: faqBody() }).execute()
    const clouds = await trx.selectFrom('clouds').select(['id', 'machine_name', 'domain']).orderBy('id').execute()
    for (const cloud of clouds) {
      await trx
        .insertInto('compliance_pages')
        .values({ cloud_id: cloud.id, page_top: pageTop(cloud.domain) })
        .execute()
      if (CLOUDS_WITHOUT_COMPLIANCE_ROWS.includes(cloud.machine_name)) continue
      const rows = COMPLIANCE_ROWS[cloud.machine_name] ?? DEFAULT_COMPLIANCE_ROWS
      await trx
        .insertInto('compliance_rows')
        .values(rows.map((r, sort) => ({ cloud_id: cloud.id, description: r.description, date: r.date, sort })))
        .execute()
    }
    return true
  })
}
