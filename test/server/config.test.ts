import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { MAIL_NOT_SENT, mailStartupWarning, readAccountsConfig, readConfig, SMTP_URL_MALFORMED } from '../../server/config.js'

const test = suite('server configuration from the environment')

const DEV_ACCOUNTS = {
  employeeDomains: ['auroraedge.example'],
  admin: { name: 'admin', mail: 'trust-admin@example.com', password: 'Admin12345' },
  seedViewer: true,
  smtpUrl: null,
  mailFrom: null,
  publicUrl: null,
  requireSecondFactor: false,
  sso: null,
}

test('defaults', () => {
  assert.equal(readConfig({}, '/srv/trust'), {
    mode: 'development',
    accounts: DEV_ACCOUNTS,
    trustProxy: false,
    port: 8080,
    host: '0.0.0.0',
    dataDir: '/srv/trust/data',
    databaseUrl: null,
    databasePoolMax: 10,
    staticDir: '/srv/trust/dist/site',
    ssrDir: '/srv/trust/dist/ssr',
    variant: {},
    site: {},
    schedulerIntervalMs: 15_000,
    maintenanceReminderMinutes: 60,
    publicCacheSeconds: 30,
    responseCacheBytes: 67_108_864,
    webhookAllowLoopback: false,
    mailConcurrency: 20,
    mailRetentionDays: 30,
    thirdPartyPollMs: 60_000,
    openpgpKeyFile: null,
    openpgpPassphrase: null,
  })
})

test('values from the environment; relative folders resolve against the working folder', () => {
  const config = readConfig(
    {
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: 'var/db',
      STATIC_DIR: '/opt/site',
      SSR_DIR: 'build/ssr',
      TRUST_GOV: '1',
      TRUST_DR: '1',
      MAIL_CONCURRENCY: '40',
      MAIL_RETENTION_DAYS: '7',
      THIRD_PARTY_POLL_MS: '300000',
      CSAF_OPENPGP_KEY_FILE: ' /etc/trust/csaf-key.asc ',
      CSAF_OPENPGP_PASSPHRASE: 'a long passphrase',
    },
    '/srv/trust',
  )
  assert.equal(config, {
    mode: 'development',
    accounts: DEV_ACCOUNTS,
    trustProxy: false,
    port: 3000,
    host: '127.0.0.1',
    dataDir: '/srv/trust/var/db',
    databaseUrl: null,
    databasePoolMax: 10,
    staticDir: '/opt/site',
    ssrDir: '/srv/trust/build/ssr',
    variant: { isGov: true, isTrustDR: true },
    site: {},
    schedulerIntervalMs: 15_000,
    maintenanceReminderMinutes: 60,
    publicCacheSeconds: 30,
    responseCacheBytes: 67_108_864,
    webhookAllowLoopback: false,
    mailConcurrency: 40,
    mailRetentionDays: 7,
    thirdPartyPollMs: 300_000,
    openpgpKeyFile: '/etc/trust/csaf-key.asc',
    openpgpPassphrase: 'a long passphrase',
  })
})

test('caching: PUBLIC_CACHE_SECONDS and RESPONSE_CACHE_BYTES, checked', () => {
  const config = readConfig({ PUBLIC_CACHE_SECONDS: '5', RESPONSE_CACHE_BYTES: '0' })
  assert.is(config.publicCacheSeconds, 5)
  assert.is(config.responseCacheBytes, 0)
  for (const bad of ['0', '-1', '3601', 'soon']) assert.throws(() => readConfig({ PUBLIC_CACHE_SECONDS: bad }), /PUBLIC_CACHE_SECONDS/, bad)
  assert.throws(() => readConfig({ RESPONSE_CACHE_BYTES: '1e6' }), /RESPONSE_CACHE_BYTES/)
})

test('the maintenance scheduler: SCHEDULER_INTERVAL_MS and MAINTENANCE_REMINDER_MINUTES, checked', () => {
  const config = readConfig({ SCHEDULER_INTERVAL_MS: '5000', MAINTENANCE_REMINDER_MINUTES: '0' })
  assert.is(config.schedulerIntervalMs, 5000)
  assert.is(config.maintenanceReminderMinutes, 0)
  assert.is(readConfig({ SCHEDULER_INTERVAL_MS: ' ', MAINTENANCE_REMINDER_MINUTES: '' }).schedulerIntervalMs, 15_000)
  for (const bad of ['0', '-5', '1.5', 'soon', '99999999999']) {
    assert.throws(() => readConfig({ SCHEDULER_INTERVAL_MS: bad }), /SCHEDULER_INTERVAL_MS/, bad)
  }
  for (const bad of ['-1', 'x', '10081']) {
    assert.throws(() => readConfig({ MAINTENANCE_REMINDER_MINUTES: bad }), /MAINTENANCE_REMINDER_MINUTES/, bad)
  }
})

test('DATABASE_URL selects PostgreSQL; anything but a postgres:// URL is refused; DATABASE_POOL_MAX checked', () => {
  const config = readConfig({ DATABASE_URL: ' postgres://trust:secret@db.internal:5432/trust ', DATABASE_POOL_MAX: '25' })
  assert.is(config.databaseUrl, 'postgres://trust:secret@db.internal:5432/trust')
  assert.is(config.databasePoolMax, 25)
  assert.is(readConfig({ DATABASE_URL: 'postgresql://db/trust' }).databaseUrl, 'postgresql://db/trust')
  assert.is(readConfig({ DATABASE_URL: '' }).databaseUrl, null)
  for (const bad of ['mysql://db/trust', '/var/lib/trust.sqlite', 'db.internal:5432']) {
    assert.throws(() => readConfig({ DATABASE_URL: bad }), /DATABASE_URL must be a PostgreSQL URL/, bad)
  }
  for (const bad of ['0', '1001', 'many']) assert.throws(() => readConfig({ DATABASE_POOL_MAX: bad }), /DATABASE_POOL_MAX/, bad)
})

test("only '1' switches a variant on; anything else leaves it to the database", () => {
  for (const value of ['0', 'true', 'yes', '']) {
    assert.equal(readConfig({ TRUST_GOV: value, TRUST_DR: value }).variant, {}, JSON.stringify(value))
  }
})

test('TRUST_REQUIRE_SECOND_FACTOR: on in production and never off there; off in development unless 1', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://trust.example' }
  assert.is(readConfig(production).accounts.requireSecondFactor, true)
  assert.is(readConfig({ ...production, TRUST_REQUIRE_SECOND_FACTOR: '1' }).accounts.requireSecondFactor, true)
  assert.throws(() => readConfig({ ...production, TRUST_REQUIRE_SECOND_FACTOR: '0' }), /refused with NODE_ENV=production/)
  assert.is(readConfig({}).accounts.requireSecondFactor, false)
  assert.is(readConfig({ TRUST_REQUIRE_SECOND_FACTOR: '1' }).accounts.requireSecondFactor, true)
  assert.throws(() => readConfig({ TRUST_REQUIRE_SECOND_FACTOR: 'yes' }), /must be 1 or 0/)
})

test('an invalid PORT is refused', () => {
  for (const port of ['http', '-1', '65536', '80.5']) {
    assert.throws(() => readConfig({ PORT: port }), /PORT/, port)
  }
  assert.is(readConfig({ PORT: '0' }).port, 0)
})

test('TRUST_PROXY: 1 trusts every proxy, a list trusts those addresses', () => {
  assert.is(readConfig({ TRUST_PROXY: '1' }).trustProxy, true)
  assert.is(readConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy, '10.0.0.0/8, 127.0.0.1')
  assert.is(readConfig({ TRUST_PROXY: '' }).trustProxy, false)
})

test('accounts: production creates the first admin only from TRUST_ADMIN_EMAIL and TRUST_ADMIN_PASSWORD and seeds no viewer', () => {
  const config = readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://trust.example' })
  assert.is(config.mode, 'production')
  assert.is(config.accounts.admin, null)
  assert.is(config.accounts.seedViewer, false)
  const withAdmin = readAccountsConfig({ TRUST_ADMIN_PASSWORD: 'S3cretPass', TRUST_ADMIN_EMAIL: 'Ops@Example.com' }, 'production')
  assert.equal(withAdmin.admin, { name: 'admin', mail: 'ops@example.com', password: 'S3cretPass' })
  // Only from both variables: no example address stands in for a missing TRUST_ADMIN_EMAIL.
  assert.is(readAccountsConfig({ TRUST_ADMIN_PASSWORD: 'S3cretPass' }, 'production').admin, null)
  assert.is(readAccountsConfig({ TRUST_ADMIN_EMAIL: 'ops@example.com' }, 'production').admin, null)
})

test('accounts: employee domains, SMTP, sender and public URL from the environment', () => {
  const config = readAccountsConfig(
    {
      TRUST_EMPLOYEE_DOMAINS: ' Corp.Example , ,staff.example',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Ops <ops@example.com>',
      PUBLIC_URL: 'https://trust.example/',
    },
    'development',
  )
  assert.equal(config.employeeDomains, ['corp.example', 'staff.example'])
  assert.is(config.smtpUrl, 'smtp://mail:25')
  assert.is(config.mailFrom, 'Ops <ops@example.com>')
  assert.is(config.publicUrl, 'https://trust.example')
  assert.equal(readAccountsConfig({ TRUST_EMPLOYEE_DOMAINS: '' }, 'development').employeeDomains, [])
  assert.throws(() => readAccountsConfig({ PUBLIC_URL: 'trust.example/path' }, 'development'), /PUBLIC_URL/)
})

test('accounts: no MAIL_FROM means the sender is derived (null), not a demo address', () => {
  for (const mode of ['development', 'production'] as const) {
    assert.is(readAccountsConfig({ PUBLIC_URL: 'https://status.nimbus.example' }, mode).mailFrom, null, mode)
    assert.is(readAccountsConfig({ MAIL_FROM: '  ' }, mode).mailFrom, null, mode)
  }
  assert.is(readAccountsConfig({ MAIL_FROM: 'alerts@nimbus.example' }, 'production').mailFrom, 'alerts@nimbus.example')
})

test('accounts: a malformed SMTP_URL or MAIL_FROM is refused, saying what is expected (never echoing the password)', () => {
  for (const url of ['smtps://user:pass@smtp.example.com:465', 'SMTP://mail:25/?pool=false']) {
    assert.is(readAccountsConfig({ SMTP_URL: url }, 'production').smtpUrl, url)
  }
  for (const bad of ['mail.example.com:25', 'https://user:s3cret@mail.example.com', 'smtp://']) {
    assert.throws(
      () => readAccountsConfig({ SMTP_URL: bad }, 'production'),
      (error: Error) => error.message === SMTP_URL_MALFORMED && !error.message.includes('s3cret'),
      bad,
    )
  }
  for (const bad of ['Nimbus Security', 'Nimbus <no-reply>', '<a@b.example']) {
    assert.throws(() => readAccountsConfig({ MAIL_FROM: bad }, 'production'), /MAIL_FROM must be an email address/, bad)
  }
})

test('production without SMTP_URL starts, with one line saying mail is not being sent; with SMTP_URL or in development nothing', () => {
  const production = readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://status.nimbus.example' })
  assert.is(mailStartupWarning(production), MAIL_NOT_SENT)
  assert.ok(!MAIL_NOT_SENT.includes('\n'), 'one line')
  assert.match(MAIL_NOT_SENT, /^Mail is not being sent: SMTP_URL is not set/)
  const withSmtp = readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://status.nimbus.example', SMTP_URL: 'smtp://mail:25' })
  assert.is(mailStartupWarning(withSmtp), null)
  assert.is(mailStartupWarning(readConfig({})), null)
})

test('cookie-consent ids and status pages from the environment; malformed values are refused', () => {
  assert.equal(
    readConfig({
      COOKIE_CONSENT_ID: ' abc-123 ',
      COOKIE_CONSENT_GOV_ID: 'gov_1',
      TRUST_STATUS_VM_URL: 'https://vm.example/status',
      TRUST_STATUS_BRANCH_URL: 'http://branch.example',
    }).site,
    {
      cookieConsentId: 'abc-123',
      cookieConsentGovId: 'gov_1',
      statusVmUrl: 'https://vm.example/status',
      statusBranchUrl: 'http://branch.example',
    },
  )
  assert.equal(readConfig({ COOKIE_CONSENT_ID: '' }).site, {})
  assert.throws(() => readConfig({ COOKIE_CONSENT_ID: '<script>' }), /COOKIE_CONSENT_ID/)
  assert.throws(() => readConfig({ TRUST_STATUS_VM_URL: 'javascript:alert(1)' }), /TRUST_STATUS_VM_URL/)
})

test.run()
