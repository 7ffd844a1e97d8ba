/**
 * The routes the API registers (`server/routes/index.ts`), read off a bare Fastify instance: what
 * the tests that hold every route to a rule walk over. Nothing is called; registering reads no
 * dependency. The key-authenticated `/v1/` scope is a plugin, so the instance is made ready.
 */
import Fastify, { type RouteOptions } from 'fastify'
import { type Mode, readAccountsConfig } from '../../server/config.js'
import type { RouteDeps } from '../../server/routes/deps.js'
import { registerApiRoutes } from '../../server/routes/index.js'

/** Every route the API registers in `mode`. */
export async function apiRouteTable(mode: Mode): Promise<RouteOptions[]> {
  const routes: RouteOptions[] = []
  const app = Fastify()
  app.addHook('onRoute', (route) => {
    routes.push(route)
  })
  const deps = { db: {}, now: () => new Date(), variant: {}, site: {}, mode, accounts: readAccountsConfig({}, mode), mailer: {} }
  registerApiRoutes(app, deps as unknown as RouteDeps)
  await app.ready()
  await app.close()
  return routes
}
