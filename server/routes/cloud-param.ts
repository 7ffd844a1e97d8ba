/**
 * What routes that name one cloud share: the public per-cloud reads (banner, map, speedometer,
 * FAQ, compliance; see docs/api.md), GETs answering `{ data }` that may be cached like the other
 * public reads (`PUBLIC_SHORT_CACHE`); and a signed-in user's changes to their subscriptions of a
 * cloud (docs/subscriptions.md).
 */
import type { Static, TSchema } from 'typebox'
import type { FastifyRequest, FastifySchema } from 'fastify'
import type { Kysely } from 'kysely'
import { answer, CloudQuery, ERROR_RESPONSES } from '../../contract/common.js'
import type { DcMapParams } from '../../contract/global.js'
import { requireSession, type UserSession } from '../accounts/sessions.js'
import type { Database } from '../db/schema.js'
import { PUBLIC_SHORT_CACHE } from '../http/public-api.js'
import { type CloudRow, requireCloud } from '../repo/clouds.js'
import type { TrustApp } from './deps.js'

/** Where the route reads the cloud from: `?cloud=` (`querystring`) or a `:cloud` path segment (`params`). */
export type CloudIn = { querystring: typeof CloudQuery } | { params: typeof DcMapParams }

/**
 * Registers GET `url` answering `{ data: await read(cloud) }` for the cloud the request names
 * (machine name or domain, see `requireCloud`), validated against `data`; `read` gets the request
 * too (e.g. for its console token's customer groups).
 * Errors: 400 `bad_request` without `cloud`, 404 `unknown_cloud`, and whatever `read` throws.
 *
 * @param from the schema naming the cloud: `?cloud=` by default, or the `:cloud` segment of `url`.
 */
export function getCloudRead<T extends TSchema>(
  app: TrustApp,
  db: Kysely<Database>,
  url: string,
  data: T,
  read: (cloud: CloudRow, request: FastifyRequest) => Promise<Static<T>>,
  from: CloudIn = { querystring: CloudQuery },
): void {
  // Typed as a plain schema: the reply type of a generic `data` is checked by `read` instead.
  const schema: FastifySchema = { ...from, response: { 200: answer(data), ...ERROR_RESPONSES } }
  app.get(url, { schema, config: PUBLIC_SHORT_CACHE }, async (request) => {
    const named = ('querystring' in from ? request.query : request.params) as CloudQuery
    return { data: await read(await requireCloud(db, named.cloud), request) }
  })
}

/**
 * The signed-in user of a request that changes their subscriptions, and the cloud its body names.
 * Errors: 403 `not_signed_in` or `csrf` (see `requireSession`), then 404 `unknown_cloud`.
 */
export async function requireSessionCloud(
  db: Kysely<Database>,
  request: FastifyRequest & { body: { cloud: string } },
): Promise<{ session: UserSession; cloud: CloudRow }> {
  const session = requireSession(request)
  return { session, cloud: await requireCloud(db, request.body.cloud) }
}
