/** Extensions worth compressing: text formats the site serves. */
export const COMPRESSIBLE: ReadonlySet<string>
/** Files smaller than this (bytes) are sent as they are. */
export const MIN_BYTES: number
/** Writes `{file}.br` and `{file}.gz` beside every compressible file of `dir` over {@link MIN_BYTES}; returns the counts and byte totals. */
export function compressDir(dir: string): { files: number; raw: number; br: number; gz: number }
