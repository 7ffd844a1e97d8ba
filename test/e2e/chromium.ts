/**
 * The e2e stage's browser on a fresh machine: Debian's Chromium at /usr/bin/chromium (or
 * `CHROMIUM_PATH`). When it is missing the stage either installs it (running as root with
 * apt-get: one line says so) or stops with one line naming the command to run — never a
 * playwright stack trace. The decision is {@link chromiumAction}, a pure function the unit tests
 * check; {@link ensureChromium} carries it out with injectable effects.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Where Debian's `chromium` package puts the browser. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium'

/** The flags every run here starts Chromium with (headless, no sandbox, no GPU, no QUIC, nothing fetched in the background). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** What a root shell with apt-get runs to install Chromium. */
export const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium'

/** What anyone else is told to run. */
export const ASK_COMMAND = 'sudo apt-get install -y chromium'

/** The browser the e2e tests launch: `CHROMIUM_PATH`, else {@link DEFAULT_CHROMIUM}. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM
}

/** What the e2e stage does about its browser. */
export type ChromiumAction = 'launch' | 'install' | 'ask'

/**
 * Chooses what to do about the browser: `launch` it when it exists; else `install` it when
 * running as root where apt-get exists; else `ask` the user to install it.
 */
export function chromiumAction({ exists, isRoot, hasAptGet }: { exists: boolean; isRoot: boolean; hasAptGet: boolean }): ChromiumAction {
  if (exists) return 'launch'
  return isRoot && hasAptGet ? 'install' : 'ask'
}

/** Whether `command` is an executable file in one of `PATH`'s folders. */
export function onPath(command: string, path = process.env.PATH ?? ''): boolean {
  return path.split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)))
}

/** The effects {@link ensureChromium} uses; the defaults are the real ones. */
export interface ChromiumDeps {
  path: string
  exists: (path: string) => boolean
  isRoot: boolean
  hasAptGet: boolean
  /** Runs {@link INSTALL_COMMAND}; `detail` is the last line of its error output on failure. */
  install: () => { ok: boolean; detail?: string }
  /** Prints one line. */
  log: (line: string) => void
}

function runInstall(): { ok: boolean; detail?: string } {
  const result = spawnSync('sh', ['-c', INSTALL_COMMAND], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status === 0) return { ok: true }
  const lines = String(result.stderr ?? '')
    .trim()
    .split('\n')
    .filter(Boolean)
  return { ok: false, detail: lines[lines.length - 1] ?? result.error?.message ?? `exit code ${result.status}` }
}

const defaults = (): ChromiumDeps => ({
  path: chromiumPath(),
  exists: existsSync,
  isRoot: process.getuid?.() === 0,
  hasAptGet: onPath('apt-get'),
  install: runInstall,
  log: (line) => console.log(line),
})

/**
 * Makes sure the e2e browser exists, installing it when {@link chromiumAction} says so.
 *
 * @returns true when the browser is there to launch; false after printing the one line that
 * says what to run (the e2e stage then fails, counted as one failure by test/run.mjs)
 */
export function ensureChromium(overrides: Partial<ChromiumDeps> = {}): boolean {
  const deps = { ...defaults(), ...overrides }
  const action = chromiumAction({ exists: deps.exists(deps.path), isRoot: deps.isRoot, hasAptGet: deps.hasAptGet })
  if (action === 'launch') return true
  if (deps.path !== DEFAULT_CHROMIUM) {
    // apt-get would not put it there: the setting is wrong, not the machine.
    deps.log(`e2e: CHROMIUM_PATH=${deps.path} does not exist; point it at a Chromium binary, or unset it and run \`${ASK_COMMAND}\`.`)
    return false
  }
  if (action === 'install') {
    deps.log(`e2e: Chromium is missing at ${deps.path}; installing it now (${INSTALL_COMMAND}).`)
    const { ok, detail } = deps.install()
    if (ok && deps.exists(deps.path)) return true
    deps.log(`e2e: installing Chromium failed (${detail ?? `still no ${deps.path}`}); run \`${ASK_COMMAND}\`, then the tests again.`)
    return false
  }
  deps.log(`e2e: Chromium is missing at ${deps.path}; run \`${ASK_COMMAND}\`, then the tests again.`)
  return false
}
