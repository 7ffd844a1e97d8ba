/**
 * The demo vendor's advisories through the CSAF provider (docs/operating/security-advisories.md#the-csaf-provider):
 * a development start seeds them, generates the development key into its data directory, and
 * serves every advisory as a signed CSAF document that passes the BSI validator.
 */
import * as openpgp from 'openpgp'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startApp, type TestApp } from './helpers.js'
import { validateCsaf } from '../../scripts/csaf-validate.js'

const test = suite('CSAF provider on the demo: the seeded advisories, validated and signed')
const PUBLIC_URL = 'https://status.nimbus.example'
let t: TestApp

test.before(async () => {
  t = await startApp({ accounts: { publicUrl: PUBLIC_URL } })
})
test.after(async () => {
  await t?.close()
})

test('every seeded advisory with security details is a valid, signed document', async () => {
  const [{ n }] = await t.query<{ n: number }>('select count(*) as n from advisory_details')
  const index = await t.app.inject('/.well-known/csaf/white/index.txt')
  assert.is(index.statusCode, 200)
  const paths = index.body.split('\n').filter(Boolean)
  assert.is(paths.length, Number(n), 'one document per advisory with details')
  assert.ok(paths.length > 0, 'the demo has advisories with security details')
  const metadata = JSON.parse((await t.app.inject('/.well-known/csaf/provider-metadata.json')).body)
  assert.is(metadata.role, 'csaf_trusted_provider')
  const key = await openpgp.readKey({ armoredKey: (await t.app.inject(metadata.public_openpgp_keys[0].url.replace(PUBLIC_URL, ''))).body })
  for (const path of paths) {
    const res = await t.app.inject(`/.well-known/csaf/white/${path}`)
    const { problems } = await validateCsaf(JSON.parse(res.body))
    assert.equal(problems, [], path)
    const signature = await openpgp.readSignature({ armoredSignature: (await t.app.inject(`/.well-known/csaf/white/${path}.asc`)).body })
    const message = await openpgp.createMessage({ binary: new TextEncoder().encode(res.body) })
    const { signatures } = await openpgp.verify({ message, signature, verificationKeys: key })
    assert.ok(await signatures[0].verified, path)
  }
})

test.run()
