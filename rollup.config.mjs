// Builds the two flavours of the kit (architecture §Two flavours):
// - the site shell: React, ES modules with code splitting, into dist/site/assets/, plus index.html;
// - drop-in scripts: one Preact IIFE per widget (dist/site/widgets/<name>.js) with its CSS inlined,
//   so a host page writes one <script> and one tag.
// Type-checking is `npm run typecheck`; the TypeScript plugin here only transpiles (noCheck).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import alias from '@rollup/plugin-alias'
import commonjs from '@rollup/plugin-commonjs'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import typescript from '@rollup/plugin-typescript'
import { vanillaExtractPlugin } from '@vanilla-extract/rollup-plugin'
import { minify } from 'rollup-plugin-esbuild'

const root = dirname(fileURLToPath(import.meta.url))
const out = join(root, 'dist/site')
const CSS_PLACEHOLDER = '"__TRUST_WIDGET_CSS__"'

/** Widgets that ship a drop-in script: every widgets/<name>/ with a define.ts. */
export const dropInWidgets = readdirSync(join(root, 'widgets'), { withFileTypes: true })
  .filter(d => d.isDirectory() && existsSync(join(root, 'widgets', d.name, 'define.ts')))
  .map(d => d.name)
  .sort()

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
        const asset = Object.values(bundle).find(f => f.type === 'asset' && f.fileName.endsWith('.css'))
        if (asset) asset.source = extra + '\n' + asset.source
        else this.emitFile({ type: 'asset', fileName: 'assets/vendor.css', source: extra })
      },
    },
  }
}

/** Drop-in flavour: moves the extracted CSS into the script (adopted by each shadow root). */
function inlineWidgetCss() {
  return {
    name: 'trust-inline-css',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const assets = Object.values(bundle).filter(f => f.type === 'asset' && f.fileName.endsWith('.css'))
        const css = assets.map(a => String(a.source)).join('\n')
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk') file.code = file.code.split(CSS_PLACEHOLDER).join(JSON.stringify(css))
        }
        for (const a of assets) delete bundle[a.fileName]
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
        const entry = Object.values(bundle).find(f => f.type === 'chunk' && f.isEntry)
        const css = Object.values(bundle).filter(f => f.type === 'asset' && f.fileName.endsWith('.css'))
        const template = readFileSync(join(root, 'shell/index.html'), 'utf8')
        const links = css.map(c => `<link rel="stylesheet" href="/${c.fileName}">`).join('\n    ')
        const html = template
          .replace('<!--styles-->', links)
          .replace('<!--script-->', `<script type="module" src="/${entry.fileName}"></script>`)
        this.emitFile({ type: 'asset', fileName: 'index.html', source: html })
      },
    },
  }
}

function plugins({ preact, cssName }) {
  return [
    preact && preactAliases,
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    plainCss(),
    vanillaExtractPlugin({ identifiers: 'short', extract: { name: cssName, sourcemap: false } }),
    typescript({
      tsconfig: join(root, 'tsconfig.json'),
      include: ['widgets/**/*', 'shell/**/*', 'styles/**/*'],
      exclude: ['**/*.css.ts'],
      compilerOptions: { noEmit: false, noCheck: true, declaration: false, sourceMap: false, allowImportingTsExtensions: false },
      outputToFilesystem: false,
    }),
    minify({ target: 'es2022', legalComments: 'none' }),
  ].filter(Boolean)
}

// Extracted vanilla-extract CSS arrives as side-effect imports of `*.vanilla.css`; keep them
// side-effect free so the minified output never imports a file that does not exist.
const treeshake = { moduleSideEffects: id => !id.endsWith('.vanilla.css') }

const onwarn = (warning, warn) => {
  if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
  warn(warning)
}

/** One IIFE per widget, Preact flavour. */
export function dropInConfig(name, input = join(root, 'widgets', name, 'define.ts')) {
  return {
    input,
    treeshake,
    onwarn,
    plugins: [...plugins({ preact: true, cssName: `${name}.css` }), inlineWidgetCss()],
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

const only = process.env.TRUST_BUILD_ONLY
export default [
  ...(only && only !== 'widgets' ? [] : dropInWidgets.map(name => dropInConfig(name))),
  ...(only && only !== 'shell' ? [] : [shellConfig]),
]
