// Builds the two flavours of the kit (architecture §Two flavours):
// - the site shell: React, ES modules with code splitting, into dist/site/assets/, plus index.html;
// - drop-in scripts: one Preact IIFE per widget (dist/site/widgets/<name>.js) with its CSS inlined,
//   so a host page writes one <script> and one tag;
// and the shell rendered on the server (dist/ssr), the npm package's modules (dist/pkg) and the
// server itself, compiled for plain `node` (dist/server).
// Type-checking is `npm run typecheck`; the TypeScript plugin here only transpiles (noCheck).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import alias from '@rollup/plugin-alias'
import commonjs from '@rollup/plugin-commonjs'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import typescript from '@rollup/plugin-typescript'
import { vanillaExtractPlugin } from '@vanilla-extract/rollup-plugin'
import { transform as esbuildTransform } from 'esbuild'
import terser from '@rollup/plugin-terser'
import { minify } from 'rollup-plugin-esbuild'
import { purgeWidgetCss } from './scripts/purge-widget-css.mjs'
import { shortenMapPaths } from './scripts/svgmap-paths.mjs'
import { widgetNames } from './scripts/widgets.mjs'

const root = dirname(fileURLToPath(import.meta.url))
const out = join(root, 'dist/site')
/** The string literal (either quote: esbuild and terser may requote it) the widget CSS replaces. */
const CSS_PLACEHOLDER = /(["'])__TRUST_WIDGET_CSS__\1/g

/** Widgets that ship a drop-in script: every widgets/<name>/ with a define.ts. */
export const dropInWidgets = widgetNames()

const preactAliases = alias({
  entries: [
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react$/, replacement: 'preact/compat' },
  ],
})

/**
 * Plain `.css` imports from packages (e.g. svgmap's stylesheet): collected into the build's CSS
 * instead of being parsed as JavaScript.
 */
function plainCss() {
  const sheets = new Map()
  return {
    name: 'trust-plain-css',
    transform(code, id) {
      if (!id.endsWith('.css') || id.endsWith('.vanilla.css')) return null
      sheets.set(id, code)
      return { code: 'export {}', map: { mappings: '' }, moduleSideEffects: true }
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (sheets.size === 0) return
        const extra = [...sheets.values()].join('\n')
        const asset = Object.values(bundle).find((f) => f.type === 'asset' && f.fileName.endsWith('.css'))
        if (asset) asset.source = `${extra}\n${asset.source}`
        else this.emitFile({ type: 'asset', fileName: 'assets/vendor.css', source: extra })
      },
    },
  }
}

/**
 * svgmap keeps country names, emoji flags and continents in class fields that no tree-shaking
 * can drop. The map never shows svgmap's country tooltips, flags or continent zoom
 * (widgets/dc-map/map-view.ts), so the build empties those three tables (about 3.5 KB gzip).
 * The world's paths stay, written shorter by svgo at their own precision (about 7 KB gzip;
 * scripts/svgmap-paths.mjs). Fails the build if an svgmap upgrade renames a table or the paths.
 */
export function stripSvgmapTables() {
  const tables = ['countries', 'emojiFlags', 'continents']
  return {
    name: 'trust-svgmap-tables',
    transform(code, id) {
      if (!/[\\/]svgmap[\\/]dist[\\/]index\.js$/.test(id)) return null
      let out = code
      for (const table of tables) {
        const start = out.indexOf(`\n  ${table} = {`)
        const end = start < 0 ? -1 : out.indexOf('\n  };', start)
        if (end < 0) this.error(`svgmap: table "${table}" not found; check stripSvgmapTables after an upgrade`)
        out = `${out.slice(0, start)}\n  ${table} = {};${out.slice(end + '\n  };'.length)}`
      }
      return { code: shortenMapPaths(out), map: null }
    },
  }
}

/** The locales with a catalogue (contract/locale.ts `LOCALES` but English, whose texts are in the code). */
export const TRANSLATED_LOCALES = ['de', 'fr', 'es', 'ja', 'ar']

/**
 * The catalogues of the code a bundle holds (docs/languages-and-themes.md, widgets/core/i18n): the translations of
 * every `messages.ts` among the bundle's modules (its folder's `locales/<code>.json`), merged per
 * locale, keeping the groups whose name the bundle's code still holds (tree-shaking drops the
 * others). So a drop-in's catalogue holds only the groups the drop-in can show.
 *
 * @returns locale → group → messages
 */
export function bundleCatalogues(bundle) {
  const folders = new Set()
  let bundled = ''
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk') continue
    bundled += file.code
    for (const id of file.moduleIds) if (/[\\/]messages\.tsx?$/.test(id)) folders.add(dirname(id))
  }
  const catalogues = {}
  for (const code of TRANSLATED_LOCALES) {
    const merged = {}
    for (const folder of [...folders].sort()) {
      const file = join(folder, 'locales', `${code}.json`)
      if (!existsSync(file)) continue
      // Only the groups the bundle kept (a group its code never reads is tree-shaken, name and all).
      for (const [group, messages] of Object.entries(JSON.parse(readFileSync(file, 'utf8'))))
        if (bundled.includes(`"${group}"`) || bundled.includes(`'${group}'`)) merged[group] = messages
    }
    catalogues[code] = merged
  }
  return catalogues
}

/** Drop-in flavour: writes the drop-in's catalogues beside it, `i18n/<name>.<code>.json` (widgets/core/i18n/drop-in.ts). */
function dropInCatalogues(name) {
  return {
    name: 'trust-drop-in-catalogues',
    generateBundle(_options, bundle) {
      for (const [code, catalogue] of Object.entries(bundleCatalogues(bundle))) {
        if (Object.keys(catalogue).length === 0) continue
        this.emitFile({ type: 'asset', fileName: `i18n/${name}.${code}.json`, source: JSON.stringify(catalogue) })
      }
    },
  }
}

/**
 * Drop-in flavour: moves the extracted CSS, minified, into the script (adopted by each shadow
 * root). A drop-in script keeps only the CSS it can use (scripts/purge-widget-css.mjs); the npm
 * package (`keepAsset`) keeps all of it, for hosts that compose its exports.
 */
function inlineWidgetCss({ keepAsset = false } = {}) {
  return {
    name: 'trust-inline-css',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const assets = Object.values(bundle).filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'))
        const source = assets.map((a) => String(a.source)).join('\n')
        let css = source
          ? (await esbuildTransform(source, { loader: 'css', minify: true, target: ['chrome123', 'firefox120', 'safari17.5'] })).code.trim()
          : ''
        if (css && !keepAsset) {
          const scripts = Object.values(bundle).filter((f) => f.type === 'chunk')
          css = await purgeWidgetCss(css, scripts.map((f) => f.code).join('\n'))
        }
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk') file.code = file.code.replace(CSS_PLACEHOLDER, () => JSON.stringify(css))
        }
        if (!keepAsset) for (const a of assets) delete bundle[a.fileName]
      },
    },
  }
}

/**
 * Drop-in flavour: marks the script for eager compilation with V8's explicit compile hint, a
 * first line `//# allFunctionsCalledOnLoad` (Chromium 136+; other engines read a comment). A
 * drop-in runs most of its code in its element's first render, so compiling every function with
 * the script (off the main thread while it streams in) beats compiling each one lazily on the
 * main thread at its first call, inside that render (`npm run bench`, the timeline render). Not
 * the kit's: its pages use a few of its widgets.
 */
function compileHint() {
  return {
    name: 'trust-compile-hint',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) if (file.type === 'chunk') file.code = `//# allFunctionsCalledOnLoad\n${file.code}`
      },
    },
  }
}

/** Site flavour: writes index.html from shell/index.html with the hashed entry and CSS. */
function htmlShell() {
  return {
    name: 'trust-html',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((f) => f.type === 'chunk' && f.isEntry)
        const css = Object.values(bundle).filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'))
        const template = readFileSync(join(root, 'shell/index.html'), 'utf8')
        const links = css.map((c) => `<link rel="stylesheet" href="/${c.fileName}">`).join('\n    ')
        // The entry's static imports load with it, not one after another.
        const preloads = entry.imports.map((f) => `<link rel="modulepreload" href="/${f}">`).join('\n    ')
        // The site's catalogues, fingerprinted: `site` (every group but the console's) and
        // `console` (groups named `admin…`), whose addresses the page lists for shell/locale.ts.
        const urls = {}
        for (const [code, catalogue] of Object.entries(bundleCatalogues(bundle))) {
          for (const part of ['site', 'console']) {
            const groups = Object.entries(catalogue).filter(([group]) => group.startsWith('admin') === (part === 'console'))
            const ref = this.emitFile({ type: 'asset', name: `${part}.${code}.json`, source: JSON.stringify(Object.fromEntries(groups)) })
            urls[code] = { ...urls[code], [part]: `/${this.getFileName(ref)}` }
          }
        }
        const catalogueScript = `<script type="application/json" id="trust-catalogues">${JSON.stringify(urls)}</script>`
        const html = template
          .replace('<!--styles-->', [links, preloads, catalogueScript].filter(Boolean).join('\n    '))
          .replace('<!--script-->', `<script type="module" src="/${entry.fileName}"></script>`)
        this.emitFile({ type: 'asset', fileName: 'index.html', source: html })
        // For the server-rendered first paint (server/http/page-render.ts): each lazy page's chunk
        // and the chunks it imports, by the page's name, preloaded when the server renders it.
        const pages = {}
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isDynamicEntry) continue
          const files = [chunk.fileName, ...chunk.imports.filter((f) => f !== entry.fileName && !entry.imports.includes(f))]
          pages[chunk.name] = files.map((f) => `/${f}`)
        }
        mkdirSync(join(root, 'dist/ssr'), { recursive: true })
        writeFileSync(join(root, 'dist/ssr/client-pages.json'), `${JSON.stringify(pages, null, 2)}\n`)
      },
    },
  }
}

/**
 * Drop-ins built against Preact core and hooks without preact/compat (widgets/core/lean/): their
 * widgets use no React-only feature, and compat (1.3–3.7 KB gzip) does not fit the budgets of
 * the speedometer (12 KB), the cloud status (32 KB) and the records with their calendar (36 KB).
 * The e2e gallery and partner pages run these builds in Chromium.
 */
export const LEAN_DROP_INS = new Set(['speedometer', 'cloud-status', 'records'])

const leanAliases = alias({
  entries: [
    { find: /^react-dom\/client$/, replacement: join(root, 'widgets/core/lean/react-dom-client.ts') },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react$/, replacement: join(root, 'widgets/core/lean/react.ts') },
    { find: /^react-dom$/, replacement: join(root, 'widgets/core/lean/react-dom.ts') },
  ],
})

/**
 * In the lean drop-ins, @nanostores/react imports `nanostores` through widgets/core/lean/nanostores.ts,
 * which leaves out `listenKeys` (about 0.4 KB gzip with the deep-map path helpers it brings): no
 * lean widget passes `useStore` a `keys` option.
 */
const leanStoreBinding = {
  name: 'lean-store-binding',
  resolveId(source, importer) {
    if (source === 'nanostores' && importer && /[\\/]@nanostores[\\/]react[\\/]/.test(importer))
      return join(root, 'widgets/core/lean/nanostores.ts')
    return null
  },
}

function plugins({ preact, lean = false, cssName, minified = true }) {
  return [
    preact && (lean ? leanAliases : preactAliases),
    lean && leanStoreBinding,
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    // `ignoreSideEffectsForRoot`: package.json's `sideEffects` globs describe the *built* files
    // (dist/pkg/*/define.js); applied to the sources they would let rollup drop `import './x/define'`.
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'], ignoreSideEffectsForRoot: true }),
    commonjs(),
    stripSvgmapTables(),
    plainCss(),
    vanillaExtractPlugin({ identifiers: 'short', extract: { name: cssName, sourcemap: false } }),
    typescript({
      tsconfig: join(root, 'tsconfig.web.json'),
      include: ['widgets/**/*', 'shell/**/*', 'styles/**/*', 'contract/**/*'],
      exclude: ['**/*.css.ts'],
      compilerOptions: { noEmit: false, noCheck: true, declaration: false, sourceMap: false, allowImportingTsExtensions: false },
      outputToFilesystem: false,
    }),
    !minified
      ? null
      : preact
        ? terser({ ecma: 2020, toplevel: true, compress: { passes: 3 }, format: { comments: false } })
        : minify({ target: 'es2022', legalComments: 'none' }),
  ].filter(Boolean)
}

// Extracted vanilla-extract CSS arrives as side-effect imports of `*.vanilla.css`; keep them
// side-effect free so the minified output never imports a file that does not exist.
const treeshake = { moduleSideEffects: (id) => !id.endsWith('.vanilla.css') }

/**
 * The lean drop-ins: Preact's hooks module counts as free of side effects, so a script whose
 * widgets call no hook (the speedometer) leaves it out; one that calls a hook gets the whole
 * module, its option hooks included, as before.
 */
const leanTreeshake = { moduleSideEffects: (id) => treeshake.moduleSideEffects(id) && !/[\\/]preact[\\/]hooks[\\/]/.test(id) }

const onwarn = (warning, warn) => {
  if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
  warn(warning)
}

/** One IIFE per widget, Preact flavour. */
export function dropInConfig(name, input = join(root, 'widgets', name, 'define.ts')) {
  return {
    input,
    treeshake: LEAN_DROP_INS.has(name) ? leanTreeshake : treeshake,
    onwarn,
    plugins: [
      ...plugins({ preact: true, lean: LEAN_DROP_INS.has(name), cssName: `${name}.css` }),
      inlineWidgetCss(),
      dropInCatalogues(basename(name)),
      name !== 'kit' && compileHint(),
    ].filter(Boolean),
    output: { file: join(out, 'widgets', `${basename(name)}.js`), format: 'iife', inlineDynamicImports: true },
  }
}

/** The site shell, React flavour, code-split ES modules. */
export const shellConfig = {
  input: { main: join(root, 'shell/main.tsx') },
  treeshake,
  onwarn,
  plugins: [...plugins({ preact: false, cssName: 'site.css' }), htmlShell()],
  output: {
    dir: out,
    format: 'es',
    entryFileNames: 'assets/[name]-[hash].js',
    chunkFileNames: 'assets/[name]-[hash].js',
    assetFileNames: 'assets/[name]-[hash][extname]',
  },
}

/**
 * The shell rendered on the server (shell/server-render.tsx → dist/ssr/render.js): React flavour
 * like the site, ES modules for Node with every package left as an import, the extracted CSS
 * dropped (the site build has it; class names are the same in both builds). Without a DOM,
 * DOMPurify reports itself unsupported and widgets/core/sanitize.ts escapes instead; record HTML
 * is not rendered on the server anyway (records load in the browser).
 */
export const ssrConfig = {
  input: { render: join(root, 'shell/server-render.tsx') },
  treeshake,
  onwarn,
  external: (id) => !/\.css(\?|$)/.test(id) && !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
  plugins: [
    ...plugins({ preact: false, cssName: 'ssr.css', minified: false }),
    {
      name: 'trust-ssr-no-css',
      generateBundle: (_o, bundle) => {
        for (const [name, file] of Object.entries(bundle)) if (file.type === 'asset') delete bundle[name]
      },
    },
  ],
  output: { dir: join(root, 'dist/ssr'), format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
}

/**
 * The npm package's module flavour (package.json `exports`): React components
 * (`<pkg>/<widget>`), element definitions (`<pkg>/<widget>/define`) and the kit (`<pkg>/kit`)
 * as ES modules in dist/pkg/, sharing chunks, with React and every runtime dependency left as
 * imports. The CSS goes to dist/pkg/style.css for React hosts and is inlined for the shadow
 * roots of the defined elements. Not minified: the host's bundler does that.
 */
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const packageExternals = [...Object.keys(packageJson.dependencies ?? {}), ...Object.keys(packageJson.peerDependencies ?? {})]
export const packageConfig = {
  input: Object.fromEntries([
    ...dropInWidgets.flatMap((name) => [
      [`${name}/index`, join(root, 'widgets', name, 'index.ts')],
      [`${name}/define`, join(root, 'widgets', name, 'define.ts')],
    ]),
    ['core/index', join(root, 'widgets/core/index.ts')],
    ['kit', join(root, 'widgets/kit.ts')],
  ]),
  treeshake,
  onwarn,
  external: (id) => !id.endsWith('.css') && packageExternals.some((dep) => id === dep || id.startsWith(`${dep}/`)),
  plugins: plugins({ preact: false, cssName: 'style.css', minified: false }).concat(inlineWidgetCss({ keepAsset: true })),
  output: {
    dir: join(root, 'dist/pkg'),
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    assetFileNames: '[name][extname]',
  },
}

/**
 * TypeScript for Node, module by module: relative imports written `./x.js`, `./x` or `./dir`
 * resolve to the `.ts` source, and esbuild strips the types (no type-check: `npm run typecheck`).
 */
function nodeTypeScript() {
  return {
    name: 'trust-node-typescript',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null
      const base = join(dirname(importer), source)
      const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]
      return candidates.find((file) => file.endsWith('.ts') && existsSync(file)) ?? null
    },
    async transform(code, id) {
      // An imported JSON file becomes a module of its value: no import attributes for Node to support.
      if (id.endsWith('.json')) return { code: `export default ${JSON.stringify(JSON.parse(code))}`, map: { mappings: '' } }
      if (!id.endsWith('.ts')) return null
      const result = await esbuildTransform(code, { loader: 'ts', format: 'esm', target: 'node20', sourcefile: id })
      return { code: result.code, map: { mappings: '' } }
    },
  }
}

/** The operators' commands (`npm run catalog`, `traffic`, `publish:record`; scripts/operator.mjs), compiled with the server. */
export const OPERATOR_COMMANDS = ['catalog', 'traffic', 'publish']

/**
 * The server compiled for plain `node` (`npm start` runs dist/server/server/main.js) with the
 * operators' commands (dist/server/scripts/): every module of server/ and what it imports from
 * the project kept as its own file under dist/server/ at its source path, so the JSON files it
 * reads beside its modules (`import.meta.url`; copied by scripts/build.mjs) are found where they
 * are in the sources. Packages and Node's modules stay imports (package.json `dependencies`;
 * docs/decisions/0077-run-time-dependencies-and-the-compiled-server.md).
 */
export const serverConfig = {
  input: Object.fromEntries(
    ['server/main', ...OPERATOR_COMMANDS.map((name) => `scripts/${name}`)].map((name) => [name, join(root, `${name}.ts`)]),
  ),
  treeshake: false,
  onwarn,
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
  plugins: [nodeTypeScript()],
  output: {
    dir: join(root, 'dist/server'),
    format: 'es',
    preserveModules: true,
    preserveModulesRoot: root,
    entryFileNames: '[name].js',
  },
}

const only = process.env.TRUST_BUILD_ONLY
/** The all-in-one kit script: every widget in one IIFE (widgets/kit.ts). */
export const kitConfig = dropInConfig('kit', join(root, 'widgets/kit.ts'))

export default [
  ...(only && only !== 'widgets' ? [] : [...dropInWidgets.map((name) => dropInConfig(name)), kitConfig]),
  ...(only && only !== 'shell' ? [] : [shellConfig, ssrConfig]),
  ...(only && only !== 'package' ? [] : [packageConfig]),
  ...(only && only !== 'server' ? [] : [serverConfig]),
]
