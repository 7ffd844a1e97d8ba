/**
 * A real CDN for the e2e tests: Debian's nginx as a child process, running the README's reference
 * configuration (examples/cdn/nginx.conf) with only its upstream, listen address and file paths
 * replaced ({@link testConfig}), in a throw-away prefix directory that holds the cache, the temp
 * files, the logs and the pid file. {@link startNginx} waits until it accepts connections;
 * `stop()` ends it (SIGQUIT, then SIGTERM, then SIGKILL) and removes the directory.
 *
 * When nginx is not installed, {@link findNginx} returns undefined and the suite prints
 * {@link nginxMissingLine} and skips; `.ci/run` installs it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../setup/ports'

/** Where Debian's nginx packages put the binary. */
export const DEFAULT_NGINX = '/usr/sbin/nginx'

/** What installs it (as root; `.ci/run` does it). */
export const NGINX_INSTALL_COMMAND = 'apt-get install -y nginx-light'

/** The README's reference configuration, which the tests run. */
export const REFERENCE_CONFIG = join(dirname(fileURLToPath(import.meta.url)), '../../examples/cdn/nginx.conf')

/** The nginx binary: {@link DEFAULT_NGINX}, else `nginx` on `PATH`, else undefined. */
export function findNginx(path = process.env.PATH ?? ''): string | undefined {
  if (existsSync(DEFAULT_NGINX)) return DEFAULT_NGINX
  for (const dir of path.split(delimiter)) {
    if (dir !== '' && existsSync(join(dir, 'nginx'))) return join(dir, 'nginx')
  }
  return undefined
}

/** The one line a run without nginx prints. */
export function nginxMissingLine(suite: string): string {
  return `e2e: ${suite} skipped: nginx is not installed (no ${DEFAULT_NGINX}, none on PATH); \`${NGINX_INSTALL_COMMAND}\` (as root) enables it.`
}

/** What {@link testConfig} puts in place of the reference's production values. */
export interface TestConfigOptions {
  /** The origin, `host:port`. */
  upstream: string
  /** Port to listen on, on 127.0.0.1. */
  port: number
  /** The throw-away prefix directory (cache, temp files, logs, pid). */
  dir: string
  /** The master runs as root: workers run as root too (they own the throw-away directory's files). */
  asRoot: boolean
}

/**
 * The reference configuration made runnable in a test: every production value is replaced, and
 * each replaced line must be found exactly once, so a change to the reference that the test no
 * longer understands fails loudly instead of testing something else.
 */
export function testConfig(reference: string, { upstream, port, dir, asRoot }: TestConfigOptions): string {
  const replacements: Array<[RegExp, string]> = [
    // Without root the `user` directive is ignored with a warning; with root it must name a user
    // that may write into the throw-away directory.
    [/^user www-data;$/m, asRoot ? 'user root root;' : ''],
    [/^pid \/run\/nginx\.pid;$/m, `pid ${dir}/nginx.pid;`],
    [/^error_log \/var\/log\/nginx\/error\.log;$/m, `error_log ${dir}/error.log;`],
    [/^(\s*)access_log \/var\/log\/nginx\/trust-access\.log trust;$/m, `$1access_log ${dir}/access.log trust;`],
    [/proxy_cache_path \/var\/cache\/nginx\/trust /, `proxy_cache_path ${dir}/cache `],
    [/^(\s*)server 127\.0\.0\.1:8080;$/m, `$1server ${upstream};`],
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`],
    // The package's temp folders (/var/lib/nginx/…) belong to the system's nginx.
    [
      /^http \{$/m,
      ['http {', ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${dir}/${kind}-temp;`)].join(
        '\n',
      ),
    ],
  ]
  let config = reference
  for (const [pattern, replacement] of replacements) {
    const found = config.match(new RegExp(pattern.source, `${pattern.flags}g`))?.length ?? 0
    if (found !== 1) throw new Error(`examples/cdn/nginx.conf: expected one match of ${pattern} to replace, found ${found}`)
    config = config.replace(pattern, replacement)
  }
  return config
}

/** A running nginx. */
export interface NginxServer {
  /** `http://127.0.0.1:{port}` */
  url: string
  /** The throw-away prefix directory. */
  dir: string
  /** Its proxy cache folder. */
  cacheDir: string
  /** The error log so far. */
  errorLog(): string
  /** The access log so far (format `trust` of the reference: status, cache status, origin address). */
  accessLog(): string
  /** Ends nginx and removes its directory. */
  stop(): Promise<void>
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const readOr = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '')

/** Waits up to `ms` for the process to exit; true when it did. */
function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/**
 * Starts nginx in front of `upstream` (`host:port`) with the reference configuration, on a free
 * port of 127.0.0.1, and resolves once it accepts connections.
 *
 * @throws when nginx is missing, refuses the configuration or does not listen within 10 s (with its error output)
 */
export async function startNginx(options: { upstream: string; binary?: string; reference?: string }): Promise<NginxServer> {
  const binary = options.binary ?? findNginx()
  if (!binary) throw new Error(nginxMissingLine('nginx'))
  const reference = readFileSync(options.reference ?? REFERENCE_CONFIG, 'utf8')
  let lastError = ''
  // The port is free when chosen; another process may take it before nginx binds it: try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'trust-e2e-nginx-'))
    const port = await freePort()
    const confPath = join(dir, 'nginx.conf')
    writeFileSync(confPath, testConfig(reference, { upstream: options.upstream, port, dir, asRoot: process.getuid?.() === 0 }))
    // `-e` sets the error log used before the configuration is read (the package's is /var/log/nginx).
    const child = spawn(binary, ['-p', dir, '-c', confPath, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk)
    })
    // Never leave an nginx behind, even when the run ends without the suite's after hook.
    const killOnExit = () => child.kill('SIGKILL')
    process.once('exit', killOnExit)
    const stop = async () => {
      if (!(await exited(child, 0))) {
        child.kill('SIGQUIT') // graceful: finish the answers in flight
        if (!(await exited(child, 3000))) child.kill('SIGTERM')
        if (!(await exited(child, 2000))) child.kill('SIGKILL')
        await exited(child, 2000)
      }
      process.removeListener('exit', killOnExit)
      rmSync(dir, { recursive: true, force: true })
    }
    const deadline = Date.now() + 10_000
    let up = false
    while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
      if (await accepts(port)) {
        up = true
        break
      }
      await sleep(50)
    }
    if (up) {
      return {
        url: `http://127.0.0.1:${port}`,
        dir,
        cacheDir: join(dir, 'cache'),
        errorLog: () => readOr(join(dir, 'error.log')),
        accessLog: () => readOr(join(dir, 'access.log')),
        stop,
      }
    }
    lastError = `${stderr}${readOr(join(dir, 'error.log'))}`.trim() || 'no output'
    await stop()
    if (!/Address already in use/.test(lastError)) break
  }
  throw new Error(`nginx did not start: ${lastError}`)
}
