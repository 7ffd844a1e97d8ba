/**
 * The house's import rules (architecture: "Arrows point one way only"), checked by
 * dependency-cruiser in `npm test` (`npm run boundaries`; the unit test `test/unit/boundaries.test.ts`
 * runs the same rules on the tree and on a tree that breaks each of them).
 *
 *   shell → widgets → widgets/core → styles;   every side may read contract/, which reads nothing.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
const FRONT_END = '^(widgets|shell|styles)/'
/** The schema modules of contract/ (they import typebox); the front end may import their types only. */
const CONTRACT_SCHEMAS =
  '^contract/(common|global|status|records|accounts|subscriptions|publishing|content|feeds|catalog|admin|desk|webhooks|statuspage|statuspage-manage|traffic|advisories|csaf|vex|third-party|subscribers|staff-identity|passkeys|api-keys|alerts)[.]ts$'
/** Folders under widgets/ that every widget may read: the shared core and the shared record view. */
const SHARED_WIDGET_FOLDERS = '(core|record-view|overall-status)'

module.exports = {
  forbidden: [
    {
      name: 'widgets-not-to-shell-or-server',
      comment: 'A widget runs on foreign pages without the shell and talks to the server only through the API.',
      severity: 'error',
      from: { path: '^widgets/' },
      to: { path: '^(shell|server)/' },
    },
    {
      name: 'server-not-to-front-end',
      comment:
        'The server reads contract/ for what it shares with the front end (the shapes it answers, the message catalogues, the timestamp format, the names of terms) and imports nothing of the front end itself.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(widgets|shell|styles|examples)/' },
    },
    {
      name: 'server-not-to-demo-seed',
      comment:
        'The demo seed fills a development start only: what production needs comes from the migrations or the catalogue (docs/operating/catalogue.md). Only the development start in server/app.ts calls it.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/(seed/|app[.]ts$)' },
      to: { path: '^server/seed/' },
    },
    {
      name: 'contract-imports-nothing-of-the-project',
      comment: 'Both sides read contract/; it reads nothing of theirs (it may read its own modules and packages).',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(widgets|shell|server|styles|test|scripts|examples|bench|types)/' },
    },
    {
      name: 'contract-no-node-builtins',
      comment:
        'contract/ runs on both sides, in browsers and in Node, so it imports no Node built-in (and, checked by the server type-check, which has no DOM library, uses no DOM).',
      severity: 'error',
      from: { path: '^contract/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-favours-no-widget',
      comment: 'widgets/core is shared by every widget, so it may not depend on any one of them.',
      severity: 'error',
      from: { path: '^widgets/core/' },
      to: { path: '^widgets/', pathNot: '^widgets/core/' },
    },
    {
      name: 'widget-not-to-another-widget',
      comment: 'What several widgets share lives in widgets/core or widgets/record-view, not in one of them.',
      severity: 'error',
      from: { path: '^widgets/([^/]+)/' },
      to: { path: '^widgets/[^/]+/', pathNot: [`^widgets/$1/`, `^widgets/${SHARED_WIDGET_FOLDERS}/`] },
    },
    {
      name: 'styles-not-to-widgets-or-shell',
      comment: 'styles/ is the bottom of the front end: tokens, theme and recipes only.',
      severity: 'error',
      from: { path: '^styles/' },
      to: { path: '^(widgets|shell|server)/' },
    },
    {
      name: 'front-end-no-node-builtins',
      comment: 'The front end runs in browsers.',
      severity: 'error',
      from: { path: FRONT_END },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'front-end-reads-contract-types-only',
      comment: 'Schemas stay out of the drop-ins (size budgets): import their types with `import type`.',
      severity: 'error',
      from: { path: FRONT_END },
      to: { path: CONTRACT_SCHEMAS, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'front-end-no-schema-library',
      comment: 'The front end parses answers with its small parsers; the schema library is for the server and tests.',
      severity: 'error',
      from: { path: FRONT_END },
      to: { path: '(^|/)node_modules/(typebox|@fastify)/' },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that does not resolve is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
}
