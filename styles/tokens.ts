/**
 * Design tokens that are plain values, not CSS variables (docs/requirements/screens.md#visual-hints).
 */

/** Mobile breakpoints, px (docs/requirements/screens.md#visual-hints). */
export const BREAKPOINTS = { xs: 372, sm: 522, md: 576, lg: 992, xl: 1200 } as const

/** Media query for widths of at least `px`. */
export const minWidth = (px: number): string => `screen and (min-width: ${px}px)`

/** Popover size limits, px (docs/requirements/screens.md#visual-hints). */
export const POPOVER = { maxWidth: 420, maxHeight: 340 } as const

/** Tooltip max width and notification (toast) width, px (docs/requirements/screens.md#visual-hints). */
export const TOOLTIP_MAX_WIDTH = 270
export const NOTIFICATION_WIDTH = 400
