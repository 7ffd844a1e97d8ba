/**
 * Starts the trust site server. `npm start` runs the compiled copy, `node dist/server/server/main.js`
 * (built by `npm run build`); in development `node --import tsx server/main.ts` runs the source.
 * Environment: see `readConfig` in `./config.ts`. Set `LOG_LEVEL` (e.g. `info`) for request logs;
 * by default only warnings and errors are logged.
 *
 * Standard output gets the address line (and in production the administrator line); standard
 * error gets, in production without `SMTP_URL`, the one line saying mail is not being sent
 * (`mailStartupWarning`), and without `CSAF_OPENPGP_KEY_FILE` the line saying nothing is signed
 * (`UNSIGNED_PROVIDER_WARNING`), before the server listens.
 */
import { readFileSync } from 'node:fs'
import { UNSIGNED_PROVIDER_WARNING } from './advisories/signing.js'
import { buildApp } from './app.js'
import { mailStartupWarning, readConfig } from './config.js'

/** The armored key of `CSAF_OPENPGP_KEY_FILE`; exits with a sentence when it cannot be read. */
function readKeyFile(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    console.error(
      `CSAF_OPENPGP_KEY_FILE names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code}): give the path of the armored private key.`,
    )
    process.exit(1)
  }
}

const SHUTDOWN_TIMEOUT_MS = 10_000

async function main(): Promise<void> {
  const config = readConfig(process.env)
  const mailWarning = mailStartupWarning(config)
  if (mailWarning) console.error(mailWarning)
  const app = await buildApp({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl ?? undefined,
    databasePoolMax: config.databasePoolMax,
    staticDir: config.staticDir,
    ssrDir: config.ssrDir,
    logger: { level: process.env.LOG_LEVEL?.trim() || 'warn' },
    variant: config.variant,
    site: config.site,
    mode: config.mode,
    trustProxy: config.trustProxy,
    accounts: config.accounts,
    schedulerIntervalMs: config.schedulerIntervalMs,
    maintenanceReminderMinutes: config.maintenanceReminderMinutes,
    publicCacheSeconds: config.publicCacheSeconds,
    responseCacheBytes: config.responseCacheBytes,
    webhookAllowLoopback: config.webhookAllowLoopback,
    mailConcurrency: config.mailConcurrency,
    mailRetentionDays: config.mailRetentionDays,
    thirdPartyPollMs: config.thirdPartyPollMs,
    openpgpKey: config.openpgpKeyFile ? readKeyFile(config.openpgpKeyFile) : undefined,
    openpgpPassphrase: config.openpgpPassphrase ?? undefined,
  })
  if (config.mode === 'production' && !config.openpgpKeyFile) console.error(UNSIGNED_PROVIDER_WARNING)

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    // A second signal while closing means "now".
    if (stopping) process.exit(1)
    stopping = true
    app.log.info(`${signal} received, closing`)
    setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms, exiting.`)
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS).unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  console.log(`Trust site listening on http://localhost:${port}`)
  if (config.mode === 'production' && config.accounts.admin) {
    console.log(`Administrator ${config.accounts.admin.mail}: the admin console is ${config.accounts.publicUrl}/admin/dashboard`)
  } else if (config.mode === 'production') {
    console.log('No administrator created: set TRUST_ADMIN_EMAIL and TRUST_ADMIN_PASSWORD to create the first one.')
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
