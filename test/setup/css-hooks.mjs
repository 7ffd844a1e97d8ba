import { addFileScope } from '@vanilla-extract/integration'
import { fileURLToPath } from 'node:url'

const rootPath = fileURLToPath(new URL('../../', import.meta.url))

export async function load(url, context, nextLoad) {
  if (url.endsWith('.css') && !url.endsWith('.vanilla.css')) {
    return { format: 'module', source: 'export {}', shortCircuit: true }
  }
  const result = await nextLoad(url, context)
  if (/\.css\.ts$/.test(url.split('?')[0]) && result.source) {
    const source = addFileScope({
      source: String(result.source),
      filePath: fileURLToPath(url.split('?')[0]),
      rootPath,
      packageName: 'trust-site-kit',
    })
    return { ...result, source }
  }
  return result
}
