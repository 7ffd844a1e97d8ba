/**
 * A free TCP port on 127.0.0.1, for tests that start servers of their own (nginx, several
 * origins): free when asked; the caller binds it a moment later.
 */
import { createServer } from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}
