// The widget gallery's page script (served by examples/serve.ts as /gallery.js). Not part of
// the kit: it only decorates the gallery pages.
//
// - Renders the reference tables of every `<div data-manifest-for="trust-…">` (attributes,
//   events, CSS parts, CSS custom properties) from /custom-elements.json, the manifest generated
//   from the element docblocks; without a manifest it says so and the page works on.
// - Logs every `trust-*` event the page's widgets fire into `<ol data-event-log>` (a polite live
//   region), listening on the document in the capture phase.
// - Cancels `trust-sign-in-required`: a gallery page is not the trust site, so visitors stay here
//   instead of going to its sign-in page (the log still shows the event).
// - Fills `<template data-post="incident|maintenance|notification[:cloud]">`: a `<trust-post>`
//   needs a record id, so the newest record of that public list, fetched from the template's
//   element's `api-base`, gives it one.
;(() => {
  /** Events known without the manifest; the manifest's events are added when it arrives. */
  const KNOWN_EVENTS = ['trust-cloud-change', 'trust-sign-in-required', 'trust-subscriptions-error']
  const listening = new Set()

  /** Creates an element with a class, attributes and children (strings become text). */
  function h(tag, props, ...children) {
    const el = document.createElement(tag)
    for (const [key, value] of Object.entries(props ?? {})) {
      if (value === undefined || value === null || value === false) continue
      if (key === 'class') el.className = value
      else el.setAttribute(key, value === true ? '' : String(value))
    }
    for (const child of children.flat()) {
      if (child === undefined || child === null || child === false) continue
      el.append(typeof child === 'string' ? document.createTextNode(child) : child)
    }
    return el
  }

  /** Text with `backtick` spans as <code>, never as markup. */
  function rich(text) {
    const out = []
    String(text ?? '')
      .split('`')
      .forEach((part, i) => {
        if (part) out.push(i % 2 ? h('code', null, part) : part)
      })
    return out
  }

  // ---- events log ----------------------------------------------------------------------------

  function logs() {
    return [...document.querySelectorAll('[data-event-log]')]
  }

  function describeTarget(target) {
    if (!(target instanceof Element)) return 'document'
    const id = target.id ? `#${target.id}` : ''
    return `<${target.localName}${id ? ` id="${target.id}"` : ''}>`
  }

  function detailText(detail) {
    if (detail === undefined || detail === null) return ''
    try {
      const json = JSON.stringify(detail)
      return json.length > 300 ? `${json.slice(0, 299)}…` : json
    } catch {
      return String(detail)
    }
  }

  function onEvent(event) {
    const target = event.target
    // The page's own listeners (bubble phase) run after this capture listener: read
    // `defaultPrevented` once the dispatch is over.
    queueMicrotask(() => {
      const time = new Date().toISOString().slice(11, 23)
      for (const log of logs()) {
        log.querySelector('.g-events-empty')?.remove()
        const detail = detailText(event.detail)
        log.append(
          h(
            'li',
            null,
            h('span', { class: 'g-events-time' }, time),
            ' ',
            h('code', null, event.type),
            ' from ',
            h('code', null, describeTarget(target)),
            event.defaultPrevented ? ' (default action cancelled by the page)' : '',
            detail ? ' ' : '',
            detail ? h('code', { class: 'g-events-detail' }, detail) : '',
          ),
        )
      }
    })
  }

  function listen(name) {
    if (!/^trust-[a-z0-9-]+$/.test(name) || listening.has(name)) return
    listening.add(name)
    document.addEventListener(name, onEvent, { capture: true })
  }

  KNOWN_EVENTS.forEach(listen)

  // ---- manifest tables -----------------------------------------------------------------------

  function table(kind, caption, columns, rows) {
    return h(
      'div',
      { class: 'g-table', role: 'region', 'aria-label': caption, tabindex: '0' },
      h(
        'table',
        { 'data-table': kind },
        h('caption', null, caption),
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            columns.map((c) => h('th', { scope: 'col' }, c.label)),
          ),
        ),
        h(
          'tbody',
          null,
          rows.map((row) =>
            h(
              'tr',
              { 'data-name': row.name },
              columns.map((c, i) => {
                const value = c.get(row)
                const cell = i === 0 ? h('th', { scope: 'row' }, h('code', null, value)) : h('td', null)
                if (i > 0) cell.append(...(c.code && value ? [h('code', null, value)] : rich(value)))
                return cell
              }),
            ),
          ),
        ),
      ),
    )
  }

  function section(title, kind, columns, rows) {
    return [h('h3', null, title), rows.length ? table(kind, title, columns, rows) : h('p', { 'data-empty': kind }, 'None.')]
  }

  function render(container, decl) {
    const tag = container.getAttribute('data-manifest-for')
    container.replaceChildren()
    if (!decl) {
      container.append(h('p', { class: 'g-note' }, `The manifest does not describe <${tag}> yet.`))
      return
    }
    const name = (r) => r.name
    if (decl.description) container.append(h('p', { class: 'g-description' }, rich(decl.description)))
    container.append(
      ...section(
        'Attributes',
        'attributes',
        [
          { label: 'Attribute', get: name },
          { label: 'Type', get: (r) => r.type?.text ?? '', code: true },
          { label: 'Default', get: (r) => r.default ?? '', code: true },
          { label: 'Description', get: (r) => r.description ?? '' },
        ],
        decl.attributes ?? [],
      ),
      ...section(
        'Events',
        'events',
        [
          { label: 'Event', get: name },
          { label: 'Type', get: (r) => r.type?.text ?? '', code: true },
          { label: 'Description', get: (r) => r.description ?? '' },
        ],
        (decl.events ?? []).filter((e) => e.name),
      ),
      ...section(
        'CSS parts',
        'parts',
        [
          { label: 'Part', get: name },
          { label: 'Description', get: (r) => r.description ?? '' },
        ],
        decl.cssParts ?? [],
      ),
      ...section(
        'CSS custom properties',
        'properties',
        [
          { label: 'Property', get: name },
          { label: 'Default', get: (r) => r.default ?? '', code: true },
          { label: 'Description', get: (r) => r.description ?? '' },
        ],
        decl.cssProperties ?? [],
      ),
    )
    container.setAttribute('data-manifest-ready', '')
  }

  /** The custom-element declarations of a manifest (schema 2.x), by tag name. */
  function declarations(manifest) {
    const byTag = new Map()
    for (const mod of manifest?.modules ?? []) {
      for (const decl of mod?.declarations ?? []) {
        if (decl?.customElement && typeof decl.tagName === 'string') byTag.set(decl.tagName, decl)
      }
    }
    return byTag
  }

  async function loadManifest() {
    const containers = [...document.querySelectorAll('[data-manifest-for]')]
    if (!containers.length) return
    for (const c of containers) c.replaceChildren(h('p', { class: 'g-note', role: 'status' }, 'Loading the element reference…'))
    let byTag
    try {
      const res = await fetch('/custom-elements.json', { headers: { accept: 'application/json' } })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      byTag = declarations(await res.json())
    } catch {
      for (const c of containers) {
        c.replaceChildren(
          h(
            'p',
            { class: 'g-note', 'data-manifest-missing': '' },
            'The element reference comes from custom-elements.json, which could not be loaded; run ',
            h('code', null, 'npm run manifest'),
            ' to see it here.',
          ),
        )
      }
      return
    }
    for (const decl of byTag.values()) for (const e of decl.events ?? []) if (e?.name) listen(e.name)
    for (const c of containers) render(c, byTag.get(c.getAttribute('data-manifest-for')))
  }

  // ---- gallery pages are not the trust site --------------------------------------------------

  document.addEventListener('trust-sign-in-required', (event) => event.preventDefault())

  /** Public list URL (path and query) of each `data-post` list name. */
  const POST_LISTS = {
    incident: (cloud) => `/api/incident?cloud=${encodeURIComponent(cloud)}`,
    maintenance: (cloud) => `/api/maintenance?cloud=${encodeURIComponent(cloud)}`,
    notification: () => '/api/notifications?notification_type=url_change_notification',
  }

  async function placePosts() {
    for (const template of document.querySelectorAll('template[data-post]')) {
      const [list, cloud = 'auroraedge'] = template.dataset.post.split(':')
      const fragment = template.content.cloneNode(true)
      const post = fragment.querySelector('trust-post')
      let id
      try {
        const res = await fetch(post.getAttribute('api-base') + POST_LISTS[list](cloud))
        id = (await res.json()).data.records[0]?.id
      } catch {
        // No id: the page says so below instead of showing a broken widget.
      }
      if (id !== undefined) post.setAttribute('post-id', String(id))
      else post.replaceWith(h('p', null, 'No record to show.'))
      template.replaceWith(fragment)
    }
  }

  function start() {
    void loadManifest()
    void placePosts()
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
  else start()
})()
