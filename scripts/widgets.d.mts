/** Types of scripts/widgets.mjs (the kit's widget list) for TypeScript importers. */
export const WIDGETS_DIR: string
export function widgetNames(widgetsDir?: string): string[]
