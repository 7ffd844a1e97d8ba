/**
 * The spec's constants that both sides use at run time (docs/requirements/states.md, docs/requirements/validation.md, docs/requirements/roles.md, docs/requirements/constants.md). This module holds plain
 * values only, so a drop-in that needs a constant does not carry the schemas of `contract/`.
 */

// Global and clouds
/**
 * `component` of the two external status pages in the main menu's Notifications dropdown (docs/requirements/screens.md
 * Header and menus); the server sets their routes from the configuration.
 */
export const STATUS_PAGE_COMPONENT = {
  vulnerabilityManagement: 'status-vulnerability-management',
  zeroTrustBranch: 'status-zero-trust-branch',
} as const

// Status timeline
/** Minutes in one timeline page: 7 days (docs/requirements/constants.md). */
export const WEEK_MINUTES = 10080

/** How many weeks back the timeline may page (docs/requirements/states.md#timeline-paging, docs/requirements/constants.md). */
export const MAX_WEEK_OFFSET = 12

/** Severity ids with a fixed meaning (docs/requirements/entities.md#severity, docs/requirements/constants.md). Every other id is informational. */
export const SEVERITY_DISRUPTION = '20'

export const SEVERITY_DEGRADATION = '19'

// Records and lists
/**
 * The longest reminder lead of a maintenance, minutes (7 days): a record's own
 * (`PublishRecordBody.reminder_minutes`) and the server's (`MAINTENANCE_REMINDER_MINUTES`).
 */
export const MAX_REMINDER_MINUTES = 10_080

/** Records per page of `/api/incident`, `/api/maintenance`, `/api/advisory` and `/api/notifications`. */
export const RECORDS_PAGE_SIZE = 10

/** Page numbers the pagination shows at most (docs/requirements/states.md#pagination, docs/requirements/constants.md). */
export const PAGINATION_WINDOW = 5

/**
 * The internal-use fields of a record (docs/requirements/entities.md#record). A public answer never carries them; the
 * server adds them only for signed-in users with a privileged role (docs/requirements/roles.md#admin-roles).
 */
export const INTERNAL_FIELDS = [
  'internal_note',
  'slack_link',
  'jira_link',
  'sfdc_link',
  'severity_link',
  'author',
  'created_by',
  'updated_by',
  'resolved_by',
] as const

// Accounts and sessions
/**
 * The password rule (docs/requirements/validation.md), the one place it is configured for client and server. It is below
 * OWASP ASVS 6.2.1 / NIST 800-63B (≥ 8, better ≥ 12 characters, no composition rules); raising
 * `minLength` here (and the message with it) raises it everywhere.
 */
export const PASSWORD_POLICY = {
  /** Characters, at least. */
  minLength: 5,
  /** Characters, at most (scrypt input stays bounded). */
  maxLength: 128,
  uppercase: 1,
  digits: 1,
  message: 'Password should be of minimum 5 character & include at least 1 uppercase alphabet and 1 number',
} as const

/** Idle time after which a signed-in visitor is logged out: 7200 s (docs/requirements/states.md#idle-logout, docs/requirements/constants.md). */
export const IDLE_LOGOUT_S = 7200

/** Roles that see the Admin link and the internal-use block (docs/requirements/roles.md). */
export const PRIVILEGED_ROLES = [
  'administrator',
  'blog_editor',
  'jab_compliance',
  'url_editor',
  'customer_success_manager',
  'cloud_apps',
  'legal_team',
  'trust_admin',
] as const

/** The server's HttpOnly session cookie (never readable by scripts). */
export const SESSION_COOKIE = 'trust_session'

/**
 * The id of the `<script type="application/json">` element of a server-rendered page carrying the
 * data it was rendered from (the server writes it, `shell/page-data.ts` reads it).
 */
export const PAGE_DATA_ID = 'trust-page-data'

/**
 * `localStorage` key of the cookie-consent choice (the banner, `shell/consent.ts`, and the rendered
 * page's check before its first paint, `server/http/page-render.ts`).
 */
export const CONSENT_STORAGE_KEY = 'trust-cookie-consent'

// Overall status (docs/statuspage-api.md; contract/statuspage.ts)
/**
 * Statuspage's overall indicator, worst at the end: `none` < `maintenance` < `minor` < `major` <
 * `critical`. `maintenance` is a page with nothing but maintenance under way (Statuspage's own
 * widgets show their blue maintenance dot for it).
 */
export const INDICATORS = ['none', 'maintenance', 'minor', 'major', 'critical'] as const
export type Indicator = (typeof INDICATORS)[number]

/** The texts of the overall status line (site, drop-ins and `status.description`). */
export const OVERALL_STATUS_TEXT = {
  operational: 'All Systems Operational',
  partial: 'Partial Service Disruption',
  major: 'Major Service Disruption',
  maintenance: 'Service Under Maintenance',
} as const

// Passkeys
/** Longest passkey name, characters (docs/operating/staff-sign-in.md "Passkeys"). */
export const PASSKEY_NAME_MAX = 60

/**
 * 403 codes of every admin route for a privileged session that owes its second factor (the
 * server enforces it, not only the screens): `second_factor_required` with
 * {@link SECOND_FACTOR_MESSAGES}.verify, `second_factor_enrolment_required` with `.enrol`.
 */
export const SECOND_FACTOR_CODES = { verify: 'second_factor_required', enrol: 'second_factor_enrolment_required' } as const

/** The English messages of those 403s (the client shows its own translation of each code). */
export const SECOND_FACTOR_MESSAGES = {
  verify: 'Confirm it is you with your authenticator app, a passkey or a recovery code before the console opens.',
  enrol: 'Set up a second factor (an authenticator app or a passkey) before the console opens.',
} as const

/** Number of recovery codes made at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10
