/**
 * Serves `examples/` on its own origin, as a partner page or a vendor console would be: every
 * page names the trust site as `http://localhost:8080` (script `src` and `api-base`), and this
 * server rewrites that origin to the site it is told about, so the pages work against a site on
 * any port.
 *
 * CLI: `npm run examples` — EXAMPLES_PORT (default 8081), SITE_ORIGIN (default http://localhost:8080).
 */
import { readFile, readdir } from 'node:fs/promises'
import Fastify from 'fastify'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The trust site's origin as written in the example pages. */
export const SITE_ORIGIN_IN_PAGES = 'http://localhost:8080'

const dir = dirname(fileURLToPath(import.meta.url))

/** A running examples server. */
export interface ExamplesServer {
  /** Origin of the examples server, e.g. `http://127.0.0.1:8081`. */
  url: string
  close(): Promise<void>
}

/**
 * Starts the examples server.
 *
 * @param options.port TCP port; 0 picks a free one. @default 0
 * @param options.siteOrigin origin of the trust site the pages load widgets and data from
 * @returns the server's origin and a close function
 */
export async function startExamplesServer(options: { port?: number; host?: string; siteOrigin: string }): Promise<ExamplesServer> {
  const pages = new Set((await readdir(dir)).filter(f => f.endsWith('.html')))
  // Closing does not wait for the browser's keep-alive connections.
  const app = Fastify({ logger: false, forceCloseConnections: true })
  app.get('/*', async (request, reply) => {
    const path = new URL(request.url, 'http://x').pathname
    const name = path === '/' ? 'index.html' : path.slice(1)
    if (!pages.has(name)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    const html = (await readFile(join(dir, name), 'utf8')).replaceAll(SITE_ORIGIN_IN_PAGES, options.siteOrigin)
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
  })
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.EXAMPLES_PORT ?? 8081)
  const siteOrigin = process.env.SITE_ORIGIN ?? SITE_ORIGIN_IN_PAGES
  const examples = await startExamplesServer({ port, host: '0.0.0.0', siteOrigin })
  console.log(`Examples on http://localhost:${port}/console.html (trust site: ${siteOrigin}); ${examples.url}`)
}
