/**
 * The CSS a drop-in script adopts into its shadow roots.
 *
 * The build (rollup.config.mjs, `inlineWidgetCss`) replaces the placeholder string below with
 * the script's extracted CSS, so one `<script>` carries its styles. In the React flavour and in
 * unit tests the placeholder stays and {@link widgetCss} returns '' (the page's stylesheet
 * applies there instead).
 */
const WIDGET_CSS: string = '__TRUST_WIDGET_CSS__'

/** The extracted CSS of this bundle, or '' where the build did not inline any. */
export function widgetCss(): string {
  return WIDGET_CSS.startsWith('__TRUST_' + 'WIDGET') ? '' : WIDGET_CSS
}
