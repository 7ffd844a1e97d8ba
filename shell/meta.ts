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

/**
 * Applies a page's title, description and robots directive to the document (docs/requirements/screens.md), and its
 * canonical link: the current path without the query, on the origin of the canonical link the
 * server sent (its `PUBLIC_URL`) or else this page's; none on noindex pages.
 */
export function applyMeta(meta: PageMeta): void {
  document.title = meta.title
  metaTag('description').content = meta.description
  const robots = document.head.querySelector('meta[name="robots"]')
  if (meta.noindex) metaTag('robots').content = 'noindex'
  else robots?.remove()
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (meta.noindex) {
    canonical?.remove()
    return
  }
  const origin = canonical ? new URL(canonical.href).origin : location.origin
  if (!canonical) {
    canonical = document.createElement('link')
    canonical.rel = 'canonical'
    document.head.appendChild(canonical)
  }
  canonical.href = origin + location.pathname
}
