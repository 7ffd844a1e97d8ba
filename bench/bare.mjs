// The floor of the throughput bench: a bare `node:http` process answering, for each path, the
// bytes the real server answered (read as JSON `{ [path]: { type, body (base64) } }` from the
// file named by argv[2]), with nothing else in the way. Prints `PORT <n>` once listening.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([path, { type, body }]) => [
    path,
    { type, body: Buffer.from(body, 'base64') },
  ]),
)
const server = createServer((req, res) => {
  const answer = answers.get(req.url)
  if (!answer) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length }).end(answer.body)
})
server.listen(0, '127.0.0.1', () => console.log(`PORT ${server.address().port}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
