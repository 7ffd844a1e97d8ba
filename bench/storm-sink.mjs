// The SMTP server of the storm bench (`bench/storm.ts`), in a process of its own so that the
// measuring process's event loop does not slow it down: the `smtp-server` package on 127.0.0.1
// and a free port, no AUTH or STARTTLS, accepting every message. `--delay <ms>` waits that long
// after a message's data has arrived before answering it (250 OK), like a relay that many
// milliseconds away; the other commands are answered at once.
//
// Started with `fork` (an IPC channel): it sends `{ type: 'ready', port }` once listening and
// answers these messages:
//   { type: 'reset', prefix }   forget everything; count recipients starting with `prefix` apart
//   { type: 'expect', n }       send `{ type: 'reached' }` once n distinct `prefix` recipients are in
//   { type: 'stats' }           reply `{ type: 'stats', ... }`: accepted (messages), recipients
//                               (`prefix` ones, with repeats), unique, others, first and last
//                               (epoch ms, fractional, of the first and last accepted message;
//                               null before any), bytes (total message size), concurrent (most
//                               messages being received or held at once)
// A message counts as accepted the moment its 250 answer is given.
import { SMTPServer } from 'smtp-server'

const delayIndex = process.argv.indexOf('--delay')
const delay = delayIndex >= 0 ? Number(process.argv[delayIndex + 1]) : 0
if (!Number.isFinite(delay) || delay < 0) {
  process.stderr.write('storm-sink: --delay must be a number of milliseconds ≥ 0\n')
  process.exit(2)
}

/** Epoch ms with sub-millisecond precision, comparable across processes on this machine. */
const clock = () => performance.timeOrigin + performance.now()

let prefix = ''
/** Times each `prefix` recipient was accepted. */
let perRecipient = new Map()
let counters = { accepted: 0, recipients: 0, others: 0, first: null, last: null, bytes: 0, concurrent: 0 }
let inData = 0
let expected = Number.POSITIVE_INFINITY

function accept(recipients, bytes) {
  const now = clock()
  counters.accepted++
  counters.bytes += bytes
  counters.first ??= now
  counters.last = now
  for (const address of recipients) {
    if (!address.startsWith(prefix)) {
      counters.others++
      continue
    }
    counters.recipients++
    perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1)
  }
  if (perRecipient.size >= expected) {
    expected = Number.POSITIVE_INFINITY
    process.send?.({ type: 'reached' })
  }
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  // A storm opens many connections at once; the default limits are far above this anyway.
  maxClients: 10_000,
  onData(stream, session, callback) {
    let bytes = 0
    inData++
    counters.concurrent = Math.max(counters.concurrent, inData)
    stream.on('data', (chunk) => {
      bytes += chunk.length
    })
    stream.on('end', () => {
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
      const answer = () => {
        inData--
        accept(recipients, bytes)
        callback()
      }
      if (delay > 0) setTimeout(answer, delay)
      else answer()
    })
  },
})
server.on('error', (error) => process.stderr.write(`storm-sink: ${error.message}\n`))

process.on('message', (message) => {
  if (message.type === 'reset') {
    prefix = String(message.prefix ?? '').toLowerCase()
    perRecipient = new Map()
    counters = { accepted: 0, recipients: 0, others: 0, first: null, last: null, bytes: 0, concurrent: 0 }
    expected = Number.POSITIVE_INFINITY
  } else if (message.type === 'expect') {
    expected = Number(message.n)
    if (perRecipient.size >= expected) {
      expected = Number.POSITIVE_INFINITY
      process.send?.({ type: 'reached' })
    }
  } else if (message.type === 'stats') {
    process.send?.({ type: 'stats', ...counters, unique: perRecipient.size })
  }
})
// The parent went away: nothing left to measure.
process.on('disconnect', () => process.exit(0))
// Open connections would hold `server.close()` for its timeout: nothing is left to finish.
process.on('SIGTERM', () => process.exit(0))

server.listen(0, '127.0.0.1', () => {
  const { port } = server.server.address()
  process.send?.({ type: 'ready', port })
  if (!process.send) console.log(`PORT ${port}`)
})
