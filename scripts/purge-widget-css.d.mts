/** Types of scripts/purge-widget-css.mjs (a drop-in's CSS without what its script cannot use) for TypeScript importers. */
export function purgeWidgetCss(css: string, script: string): Promise<string>
