/**
 * The provider's OpenPGP key (docs/operating/security-advisories.md#the-signing-key): an operator's
 * key is read and unlocked, a bad one refused in words; development generates one once and keeps
 * it; production without one signs nothing. Signatures verify with the openpgp library against the
 * published public key, and fail for other bytes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as openpgp from 'openpgp'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DEVELOPMENT_KEY_FILE, loadProviderKey, ProviderKeyError, readProviderKey } from '../../server/advisories/signing.js'

const test = suite('the provider key')

/** True when `signature` is a valid signature of `data` by `armoredPublicKey`. */
async function verifies(data: string, signature: string, armoredPublicKey: string): Promise<boolean> {
  const verification = await openpgp.verify({
    message: await openpgp.createMessage({ binary: new TextEncoder().encode(data) }),
    signature: await openpgp.readSignature({ armoredSignature: signature }),
    verificationKeys: await openpgp.readKey({ armoredKey: armoredPublicKey }),
  })
  return verification.signatures[0].verified.then(
    () => true,
    () => false,
  )
}

test('an operator key protected by a passphrase signs what a client verifies; other bytes fail', async () => {
  const { privateKey } = await openpgp.generateKey({
    type: 'ecc',
    userIDs: [{ name: 'Nimbus PSIRT', email: 'psirt@nimbusone.net' }],
    passphrase: 'correct horse battery staple',
    format: 'armored',
  })
  const key = await readProviderKey(privateKey, 'correct horse battery staple')
  assert.match(key.fingerprint, /^[0-9A-F]{40}$/)
  assert.is(key.userId, 'Nimbus PSIRT <psirt@nimbusone.net>')
  const document = '{"document":{"category":"csaf_security_advisory"}}'
  const signature = await key.sign(document)
  assert.match(signature, /^-----BEGIN PGP SIGNATURE-----/)
  assert.ok(await verifies(document, signature, key.armoredPublicKey), 'the signature verifies')
  assert.not.ok(await verifies(`${document} `, signature, key.armoredPublicKey), 'another document does not')
  assert.is((await openpgp.readKey({ armoredKey: key.armoredPublicKey })).getFingerprint().toUpperCase(), key.fingerprint)
  assert.not.match(key.armoredPublicKey, /PRIVATE KEY/)
})

test('a key the server cannot use is refused with a sentence saying what to do', async () => {
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: 'ecc',
    userIDs: [{ name: 'PSIRT', email: 'psirt@example.test' }],
    passphrase: 'secret passphrase',
    format: 'armored',
  })
  const refused = async (run: () => Promise<unknown>, message: RegExp) => {
    try {
      await run()
    } catch (error) {
      assert.instance(error, ProviderKeyError)
      assert.match((error as Error).message, message)
      return
    }
    assert.unreachable('refused')
  }
  await refused(() => readProviderKey('not a key'), /not an ASCII-armored OpenPGP private key.*gpg --armor --export-secret-keys/)
  await refused(() => readProviderKey(publicKey), /not an ASCII-armored OpenPGP private key/)
  await refused(() => readProviderKey(privateKey), /protected by a passphrase: set CSAF_OPENPGP_PASSPHRASE/)
  await refused(() => readProviderKey(privateKey, 'wrong'), /could not be unlocked: check CSAF_OPENPGP_PASSPHRASE/)
})

test('development keeps one generated key in the data directory; production without a key signs nothing', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trust-key-'))
  try {
    const first = await loadProviderKey({ production: false, dataDir: join(dataDir, 'data') })
    const again = await loadProviderKey({ production: false, dataDir: join(dataDir, 'data') })
    assert.ok(first && again)
    assert.is(again!.fingerprint, first!.fingerprint, 'the same key after a restart')
    assert.match(readFileSync(join(dataDir, 'data', DEVELOPMENT_KEY_FILE), 'utf8'), /PRIVATE KEY/)
    assert.is(await loadProviderKey({ production: true, dataDir }), null)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test.run()
