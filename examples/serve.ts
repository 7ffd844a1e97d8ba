/**
 * Serves `examples/` — the widget gallery, a partner page and a vendor-console page — on its own
 * origin, as a partner page or a vendor console would be: every page names the trust site as
 * `http://localhost:8080` (script `src` and `api-base`), and this server rewrites that origin to
 * the site it is told about, so the pages work against a site on any port.
 *
 * Pages write the parts they share once ({@link expandPage}). Besides the pages it serves the
 * gallery's own `/gallery.css` and `/gallery.js`, and
 * `/custom-elements.json` (the element manifest at the repository root, generated from the element
 * docblocks by `npm run manifest` and by the build; 404 if it is missing), from which
 * `gallery.js` renders each widget page's reference tables. `/console-token` stands for a vendor
 * console's back end (`tenant-console.html`, docs/operating/console-tokens.md): it answers the token
 * of `options.consoleToken` as text, or 204 when there is none (the page then shows the public status).
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

/**
 * The page parts every gallery page shares, written once: a line `<!-- gallery:NAME -->` in a page
 * becomes the part, at the line's indentation.
 */
const PARTS: Readonly<Record<string, string>> = {
  head: [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
  ].join('\n'),
  header: [
    '<header class="g-top">',
    '  <a href="/">Trust widget gallery</a>',
    '  <span>Drop-in <code>&lt;trust-*&gt;</code> widgets on a foreign origin</span>',
    '</header>',
  ].join('\n'),
  events: [
    '<section class="g-panel" aria-labelledby="events">',
    '  <h2 id="events">Events</h2>',
    '  <p>Every <code>trust-*</code> event the widgets on this page fire, as it happens.</p>',
    '  <ol class="g-events" aria-live="polite" data-event-log>',
    '    <li class="g-events-empty">No events yet.</li>',
    '  </ol>',
    '</section>',
  ].join('\n'),
}

/**
 * The examples several widget pages show alike: heading, explanation and stage, by name. A page
 * writes `<!-- gallery:example N NAME -->` (N numbers the page's examples) and on the next line
 * the demo's markup; the section around it comes from here.
 */
const EXAMPLES: Readonly<Record<string, { heading: string; note?: string; stage?: string }>> = {
  // The element's name is the heading (the kit's page); TAG stands for it.
  tag: { heading: '<code>&lt;TAG&gt;</code>' },
  default: {
    heading: "Default: the page's chosen cloud",
    note: "No <code>cloud</code> attribute: the widget follows the page's chosen cloud (the <code>machineName</code> cookie, else the first cloud of the site).",
  },
  'fixed-cloud': { heading: 'A fixed cloud: <code>cloud="auroraedgethree"</code>' },
  dark: {
    heading: 'Dark theme: <code>theme="dark"</code>',
    note: '<code>theme="dark"</code> forces the dark theme whatever the visitor\'s system prefers (<code>theme="light"</code> forces the light one).',
    stage: 'g-stage-dark',
  },
  narrowed: {
    heading: 'Narrowed to some rows: <code>datacenters</code>, <code>services</code>',
    note: "Only the data centers and core services named count (comma-separated term ids or machine names: a name in lower case, other characters as <code>-</code>), and the overall status line speaks for those rows alone: a customer's console shows the few it uses.",
  },
  'refused-token': {
    heading: 'A console token: <code>token="…"</code>',
    note: "In a vendor's product console, a short-lived token the console signed for its customer adds that customer's private data centers, services and records (sent as <code>Authorization: Bearer</code>, never in a URL, never stored; the <code>tokenProvider</code> property gives fresh ones). The site does not accept this one: the widget shows the public status and says why in the browser console only. <code>tenant-console.html</code> shows a valid token.",
  },
  'custom-properties': {
    heading: 'Custom properties',
    note: "Hosts theme a widget through <code>--trust-*</code> custom properties set on the element (or any ancestor); the host page's CSS does not reach inside otherwise.",
  },
}

/** The `<!-- gallery:example N NAME -->` lines of `html` with their demo line, as sections. */
function standardExamples(html: string): string {
  return html.replace(
    /^([ \t]*)<!-- gallery:example (\d+) ([a-z-]+) -->\n([ \t]*)(.*)$/gm,
    (line, prefix: string, n: string, name: string, _demoIndent: string, demo: string) => {
      const example = Object.hasOwn(EXAMPLES, name) ? EXAMPLES[name] : undefined
      if (!example) return line
      const section = [
        `<section class="g-example" aria-labelledby="ex-${n}">`,
        `  <h2 id="ex-${n}">${example.heading.replace('TAG', /^<([a-z-]+)/.exec(demo)?.[1] ?? '')}</h2>`,
        ...(example.note ? [`  <p>${example.note}</p>`] : []),
        '  <!-- gallery:code -->',
        `  <div class="${['g-demo', example.stage].filter(Boolean).join(' ')}">`,
        `    ${demo}`,
        '  </div>',
        '</section>',
      ]
      return indent(section.join('\n'), prefix)
    },
  )
}

/** `text` with `prefix` before every line but empty ones. */
function indent(text: string, prefix: string): string {
  return text.replace(/^(?=.)/gm, prefix)
}

/** `text` as HTML text (`&`, `<`, `>`, `"` escaped). */
function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
}

/**
 * A widget's gallery page in full from the file that holds only what is its own. The file's first
 * line is `<!-- gallery:widget-page trust-x Title -->`; then come optional `<style>` elements for
 * the head, the lead paragraph, and the examples. The frame around them is the same on every
 * widget page: the head loading `x.js`, the gallery header, the heading, the one-script-one-tag
 * listing, and last the reference and events panels. Any other page is returned as it is.
 */
function widgetPage(html: string): string {
  const top = /^<!-- gallery:widget-page (trust-([a-z-]+)) (.+) -->\n((?:[ \t]*<style>[\s\S]*?<\/style>\n)*)(.*\n)/.exec(html)
  if (!top) return html
  const [first, tag, name, title, style, lead] = top
  const script = `${SITE_ORIGIN_IN_PAGES}/widgets/${name}.js`
  const listing = escapeHtml(`<script src="${script}" defer></script>\n<${tag} api-base="${SITE_ORIGIN_IN_PAGES}"></${tag}>`)
  return `<!doctype html>
<html lang="en">
<head>
  <!-- gallery:head -->
  <title>${title} &lt;${tag}&gt; · Trust widget gallery</title>
  <link rel="stylesheet" href="/gallery.css">
  <script src="/gallery.js" defer></script>
  <script src="${script}" defer></script>
${style}</head>
<body>
  <!-- gallery:header -->
  <main>
    <h1>${title} <code>&lt;${tag}&gt;</code></h1>
${lead}    <p>Embed it with one script and one tag:</p>
    <pre tabindex="0"><code>${listing}</code></pre>
${html.slice(first.length)}    <!-- gallery:reference ${tag} -->
    <!-- gallery:events -->
  </main>
</body>
</html>
`
}

/**
 * A gallery page as served, its shared parts filled in. A page writes:
 * - `<!-- gallery:head -->`, `<!-- gallery:header -->`, `<!-- gallery:events -->`: the parts of {@link PARTS};
 * - `<!-- gallery:example N NAME -->` and the demo on the next line: one of the {@link EXAMPLES};
 * - `<!-- gallery:reference trust-x -->`: the reference panel `gallery.js` fills from the manifest for `<trust-x>`;
 * - `<!-- gallery:part NAME -->`: the markup of `examples/parts/NAME.html` (markup two pages share);
 * - `<!-- gallery:code -->` just before a `<div class="g-demo">`: the demo's markup as a code listing,
 *   so the listing is always what the demo runs.
 */
export async function expandPage(html: string): Promise<string> {
  const withCode = standardExamples(widgetPage(html)).replace(
    /^([ \t]*)<!-- gallery:code -->\n([ \t]*<div class="g-demo[^"]*">\n)([\s\S]*?)(\n[ \t]*<\/div>)$/gm,
    (_m, prefix: string, open: string, demo: string, close: string) => {
      const lines = demo.split('\n')
      const depth = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length))
      const code = escapeHtml(lines.map((l) => l.slice(depth)).join('\n'))
      return `${prefix}<pre tabindex="0"><code>${code}</code></pre>\n${open}${demo}${close}`
    },
  )
  const parts = await Promise.all(
    [...withCode.matchAll(/<!-- gallery:part ([a-z-]+) -->/g)].map(async ([, name]) => [
      name,
      await readFile(join(dir, 'parts', `${name}.html`), 'utf8'),
    ]),
  )
  const files = new Map(parts as [string, string][])
  return withCode.replace(/^([ \t]*)<!-- gallery:(\w+)(?: ([a-z-]+))? -->$/gm, (line, prefix: string, name: string, arg?: string) => {
    if (name === 'part' && arg) return indent(files.get(arg)!.trimEnd(), prefix)
    if (name === 'reference' && arg) {
      const panel = `<section class="g-panel" aria-labelledby="reference">\n  <h2 id="reference">Reference</h2>\n  <div data-manifest-for="${arg}"></div>\n</section>`
      return indent(panel, prefix)
    }
    return Object.hasOwn(PARTS, name) && !arg ? indent(PARTS[name], prefix) : line
  })
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
 * @param options.consoleToken mints the console token `/console-token` answers (a JWT), or none
 * @returns the server's origin and a close function
 */
export async function startExamplesServer(options: {
  port?: number
  host?: string
  siteOrigin: string
  manifestPath?: string
  consoleToken?: () => Promise<string | undefined> | string | undefined
}): Promise<ExamplesServer> {
  const manifestPath = options.manifestPath ?? DEFAULT_MANIFEST_PATH
  // Closing does not wait for the browser's keep-alive connections.
  const app = Fastify({ logger: false, forceCloseConnections: true })
  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found')
  app.get('/console-token', async (_request, reply) => {
    const token = await options.consoleToken?.()
    reply.header('cache-control', 'no-store')
    return token ? reply.type('text/plain; charset=utf-8').send(token) : reply.code(204).send()
  })
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
    const html = (await expandPage(await readFile(join(dir, name), 'utf8'))).replaceAll(SITE_ORIGIN_IN_PAGES, options.siteOrigin)
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
