/**
 * The server's settings from its environment.
 */
import { resolve } from 'node:path'
import { PRIVILEGED_ROLES } from '../contract/constants.js'
import { trimBase } from '../contract/links.js'
import { DATABASE_URL_MALFORMED, isPostgresUrl } from './db/connection.js'
import type { SiteOverrides, VariantOverride } from './routes/deps.js'

/** `'production'` when `NODE_ENV=production`, else `'development'` (demo viewer, /dev/mail). */
export type Mode = 'production' | 'development'

/** The demo administrator created at start-up when missing. */
export interface AdminAccount {
  name: string
  mail: string
  password: string
}

/** Accounts, sessions and mail settings (see {@link readAccountsConfig}). */
export interface AccountsConfig {
  /** Employee email domains, lower-case, e.g. `['auroraedge.example']` (docs/requirements/validation.md; `/api/global` sso). */
  employeeDomains: string[]
  /** The administrator to create if missing (roles administrator and trust_admin); null = none. */
  admin: AdminAccount | null
  /** Whether to create the plain demo user `viewer` / `viewer@example.com` / `Viewer12345`. */
  seedViewer: boolean
  /**
   * SMTP connection URL (`smtp://user:pass@host:587`, `smtps://…`); null = no mail server: in
   * development mail is rendered and listed at `/dev/mail`, in production it stays queued in the
   * outbox and the console says mail is not being sent (`server/mail/outbox.ts` `mailDelivery`).
   */
  smtpUrl: string | null
  /**
   * `MAIL_FROM`, the From header of every mail; null = `'{vendor} <no-reply@{host of PUBLIC_URL}>'`,
   * the vendor's name read from the settings when mail is sent (`server/mail/outbox.ts` `mailSender`).
   */
  mailFrom: string | null
  /** The site's public origin for links in mail, e.g. `https://trust.example`; null = the request's origin. */
  publicUrl: string | null
  /**
   * Whether every privileged account signing in with a password must have a second factor before
   * the console opens (`TRUST_REQUIRE_SECOND_FACTOR`; always in production; docs/operating/staff-sign-in.md).
   * Without it (the development demo), an account that enrolled a factor still has to prove it.
   */
  requireSecondFactor: boolean
  /** Employee single sign-on over OpenID Connect (see {@link readSsoConfig}); null or absent = not set up. */
  sso?: SsoConfig | null
}

/**
 * Employee single sign-on over OpenID Connect (docs/operating/staff-sign-in.md#single-sign-on).
 */
export interface SsoConfig {
  /** `OIDC_ISSUER`: the identity provider's issuer URL (discovery at `{issuer}/.well-known/openid-configuration`). */
  issuer: string
  /** `OIDC_CLIENT_ID`. */
  clientId: string
  /** `OIDC_CLIENT_SECRET` (sent with HTTP Basic to the token endpoint). */
  clientSecret: string
  /** `OIDC_GROUPS_CLAIM`: the claim holding the employee's groups (default `groups`). */
  groupsClaim: string
  /** `OIDC_ROLE_MAP`: group → the privileged roles it gives (docs/requirements/roles.md). */
  roleMap: Readonly<Record<string, readonly string[]>>
}

/** The roles `OIDC_ROLE_MAP` may give: the privileged roles (docs/requirements/roles.md). */
const SSO_ROLES: readonly string[] = PRIVILEGED_ROLES

/**
 * Reads the single sign-on settings: `OIDC_ISSUER` (an http(s) URL; plain http only for a loopback
 * provider), `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`, `OIDC_GROUPS_CLAIM` (default `groups`) and
 * `OIDC_ROLE_MAP`, a JSON object from group name to a role or a list of roles, e.g.
 * `{"trust-admins":["administrator","trust_admin"],"psirt":"blog_editor"}`. Without `OIDC_ISSUER`
 * single sign-on is off (null).
 *
 * @throws When `OIDC_ISSUER` is set and another variable is missing or malformed, or a role is not
 *   a privileged role.
 */
export function readSsoConfig(env: NodeJS.ProcessEnv): SsoConfig | null {
  const issuer = env.OIDC_ISSUER?.trim()
  if (!issuer) return null
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    throw new Error(
      `OIDC_ISSUER must be the identity provider's issuer URL such as https://login.example.com, got ${JSON.stringify(issuer)}`,
    )
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error(`OIDC_ISSUER must be an https:// URL (plain http only for a provider on this machine), got ${JSON.stringify(issuer)}`)
  }
  const clientId = env.OIDC_CLIENT_ID?.trim()
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim()
  if (!clientId || !clientSecret) {
    throw new Error(
      'OIDC_ISSUER is set, so OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are needed too: the client this site is registered as at the identity provider.',
    )
  }
  const rawMap = env.OIDC_ROLE_MAP?.trim() ?? ''
  const example = 'such as {"trust-admins":["administrator","trust_admin"],"psirt":"blog_editor"}'
  let parsed: unknown
  try {
    parsed = JSON.parse(rawMap)
  } catch {
    throw new Error(
      `OIDC_ROLE_MAP must be a JSON object from the provider's group names to roles, ${example}; got ${JSON.stringify(rawMap)}`,
    )
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.keys(parsed).length === 0) {
    throw new Error(`OIDC_ROLE_MAP must be a JSON object with at least one group, ${example}`)
  }
  const roleMap: Record<string, string[]> = {}
  for (const [group, value] of Object.entries(parsed)) {
    const roles = typeof value === 'string' ? [value] : value
    if (!Array.isArray(roles) || roles.some((r) => typeof r !== 'string' || !SSO_ROLES.includes(r))) {
      throw new Error(
        `OIDC_ROLE_MAP: the group ${JSON.stringify(group)} must map to roles among ${SSO_ROLES.join(', ')}; got ${JSON.stringify(value)}`,
      )
    }
    roleMap[group] = [...new Set(roles as string[])]
  }
  return { issuer, clientId, clientSecret, groupsClaim: env.OIDC_GROUPS_CLAIM?.trim() || 'groups', roleMap }
}

/** Why a production start refuses `TRUST_REQUIRE_SECOND_FACTOR=0`. */
export const SECOND_FACTOR_IN_PRODUCTION =
  'TRUST_REQUIRE_SECOND_FACTOR=0 is refused with NODE_ENV=production: every privileged account signing in with a password ' +
  'needs a second factor there. Remove the variable, or sign staff in through single sign-on (OIDC_ISSUER).'

/**
 * Why production needs `PUBLIC_URL`: links in mail must name the site's own origin, never the
 * `Host` header of the request that caused them (see `server/http/origin.ts`).
 */
export const PUBLIC_URL_REQUIRED =
  'PUBLIC_URL is required with NODE_ENV=production: links in mail (sign-up, password reset, notifications) must use the ' +
  "site's own origin, never the Host header of a request. Set it to the site's origin, e.g. PUBLIC_URL=https://trust.example"

/** `smtp://host:port` or `smtps://user:password@host`, as nodemailer takes them. */
const SMTP_URL_PATTERN = /^smtps?:\/\/[^\s/]+(\/\S*)?$/i
/** Why an `SMTP_URL` is refused (without repeating it: it may hold a password). */
export const SMTP_URL_MALFORMED =
  'SMTP_URL must be an smtp:// or smtps:// URL of the mail server, such as smtps://user:password@smtp.example.com:465 (its value is not repeated here: it may hold a password).'
/** An address, bare (`a@b.example`) or after a name (`Name <a@b.example>`). */
const MAIL_FROM_PATTERN = /^(?:[^<>@]+@[^\s<>@]+|[^<>]*<[^\s<>@]+@[^\s<>@]+>)$/

/**
 * The one line a production start without `SMTP_URL` prints on standard error (`server/main.ts`);
 * the console's dashboard says the same in its mail banner.
 */
export const MAIL_NOT_SENT =
  'Mail is not being sent: SMTP_URL is not set, so sign-up, password-reset and notification emails stay queued in the outbox. ' +
  'Set SMTP_URL to your mail server (e.g. smtps://user:password@smtp.example.com) and restart; the queued mail then goes out.'

/**
 * What a start with `config` must say about mail on standard error: {@link MAIL_NOT_SENT} in
 * production without `SMTP_URL`, else nothing (development lists mail at `/dev/mail`).
 */
export function mailStartupWarning(config: { mode: Mode; accounts: Pick<AccountsConfig, 'smtpUrl'> }): string | null {
  return config.mode === 'production' && config.accounts.smtpUrl === null ? MAIL_NOT_SENT : null
}

export const DEFAULT_EMPLOYEE_DOMAINS = 'auroraedge.example'
export const DEFAULT_ADMIN_NAME = 'admin'
export const DEFAULT_ADMIN_EMAIL = 'trust-admin@example.com'
/** The demo administrator's password in development (never a default in production). */
export const DEFAULT_ADMIN_PASSWORD = 'Admin12345'

/** `TRUST_REQUIRE_SECOND_FACTOR`: `1` or `0`; default 1 in production, 0 in development. @throws on `0` in production. */
function readRequireSecondFactor(env: NodeJS.ProcessEnv, mode: Mode): boolean {
  const value = env.TRUST_REQUIRE_SECOND_FACTOR?.trim()
  if (value === undefined || value === '') return mode === 'production'
  if (value !== '0' && value !== '1') throw new Error(`TRUST_REQUIRE_SECOND_FACTOR must be 1 or 0, got ${JSON.stringify(value)}`)
  if (value === '0' && mode === 'production') throw new Error(SECOND_FACTOR_IN_PRODUCTION)
  return value === '1'
}

/**
 * Reads the accounts settings: `TRUST_EMPLOYEE_DOMAINS` (comma list, default `auroraedge.example` in development, none in production;
 * an empty value means none), `TRUST_ADMIN_NAME` (default `admin`), `TRUST_ADMIN_EMAIL` (default
 * `trust-admin@example.com` in development), `TRUST_ADMIN_PASSWORD` (default `Admin12345` in
 * development); in production the first administrator is created only when both
 * `TRUST_ADMIN_EMAIL` and `TRUST_ADMIN_PASSWORD` are set, `SMTP_URL` (an `smtp://` or `smtps://`
 * URL), `MAIL_FROM` (an address, optionally with a name: `Name <address>`; unset = derived from
 * the vendor name and `PUBLIC_URL`, see {@link AccountsConfig.mailFrom}), `PUBLIC_URL` (trailing
 * slashes removed), and single sign-on's `OIDC_*` ({@link readSsoConfig}; it needs employee domains).
 * The demo viewer is seeded in development only.
 *
 * @throws When `PUBLIC_URL` is not an http(s) URL, `SMTP_URL` not an smtp(s) URL, `MAIL_FROM` holds no address,
 *   an `OIDC_*` variable is malformed, or `OIDC_ISSUER` is set without employee domains.
 */
export function readAccountsConfig(env: NodeJS.ProcessEnv, mode: Mode): AccountsConfig {
  // The demo vendor's employee domain is a development default only.
  const domains = env.TRUST_EMPLOYEE_DOMAINS ?? (mode === 'production' ? '' : DEFAULT_EMPLOYEE_DOMAINS)
  const password = env.TRUST_ADMIN_PASSWORD || (mode === 'production' ? '' : DEFAULT_ADMIN_PASSWORD)
  // Production creates the first administrator only from both variables: no example address.
  const adminMail = env.TRUST_ADMIN_EMAIL?.trim() || (mode === 'production' ? '' : DEFAULT_ADMIN_EMAIL)
  const publicUrl = trimBase(env.PUBLIC_URL?.trim()) || null
  if (publicUrl !== null && !/^https?:\/\/[^/\s]+$/i.test(publicUrl)) {
    throw new Error(`PUBLIC_URL must be an origin such as https://trust.example, got ${JSON.stringify(env.PUBLIC_URL)}`)
  }
  const smtpUrl = env.SMTP_URL?.trim() || null
  // The URL carries the password: it is never repeated in the message.
  if (smtpUrl !== null && !SMTP_URL_PATTERN.test(smtpUrl)) throw new Error(SMTP_URL_MALFORMED)
  const mailFrom = env.MAIL_FROM?.trim() || null
  if (mailFrom !== null && !MAIL_FROM_PATTERN.test(mailFrom)) {
    throw new Error(
      `MAIL_FROM must be an email address, optionally with a name, such as "Nimbus Security <no-reply@status.nimbus.example>"; got ${JSON.stringify(env.MAIL_FROM)}`,
    )
  }
  const employeeDomains = domains
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d !== '')
  const sso = readSsoConfig(env)
  if (sso && employeeDomains.length === 0) {
    throw new Error(
      'OIDC_ISSUER is set but TRUST_EMPLOYEE_DOMAINS is empty: single sign-on lets in only addresses of the employee domains. Set it, e.g. TRUST_EMPLOYEE_DOMAINS=nimbus.example',
    )
  }
  return {
    employeeDomains,
    admin:
      password && adminMail
        ? {
            name: env.TRUST_ADMIN_NAME?.trim() || DEFAULT_ADMIN_NAME,
            mail: adminMail.toLowerCase(),
            password,
          }
        : null,
    seedViewer: mode !== 'production',
    requireSecondFactor: readRequireSecondFactor(env, mode),
    sso,
    smtpUrl,
    mailFrom,
    publicUrl,
  }
}

export interface ServerConfig {
  mode: Mode
  accounts: AccountsConfig
  /**
   * Fastify's `trustProxy`: `false` (default), `true` (`TRUST_PROXY=1`: trust every proxy), or a
   * comma list of proxy addresses/CIDRs. Decides `request.ip` (flood control per IP) and
   * `request.protocol` (the cookie's Secure flag) behind a reverse proxy.
   */
  trustProxy: boolean | string
  port: number
  host: string
  /** Absolute path of the database folder (the SQLite file; unused with `databaseUrl`). */
  dataDir: string
  /** `DATABASE_URL`: a `postgres://` URL selects PostgreSQL (docs/operating/scaling.md#scaling-out); null = SQLite in `dataDir`. */
  databaseUrl: string | null
  /** `DATABASE_POOL_MAX`: most PostgreSQL connections per process (default 10). */
  databasePoolMax: number
  /** Absolute path of the built site. */
  staticDir: string
  /** `SSR_DIR`: absolute path of the shell's server build (default `./dist/ssr`). */
  ssrDir: string
  variant: VariantOverride
  /** Cookie-consent ids and external status pages (see {@link readSiteOverrides}). */
  site: SiteOverrides
  /** `SCHEDULER_INTERVAL_MS`: time between passes of the maintenance scheduler, ms (default 15 000). */
  schedulerIntervalMs: number
  /** `MAINTENANCE_REMINDER_MINUTES`: lead of a maintenance reminder, minutes (default 60; 0 = none). */
  maintenanceReminderMinutes: number
  /** `PUBLIC_CACHE_SECONDS`: shared freshness of public answers, seconds (see `BuildAppOptions.publicCacheSeconds`). */
  publicCacheSeconds: number
  /** `RESPONSE_CACHE_BYTES`: bound of the origin's response cache, bytes. */
  responseCacheBytes: number
  /**
   * `WEBHOOK_ALLOW_LOOPBACK=1`: the webhook test mode — endpoints may be `http://` and loopback
   * receivers (docs/subscriptions.md#webhooks-slack-and-teams). Refused with `NODE_ENV=production`.
   */
  webhookAllowLoopback: boolean
  /**
   * `MAIL_CONCURRENCY`: mails in flight at once, each on its own pooled SMTP connection
   * (default 20; `server/mail/outbox.ts`).
   */
  mailConcurrency: number
  /** `MAIL_RETENTION_DAYS`: days sent mail and delivered webhook deliveries are kept (default 30). */
  mailRetentionDays: number
  /** `THIRD_PARTY_POLL_MS`: time between two polls of a third-party page, ms (default 60 000; docs/operating/console-and-desk.md#third-party-components). */
  thirdPartyPollMs: number
  /**
   * `CSAF_OPENPGP_KEY_FILE`: the file of the provider's armored OpenPGP private key, which signs the
   * CSAF documents and advisory mails (docs/operating/security-advisories.md#the-signing-key); null when unset.
   */
  openpgpKeyFile: string | null
  /** `CSAF_OPENPGP_PASSPHRASE`: the passphrase of that key when it is protected; null when unset. */
  openpgpPassphrase: string | null
}

/** Why the webhook test mode cannot run in production. */
export const WEBHOOK_TEST_MODE_IN_PRODUCTION =
  'WEBHOOK_ALLOW_LOOPBACK=1 is a test mode (webhooks to http:// and loopback receivers) and is refused with NODE_ENV=production.'

/**
 * An integer setting from `min` to `max`; unset or empty = `fallback`.
 * @throws When it is set to anything else.
 */
function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(env[name])}`)
  }
  return value
}

const HTTP_URL = /^https?:\/\/[^\s/]+(\/\S*)?$/i
const CONSENT_ID = /^[A-Za-z0-9._-]{1,100}$/

/**
 * Reads the site overrides: `COOKIE_CONSENT_ID` and `COOKIE_CONSENT_GOV_ID` (the cookie-consent
 * domain ids of the commercial and government sites; letters, digits, `.`, `_`, `-`),
 * `TRUST_STATUS_VM_URL` / `TRUST_STATUS_BRANCH_URL` (http(s) URLs of the two external status pages
 * in the Notifications dropdown), and the security contact and security.txt expiry
 * (`SECURITY_CONTACT`, `SECURITY_TXT_EXPIRES`, docs/operating/security-advisories.md#securitytxt).
 * Unset or empty values fall back to the `settings` table (the security ones to their defaults).
 *
 * @throws When a value is set but malformed.
 */
export function readSiteOverrides(env: NodeJS.ProcessEnv): SiteOverrides {
  const site: SiteOverrides = {}
  const pick = (name: string, pattern: RegExp, key: keyof SiteOverrides) => {
    const value = env[name]?.trim()
    if (!value) return
    if (!pattern.test(value)) throw new Error(`${name} is malformed, got ${JSON.stringify(env[name])}`)
    site[key] = value
  }
  pick('COOKIE_CONSENT_ID', CONSENT_ID, 'cookieConsentId')
  pick('COOKIE_CONSENT_GOV_ID', CONSENT_ID, 'cookieConsentGovId')
  pick('TRUST_STATUS_VM_URL', HTTP_URL, 'statusVmUrl')
  pick('TRUST_STATUS_BRANCH_URL', HTTP_URL, 'statusBranchUrl')
  const contact = env.SECURITY_CONTACT?.trim()
  if (contact) site.securityContact = securityContactUri(contact)
  const expires = env.SECURITY_TXT_EXPIRES?.trim()
  if (expires) {
    const time = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(expires) ? Date.parse(expires) : Number.NaN
    if (Number.isNaN(time)) {
      throw new Error(
        `SECURITY_TXT_EXPIRES must be an ISO 8601 date such as 2027-06-30 or 2027-06-30T00:00:00Z, got ${JSON.stringify(expires)}`,
      )
    }
    site.securityTxtExpires = new Date(time).toISOString()
  }
  return site
}

/**
 * `SECURITY_CONTACT` as a URI: an email address becomes `mailto:`; `mailto:`, `https:` and `tel:`
 * URIs are kept (RFC 9116 §2.5.3).
 *
 * @throws When it is neither.
 */
function securityContactUri(value: string): string {
  if (/^[^\s@:/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`
  if (/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+\S*|tel:\+?[0-9()\s.-]+)$/i.test(value)) return value
  throw new Error(
    `SECURITY_CONTACT must be an email address or a mailto:, https: or tel: URI where vulnerabilities are reported, such as psirt@example.com; got ${JSON.stringify(value)}`,
  )
}

/**
 * Reads the configuration from environment variables:
 * `PORT` (default 8080; 0 picks a free port), `HOST` (default `0.0.0.0`), `DATA_DIR` (default
 * `./data`), `STATIC_DIR` (default `./dist/site`), `TRUST_GOV` and `TRUST_DR` (`'1'` forces the
 * government / disaster-recovery variant on; otherwise the database's settings decide); the
cookie-consent ids and status pages of {@link readSiteOverrides}.
 * Relative paths are resolved against `cwd`. `TRUST_PROXY`: see {@link ServerConfig.trustProxy}.
 * `SCHEDULER_INTERVAL_MS` (default 15000, from 100 to 86400000) and `MAINTENANCE_REMINDER_MINUTES`
 * (default 60, from 0 = no reminders to 10080): the maintenance scheduler (`server/publishing/scheduler.ts`).
 * `PUBLIC_CACHE_SECONDS` (default 30, from 1 to 3600): shared freshness of public answers and the
 * shell's HTML; `RESPONSE_CACHE_BYTES` (default 67108864 = 64 MB; 0 turns the origin's response cache off).
 * `DATABASE_URL` (`postgres://user:password@host:5432/db`; unset = the SQLite file in `DATA_DIR`),
 * `DATABASE_POOL_MAX` (default 10, from 1 to 1000): docs/operating/scaling.md#scaling-out.
 * `WEBHOOK_ALLOW_LOOPBACK` (`1` = the webhook test mode: http:// and loopback receivers; refused in
 * production). `MAIL_CONCURRENCY` (default 20, from 1 to 200): mails in flight; `MAIL_RETENTION_DAYS`
 * (default 30, from 1 to 3650): how long sent mail is kept (docs/operating/scaling.md#notification-storm). `THIRD_PARTY_POLL_MS` (default
 * 60000, from 1000 to 86400000): time between two polls of a third-party page (docs/operating/console-and-desk.md#third-party-components). `NODE_ENV=production` selects the production mode;
 * the accounts settings are described at {@link readAccountsConfig}.
 *
 * @throws When `PORT` is not an integer from 0 to 65535, `SCHEDULER_INTERVAL_MS`,
 *   `MAINTENANCE_REMINDER_MINUTES`, `PUBLIC_CACHE_SECONDS`, `RESPONSE_CACHE_BYTES`, `DATABASE_POOL_MAX`,
 *   `MAIL_CONCURRENCY`, `MAIL_RETENTION_DAYS` or `THIRD_PARTY_POLL_MS` is out of range, when `DATABASE_URL` is set but not a `postgres://` URL, `SMTP_URL` or
 *   `MAIL_FROM` is malformed ({@link readAccountsConfig}), or in production without `PUBLIC_URL` or
 *   with `WEBHOOK_ALLOW_LOOPBACK=1`. Production without `SMTP_URL` starts (see {@link mailStartupWarning}).
 */
export function readConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): ServerConfig {
  const rawPort = env.PORT?.trim() || '8080'
  const port = Number(rawPort)
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(env.PORT)}`)
  }
  const variant: VariantOverride = {}
  if (env.TRUST_GOV === '1') variant.isGov = true
  if (env.TRUST_DR === '1') variant.isTrustDR = true
  const mode: Mode = env.NODE_ENV === 'production' ? 'production' : 'development'
  const accounts = readAccountsConfig(env, mode)
  if (mode === 'production' && accounts.publicUrl === null) throw new Error(PUBLIC_URL_REQUIRED)
  const databaseUrl = env.DATABASE_URL?.trim() || null
  if (databaseUrl !== null && !isPostgresUrl(databaseUrl)) throw new Error(DATABASE_URL_MALFORMED)
  const webhookAllowLoopback = env.WEBHOOK_ALLOW_LOOPBACK?.trim() === '1'
  if (webhookAllowLoopback && mode === 'production') throw new Error(WEBHOOK_TEST_MODE_IN_PRODUCTION)
  return {
    mode,
    accounts,
    trustProxy: env.TRUST_PROXY === '1' ? true : env.TRUST_PROXY?.trim() || false,
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: resolve(cwd, env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    databasePoolMax: integerSetting(env, 'DATABASE_POOL_MAX', 10, 1, 1000),
    staticDir: resolve(cwd, env.STATIC_DIR?.trim() || './dist/site'),
    ssrDir: resolve(cwd, env.SSR_DIR?.trim() || './dist/ssr'),
    variant,
    site: readSiteOverrides(env),
    schedulerIntervalMs: integerSetting(env, 'SCHEDULER_INTERVAL_MS', 15_000, 100, 86_400_000),
    maintenanceReminderMinutes: integerSetting(env, 'MAINTENANCE_REMINDER_MINUTES', 60, 0, 10_080),
    publicCacheSeconds: integerSetting(env, 'PUBLIC_CACHE_SECONDS', 30, 1, 3600),
    responseCacheBytes: integerSetting(env, 'RESPONSE_CACHE_BYTES', 64 * 1024 * 1024, 0, 8 * 1024 ** 3),
    webhookAllowLoopback,
    mailConcurrency: integerSetting(env, 'MAIL_CONCURRENCY', 20, 1, 200),
    mailRetentionDays: integerSetting(env, 'MAIL_RETENTION_DAYS', 30, 1, 3650),
    thirdPartyPollMs: integerSetting(env, 'THIRD_PARTY_POLL_MS', 60_000, 1000, 86_400_000),
    openpgpKeyFile: env.CSAF_OPENPGP_KEY_FILE?.trim() || null,
    openpgpPassphrase: env.CSAF_OPENPGP_PASSPHRASE || null,
  }
}
