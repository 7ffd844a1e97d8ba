/** What route modules receive from the application. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify'
import type { Kysely } from 'kysely'
import type { ProviderKey } from '../advisories/signing.js'
import type { AccountsConfig, Mode } from '../config.js'
import type { Database } from '../db/schema.js'
import type { Mailer } from '../mail/outbox.js'
import type { UpstreamPoller } from '../upstream/poller.js'
import type { PollContext } from '../upstream/repo.js'
import type { WebhookWorker } from '../webhooks/deliver.js'
import type { WebhookUrlPolicy } from '../webhooks/ssrf.js'

/**
 * Variant flags forced by the deployment (docs/requirements/product.md Variants). An unset flag falls back to the
 * `settings` table.
 */
export interface VariantOverride {
  isGov?: boolean
  isTrustDR?: boolean
}

/**
 * Site settings forced by the deployment's environment (see `readSiteOverrides` in
 * `../config.ts`); an unset value falls back to the `settings` table.
 */
export interface SiteOverrides {
  /** `COOKIE_CONSENT_ID`: cookie-consent domain id of the commercial site. */
  cookieConsentId?: string
  /** `COOKIE_CONSENT_GOV_ID`: cookie-consent domain id of the government variant. */
  cookieConsentGovId?: string
  /** `TRUST_STATUS_VM_URL`: the vulnerability-management status page. */
  statusVmUrl?: string
  /** `TRUST_STATUS_BRANCH_URL`: the zero-trust-branch status page. */
  statusBranchUrl?: string
  /**
   * `SECURITY_CONTACT`: where to report vulnerabilities, a `mailto:`, `https:` or `tel:` URI
   * (security.txt's `Contact`, the CSAF publisher's contact details); unset = `mailto:security@{host}`.
   */
  securityContact?: string
  /** `SECURITY_TXT_EXPIRES`: security.txt's `Expires`, ISO 8601 UTC; unset = 180 days ahead (docs/operating/security-advisories.md#securitytxt). */
  securityTxtExpires?: string
}

/** Dependencies handed to every route module. */
export interface RouteDeps {
  /** The database (see `server/db/schema.ts`). */
  db: Kysely<Database>
  /** The current time; injectable so answers that depend on it can be tested. */
  now: () => Date
  variant: VariantOverride
  /** Site settings forced by the environment (cookie-consent ids, external status pages). */
  site?: SiteOverrides
  /** `'production'` or `'development'` (development adds the demo viewer and `/dev/mail`). */
  mode: Mode
  /** Accounts, sessions and mail settings. */
  accounts: AccountsConfig
  /**
   * Delivers the mail outbox and the webhook outbox; `kick()` after committing a transaction that
   * enqueued mail or webhook deliveries.
   */
  mailer: Mailer
  /** Webhook endpoints: the SSRF policy of their URLs, and the worker delivering them. */
  webhooks: { policy: WebhookUrlPolicy; worker: Pick<WebhookWorker, 'kick'> }
  /**
   * The server's reminder lead of maintenance, minutes (`MAINTENANCE_REMINDER_MINUTES`; 0 = none):
   * what the desk shows for a record without a lead of its own. Default 60.
   */
  reminderMinutes?: number
  /** Third-party pages: how they are polled, and the poller (docs/operating/console-and-desk.md#third-party-components). */
  upstream?: PollContext & { poller: Pick<UpstreamPoller, 'pollGroup'> }
  /**
   * The provider's OpenPGP key (`server/advisories/signing.ts`): signs CSAF documents and advisory
   * mails; `null` in production without `CSAF_OPENPGP_KEY_FILE` (nothing is signed).
   */
  provider?: ProviderKey | null
}

/**
 * The application as route modules see it: Fastify with the TypeBox type provider, so a route's
 * request types come from the schemas of `contract/` it declares, and its handler must return what
 * its response schema allows.
 */
export type TrustApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>
