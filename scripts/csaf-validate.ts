/**
 * The BSI CSAF validator (`@secvisogram/csaf-validator-lib`) as the CSAF provider's tests run it:
 * the strict CSAF 2.0 schema, every mandatory test (6.1.x) and every recommended test (6.2.x).
 */
import * as mandatory from '@secvisogram/csaf-validator-lib/mandatoryTests.js'
import * as recommended from '@secvisogram/csaf-validator-lib/optionalTests.js'
import { csaf_2_0_strict } from '@secvisogram/csaf-validator-lib/schemaTests.js'
import validateStrict from '@secvisogram/csaf-validator-lib/validateStrict.js'

/** Every test of the validator this provider answers for: the strict schema, the mandatory and the recommended (6.2.x) tests. */
const VALIDATOR_TESTS = [csaf_2_0_strict, ...Object.values(mandatory), ...Object.values(recommended)]

/**
 * Whether a recommended test's warning does not apply: 6.2.3 (every affected product has a score)
 * on a vulnerability scored with CVSS v4.0 only, which CSAF 2.0 has no score field for (its vector
 * and score are a note; docs/decisions/0086-csaf-provider.md).
 */
function notApplicable(document: unknown, name: string, path: string): boolean {
  const at = /^\/vulnerabilities\/(\d+)\//.exec(path)
  if (name !== 'optionalTest_6_2_3' || !at) return false
  const vulnerabilities = (document as { vulnerabilities?: Array<{ scores?: unknown; notes: Array<{ title?: string }> }> }).vulnerabilities
  const vulnerability = vulnerabilities?.[Number(at[1])]
  if (!vulnerability) return false
  return !vulnerability.scores && vulnerability.notes.some((n: { title?: string }) => n.title === 'CVSS v4.0')
}

/**
 * Runs the BSI validator on `document`: whether it is valid, and its failures and the warnings that
 * apply, each as `test path: message`.
 */
export async function validateCsaf(document: unknown) {
  const result = await validateStrict(VALIDATOR_TESTS, document)
  const problems = result.tests.flatMap((r) =>
    [...r.errors, ...r.warnings.filter((w) => !notApplicable(document, r.name, w.instancePath))].map(
      (e) => `${r.name} ${e.instancePath}: ${e.message}`,
    ),
  )
  return { isValid: result.isValid, problems }
}
