// The kit's widget list, shared by the build (rollup.config.mjs), the manifest generator
// (scripts/manifest.ts) and the tests: a widget is a `widgets/<name>/` folder with a define.ts.
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's `widgets/` folder. */
export const WIDGETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'widgets')

/**
 * Names of the widgets that ship a definition and a drop-in script, sorted.
 *
 * @param {string} [widgetsDir] folder to read @default WIDGETS_DIR
 * @returns {string[]} folder names, e.g. `['cloud-picker', 'cloud-status', …]`
 */
export function widgetNames(widgetsDir = WIDGETS_DIR) {
  return readdirSync(widgetsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(widgetsDir, d.name, 'define.ts')))
    .map((d) => d.name)
    .sort()
}
