/**
 * Generates `custom-elements.json` (custom-elements manifest, schema 2.1.0) from the element
 * docblocks: the JSDoc of `export class XxxElement extends createWidgetElement({...}) {}` (or
 * `export const XxxElement = createWidgetElement({...})`, or `export class XxxElement extends
 * HTMLElement` with its `observedAttributes`) in every `widgets/<name>/element.ts`,
 * written with the standard tags `@element`, `@attr`, `@prop`, `@fires`, `@csspart` and `@cssprop`. Every
 * element also gets the kit-wide `lang` (docs/languages-and-themes.md) and `theme` attributes and the theme's custom properties
 * (styles/palette.ts).
 *
 * Checks, each failing the run with exit code 1 and a message naming the file:
 * - a docblock without `@element`, or a tag that does not parse;
 * - `@attr` names that differ from the keys of the element's `attributes` map;
 * - `@csspart` names that differ from the `part="…"` values in the widget's `.tsx` files (plus
 *   `root`, set by widgets/core/element.ts).
 *
 * CLI: `npm run manifest` writes the file and the React JSX typings generated from it
 * (`types/elements.d.ts`); `--check` only validates and exits 1 when either file on disk is out
 * of date.
 */
import { readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { THEME_PROPERTIES } from '../styles/palette'
import { WIDGETS_DIR, widgetNames } from './widgets.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** A manifest attribute (schema 2.1.0 `Attribute`). */
export interface ManifestAttribute {
  name: string
  type?: { text: string }
  description: string
  default?: string
  fieldName?: string
}

/** A manifest entry with a name and a description (events, parts, properties). */
export interface Named {
  name: string
  description: string
  type?: { text: string }
  default?: string
}

/** The custom-element declaration of one widget. */
export interface ElementDeclaration {
  kind: 'class'
  customElement: true
  name: string
  tagName: string
  description: string
  attributes: ManifestAttribute[]
  events: Named[]
  cssParts: Named[]
  cssProperties: Named[]
  /** Properties without an attribute (`@prop`), e.g. a function-valued `tokenProvider`. */
  members?: (Named & { kind: 'field' })[]
}

/** The whole manifest (custom-elements-manifest schema 2.1.0, the parts this kit uses). */
export interface Manifest {
  schemaVersion: '2.1.0'
  readme: string
  modules: {
    kind: 'javascript-module'
    path: string
    declarations: ElementDeclaration[]
    exports: { kind: 'custom-element-definition' | 'js'; name: string; declaration: { name: string; module: string } }[]
  }[]
}

/** A docblock or markup problem; the CLI prints it and exits 1. */
export class ManifestError extends Error {}

const THEME_ATTRIBUTE: ManifestAttribute = {
  name: 'theme',
  type: { text: '"light" | "dark"' },
  description:
    "Forces the light or the dark theme. Without it the widget follows the visitor's `prefers-color-scheme`. Not observed: a change restyles through CSS.",
}

/** The kit-wide `lang` attribute (docs/languages-and-themes.md): every element observes it. */
const LANG_ATTRIBUTE: ManifestAttribute = {
  name: 'lang',
  type: { text: '"en" | "de" | "fr" | "es" | "ja" | "ar"' },
  description:
    "The widget's language. Without it the widget speaks its nearest ancestor's `lang`, else the host page's `<html lang>`, else English; `ar` is right to left. A drop-in script loads the language's catalogue from beside itself (`i18n/{script}.{lang}.json`).",
}

/** `{type} [name=default] - description` → its pieces; `name` may be `--custom-prop` or `trust-x`. */
export function parseTag(text: string): { type?: string; name: string; default?: string; description: string } {
  let rest = text.trim()
  let type: string | undefined
  if (rest.startsWith('{')) {
    let depth = 0
    let end = -1
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === '{') depth++
      else if (rest[i] === '}' && --depth === 0) {
        end = i
        break
      }
    }
    if (end < 0) throw new ManifestError(`unclosed type in "${text}"`)
    type = rest.slice(1, end).trim()
    rest = rest.slice(end + 1).trim()
  }
  const m = /^(\[([^\]=\s]+)(?:=([^\]]*))?\]|([^\s]+))\s*(?:-\s*)?([\s\S]*)$/.exec(rest)
  if (!m) throw new ManifestError(`cannot read tag "${text}"`)
  const name = m[2] ?? m[4]
  const description = m[5].replace(/\s*\n\s*/g, ' ').trim()
  if (!name || !description) throw new ManifestError(`tag "${text}" needs a name and a description`)
  return { type, name, default: m[3], description }
}

/** The text of a JSDoc comment or tag comment (TypeScript gives a string or its parts). */
function commentText(comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string {
  if (typeof comment === 'string') return comment
  return (comment ?? []).map((part) => part.text).join('')
}

/** Keys of the `attributes: {...}` object literal passed to createWidgetElement. */
function attributeKeys(call: ts.CallExpression): string[] {
  const options = call.arguments[0]
  if (!options || !ts.isObjectLiteralExpression(options)) return []
  const prop = options.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'attributes') as
    | ts.PropertyAssignment
    | undefined
  if (!prop || !ts.isObjectLiteralExpression(prop.initializer)) return []
  return prop.initializer.properties.map((p) => {
    const n = (p as ts.PropertyAssignment).name
    return ts.isStringLiteral(n) ? n.text : n.getText()
  })
}

/**
 * The `part="…"` names used in a widget's markup: its own folder's, and those of the files of the
 * shared widget folders it imports (`../overall-status/…`, `../record-view/…`), whose markup it
 * renders, with the files of that folder they import in turn.
 */
export function partsInMarkup(dir: string): Set<string> {
  const parts = new Set<string>(['root'])
  const files = readdirSync(dir).map((file) => join(dir, file))
  for (let i = 0; i < files.length; i++) {
    if (!/\.tsx?$/.test(files[i]) || files[i].endsWith('.css.ts')) continue
    const source = readFileSync(files[i], 'utf8')
    for (const m of source.matchAll(/\bpart(?:=|:\s*|,\s*)["'`]([a-z][a-z0-9- ]*)["'`]/g)) {
      for (const p of m[1].split(/\s+/)) if (p) parts.add(p)
    }
    const shared = dirname(files[i]) !== dir
    const imports = shared ? /from '\.\/([^']+)'/g : /from '\.\.\/((?:overall-status|record-view)\/[^']+)'/g
    for (const m of source.matchAll(imports)) {
      const base = join(dirname(files[i]), shared ? '.' : '..', m[1])
      const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f))
      if (file && !files.includes(file)) files.push(file)
    }
  }
  return parts
}

function sameSet(a: Iterable<string>, b: Iterable<string>): { missing: string[]; extra: string[] } {
  const sa = new Set(a)
  const sb = new Set(b)
  return { missing: [...sb].filter((x) => !sa.has(x)), extra: [...sa].filter((x) => !sb.has(x)) }
}

/** Whether `expression` is a `createWidgetElement(…)` call. */
function isFactoryCall(expression: ts.Expression | undefined): expression is ts.CallExpression {
  return !!expression && ts.isCallExpression(expression) && expression.expression.getText() === 'createWidgetElement'
}

/** The strings of `static get observedAttributes() { return [...] }` in a plain element class. */
function observedAttributes(node: ts.ClassDeclaration): string[] {
  const getter = node.members.find((m) => ts.isGetAccessorDeclaration(m) && m.name.getText() === 'observedAttributes') as
    | ts.GetAccessorDeclaration
    | undefined
  const returned = getter?.body?.statements.find(ts.isReturnStatement)?.expression
  return returned && ts.isArrayLiteralExpression(returned) ? returned.elements.filter(ts.isStringLiteral).map((e) => e.text) : []
}

/**
 * The element an element.ts statement declares, if any, with its observed attributes:
 * `export class XxxElement extends createWidgetElement({...}) {}`, `export const XxxElement =
 * createWidgetElement({...})`, or an element without React, `export class XxxElement extends
 * HTMLElement` with `static get observedAttributes() { return [...] }`.
 */
function elementStatement(statement: ts.Statement): { name: string; attributes: string[] } | undefined {
  if (ts.isClassDeclaration(statement) && statement.name) {
    const base = statement.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression
    if (isFactoryCall(base)) return { name: statement.name.text, attributes: attributeKeys(base) }
    return base?.getText() === 'HTMLElement' ? { name: statement.name.text, attributes: observedAttributes(statement) } : undefined
  }
  if (ts.isVariableStatement(statement)) {
    const decl = statement.declarationList.declarations[0]
    return isFactoryCall(decl?.initializer) ? { name: decl.name.getText(), attributes: attributeKeys(decl.initializer) } : undefined
  }
  return undefined
}

/** Reads one `widgets/<name>/element.ts` into its declaration. */
export function readElement(file: string): { declaration: ElementDeclaration } {
  const text = readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS)
  const where = relative(root, file)
  for (const statement of source.statements) {
    const element = elementStatement(statement)
    if (!element) continue
    const docs = ts.getJSDocCommentsAndTags(statement).filter(ts.isJSDoc)
    const doc = docs[docs.length - 1]
    if (!doc) throw new ManifestError(`${where}: ${element.name} has no docblock`)
    const description = commentText(doc.comment).trim()
    const declaration: ElementDeclaration = {
      kind: 'class',
      customElement: true,
      name: element.name,
      tagName: '',
      description,
      attributes: [],
      events: [],
      cssParts: [],
      cssProperties: [],
    }
    for (const tag of doc.tags ?? []) {
      const kind = tag.tagName.text
      const value = commentText(tag.comment)
      try {
        if (kind === 'element' || kind === 'tagname') declaration.tagName = value.trim().split(/\s+/)[0]
        else if (kind === 'attr' || kind === 'attribute') {
          const t = parseTag(value)
          declaration.attributes.push({
            name: t.name,
            ...(t.type ? { type: { text: t.type } } : {}),
            description: t.description,
            ...(t.default !== undefined ? { default: t.default } : {}),
          })
        } else if (kind === 'prop' || kind === 'property') {
          const t = parseTag(value)
          declaration.members ??= []
          declaration.members.push({
            kind: 'field',
            name: t.name,
            ...(t.type ? { type: { text: t.type } } : {}),
            description: t.description,
          })
        } else if (kind === 'fires' || kind === 'event') {
          const t = parseTag(value)
          declaration.events.push({ name: t.name, ...(t.type ? { type: { text: t.type } } : {}), description: t.description })
        } else if (kind === 'csspart') {
          const t = parseTag(value)
          declaration.cssParts.push({ name: t.name, description: t.description })
        } else if (kind === 'cssprop' || kind === 'cssproperty') {
          const t = parseTag(value)
          declaration.cssProperties.push({
            name: t.name,
            description: t.description,
            ...(t.default !== undefined ? { default: t.default } : {}),
          })
        }
      } catch (error) {
        throw new ManifestError(`${where}: @${kind} ${(error as Error).message}`)
      }
    }
    if (!/^trust-[a-z0-9-]+$/.test(declaration.tagName)) throw new ManifestError(`${where}: missing or invalid @element tag`)

    const attrs = sameSet(
      declaration.attributes.map((a) => a.name),
      element.attributes.filter((name) => name !== 'lang'),
    )
    if (attrs.missing.length || attrs.extra.length) {
      throw new ManifestError(
        `${where}: @attr tags and the attributes map differ (undocumented: ${attrs.missing.join(', ') || '-'}; not observed: ${attrs.extra.join(', ') || '-'})`,
      )
    }
    const parts = sameSet(
      declaration.cssParts.map((p) => p.name),
      partsInMarkup(dirname(file)),
    )
    if (parts.missing.length || parts.extra.length) {
      throw new ManifestError(
        `${where}: @csspart tags and part="…" in the markup differ (undocumented: ${parts.missing.join(', ') || '-'}; not in the markup: ${parts.extra.join(', ') || '-'})`,
      )
    }
    declaration.attributes.push(LANG_ATTRIBUTE, THEME_ATTRIBUTE)
    declaration.cssProperties.push(...THEME_PROPERTIES)
    return { declaration }
  }
  throw new ManifestError(
    `${where}: no \`export class … extends createWidgetElement(…) {}\`, \`export const … = createWidgetElement(…)\` or \`export class … extends HTMLElement\``,
  )
}

/** Builds the manifest for every widget (`widgets/<name>/` with a define.ts; sorted by folder name). */
export function buildManifest(widgetsDir: string = WIDGETS_DIR): Manifest {
  const names = widgetNames(widgetsDir)
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: names.map((name) => {
      const { declaration } = readElement(join(widgetsDir, name, 'element.ts'))
      const exportName = declaration.name
      const module = `widgets/${name}/element.ts`
      return {
        kind: 'javascript-module' as const,
        path: module,
        declarations: [declaration],
        exports: [
          { kind: 'js' as const, name: exportName, declaration: { name: exportName, module } },
          { kind: 'custom-element-definition' as const, name: declaration.tagName, declaration: { name: exportName, module } },
        ],
      }
    }),
  }
}

/** The manifest as written to disk (two-space JSON, trailing newline). */
export function manifestText(manifest: Manifest = buildManifest()): string {
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/**
 * React JSX typings for every `<trust-*>` tag (`types/elements.d.ts`), generated from the
 * manifest so that the documented attributes and their types are the ones TypeScript checks.
 */
export function jsxTypesText(manifest: Manifest = buildManifest()): string {
  const quote = (name: string) => (/^[a-z][a-zA-Z0-9]*$/.test(name) ? name : `'${name}'`)
  const lines = manifest.modules
    .flatMap((m) => m.declarations)
    .map((d) => {
      const attributes = d.attributes.map((a) => `${quote(a.name)}?: ${a.type?.text ?? 'string'}`).join('; ')
      return `      '${d.tagName}': TrustElementProps<{ ${attributes} }>`
    })
  return [
    '// Generated by `npm run manifest` from custom-elements.json; do not edit.',
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react'",
    '',
    '/** React props of a `<trust-*>` element: the HTML attributes plus its documented attributes. */',
    'type TrustElementProps<A> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & A',
    '',
    "declare module 'react' {",
    '  namespace JSX {',
    '    interface IntrinsicElements {',
    ...lines,
    '    }',
    '  }',
    '}',
    '',
  ].join('\n')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const manifest = buildManifest()
    const outputs = [
      { file: 'custom-elements.json', text: manifestText(manifest) },
      { file: 'types/elements.d.ts', text: jsxTypesText(manifest) },
    ]
    if (process.argv.includes('--check')) {
      const stale = outputs.filter((o) => {
        const path = join(root, o.file)
        return (existsSync(path) ? readFileSync(path, 'utf8') : '') !== o.text
      })
      if (stale.length) {
        console.error(`${stale.map((o) => o.file).join(' and ')} out of date: run \`npm run manifest\`.`)
        process.exit(1)
      }
      console.log('custom-elements.json and types/elements.d.ts are up to date.')
    } else {
      for (const o of outputs) writeFileSync(join(root, o.file), o.text)
      console.log(`Wrote custom-elements.json and types/elements.d.ts (${manifest.modules.length} elements).`)
    }
  } catch (error) {
    if (error instanceof ManifestError) {
      console.error(`custom-elements.json: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}
