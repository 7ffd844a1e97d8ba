// The server's catalogues (server/mail/catalogues.ts): every message group the server can show —
// each `messages.ts` under server/ and the shared names of contract/messages.ts — reads its
// translations in every locale once the mail code is loaded, with nothing read from disk at the
// time of a mail. A group whose folder the server forgot to list would come out in English.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { MessageGroup } from '../../contract/i18n/index'
import { LOCALES } from '../../contract/locale'
import { mailTexts } from '../../server/mail/catalogues'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')

function messageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : messageFiles(path)
    return entry.name === 'messages.ts' ? [path] : []
  })
}

const files = [...messageFiles(join(root, 'server')), join(root, 'contract/messages.ts')]

test('the server shows every group of its messages files in every locale', async () => {
  assert.ok(files.length >= 3, files.join())
  const problems: string[] = []
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>
    const groups = Object.values(module).filter(
      (v): v is MessageGroup<Record<string, string>> => typeof v === 'object' && v !== null && 'name' in v && 'base' in v,
    )
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const catalogue = JSON.parse(readFileSync(join(dirname(file), 'locales', `${locale}.json`), 'utf8')) as Record<
        string,
        Record<string, unknown>
      >
      for (const group of groups) {
        // A plain text is enough to tell: the catalogue's, not the English of the code.
        const key = Object.keys(group.base).find((k) => typeof group.base[k] === 'string')
        if (!key) continue
        const shown = mailTexts(group, locale)[key]
        if (shown !== catalogue[group.name]?.[key]) {
          problems.push(`${relative(root, file)} ${group.name}.${key} in ${locale}: ${JSON.stringify(shown)}`)
        }
      }
    }
  }
  assert.equal(problems, [])
})

test.run()
