/**
 * The CWE list of the BSI CSAF validator (`@secvisogram/csaf-validator-lib`, JavaScript without
 * declarations): MITRE's catalogue as the validator's mandatory test 6.1.11 checks names against.
 */
declare module '@secvisogram/csaf-validator-lib/cwe.js' {
  /** Every weakness: `id` `CWE-79`, `name` as the list writes it. */
  export const weaknesses: ReadonlyArray<{ id: string; name: string }>
}
