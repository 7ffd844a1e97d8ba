// The message catalogues (docs/languages-and-themes.md): every locale has exactly the English keys of every group, each
// translation keeps the English message's placeholders and the locale's plural forms, no phrase is
// left in English (a word or two may be the same in both languages, such as French "Incidents";
// the e2e run checks what a page shows), and the glossary's terms are used for its concepts.
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { LOCALES } from '../../contract/locale'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const TRANSLATED = LOCALES.filter((l) => l !== 'en')
const glossary = JSON.parse(readFileSync(join(root, 'widgets/core/i18n/glossary.json'), 'utf8')) as {
  terms: Record<string, Record<string, string | { term: string; pattern: string }>>
  same: string[]
}

type Base = Record<string, string | { input: string | Record<string, string> }>
interface Group {
  name: string
  base: Base
  in: unknown
}

function messageFiles(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...messageFiles(path))
    else if (entry.name === 'messages.ts') found.push(path)
  }
  return found
}

const files = ['contract', 'widgets', 'shell', 'server'].flatMap((d) => messageFiles(join(root, d)))
const groupsByFile = new Map<string, Group[]>()
for (const file of files) {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>
  const groups = Object.values(module).filter(
    (v): v is Group => typeof v === 'object' && v !== null && 'name' in v && 'base' in v && 'in' in v,
  )
  groupsByFile.set(file, groups)
}

const placeholders = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))
const english = (value: Base[string]) => (typeof value === 'string' ? value : value.input)

test('messages files exist and every group name is unique', () => {
  assert.ok(files.length > 0)
  const names = [...groupsByFile.values()].flat().map((g) => g.name)
  assert.ok(names.length > 0, 'no groups found')
  assert.equal(names.length, new Set(names).size, `duplicate group names: ${names.filter((n, i) => names.indexOf(n) !== i)}`)
})

test('messages are defined only in messages.ts files', () => {
  const offenders: string[] = []
  const scan = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) scan(path)
      else if (/\.tsx?$/.test(entry.name) && entry.name !== 'messages.ts' && !/[\\/]i18n[\\/]/.test(relative(root, path))) {
        if (/\bdefineMessages\(/.test(readFileSync(path, 'utf8'))) offenders.push(relative(root, path))
      }
    }
  }
  for (const d of ['contract', 'widgets', 'shell', 'server']) scan(join(root, d))
  assert.equal(offenders, [])
})

for (const locale of TRANSLATED) {
  test(`${locale}: every group has exactly the English keys, with placeholders and plural forms`, () => {
    const problems: string[] = []
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
    for (const [file, groups] of groupsByFile) {
      const path = join(dirname(file), 'locales', `${locale}.json`)
      const where = relative(root, path)
      if (!existsSync(path)) {
        problems.push(`${where}: missing`)
        continue
      }
      const catalogue = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, unknown>>
      const names = new Set(groups.map((g) => g.name))
      for (const extra of Object.keys(catalogue).filter((n) => !names.has(n))) problems.push(`${where}: extra group ${extra}`)
      for (const group of groups) {
        const translated = catalogue[group.name]
        if (!translated) {
          problems.push(`${where}: missing group ${group.name}`)
          continue
        }
        for (const key of Object.keys(translated)) if (!(key in group.base)) problems.push(`${where}: ${group.name}.${key} is extra`)
        for (const [key, value] of Object.entries(group.base)) {
          const id = `${where}: ${group.name}.${key}`
          const source = english(value)
          const text = translated[key]
          if (text === undefined) {
            problems.push(`${id} is missing`)
            continue
          }
          if (typeof source === 'string') {
            if (typeof text !== 'string' || text.trim() === '') {
              problems.push(`${id} is not a text`)
              continue
            }
            const wanted = placeholders(source)
            const got = placeholders(text)
            for (const p of wanted) if (!got.has(p)) problems.push(`${id} lacks {${p}}`)
            for (const p of got) if (!wanted.has(p)) problems.push(`${id} has unknown {${p}}`)
            // A word or two may be the same in both languages (fr "Incidents", de "System"); a
            // phrase of three words or more left as it is in English is a missing translation.
            const words = source.replace(/\{\w+\}/g, '').match(/[A-Za-z]{2,}/g) ?? []
            if (text === source && words.length > 2 && !glossary.same.includes(source))
              problems.push(`${id} is left in English: ${JSON.stringify(source)}`)
          } else {
            if (typeof text !== 'object' || text === null) {
              problems.push(`${id} needs plural forms`)
              continue
            }
            const forms = text as Record<string, unknown>
            for (const c of categories) if (typeof forms[c] !== 'string') problems.push(`${id} lacks the plural form "${c}"`)
            const wanted = new Set(Object.values(source).flatMap((s) => [...placeholders(s)]))
            for (const p of wanted) if (!placeholders(String(forms.other ?? '')).has(p)) problems.push(`${id} (other) lacks {${p}}`)
            for (const [form, s] of Object.entries(forms)) {
              if (!categories.includes(form as Intl.LDMLPluralRule)) problems.push(`${id} has the unknown plural form "${form}"`)
              for (const p of placeholders(String(s))) if (!wanted.has(p)) problems.push(`${id} (${form}) has unknown {${p}}`)
            }
          }
        }
      }
    }
    assert.equal(problems, [], problems.slice(0, 40).join('\n'))
  })

  test(`${locale}: the glossary's term names each of its concepts`, () => {
    const problems: string[] = []
    for (const [file, groups] of groupsByFile) {
      const path = join(dirname(file), 'locales', `${locale}.json`)
      if (!existsSync(path)) continue
      const catalogue = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, unknown>>
      for (const group of groups) {
        for (const [key, value] of Object.entries(group.base)) {
          const source = english(value)
          const texts = typeof source === 'string' ? [source] : [source.other ?? '']
          const text = catalogue[group.name]?.[key]
          const translated = typeof text === 'string' ? text : String((text as Record<string, string> | undefined)?.other ?? '')
          for (const [concept, entry] of Object.entries(glossary.terms)) {
            const term = entry[locale] as { term: string; pattern: string }
            if (!texts.some((t) => new RegExp(String(entry.english), 'i').test(t))) continue
            if (!new RegExp(term.pattern, 'i').test(translated))
              problems.push(`${relative(root, path)}: ${group.name}.${key} names "${concept}" without "${term.term}": ${translated}`)
          }
        }
      }
    }
    assert.equal(problems, [], problems.slice(0, 40).join('\n'))
  })
}

test.run()
