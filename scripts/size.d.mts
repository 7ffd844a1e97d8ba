/** Types of scripts/size.mjs (the size-budget check) for the tests that import it. */
export interface SizeResult {
  name: string
  size: number
  sizeLimit: number
  passed: boolean
}
export function kb(bytes: number): string
export function sizeTable(results: SizeResult[], config: { name: string; path: string }[]): string
export function readmeBudgets(readme: string): Map<string, number> | null
