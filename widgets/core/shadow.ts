/**
 * What every `<trust-*>` element needs of its shadow root, React or not: the drop-in's CSS
 * adopted once per page, and a registration that tolerates a second script (architecture §A
 * widget). No React here, so `<trust-status-badge>` (widgets/status-badge/) carries none.
 */

const sheets = new Map<string, CSSStyleSheet | string>()

/** Puts `css` into `shadow`: one constructed stylesheet shared by all instances, or a `<style>`. */
export function adoptCss(shadow: ShadowRoot, css: string): void {
  if (!css) return
  let sheet = sheets.get(css)
  if (!sheet) {
    try {
      const constructed = new CSSStyleSheet()
      constructed.replaceSync(css)
      sheet = constructed
    } catch {
      sheet = css
    }
    sheets.set(css, sheet)
  }
  if (typeof sheet === 'string') {
    const style = document.createElement('style')
    style.textContent = sheet
    shadow.appendChild(style)
  } else {
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet]
  }
}

/**
 * Registers `tag` unless a (possibly other) bundle on the page already did: loading a drop-in
 * script twice, or two scripts sharing a widget, must not throw.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return
  customElements.define(tag, ctor)
}
