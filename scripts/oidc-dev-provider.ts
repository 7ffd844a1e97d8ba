// `npm run sso:dev`: a local OpenID Connect identity provider for the demo's employee single sign-on
// (docs/operating/staff-sign-in.md#single-sign-on). It is the provider the tests use (test/fixtures/oidc-provider.ts:
// the `oidc-provider` package with a login page), with two employees of the demo's employee domain, and prints the
// environment to start the site with. Development only: it keeps everything in memory and is no identity provider
// for a real site.
//
// OIDC_DEV_PORT (default 9400): its port; SITE_URL (default http://localhost:8080, the demo's `npm start`): the
// site it sends employees back to; TRUST_EMPLOYEE_DOMAINS (default auroraedge.example, the demo's): the employees'
// address domain (the first one).
import { startOidcProvider } from '../test/fixtures/oidc-provider.js'

const port = Number(process.env.OIDC_DEV_PORT?.trim() || 9400)
const site = (process.env.SITE_URL?.trim() || 'http://localhost:8080').replace(/\/+$/, '')
const domain = (process.env.TRUST_EMPLOYEE_DOMAINS?.split(',')[0] ?? '').trim() || 'auroraedge.example'
const alternate = site.includes('//localhost') ? site.replace('//localhost', '//127.0.0.1') : site.replace('//127.0.0.1', '//localhost')

const provider = await startOidcProvider({
  redirectUris: [...new Set([`${site}/sso/callback`, `${alternate}/sso/callback`])],
  domain,
  port,
  // A fixed secret, so the site's environment stays right across restarts of this provider.
  clientSecret: 'trust-dev-secret',
})

const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`
const env = { ...provider.env, TRUST_EMPLOYEE_DOMAINS: domain }
console.log(`A local identity provider for single sign-on is running at ${provider.issuer}.

Start the site (in another terminal) with:

${Object.entries(env)
  .map(([name, value]) => `  export ${name}=${quote(value)}`)
  .join('\n')}
  npm start

then open ${site}/sign-in and follow "Employee login". Employees (user name / password, groups):
${provider.employees.map((e) => `  ${e.login} / ${e.password}  ${e.email}  groups: ${e.groups.join(', ')}`).join('\n')}

OIDC_ROLE_MAP gives trust-admins the roles administrator and trust_admin, psirt the role blog_editor.
Press Ctrl+C to stop.`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void provider.stop().then(() => process.exit(0))
  })
}
