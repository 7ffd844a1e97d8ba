// Unit-test environment: happy-dom globals, and a module hook for styles.
// - `*.css.ts` (vanilla-extract) run in runtime mode: wrapped with a file scope, so importing a
//   widget in a test works without the bundler.
// - plain `*.css` imports (package stylesheets) load as empty modules.
import { GlobalRegistrator } from '@happy-dom/global-registrator'
import { register } from 'node:module'

GlobalRegistrator.register({ url: 'http://localhost:8080/', width: 1280, height: 800 })
register('./css-hooks.mjs', import.meta.url)
