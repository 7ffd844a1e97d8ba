/**
 * Texts of the site's security-advisory views (docs/operating/security-advisories.md#the-public-pages;
 * docs/languages-and-themes.md): the security details of an advisory post, the advisory list's
 * rating filter, search and row facts, and the VEX page.
 */
import { defineMessages, params } from '../../../contract/i18n/index.js'

export const advisoryMessages = /* @__PURE__ */ defineMessages('shell.pages.advisories', {
  /** The heading of an advisory post's security details. */
  details: 'Security details',
  trackingId: 'Advisory ID',
  tlp: 'Distribution',
  /** TLP 2.0's label for public information, and what it means. */
  tlpClear: 'TLP:CLEAR (public)',
  cves: 'CVE IDs',
  highest: 'Highest CVSS score',
  notScored: 'Not scored',
  /** The CVSS version a score is of, e.g. "CVSS v3.1". */
  cvssVersion: params('CVSS v{version}'),
  ratingNone: 'None',
  ratingLow: 'Low',
  ratingMedium: 'Medium',
  ratingHigh: 'High',
  ratingCritical: 'Critical',
  /** The accessible name of the rating mark, e.g. "CVSS rating: High". */
  ratingLabel: params('CVSS rating: {rating}'),
  vulnerabilities: 'Vulnerabilities',
  colCve: 'CVE',
  colVulnerability: 'Vulnerability',
  colCvss3: 'CVSS v3.1',
  colCvss4: 'CVSS v4.0',
  colCwe: 'CWE',
  vector: 'Vector',
  products: 'Affected products',
  colProduct: 'Product',
  colVersions: 'Affected versions',
  colFixed: 'Fixed in',
  colStatus: 'Status',
  colNote: 'What to do',
  allVersions: 'All versions',
  /** A hosted service: no version to install. */
  service: 'Service (no action)',
  noFix: 'No fixed version yet',
  statusKnownAffected: 'Affected',
  statusFixed: 'Fixed',
  statusUnderInvestigation: 'Under investigation',
  statusKnownNotAffected: 'Not affected',
  justComponentNotPresent: 'The affected component is not present.',
  justCodeNotPresent: 'The vulnerable code is not present.',
  justCannotBeControlled: 'The vulnerable code cannot be controlled by an attacker.',
  justNotInExecutePath: 'The vulnerable code is never run.',
  justMitigations: 'Mitigations already in place prevent it.',
  acknowledgements: 'Acknowledgements',
  revisions: 'Revision history',
  colRevision: 'Version',
  colDate: 'Date',
  colChange: 'Change',
  csaf: 'CSAF 2.0 document (JSON)',
  vexLink: 'VEX statements by CVE',
  vexOnly: 'This is a statement about a vulnerability in third-party software: it lists our products with whether they are affected.',
  ratingFilter: 'Minimum CVSS rating',
  allRatings: 'All advisories',
  ratingAndAbove: params('{rating} and above'),
  criticalOnly: 'Critical only',
  search: 'Search advisories',
  searchHint: 'A CVE ID such as CVE-2021-44228, or words of the title',
  searchButton: 'Search',
  clearSearch: 'Clear search',
  /** The VEX page. */
  vexTitle: 'VEX statements',
  vexIntro:
    'For each published vulnerability, whether our products are affected, as our advisories state it (VEX, Vulnerability Exploitability eXchange).',
  vexSearch: 'Find a CVE',
  vexHint: 'A CVE ID, e.g. CVE-2021-44228',
  question: params('Is {product} affected by {cve}?'),
  answerAffected: 'Yes, it is affected.',
  answerFixed: 'It was affected and is fixed.',
  answerInvestigating: 'We are investigating.',
  answerNotAffected: 'No, it is not affected.',
  /** `{version}` is the first fixed version. */
  fixedIn: params('Fixed in {version}.'),
  source: params('Source: {id}'),
  noStatement: params('We have published no statement about {cve}.'),
  noCves: 'No VEX statements have been published yet.',
  notCve: 'Type a whole CVE ID, written CVE-YYYY-NNNN, e.g. CVE-2021-44228.',
  loading: 'Loading VEX statements…',
  /** Shown only on the demo site. */
  demoNote: 'This is a demo: its CVE IDs are invented and name no real vulnerability.',
})

type Texts = typeof advisoryMessages.base

/** A key of {@link advisoryMessages} whose message is plain text (no parameters). */
export type AdvisoryMessageKey = { [K in keyof Texts]: Texts[K] extends string ? K : never }[keyof Texts]
