// The e2e stage on a fresh machine (test/e2e/chromium.ts): a missing Chromium is installed when
// running as root with apt-get, else the stage stops with one line naming the command to run.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  ASK_COMMAND,
  chromiumAction,
  chromiumPath,
  DEFAULT_CHROMIUM,
  ensureChromium,
  INSTALL_COMMAND,
  onPath,
  type ChromiumDeps,
} from '../e2e/chromium'

test('chromiumAction: launch when present; install as root with apt-get; ask otherwise', () => {
  for (const isRoot of [true, false]) {
    for (const hasAptGet of [true, false]) {
      assert.is(chromiumAction({ exists: true, isRoot, hasAptGet }), 'launch', `present, root=${isRoot} apt=${hasAptGet}`)
    }
  }
  assert.is(chromiumAction({ exists: false, isRoot: true, hasAptGet: true }), 'install')
  assert.is(chromiumAction({ exists: false, isRoot: true, hasAptGet: false }), 'ask')
  assert.is(chromiumAction({ exists: false, isRoot: false, hasAptGet: true }), 'ask')
  assert.is(chromiumAction({ exists: false, isRoot: false, hasAptGet: false }), 'ask')
})

test('the commands and the default path', () => {
  assert.is(INSTALL_COMMAND, 'apt-get update && apt-get install -y chromium')
  assert.is(ASK_COMMAND, 'sudo apt-get install -y chromium')
  assert.is(chromiumPath({}), DEFAULT_CHROMIUM)
  assert.is(chromiumPath({ CHROMIUM_PATH: '/opt/chromium/chrome' }), '/opt/chromium/chrome')
  assert.ok(onPath('sh', '/nowhere:/bin:/usr/bin'))
  assert.not.ok(onPath('sh', '/nowhere'))
})

/** A fake machine: which paths exist, who runs, what got printed and installed. */
function machine(options: { exists: boolean; isRoot: boolean; hasAptGet: boolean; installWorks?: boolean; path?: string }) {
  const files = new Set(options.exists ? [options.path ?? DEFAULT_CHROMIUM] : [])
  const lines: string[] = []
  let installs = 0
  const deps: Partial<ChromiumDeps> = {
    path: options.path ?? DEFAULT_CHROMIUM,
    exists: (p) => files.has(p),
    isRoot: options.isRoot,
    hasAptGet: options.hasAptGet,
    install: () => {
      installs++
      if (options.installWorks === false) return { ok: false, detail: 'E: Unable to locate package chromium' }
      files.add(DEFAULT_CHROMIUM)
      return { ok: true }
    },
    log: (line) => lines.push(line),
  }
  return { deps, lines, installs: () => installs }
}

test('ensureChromium: present → launches silently', () => {
  const m = machine({ exists: true, isRoot: false, hasAptGet: false })
  assert.ok(ensureChromium(m.deps))
  assert.equal(m.lines, [])
  assert.is(m.installs(), 0)
})

test('ensureChromium: missing, root with apt-get → one line says so, installs, launches', () => {
  const m = machine({ exists: false, isRoot: true, hasAptGet: true })
  assert.ok(ensureChromium(m.deps))
  assert.is(m.installs(), 1)
  assert.is(m.lines.length, 1)
  assert.match(m.lines[0], 'installing it now')
  assert.match(m.lines[0], INSTALL_COMMAND)
})

test('ensureChromium: missing, not root or no apt-get → exactly one line naming the command, no install', () => {
  for (const [isRoot, hasAptGet] of [
    [false, true],
    [false, false],
    [true, false],
  ]) {
    const m = machine({ exists: false, isRoot, hasAptGet })
    assert.not.ok(ensureChromium(m.deps))
    assert.is(m.installs(), 0)
    assert.is(m.lines.length, 1, `root=${isRoot} apt=${hasAptGet}`)
    assert.match(m.lines[0], `\`${ASK_COMMAND}\``)
    assert.not.match(m.lines[0], '\n')
    assert.not.match(m.lines[0], /\bat \S+:\d+/, 'no stack trace')
  }
})

test('ensureChromium: a failed install ends with the line naming the command', () => {
  const m = machine({ exists: false, isRoot: true, hasAptGet: true, installWorks: false })
  assert.not.ok(ensureChromium(m.deps))
  assert.is(m.installs(), 1)
  assert.is(m.lines.length, 2)
  assert.match(m.lines[1], 'Unable to locate package chromium')
  assert.match(m.lines[1], ASK_COMMAND)
})

test('ensureChromium: a CHROMIUM_PATH that does not exist is reported, not installed over', () => {
  const m = machine({ exists: false, isRoot: true, hasAptGet: true, path: '/opt/nope/chrome' })
  assert.not.ok(ensureChromium(m.deps))
  assert.is(m.installs(), 0)
  assert.is(m.lines.length, 1)
  assert.match(m.lines[0], 'CHROMIUM_PATH=/opt/nope/chrome')
})

test.run()
