/**
 * Serves `examples/` — the widget gallery, a partner page and a vendor-console page — on its own
 * origin, as a partner page or a vendor console would be: every page names the trust site as
 * `http://localhost:8080` (script `src` and `api-base`), and this server rewrites that origin to
 * the site it is told about, so the pages work against a site on any port.
 *
 * Besides the pages it serves the gallery's own `/gallery.css` and `/gallery.js`, and
 * `/custom-elements.json` (the element manifest at the repository root, generated from the element
 * docblocks by `npm run manifest` and by the build; 404 if it is missing), from which
 * `gallery.js` renders each widget page's reference tables.
 *
 * CLI: `npm run gallery` (or `npm run examples`) — EXAMPLES_PORT (default 8081), SITE_ORIGIN
 * (default http://localhost:8080), GALLERY_MANIFEST (default `<repo>/custom-elements.json`).
 */
import { readFile, readdir } from 'node:fs/promises'
import Fastify, { type FastifyReply } from 'fastify'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The trust site's origin as written in the example pages. */
export const SITE_ORIGIN_IN_PAGES = 'http://localhost:8080'

const dir = dirname(fileURLToPath(import.meta.url))

/** The element manifest (custom-elements.json, schema 2.1.0; `npm run manifest` regenerates it). */
export const DEFAULT_MANIFEST_PATH = join(dir, '..', 'custom-elements.json')

/** The gallery's own static files, besides the pages, and their content types. */
const ASSETS: Readonly<Record<string, string>> = {
  'gallery.css': 'text/css; charset=utf-8',
  'gallery.js': 'text/javascript; charset=utf-8',
}

/** A running examples server. */
export interface ExamplesServer {
  /** Origin of the examples server, e.g. `http://127.0.0.1:8081`. */
  url: string
  close(): Promise<void>
}

/** The example pages: every `*.html` file in `examples/`. */
export async function examplePages(): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.html')).sort()
}

/**
 * Starts the examples server.
 *
 * @param options.port TCP port; 0 picks a free one. @default 0
 * @param options.siteOrigin origin of the trust site the pages load widgets and data from
 * @param options.manifestPath file served as `/custom-elements.json`. @default DEFAULT_MANIFEST_PATH
 * @returns the server's origin and a close function
 */
export async function startExamplesServer(options: {
  port?: number
  host?: string
  siteOrigin: string
  manifestPath?: string
}): Promise<ExamplesServer> {
  const manifestPath = options.manifestPath ?? DEFAULT_MANIFEST_PATH
  // Closing does not wait for the browser's keep-alive connections.
  const app = Fastify({ logger: false, forceCloseConnections: true })
  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found')
  app.get('/*', async (request, reply) => {
    const path = new URL(request.url, 'http://x').pathname
    const name = path === '/' ? 'index.html' : path.slice(1)
    if (name === 'custom-elements.json') {
      const json = await readFile(manifestPath, 'utf8').catch(() => undefined)
      if (json === undefined) return notFound(reply)
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(json)
    }
    if (Object.hasOwn(ASSETS, name)) {
      return reply
        .type(ASSETS[name])
        .header('cache-control', 'no-cache')
        .send(await readFile(join(dir, name), 'utf8'))
    }
    // Read on every request, so pages added while the server runs are served too.
    if (name.includes('/') || !(await examplePages()).includes(name)) return notFound(reply)
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
  const examples = await startExamplesServer({ port, host: '0.0.0.0', siteOrigin, manifestPath: process.env.GALLERY_MANIFEST || undefined })
  console.log(`Widget gallery on http://localhost:${port}/ (trust site: ${siteOrigin}); ${examples.url}`)
}
