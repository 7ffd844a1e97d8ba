// `npm run docs:check` (a stage of `npm test`): the docs name only what exists.
//
// Reads README.md, docs/**/*.md and the folder READMEs (contract/, server/, shell/, widgets/,
// test/) and reports, as `file:line: what`, every
//   - file or folder path, backticked or a markdown link target, that does not exist;
//   - link to another doc (or to a heading of one, `page.md#anchor`) that does not resolve;
//   - `npm run X` / `npm X` whose script package.json does not have;
//   - environment variable (a backticked ALL_CAPS_NAME, or `NAME=` in a shell block) that no
//     file in server/, scripts/, test/, .ci/, bench/ or examples/ reads (a code constant of that
//     name, `const NAME =`, counts too);
//   - backticked snake_case key (catalogue keys, API fields, settings, cookies) that no source
//     file names.
// Exit status 1 when anything is reported. `<!-- check-docs: ignore-next -->` skips the next line.
//
// Usage: node scripts/check-docs.mjs [ROOT]   (ROOT defaults to the repository)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, extname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Folders never searched for sources or doc files. */
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'coverage'])
/** Paths the build or a run writes: they need not exist in a fresh clone. */
const GENERATED = /^(dist|data|test-results|node_modules)(\/|$)/
/** Where environment variables are read. */
const ENV_READERS = ['server', 'scripts', 'test', '.ci', 'bench', 'examples']
/** Where snake_case keys may be named (everything but the docs). */
const SOURCE_DIRS = ['contract', 'server', 'widgets', 'shell', 'styles', 'scripts', 'test', 'examples', 'bench', '.ci', 'types']
const SOURCE_EXT = new Set(['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json', '.jsonc', '.conf', '.sql', ''])
/**
 * A bare backticked name (no folder) that is checked as a file: source and docs by extension,
 * JSON only when it is a configuration file (other `*.json`, `*.js` names are API documents and
 * built scripts).
 */
const FILE_NAME = /\.(tsx?|mjs|cjs|jsonc|md|css\.ts)$|^(biome|package|tsconfig[\w.]*|custom-elements|glossary|[\w-]+-catalog)\.json$/
/** npm's own commands (not package.json scripts). */
const NPM_BUILTINS = new Set([
  'install',
  'i',
  'ci',
  'pack',
  'publish',
  'init',
  'exec',
  'ls',
  'view',
  'link',
  'audit',
  'update',
  'outdated',
  'uninstall',
])

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(text) {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-')
}

function walk(dir, keep, out = []) {
  if (!existsSync(dir)) return out
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue
    const full = join(dir, entry.name)
    if (entry.isDirectory()) walk(full, keep, out)
    else if (keep(full)) out.push(full)
  }
  return out
}

/** The doc files: README.md, docs/**\/*.md and each top folder's README.md. */
export function docFiles(root) {
  const files = ['README.md', ...['contract', 'server', 'shell', 'widgets', 'test'].map((d) => `${d}/README.md`)]
    .map((f) => join(root, f))
    .filter((f) => existsSync(f))
  return [...files, ...walk(join(root, 'docs'), (f) => f.endsWith('.md')).sort()]
}

/** Anchors of a markdown file's headings, with GitHub's -1, -2 … for repeats. */
function anchorsOf(text) {
  const seen = new Map()
  const anchors = new Set()
  let fenced = false
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!m) continue
    const base = slug(m[1])
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1])
  return anchors
}

export function checkDocs(root) {
  root = resolve(root)
  const problems = []
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const scripts = new Set(Object.keys(pkg.scripts ?? {}))
  const topEntries = new Set(readdirSync(root))
  const allFiles = walk(root, () => true).map((f) => relative(root, f))
  const basenames = new Set(allFiles.map((f) => basename(f)))
  const read = (f) => readFileSync(join(root, f), 'utf8')
  const envText = allFiles
    .filter((f) => ENV_READERS.some((d) => f.startsWith(`${d}/`)))
    .map(read)
    .join('\n')
  let sourceText = null
  const sources = () => {
    sourceText ??= allFiles
      .filter((f) => SOURCE_DIRS.some((d) => f.startsWith(`${d}/`)) || !f.includes('/'))
      .filter((f) => SOURCE_EXT.has(extname(f)) && !f.endsWith('.md'))
      .map(read)
      .join('\n')
    return sourceText
  }
  const anchorCache = new Map()
  const anchors = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')))
    return anchorCache.get(file)
  }

  /** Does a repository path (relative to the root) exist? */
  const exists = (p) => {
    const clean = p.replace(/\/+$/, '')
    if (GENERATED.test(clean)) return true
    if (existsSync(join(root, clean))) return true
    // A drop-in script `widgets/X.js` is built from `widgets/X/` or `widgets/X.ts`.
    const dropIn = /^widgets\/([\w-]+)\.js$/.exec(clean)
    return Boolean(dropIn && (existsSync(join(root, 'widgets', dropIn[1])) || existsSync(join(root, 'widgets', `${dropIn[1]}.ts`))))
  }

  const envRead = (name) =>
    new RegExp(`(env(\\.|\\[['"\`])${name}\\b)|(\\$\\{?${name}\\b)|(['"\`]${name}['"\`])|(\\bconst ${name}\\b)`).test(envText) ||
    new RegExp(`\\bconst ${name}\\b`).test(sources())

  for (const file of docFiles(root)) {
    const doc = relative(root, file)
    const lines = readFileSync(file, 'utf8').split('\n')
    let fence = null
    let ignore = false
    /** Inside a table whose first column is headed "variable": its first cells name variables. */
    let variableTable = false
    lines.forEach((line, index) => {
      const at = `${doc}:${index + 1}`
      const report = (what) => problems.push(`${at}: ${what}`)
      const fenceMark = /^\s*```\s*(\w*)/.exec(line)
      if (fenceMark) {
        fence = fence === null ? fenceMark[1] || 'text' : null
        return
      }
      if (/<!--\s*check-docs:\s*ignore-next\s*-->/.test(line)) {
        ignore = true
        return
      }
      if (ignore) {
        ignore = false
        return
      }

      // npm scripts, in prose and in code blocks alike.
      for (const m of line.matchAll(/\bnpm (?:run(?:-script)? )?([a-z][\w:.-]*)/g)) {
        const isRun = /\bnpm run/.test(m[0])
        const name = m[1]
        if (isRun && name === 'run') continue // "npm run" at the end of a line: the name is on the next
        if (!isRun && NPM_BUILTINS.has(name)) continue
        if (!isRun && !['start', 'test', 'stop', 'restart'].includes(name)) continue
        if (!scripts.has(name)) report(`\`${m[0]}\`: package.json has no script "${name}"`)
      }

      if (fence !== null) {
        if (/^(sh|bash|shell|console)$/.test(fence)) {
          for (const m of line.matchAll(/(?:^|[\s;&(])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)=/g)) {
            if (!envRead(m[1])) report(`environment variable ${m[1]} is read by no file in ${ENV_READERS.join(', ')}`)
          }
        }
        return
      }

      // Markdown links and images.
      for (const m of line.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1]
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // http:, mailto:, webcal: …
        const [pathPart, anchor] = target.split('#')
        const targetFile = pathPart === '' ? file : resolve(dirname(file), decodeURI(pathPart))
        const shown = pathPart === '' ? doc : relative(root, targetFile)
        if (!existsSync(targetFile)) {
          report(`link to ${shown}: no such file or folder`)
          continue
        }
        if (anchor !== undefined && targetFile.endsWith('.md') && !anchors(targetFile).has(anchor))
          report(`link to ${shown}#${anchor}: ${shown} has no heading with that anchor`)
        else if (anchor !== undefined && statSync(targetFile).isDirectory()) report(`link to ${shown}#${anchor}: a folder has no anchors`)
      }

      // A table of environment variables: `PORT` counts even without an underscore.
      if (!line.startsWith('|')) variableTable = false
      else if (/^\|\s*variable\s*\|/i.test(line)) variableTable = true
      else if (variableTable) {
        const first = line.split('|')[1] ?? ''
        for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g))
          if (!envRead(m[1])) report(`environment variable ${m[1]} is read by no file in ${ENV_READERS.join(', ')}`)
      }

      // Backticked names.
      for (const m of line.matchAll(/`([^`\n]+)`/g)) {
        const token = m[1].trim()
        // Environment variables and code constants.
        const env = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=\S*)?$/.exec(token) ?? /^([A-Z][A-Z0-9]+)=\S*$/.exec(token)
        if (env) {
          if (!envRead(env[1])) report(`environment variable ${env[1]} is read by no file in ${ENV_READERS.join(', ')}`)
          continue
        }
        // snake_case keys: catalogue keys, fields, settings, cookies.
        if (/^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(token)) {
          if (!new RegExp(`\\b${token}\\b`).test(sources())) report(`key "${token}" appears in no source file`)
          continue
        }
        // Paths: no spaces, placeholders or globs; not a URL path (leading /) or a package (@scope).
        if (/[\s{}*<>…$?=:#@,()'"|]/.test(token) || token.startsWith('/') || (token.startsWith('.') && !token.includes('/'))) continue
        const first = token.split('/')[0]
        if (token.includes('/') && (topEntries.has(first) || GENERATED.test(token))) {
          if (!exists(token)) report(`path ${token} does not exist`)
        } else if (!token.includes('/') && FILE_NAME.test(token)) {
          if (!basenames.has(token) && !exists(token)) report(`file ${token} exists nowhere in the repository`)
        }
      }
    })
  }
  return problems
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..')
  const problems = checkDocs(root)
  for (const p of problems) console.log(p)
  const count = docFiles(resolve(root)).length
  console.log(
    problems.length === 0 ? `docs check: ${count} files, nothing missing` : `docs check: ${problems.length} problems in ${count} files`,
  )
  process.exit(problems.length === 0 ? 0 : 1)
}
