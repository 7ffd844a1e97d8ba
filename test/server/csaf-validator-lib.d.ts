/**
 * The parts of the BSI CSAF validator (`@secvisogram/csaf-validator-lib`, JavaScript without
 * declarations) that the CSAF provider's tests use, as its README describes them.
 */
declare module '@secvisogram/csaf-validator-lib/*' {
  /** One finding of a test: where in the document, and what. */
  interface Finding {
    message: string
    instancePath: string
  }
  /** A test of a document; its `name` is the test's identifier (`mandatoryTest_6_1_1`, …). */
  type DocumentTest = (doc: unknown) => unknown
  export const csaf_2_0_strict: DocumentTest
  /** The modules of tests export one function per test. */
  const tests: Record<string, DocumentTest>
  export = tests
}

declare module '@secvisogram/csaf-validator-lib/validateStrict.js' {
  interface Finding {
    message: string
    instancePath: string
  }
  /** Runs `tests` (the library's own only) on `doc`: valid when no test fails; each test's findings. */
  export default function validateStrict(
    tests: ReadonlyArray<(doc: unknown) => unknown>,
    doc: unknown,
  ): Promise<{
    isValid: boolean
    tests: Array<{ name: string; isValid: boolean; errors: Finding[]; warnings: Finding[]; infos: Finding[] }>
  }>
}
