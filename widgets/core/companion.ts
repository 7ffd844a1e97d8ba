/**
 * Companion drop-ins: a drop-in script whose widget shows another kit element loads that
 * element's script from beside itself, once per page, instead of carrying its code (its budget,
 * docs/benchmarks.md#size-budgets). `<trust-cloud-status>` shows `<trust-status-badge>` this way.
 *
 * Only drop-in scripts (classic scripts, where `document.currentScript` names them) load
 * companions; the npm package's module flavour has no script to load beside, so a host importing
 * `<pkg>/cloud-status/define` also imports `<pkg>/status-badge/define` (docs/embedding.md#embedding-a-widget).
 */

/** This script's URL while it runs (a drop-in's IIFE evaluates this at once); `''` in module builds. */
export const here = typeof document === 'undefined' ? '' : ((document.currentScript as HTMLScriptElement | null)?.src ?? '')

/**
 * Loads `{name}.js` from the folder of the running drop-in script unless `tag` is defined already
 * (by the kit, another drop-in, or an earlier call) once the running script has finished. A failed load is logged; the element then
 * stays an empty placeholder.
 *
 * @param tag the element's tag, e.g. `'trust-status-badge'`
 * @param name the drop-in's file name without `.js`, e.g. `'status-badge'`
 */
export function requireElement(tag: string, name: string): void {
  if (!here) return
  // After the running script's other definitions: the kit defines the companion itself.
  queueMicrotask(() => {
    if (customElements.get(tag) || document.querySelector(`script[data-trust-element="${tag}"]`)) return
    const script = document.createElement('script')
    script.src = new URL(`${name}.js`, here).href
    script.async = true
    script.dataset.trustElement = tag
    script.onerror = () => console.error(`The ${tag} script ${script.src} could not be loaded.`)
    document.head.append(script)
  })
}
