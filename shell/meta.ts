import type { PageMeta } from './routes'

function metaTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = name
    document.head.appendChild(tag)
  }
  return tag
}

/** Applies a page's title, description and robots directive to the document (spec §2). */
export function applyMeta(meta: PageMeta): void {
  document.title = meta.title
  metaTag('description').content = meta.description
  const robots = document.head.querySelector('meta[name="robots"]')
  if (meta.noindex) metaTag('robots').content = 'noindex'
  else robots?.remove()
}
