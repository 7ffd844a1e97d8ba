import { createElement, Fragment, type ReactNode } from 'react'

/**
 * Server HTML as React elements through a strict allow-list, for drop-in widgets whose size
 * budget cannot carry DOMPurify (≈ 12 KB gzip; see {@link sanitizeHtml} for the full sanitiser).
 *
 * Why this is safe without a sanitiser library: the HTML is parsed in an inert `DOMParser`
 * document (no scripts run, nothing loads), and the result is never turned back into an HTML
 * string — each allowed element is re-created by React from its tag name and a few checked
 * attributes, and text becomes React text. Nothing the markup says can become a script, an
 * event handler, a style, or a `javascript:` URL, and there is no serialise/re-parse step for
 * mutation XSS to exploit.
 */

/** Elements re-created as they are. */
const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'span',
  'code',
  'pre',
  'blockquote',
  'hr',
  'ul',
  'ol',
  'li',
  'a',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'div',
  // FAQ markup (contract "FAQ and Compliance"): sections, headings and native disclosures.
  'h2',
  'section',
  'details',
  'summary',
  'mark',
])

/** Elements that keep an `id` (deep-link anchors of the FAQ, docs/requirements/screens.md#faq), when it is a plain name. */
const WITH_ID = new Set(['h2', 'h3', 'section', 'details'])

/** The ids kept: a letter, then letters, digits, `_` and `-` (no clobbering of `window` names by odd ids). */
export const SAFE_ID = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/

/** Options of {@link safeHtml}. */
export interface SafeHtmlOptions {
  /**
   * Renders each text node (e.g. wraps search matches in `<mark>`, see `widgets/faq`). Its result
   * is React nodes, so it cannot reintroduce markup. @default the text as is
   */
  text?: (text: string) => ReactNode
}

/** Elements dropped with everything inside them; any other unknown element keeps only its content. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'noscript',
  'textarea',
  'title',
  'form',
  'input',
  'button',
  'select',
  'option',
  'frame',
  'frameset',
  'noembed',
  'xmp',
  'img',
  'video',
  'audio',
  'canvas',
  'link',
  'meta',
  'base',
  'head',
])

/** True for http(s), mailto and relative URLs (control characters and spaces ignored, as browsers do). */
export function isSafeUrl(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the control characters browsers ignore in URLs, so `java\tscript:` is seen as a scheme
  const v = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  return /^(?:https?:|mailto:)/i.test(v) || !/^[^/?#]*:/.test(v)
}

function convert(node: Node, options: SafeHtmlOptions = {}): ReactNode {
  if (node.nodeType === 3) return options.text && node.nodeValue ? options.text(node.nodeValue) : node.nodeValue
  if (node.nodeType !== 1) return null
  const el = node as Element
  const tag = el.localName
  if (DROPPED.has(tag)) return null
  const children = Array.from(el.childNodes, (child) => convert(child, options))
  if (!ALLOWED.has(tag)) return children.length ? createElement('span', null, ...children) : null
  const props: Record<string, string | number> = {}
  if (tag === 'a') {
    const href = el.getAttribute('href')
    if (href && isSafeUrl(href)) props.href = href
    if (el.getAttribute('target') === '_blank') {
      props.target = '_blank'
      props.rel = 'noopener noreferrer'
    }
  }
  if (tag === 'td' || tag === 'th') {
    for (const name of ['colspan', 'rowspan'] as const) {
      const n = Number(el.getAttribute(name))
      if (Number.isInteger(n) && n > 1 && n < 100) props[name === 'colspan' ? 'colSpan' : 'rowSpan'] = n
    }
  }
  const title = el.getAttribute('title')
  if (title) props.title = title
  const id = el.getAttribute('id')
  if (id && WITH_ID.has(tag) && SAFE_ID.test(id)) props.id = id
  return createElement(tag, props, ...children)
}

/**
 * Converts untrusted server HTML to React nodes through the allow-list above: basic text
 * formatting, lists, links (http, https, mailto, relative; `target="_blank"` gets
 * `rel="noopener noreferrer"`) and simple tables. Scripts, styles, forms, media and embedded
 * documents are dropped with their content; other unknown elements keep their text. Every
 * attribute except `href`, `target`, `title`, `colspan`, `rowspan` and a plain `id` on `h2`, `h3`,
 * `section` and `details` (deep-link anchors) is dropped. Without a DOM
 * the input is returned as plain text (React escapes it).
 *
 * @param html untrusted HTML
 * @param options see {@link SafeHtmlOptions}
 * @example <div>{safeHtml(issue.description)}</div>
 */
export function safeHtml(html: string | null | undefined, options: SafeHtmlOptions = {}): ReactNode {
  if (!html) return null
  if (typeof DOMParser === 'undefined') return options.text ? options.text(String(html)) : String(html)
  const doc = new DOMParser().parseFromString(String(html), 'text/html')
  return createElement(Fragment, null, ...Array.from(doc.body.childNodes, (child) => convert(child, options)))
}
