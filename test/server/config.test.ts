import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readConfig } from '../../server/config.js'

const test = suite('server configuration from the environment')

test('defaults', () => {
  assert.equal(readConfig({}, '/srv/trust'), {
    port: 8080,
    host: '0.0.0.0',
    dataDir: '/srv/trust/data',
    staticDir: '/srv/trust/dist/site',
    variant: {},
  })
})

test('values from the environment; relative folders resolve against the working folder', () => {
  const config = readConfig(
    { PORT: '3000', HOST: '127.0.0.1', DATA_DIR: 'var/db', STATIC_DIR: '/opt/site', TRUST_GOV: '1', TRUST_DR: '1' },
    '/srv/trust',
  )
  assert.equal(config, {
    port: 3000,
    host: '127.0.0.1',
    dataDir: '/srv/trust/var/db',
    staticDir: '/opt/site',
    variant: { isGov: true, isTrustDR: true },
  })
})

test("only '1' switches a variant on; anything else leaves it to the database", () => {
  for (const value of ['0', 'true', 'yes', '']) {
    assert.equal(readConfig({ TRUST_GOV: value, TRUST_DR: value }).variant, {}, JSON.stringify(value))
  }
})

test('an invalid PORT is refused', () => {
  for (const port of ['http', '-1', '65536', '80.5']) {
    assert.throws(() => readConfig({ PORT: port }), /PORT/, port)
  }
  assert.is(readConfig({ PORT: '0' }).port, 0)
})

test.run()
