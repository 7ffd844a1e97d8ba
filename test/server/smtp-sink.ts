/**
 * An SMTP server of the test's own on loopback (the `smtp-server` package, a real SMTP
 * conversation): it accepts every message, parses it (`mailparser`) and keeps it, so a test reads
 * the headers and bodies a mail client would get. Tests wait for messages by count, never for time.
 */
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** One received message: its envelope recipients and the parsed message. */
export interface ReceivedMail {
  to: string[]
  /** The From header as sent, e.g. `Nimbus Security <no-reply@status.nimbus.example>`. */
  from: string
  subject: string
  text: string
  html: string
  /** The raw message (headers and encoded body), as received. */
  raw: string
  parsed: ParsedMail
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:{port}`, for `SMTP_URL`. */
  url: string
  /** Every message received so far, in arrival order. */
  received: ReceivedMail[]
  /**
   * Resolves with the messages once at least `count` arrived; rejects after `limitMs` naming how
   * many came (a guard against a hung test, not a wait: it resolves the moment the message is in).
   */
  waitFor(count: number, limitMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

/** Starts the sink on a free loopback port. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = []
  const waiters: Array<{ count: number; resolve: (mails: ReceivedMail[]) => void }> = []
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(received)
      }
    }
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              raw,
              parsed,
            })
            callback()
            settle()
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  server.on('error', () => {})
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    })
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count, limitMs = 20_000) {
      if (received.length >= count) return Promise.resolve(received)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1)
          reject(new Error(`expected ${count} mails at the SMTP sink, got ${received.length}`))
        }, limitMs)
        const waiter = {
          count,
          resolve: (mails: ReceivedMail[]) => {
            clearTimeout(timer)
            resolve(mails)
          },
        }
        waiters.push(waiter)
      })
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}
