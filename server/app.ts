/**
 * The reference backend: the API contract (`contract/`, docs/requirements/calls.md) over an embedded
 * SQLite database, plus the built site with a fallback for client-side routes — on one port.
 */
import compress from '@fastify/compress'
import zlib from 'node:zlib'
import cookie from '@fastify/cookie'
import etag from '@fastify/etag'
import Fastify, { type FastifyInstance } from 'fastify'
import { mkdirSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { registerConsoleTokens } from './accounts/console-token.js'
import { registerSessionHook } from './accounts/sessions.js'
import { ensureDemoAccounts } from './accounts/users.js'
import { loadProviderKey } from './advisories/signing.js'
import {
  PUBLIC_URL_REQUIRED,
  readAccountsConfig,
  SECOND_FACTOR_IN_PRODUCTION,
  WEBHOOK_TEST_MODE_IN_PRODUCTION,
  type AccountsConfig,
  type Mode,
} from './config.js'
import { installChangeNotifications, watchChanges } from './db/changes.js'
import { DATABASE_FILE, migrateToLatest, openDatabase, withStartupLock } from './db/connection.js'
import { syncIdentitySequences } from './db/dialect.js'
import { registerCrossSiteGuard } from './http/cross-site.js'
import { registerErrorHandler } from './http/errors.js'
import { DEFAULT_PUBLIC_CACHE_SECONDS, PUBLIC_PAGE, registerPublicApiPolicy } from './http/public-api.js'
import { registerResponseCache, type ResponseCache } from './http/response-cache.js'
import { registerOpenApi } from './http/openapi.js'
import { registerSecurityHeaders } from './http/security-headers.js'
import { registerStaticSite, wantsShell } from './http/static-site.js'
import { createMailer, type Mailer } from './mail/outbox.js'
import { createFanout, type Fanout } from './publishing/fanout.js'
import { runAlertPass } from './alerts/incidents.js'
import { DEFAULT_REMINDER_MINUTES, DEFAULT_SCHEDULER_INTERVAL_MS, type Scheduler, startScheduler } from './publishing/scheduler.js'
import type { SiteOverrides, VariantOverride } from './routes/deps.js'
import { registerApiRoutes } from './routes/index.js'
import { seedIfEmpty } from './seed/index.js'
import { seedDemoAdvisoriesIfEmpty } from './seed/advisories.js'
import { seedListRecordsIfEmpty } from './seed/lists.js'
import { ensureSubscriptionTopics } from './subscriptions/topics.js'
import { extendRecords, seedStatusIfEmpty } from './seed/records.js'
import { extendTraffic } from './seed/traffic.js'
import { createUpstreamPoller, type UpstreamPoller } from './upstream/poller.js'
import { DEFAULT_UPSTREAM_INTERVAL_MS } from './upstream/repo.js'
import { createWebhookWorker, type WebhookWorker } from './webhooks/deliver.js'
import type { Resolver, WebhookUrlPolicy } from './webhooks/ssrf.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook outbox's worker (`server/webhooks/deliver.ts`); tests run its passes. */
    webhooks: WebhookWorker
    /**
     * Telling subscribers: `flush()` expands every running fan-out job (`server/publishing/fanout.ts`)
     * and then delivers both outboxes; tests wait on it.
     */
    notifications: Mailer
    /** The fan-out of record events to their subscribers (`server/publishing/fanout.ts`); tests wait on `flush()`. */
    fanout: Fanout
    /** The third-party poller (`server/upstream/poller.ts`); tests call `pollNow()` after moving the clock. */
    upstream: UpstreamPoller
    /** The maintenance scheduler with the alert grace pass (`server/publishing/scheduler.ts`); tests run `pass()` after moving the clock. */
    scheduler: Pick<Scheduler, 'pass'>
  }
}

export interface BuildAppOptions {
  /** Folder of the database file `trust.sqlite`; created when missing (unused with `databaseUrl`). */
  dataDir: string
  /**
   * `DATABASE_URL`: a `postgres://` (or `postgresql://`) URL selects PostgreSQL instead of the SQLite
   * file in `dataDir` (see `server/db/connection.ts`).
   */
  databaseUrl?: string
  /** `DATABASE_POOL_MAX`: most PostgreSQL connections of this process (default 10). */
  databasePoolMax?: number
  /** The built site (`index.html`, `/assets/`, `/widgets/`); without it HTML navigations answer 503. */
  staticDir?: string
  /**
   * The server build of the shell (`dist/ssr`, `shell/server-render.tsx`): page navigations answer
   * `index.html` with the page rendered into it (`http/page-render.ts`). Without it, or before it is
   * built, they answer `index.html` as it is and the browser renders the page.
   */
  ssrDir?: string
  /** Fastify's request logging: `true`, `false` (default) or a level such as `{ level: 'warn' }`. */
  logger?: boolean | { level: string }
  /** The clock; the seed and the speedometer are relative to it. Default: the system clock. */
  now?: () => Date
  /** Variant flags forced by the deployment; unset flags come from the `settings` table. */
  variant?: VariantOverride
  /** Site settings forced by the environment (cookie-consent ids, status pages); unset ones come from `settings`. */
  site?: SiteOverrides
  /** Fastify's `trustProxy` (see `ServerConfig.trustProxy`); default `false`. */
  trustProxy?: boolean | string
  /** Default `'development'`: adds the demo viewer and the `/dev/mail` pages. */
  mode?: Mode
  /**
   * Accounts and mail settings; missing ones take the defaults of `readAccountsConfig({}, mode)`
   * (development: admin `admin` / `trust-admin@example.com` / `Admin12345`, demo viewer, JSON mail
   * transport).
   */
  accounts?: Partial<AccountsConfig>
  /**
   * Time between two passes of the maintenance scheduler, ms (`SCHEDULER_INTERVAL_MS`); default
   * 15 000. A pass also runs at start-up (see `server/publishing/scheduler.ts`).
   */
  schedulerIntervalMs?: number
  /**
   * Minutes before a maintenance window's start that its reminder is mailed
   * (`MAINTENANCE_REMINDER_MINUTES`); default 60, 0 = no reminders.
   */
  maintenanceReminderMinutes?: number
  /**
   * Shared freshness of public answers, seconds (`PUBLIC_CACHE_SECONDS`, default 30): the
   * `s-maxage` and `stale-while-revalidate` of public GETs and the shell's HTML, and the life of
   * the origin's response cache entries (`server/http/public-api.ts`, `server/http/response-cache.ts`).
   */
  publicCacheSeconds?: number
  /** Bound of the origin's response cache, bytes (`RESPONSE_CACHE_BYTES`, default 64 MB). */
  responseCacheBytes?: number
  /** The time the response cache's entries age by, ms (default `Date.now`); tests move it instead of waiting. */
  responseCacheClock?: () => number
  /**
   * Least time between two fetches of the console's JWKS for an unknown key id, ms (default 30 000;
   * `server/accounts/console-token.ts`). Tests lower it to see a rotated key without waiting.
   */
  consoleTokenJwksCooldownMs?: number
  /**
   * The webhook test mode (`WEBHOOK_ALLOW_LOOPBACK=1`): endpoints may be `http://` and loopback
   * receivers (`server/webhooks/ssrf.ts`). Refused in production.
   */
  webhookAllowLoopback?: boolean
  /** Resolves webhook hosts (default `dns.lookup`, every address); tests inject one. */
  webhookResolver?: Resolver
  /** Mails in flight at once (`MAIL_CONCURRENCY`, default 20; `server/mail/outbox.ts`). */
  mailConcurrency?: number
  /** Days sent mail is kept (`MAIL_RETENTION_DAYS`, default 30). */
  mailRetentionDays?: number
  /** Users per fan-out chunk (default `FANOUT_CHUNK` of the database; `server/publishing/fanout.ts`). */
  fanoutChunk?: number
  /**
   * Time between two polls of a third-party page, ms (`THIRD_PARTY_POLL_MS`, default 60 000;
   * docs/operating/console-and-desk.md#third-party-components). Its requests obey the webhooks' SSRF policy (`webhookAllowLoopback`).
   */
  thirdPartyPollMs?: number
  /**
   * The provider's armored OpenPGP private key (`CSAF_OPENPGP_KEY_FILE`'s content): signs CSAF
   * documents and advisory mails. Without one, development sites generate a key into `dataDir`;
   * production sites sign nothing (`server/advisories/signing.ts`).
   */
  openpgpKey?: string
  /** The passphrase of {@link BuildAppOptions.openpgpKey} when it is protected (`CSAF_OPENPGP_PASSPHRASE`). */
  openpgpPassphrase?: string
}

/**
 * Builds the server without listening: opens (creating) `${dataDir}/trust.sqlite` in WAL mode,
 * applies pending migrations (they create the reference data publishing needs: record statuses,
 * the spec's severities), outside production seeds the demo into an empty database (and the status
 * data and the list records of one created before they existed), adds the subscription topics when missing (also in production), fills the demo traffic up to yesterday and the demo record history up to the day
 * before yesterday, creates the demo accounts when missing (see `ensureDemoAccounts`), starts the
 * mail outbox, the webhook outbox and the maintenance scheduler (one catch-up pass before it returns, then one every
 * `schedulerIntervalMs`; `server/publishing/scheduler.ts`), and registers the HTTP policies (cookies, cross-site guard, sessions,
 * compression, the public caching policy and the response cache), the API routes and the static site. Closing the instance stops the scheduler, the mailer and the webhook worker (`server/webhooks/deliver.ts`) and closes the database.
 *
 * @example
 * const app = await buildApp({ dataDir: './data', staticDir: './dist/site' })
 * await app.listen({ port: 8080 })
 *
 * @throws In production without `accounts.publicUrl` (`PUBLIC_URL`) or with `webhookAllowLoopback`; when the database cannot be opened or a migration or the seed fails (the database is
 *   closed again before the error propagates).
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const now = opts.now ?? (() => new Date())
  const mode = opts.mode ?? 'development'
  const accounts: AccountsConfig = { ...readAccountsConfig({}, mode), ...opts.accounts }
  if (mode === 'production' && !accounts.publicUrl) throw new Error(PUBLIC_URL_REQUIRED)
  if (mode === 'production' && opts.webhookAllowLoopback) throw new Error(WEBHOOK_TEST_MODE_IN_PRODUCTION)
  if (mode === 'production' && !accounts.requireSecondFactor) throw new Error(SECOND_FACTOR_IN_PRODUCTION)
  const webhookPolicy: WebhookUrlPolicy = {
    httpsOnly: mode === 'production',
    allowLoopback: opts.webhookAllowLoopback === true,
    resolve: opts.webhookResolver,
  }
  if (!opts.databaseUrl) mkdirSync(opts.dataDir, { recursive: true })
  const provider = await loadProviderKey({
    armoredKey: opts.openpgpKey,
    passphrase: opts.openpgpPassphrase,
    production: mode === 'production',
    dataDir: opts.dataDir,
  })
  const location = opts.databaseUrl || join(opts.dataDir, DATABASE_FILE)
  const db = openDatabase(location, { poolMax: opts.databasePoolMax })
  let scheduler: Scheduler | undefined
  let webhooks: WebhookWorker | undefined
  let poller: UpstreamPoller | undefined
  let changes: Awaited<ReturnType<typeof watchChanges>> | undefined

  try {
    // Several origins starting together on one PostgreSQL database take turns here: the first
    // migrates and seeds, the others find it done.
    await withStartupLock(db, async () => {
      await migrateToLatest(db)
      // Production seeds nothing of the demo vendor: the operator's own catalogue comes in through
      // `npm run catalog -- import`; until then the site says it is not configured yet.
      if (mode !== 'production') {
        await seedIfEmpty(db, now())
        await seedStatusIfEmpty(db, now())
        await seedListRecordsIfEmpty(db, now())
        await seedDemoAdvisoriesIfEmpty(db, now())
        await extendRecords(db, now())
        await extendTraffic(db, now())
      }
      await ensureSubscriptionTopics(db)
      await ensureDemoAccounts(db, accounts, now().getTime())
      await syncIdentitySequences(db)
      await installChangeNotifications(db)
    })

    const cacheSeconds = opts.publicCacheSeconds ?? DEFAULT_PUBLIC_CACHE_SECONDS
    // Cache hits are answered by the HTTP server's handler before Fastify routes the request
    // (`ResponseCache.serve`): memory only, no hook, no database.
    let responseCache: ResponseCache | undefined
    const app = Fastify({
      logger: opts.logger ?? false,
      trustProxy: opts.trustProxy ?? false,
      serverFactory: (handler) =>
        createServer((req: IncomingMessage, res: ServerResponse) => {
          if (!responseCache?.serve(req, res)) handler(req, res)
        }),
    })
    const smtpMailer = createMailer({
      db,
      smtpUrl: accounts.smtpUrl,
      mailFrom: accounts.mailFrom,
      publicUrl: accounts.publicUrl,
      mode,
      now,
      log: app.log,
      concurrency: opts.mailConcurrency,
      retentionDays: opts.mailRetentionDays,
      provider,
    })
    // Links in mail made outside a request use PUBLIC_URL, else the listening server's own
    // address (development).
    const publicUrl = () => {
      if (accounts.publicUrl) return accounts.publicUrl
      const address = app.server.address()
      return address && typeof address === 'object' ? `http://localhost:${address.port}` : 'http://localhost'
    }
    // The webhook outbox (`server/webhooks/deliver.ts`): filled with the mail of record events;
    // disabling an endpoint mails its owner.
    const hooks = createWebhookWorker({ db, now, policy: webhookPolicy, publicUrl, onMail: () => smtpMailer.kick(), log: app.log })
    webhooks = hooks
    app.decorate('webhooks', hooks)
    // A record event's transaction commits a fan-out job; the fan-out enqueues its mail and webhook
    // deliveries chunk by chunk and kicks both outboxes after each chunk.
    const fanout = createFanout({
      db,
      now,
      publicUrl,
      chunk: opts.fanoutChunk,
      signer: provider?.fingerprint ?? null,
      onEnqueued: () => {
        smtpMailer.kick()
        hooks.kick()
      },
      log: app.log,
    })
    // What callers kick after a record event (or any mail): the fan-out and both outboxes.
    const mailer: Mailer = {
      kick: () => {
        fanout.kick()
        smtpMailer.kick()
        hooks.kick()
      },
      flush: async () => {
        await fanout.flush()
        await Promise.all([smtpMailer.flush(), hooks.flush()])
      },
      close: async () => {
        await fanout.close()
        await Promise.all([smtpMailer.close(), hooks.close()])
      },
    }
    app.decorate('notifications', mailer)
    app.decorate('fanout', fanout)
    // Maintenance that moves by itself (also in production).
    scheduler = startScheduler({
      db,
      now,
      mailer,
      intervalMs: opts.schedulerIntervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS,
      reminderMinutes: opts.maintenanceReminderMinutes ?? DEFAULT_REMINDER_MINUTES,
      log: app.log,
      // A maintenance window moved: public answers show it at once.
      onChange: () => responseCache?.clear(),
      // Alert incidents whose grace period ended (docs/operating/alertmanager.md).
      alsoEachPass: async (at) => (await runAlertPass(db, at)).records > 0,
    })
    const running = scheduler
    app.decorate('scheduler', { pass: () => running.pass() })
    // Third-party pages (`server/upstream/`): polled in this process; a change clears the public answers.
    const upstreamContext = { policy: webhookPolicy, intervalMs: opts.thirdPartyPollMs ?? DEFAULT_UPSTREAM_INTERVAL_MS, publicUrl }
    const upstream = createUpstreamPoller({
      db,
      now,
      ...upstreamContext,
      onChange: () => responseCache?.clear(),
      onMail: () => smtpMailer.kick(),
      log: app.log,
    })
    poller = upstream
    app.decorate('upstream', upstream)
    // Writes by another process (another origin, `npm run catalog -- import`,
    // `npm run publish:record`) empty the response cache within a second, and mail they enqueue
    // goes out at once (`server/db/changes.ts`).
    changes = await watchChanges(db, location, {
      onChange: () => responseCache?.clear(),
      onMail: () => mailer.kick(),
      log: app.log,
    })
    const watching = changes
    app.addHook('onClose', async () => {
      await watching.close()
      await running.stop()
      await upstream.close()
      await mailer.close()
      await db.destroy()
    })
    // Catch-up: what came due while the server was down happens now, once.
    await scheduler.pass()
    // Mail left pending by a previous run (a crash, or rows queued by `npm run publish:record`)
    // goes out at once instead of at the first interval.
    mailer.kick()

    registerErrorHandler(app)
    registerSecurityHeaders(app)
    await app.register(cookie)
    registerCrossSiteGuard(app)
    registerSessionHook(app, db, now, accounts.requireSecondFactor)
    // Console tokens on public reads (docs/operating/console-tokens.md): customer groups, or a problem header.
    registerConsoleTokens(app, { db, now, publicUrl: accounts.publicUrl, jwksCooldownMs: opts.consoleTokenJwksCooldownMs })
    await app.register(etag)
    // After the ETag (it hashes the plain answer): answers over 1 KB are compressed for clients that
    // accept it (brotli at quality 4, cheap enough per request; gzip), with `Vary: Accept-Encoding`.
    // Built files have their .br / .gz beside them (`scripts/compress.mjs`), served as they are.
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    })
    registerPublicApiPolicy(app, cacheSeconds)
    responseCache = registerResponseCache(app, {
      cacheSeconds,
      maxBytes: opts.responseCacheBytes,
      clock: opts.responseCacheClock,
      pagePolicy: (request) => (wantsShell(request) ? PUBLIC_PAGE : undefined),
    })
    // Before the routes: the generator collects each route's schemas as it is added.
    await registerOpenApi(app)
    registerApiRoutes(app, {
      db,
      now,
      variant: opts.variant ?? {},
      site: opts.site ?? {},
      mode,
      accounts,
      mailer,
      webhooks: { policy: webhookPolicy, worker: hooks },
      reminderMinutes: opts.maintenanceReminderMinutes ?? DEFAULT_REMINDER_MINUTES,
      upstream: { ...upstreamContext, poller: upstream },
      provider,
    })
    await registerStaticSite(app, opts.staticDir, cacheSeconds, { publicUrl: accounts.publicUrl, ssrDir: opts.ssrDir })
    return app
  } catch (error) {
    await changes?.close()
    await scheduler?.stop()
    await poller?.close()
    await webhooks?.close()
    await db.destroy()
    throw error
  }
}
