/**
 * Icons several widgets draw: path data on a 16 × 16 viewBox and the CSS mask that paints a path in
 * the element's `currentColor`.
 */

import svgToMiniDataURI from 'mini-svg-data-uri'

/** The subscribe star's outline (16 × 16 viewBox), filled when subscribed (docs/requirements/screens.md#visual-hints). */
export const STAR_PATH = 'M8 1.6l1.95 4.1 4.45.55-3.3 3.1.85 4.45L8 11.6l-3.95 2.2.85-4.45-3.3-3.1 4.45-.55z'

/**
 * `url("data:image/svg+xml,…")` of a 16 × 16 icon drawn in black, for `mask-image`: the element
 * paints it in its `currentColor`. `attributes` go on the `<path>` (fill, stroke, stroke-width).
 * Encoded by mini-svg-data-uri, which escapes only what a URL must (build time only: the CSS is
 * compiled; about a third shorter than `encodeURIComponent`).
 */
export function maskUrl(path: string, attributes: string): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><path d='${path}' ${attributes}/></svg>`
  return `url("${svgToMiniDataURI(svg)}")`
}
