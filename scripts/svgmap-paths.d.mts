/** Types of scripts/svgmap-paths.mjs (the drop-ins' shortened world) for TypeScript importers. */
export const MAP_PATH_PRECISION: number
export function mapPathsOf(source: string): Record<string, string> | undefined
export function shortenPath(d: string): string
export function shortenMapPaths(source: string): string
