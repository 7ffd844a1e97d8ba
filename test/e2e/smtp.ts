/**
 * A real SMTP server for the e2e tests: Debian's aiosmtpd (`python3 -m aiosmtpd`) as a child
 * process on loopback, delivering every message it accepts into a throw-away Maildir
 * (`aiosmtpd.handlers.Mailbox`). The site sends to it through `SMTP_URL` exactly as it would to
 * the vendor's relay; the tests read what arrived with `mailparser`.
 *
 * {@link startSmtp} waits until the server accepts connections; {@link SmtpServer.waitFor} waits
 * for a count of received messages (a watch on the Maildir, never a fixed sleep); `stop()` ends it
 * and removes the folder. Without aiosmtpd the start fails with one line naming the package
 * (`.ci/run` installs it).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AddressObject, simpleParser } from 'mailparser'
import { freePort } from '../setup/ports'

/** Debian's Python, which `python3-aiosmtpd` installs into (another `python3` on PATH may lack it). */
export const SYSTEM_PYTHON = '/usr/bin/python3'

/** What installs the server (as root; `.ci/run` does it). */
export const SMTP_INSTALL_COMMAND = 'apt-get install -y python3-aiosmtpd'

/** One received message, as a person reads it. */
export interface ReceivedMail {
  /** The Maildir file name (arrival order is the order of {@link SmtpServer.mails}). */
  file: string
  from: string
  to: string[]
  subject: string
  text: string
  html: string
  /** Every header, lower-case names, for the closing note's print-out. */
  headers: Map<string, unknown>
  /** The raw message. */
  raw: string
}

export interface SmtpServer {
  /** `smtp://127.0.0.1:{port}` for `SMTP_URL`. */
  url: string
  /** Every message received so far, in arrival order (Maildir file times, then names). */
  mails(): Promise<ReceivedMail[]>
  /** Resolves with the messages once `check(all)` holds; rejects after `ms` naming `what`. */
  waitFor(check: (all: ReceivedMail[]) => boolean, what: string, ms?: number): Promise<ReceivedMail[]>
  stop(): Promise<void>
}

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? ''))

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.end()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * When a Maildir file arrived, in microseconds: Python's `mailbox.Maildir` names a message
 * `{seconds}.M{microseconds}P{pid}Q{n}.{host}`, the microseconds not zero-padded (so the names do
 * not sort as text).
 */
export function arrival(file: string): number {
  const m = /^(\d+)\.M(\d+)P/.exec(file)
  return m ? Number(m[1]) * 1e6 + Number(m[2]) : Number.POSITIVE_INFINITY
}

/** Starts aiosmtpd on a free loopback port with a Maildir of its own. */
export async function startSmtp(): Promise<SmtpServer> {
  const probe = spawnSync(SYSTEM_PYTHON, ['-c', 'import aiosmtpd'], { encoding: 'utf8' })
  if (probe.status !== 0) {
    throw new Error(
      `e2e: the SMTP server is missing (${SYSTEM_PYTHON} cannot import aiosmtpd); \`${SMTP_INSTALL_COMMAND}\` (as root) installs it.`,
    )
  }
  const dir = mkdtempSync(join(tmpdir(), 'trust-e2e-smtp-'))
  const maildir = join(dir, 'Maildir')
  for (const sub of ['new', 'cur', 'tmp']) mkdirSync(join(maildir, sub), { recursive: true })
  const port = await freePort()
  const child: ChildProcess = spawn(
    SYSTEM_PYTHON,
    ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', maildir],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  // Ready when it accepts a connection (each refused attempt returns at once: a short pause
  // between attempts, bounded); a server that exits first fails the start with its words.
  const deadline = Date.now() + 15_000
  while (!(await reachable(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`aiosmtpd did not listen on 127.0.0.1:${port} (exit ${child.exitCode}): ${stderr.trim()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const parsed = new Map<string, ReceivedMail>()
  const mails = async (): Promise<ReceivedMail[]> => {
    const folder = join(maildir, 'new')
    const files = readdirSync(folder)
      .filter((f) => !f.startsWith('.'))
      .sort((a, b) => arrival(a) - arrival(b) || a.localeCompare(b))
    const out: ReceivedMail[] = []
    for (const file of files) {
      let mail = parsed.get(file)
      if (!mail) {
        const raw = readFileSync(join(folder, file), 'utf8')
        const m = await simpleParser(raw)
        mail = {
          file,
          from: m.from?.text ?? '',
          to: addresses(m.to),
          subject: m.subject ?? '',
          text: m.text ?? '',
          html: typeof m.html === 'string' ? m.html : '',
          headers: m.headers,
          raw,
        }
        parsed.set(file, mail)
      }
      out.push(mail)
    }
    return out
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(check, what, ms = 30_000) {
      const folder = join(maildir, 'new')
      return new Promise<ReceivedMail[]>((resolve, reject) => {
        let done = false
        const watcher = watch(folder)
        const finish = (error?: Error, value?: ReceivedMail[]) => {
          if (done) return
          done = true
          clearTimeout(timer)
          watcher.close()
          if (error) reject(error)
          else resolve(value!)
        }
        const look = async () => {
          try {
            const all = await mails()
            if (check(all)) finish(undefined, all)
          } catch (error) {
            finish(error as Error)
          }
        }
        const timer = setTimeout(async () => {
          const all = await mails().catch(() => [])
          finish(
            new Error(
              `timed out after ${ms} ms waiting for ${what}; received ${all.length}: ${all.map((m) => `${m.to} "${m.subject}"`).join('; ')}`,
            ),
          )
        }, ms)
        watcher.on('change', look)
        void look()
      })
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true })
    },
  }
}
