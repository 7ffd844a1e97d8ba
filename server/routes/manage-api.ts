/**
 * The key-authenticated API (docs/statuspage-manage-api.md, docs/operating/api-keys.md): the
 * Statuspage-compatible manage API under `/v1/`, and Alertmanager's receiver
 * (`POST /api/integrations/alertmanager`, `./alertmanager.ts`). Every route here:
 *
 * - needs an API key (`Authorization: Bearer {key}` or `OAuth {key}`; `server/accounts/api-keys.ts`):
 *   401 `unauthorized` without a valid one, 400 `key_in_query` for a key in the query string; a
 *   session cookie counts for nothing here, and no CSRF token is asked;
 * - is rate limited per key by `@fastify/rate-limit` ({@link KEY_RATE_LIMIT} calls a minute; over
 *   it 429 `rate_limited` with `Retry-After`), per process;
 * - answers `Cache-Control: no-store` (never shared by a CDN or the origin's response cache);
 * - is written to the audit log under the key's name (`api_key.call`: method, path and status).
 *
 * Routes: `GET /v1/pages` → `ManagePage[]` (every cloud, or the key's one cloud);
 * `GET /v1/pages/{page_id}` → `ManagePage` (404 `not_found` for an unknown page, 403
 * `out_of_scope` for a cloud outside the key's); `GET /v1/pages/{page_id}/components` →
 * `ManageComponent[]` (groups included, as Statuspage lists them); `GET
 * /v1/pages/{page_id}/components/{component_id}` → `ManageComponent` (404 `not_found`);
 * `GET /v1/pages/{page_id}/component-groups` → `ManageComponentGroup[]`.
 *
 * Incidents, scheduled maintenances, component statuses and postmortems
 * (docs/statuspage-manage-api.md#incidents; `server/statuspage/manage-*.ts`): `GET
 * /v1/pages/{page_id}/incidents` (and `/unresolved`, `/scheduled`, `/upcoming`,
 * `/active_maintenance`) → `ManageIncident[]`; `GET …/incidents/{incident_id}` → `ManageIncident`;
 * `POST …/incidents` (`IncidentBody`) → 201 `ManageIncident`; `PATCH`/`PUT …/incidents/{incident_id}`
 * → `ManageIncident`; `DELETE …/incidents/{incident_id}` (cancels a maintenance, else 405);
 * `PATCH`/`PUT …/components/{component_id}` (`ComponentBody`) → `ManageComponent`; `GET`/`PUT
 * …/incidents/{incident_id}/postmortem`, `PUT …/postmortem/publish`, `PUT …/postmortem/revert` →
 * `ManagePostmortem`. Writes need a key whose role grants `records` (403 `not_permitted`), checked
 * before the body is read; a body the schema refuses answers 400 `invalid` naming the field
 * (`manageSchemaRefusal`).
 */
import rateLimit from '@fastify/rate-limit'
import { registerAlertmanagerRoutes } from './alertmanager.js'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import Type from 'typebox'
import { ERROR_RESPONSES } from '../../contract/common.js'
import type { StatuspageComponent } from '../../contract/statuspage.js'
import {
  ComponentBody,
  ComponentParams,
  IncidentBody,
  IncidentListQuery,
  IncidentParams,
  ManageComponent,
  ManageComponentGroup,
  ManageIncident,
  ManagePage,
  ManagePostmortem,
  PageParams,
  PostmortemBody,
  PostmortemPublishBody,
} from '../../contract/statuspage-manage.js'
import { keyOf, requireApiKey } from '../accounts/api-keys.js'
import { sha256 } from '../accounts/tokens.js'
import { recordAudit } from '../admin/audit.js'
import type { Database } from '../db/schema.js'
import { HttpError, notFound } from '../http/errors.js'
import { documentOrigin, linkOrigin } from '../http/origin.js'
import { type ManageContext, manageSchemaRefusal } from '../statuspage/manage-common.js'
import { updateComponent } from '../statuspage/manage-components.js'
import {
  createIncident,
  deleteIncident,
  findIncident,
  type IncidentList,
  listIncidents,
  updateIncident,
} from '../statuspage/manage-incidents.js'
import { getPostmortem, publishPostmortem, revertPostmortem, savePostmortemDraft } from '../statuspage/manage-postmortems.js'
import { manageIncidents } from '../statuspage/manage-common.js'
import { type CloudRow, findCloud, listCloudRows } from '../repo/clouds.js'
import { siteStart, statuspageDocument } from '../statuspage/documents.js'
import { readSiteName } from '../repo/settings.js'
import { DEFAULT_REMINDER_MINUTES } from '../publishing/scheduler.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** Calls a minute one key may make (Statuspage's clients pace themselves well below it). */
export const KEY_RATE_LIMIT = 120

/** The words of the 429. */
const RATE_LIMITED = (max: number, after: string) =>
  `This API key made more than ${max} calls in a minute. Wait ${after} and try again; a client that needs more should spread its calls.`

/** The page of `cloud`: see {@link ManagePage} for what each field holds here. */
async function pageOf(db: Kysely<Database>, cloud: CloudRow, origin: string, now: number): Promise<ManagePage> {
  const created = new Date(await siteStart(db, now)).toISOString()
  return {
    id: cloud.machine_name,
    created_at: created,
    updated_at: created,
    name: cloud.title,
    page_description: cloud.banner_description || null,
    headline: cloud.banner_title || null,
    branding: 'basic',
    subdomain: cloud.machine_name,
    domain: cloud.domain,
    url: `${origin}/${cloud.domain}`,
    support_url: null,
    hidden_from_search: false,
    allow_page_subscribers: true,
    allow_incident_subscribers: true,
    allow_email_subscribers: true,
    allow_sms_subscribers: false,
    allow_rss_atom_feeds: true,
    allow_webhook_subscribers: true,
    notifications_from_email: null,
    notifications_email_footer: null,
    activity_score: 0,
    twitter_username: null,
    viewers_must_be_subscribed: false,
    ip_restrictions: null,
    city: null,
    state: null,
    country: null,
    time_zone: 'Etc/UTC',
  }
}

/** A v2 component as the manage API answers it. */
const toManageComponent = (c: StatuspageComponent): ManageComponent => ({ ...c, automation_email: null })

/** The group components of a page's component list as component groups. */
function groupsOf(components: readonly StatuspageComponent[]): ManageComponentGroup[] {
  return components
    .filter((c) => c.group)
    .map((g) => ({
      id: g.id,
      page_id: g.page_id,
      name: g.name,
      description: g.description,
      components: g.components ?? [],
      position: g.position,
      created_at: g.created_at,
      updated_at: g.updated_at,
    }))
}

/**
 * The cloud of `page_id` that `request`'s key may act on.
 * @throws HttpError 404 `not_found` (no such page), 403 `out_of_scope` (another cloud than the key's).
 */
export async function requirePage(request: FastifyRequest, db: Kysely<Database>, pageId: string, now: number): Promise<CloudRow> {
  const cloud = await findCloud(db, pageId)
  if (!cloud)
    throw notFound(
      `There is no page ${JSON.stringify(pageId.slice(0, 100))}: a page id is a cloud's machine name (GET /v1/pages lists them).`,
    )
  await requireApiKey(request, db, now, { cloudId: cloud.id })
  return cloud
}

/** Registers the key-authenticated scope and its routes (see the module comment). */
export function registerManageApiRoutes(app: TrustApp, deps: RouteDeps): void {
  const { db, now, accounts, mailer } = deps
  void app.register(async (scope: TrustApp) => {
    await scope.register(rateLimit, {
      max: KEY_RATE_LIMIT,
      timeWindow: 60_000,
      // Per key (its hash: the key itself is never kept in memory longer than the request), else per address.
      keyGenerator: (request) => {
        const key = (() => {
          try {
            return keyOf(request)
          } catch {
            return null
          }
        })()
        return key ? `key:${sha256(key)}` : `ip:${request.ip}`
      },
      errorResponseBuilder: (_request, context) => new HttpError(429, 'rate_limited', RATE_LIMITED(context.max, context.after)),
    })
    scope.addHook('onRequest', async (_request, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store')
    })
    // Every call is authenticated before its parameters are read.
    scope.addHook('preValidation', async (request) => {
      await requireApiKey(request, db, now().getTime())
    })
    scope.addHook('onResponse', async (request, reply) => {
      const key = request.apiKey
      if (!key) return
      await recordAudit(
        db,
        {
          actor: { uid: null, name: `API key "${key.name}" (${key.prefix}…)` },
          action: 'api_key.call',
          target: `${request.method} ${request.url.split('?')[0].slice(0, 300)}`,
          after: { status: reply.statusCode },
        },
        now().getTime(),
      )
    })

    // Alertmanager's receiver shares the key scope: limited, no-store and audited per call like /v1.
    registerAlertmanagerRoutes(scope, deps)

    scope.get('/v1/pages', { schema: { response: { 200: Type.Array(ManagePage), ...ERROR_RESPONSES } } }, async (request) => {
      const key = await requireApiKey(request, db, now().getTime())
      const origin = documentOrigin(request, accounts.publicUrl)
      const clouds = (await listCloudRows(db)).filter((c) => key.cloudId === null || c.id === key.cloudId)
      return Promise.all(clouds.map((c) => pageOf(db, c, origin, now().getTime())))
    })

    scope.get(
      '/v1/pages/:page_id',
      { schema: { params: PageParams, response: { 200: ManagePage, ...ERROR_RESPONSES } } },
      async (request) => {
        const cloud = await requirePage(request, db, request.params.page_id, now().getTime())
        return pageOf(db, cloud, documentOrigin(request, accounts.publicUrl), now().getTime())
      },
    )

    /** The v2 component list of the page `pageId` that `request`'s key may read. */
    async function componentsOf(request: FastifyRequest, pageId: string): Promise<StatuspageComponent[]> {
      const cloud = await requirePage(request, db, pageId, now().getTime())
      const document = await statuspageDocument(db, 'components.json', {
        cloud,
        origin: documentOrigin(request, accounts.publicUrl),
        siteName: await readSiteName(db, accounts.publicUrl),
        now: now(),
        // A key manages every component, private ones too (docs/operating/catalogue.md#private-components).
        groups: 'all',
      })
      return 'components' in document ? document.components : []
    }

    scope.get(
      '/v1/pages/:page_id/components',
      { schema: { params: PageParams, response: { 200: Type.Array(ManageComponent), ...ERROR_RESPONSES } } },
      async (request) => (await componentsOf(request, request.params.page_id)).map(toManageComponent),
    )

    scope.get(
      '/v1/pages/:page_id/components/:component_id',
      { schema: { params: ComponentParams, response: { 200: ManageComponent, ...ERROR_RESPONSES } } },
      async (request) => {
        const found = (await componentsOf(request, request.params.page_id)).find((c) => c.id === request.params.component_id)
        if (!found) {
          throw notFound(
            `There is no component ${JSON.stringify(request.params.component_id.slice(0, 200))} on the page ${request.params.page_id} (GET /v1/pages/${request.params.page_id}/components lists them).`,
          )
        }
        return toManageComponent(found)
      },
    )

    scope.get(
      '/v1/pages/:page_id/component-groups',
      { schema: { params: PageParams, response: { 200: Type.Array(ManageComponentGroup), ...ERROR_RESPONSES } } },
      async (request) => groupsOf(await componentsOf(request, request.params.page_id)),
    )

    // -----------------------------------------------------------------------------------------
    // Writes and incident reads (docs/statuspage-manage-api.md#incidents): server/statuspage/manage-*.ts.
    // -----------------------------------------------------------------------------------------

    /** The context of a call on the page `pageId`; with `write`, the key's role must grant `records`. */
    async function contextOf(request: FastifyRequest, pageId: string, write: boolean): Promise<ManageContext> {
      const at = now().getTime()
      const cloud = await requirePage(request, db, pageId, at)
      const key = await requireApiKey(request, db, at, write ? { permission: 'records', cloudId: cloud.id } : { cloudId: cloud.id })
      return {
        db,
        now: at,
        cloud,
        key,
        publicUrl: linkOrigin(request, accounts.publicUrl),
        origin: documentOrigin(request, accounts.publicUrl),
        siteName: await readSiteName(db, accounts.publicUrl),
        reminderMinutes: deps.reminderMinutes ?? DEFAULT_REMINDER_MINUTES,
      }
    }

    /** A write's checks before its body is read: a 403 never depends on the body being valid. */
    const writeGuard = async (request: FastifyRequest) => {
      const params = request.params as { page_id?: unknown }
      await contextOf(request, String(params.page_id ?? ''), true)
    }
    const write = { preValidation: writeGuard, schemaErrorFormatter: manageSchemaRefusal }

    const lists: Array<[string, IncidentList]> = [
      ['/v1/pages/:page_id/incidents', 'all'],
      ['/v1/pages/:page_id/incidents/unresolved', 'unresolved'],
      ['/v1/pages/:page_id/incidents/scheduled', 'scheduled'],
      ['/v1/pages/:page_id/incidents/upcoming', 'upcoming'],
      ['/v1/pages/:page_id/incidents/active_maintenance', 'active_maintenance'],
    ]
    for (const [path, list] of lists) {
      scope.get(
        path,
        {
          schema: { params: PageParams, querystring: IncidentListQuery, response: { 200: Type.Array(ManageIncident), ...ERROR_RESPONSES } },
          schemaErrorFormatter: manageSchemaRefusal,
        },
        async (request) => listIncidents(await contextOf(request, request.params.page_id, false), list, request.query),
      )
    }

    scope.get(
      '/v1/pages/:page_id/incidents/:incident_id',
      { schema: { params: IncidentParams, response: { 200: ManageIncident, ...ERROR_RESPONSES } } },
      async (request) => {
        const ctx = await contextOf(request, request.params.page_id, false)
        const { id } = await findIncident(ctx, request.params.incident_id)
        return (await manageIncidents(ctx, [id]))[0]
      },
    )

    scope.post(
      '/v1/pages/:page_id/incidents',
      { schema: { params: PageParams, body: IncidentBody, response: { 201: ManageIncident, ...ERROR_RESPONSES } }, ...write },
      async (request, reply) => {
        const incident = await createIncident(await contextOf(request, request.params.page_id, true), request.body.incident)
        mailer.kick()
        reply.code(201)
        return incident
      },
    )

    for (const method of ['PATCH', 'PUT'] as const) {
      scope.route({
        method,
        url: '/v1/pages/:page_id/incidents/:incident_id',
        schema: { params: IncidentParams, body: IncidentBody, response: { 200: ManageIncident, ...ERROR_RESPONSES } },
        ...write,
        handler: async (request) => {
          const incident = await updateIncident(
            await contextOf(request, request.params.page_id, true),
            request.params.incident_id,
            request.body.incident,
          )
          mailer.kick()
          return incident
        },
      })
      scope.route({
        method,
        url: '/v1/pages/:page_id/components/:component_id',
        schema: { params: ComponentParams, body: ComponentBody, response: { 200: ManageComponent, ...ERROR_RESPONSES } },
        ...write,
        handler: async (request) =>
          updateComponent(await contextOf(request, request.params.page_id, true), request.params.component_id, request.body.component),
      })
    }

    scope.delete(
      '/v1/pages/:page_id/incidents/:incident_id',
      { schema: { params: IncidentParams, response: { 200: ManageIncident, ...ERROR_RESPONSES } }, ...write },
      async (request) => {
        const incident = await deleteIncident(await contextOf(request, request.params.page_id, true), request.params.incident_id)
        mailer.kick()
        return incident
      },
    )

    scope.get(
      '/v1/pages/:page_id/incidents/:incident_id/postmortem',
      { schema: { params: IncidentParams, response: { 200: ManagePostmortem, ...ERROR_RESPONSES } } },
      async (request) => getPostmortem(await contextOf(request, request.params.page_id, false), request.params.incident_id),
    )
    scope.put(
      '/v1/pages/:page_id/incidents/:incident_id/postmortem',
      { schema: { params: IncidentParams, body: PostmortemBody, response: { 200: ManagePostmortem, ...ERROR_RESPONSES } }, ...write },
      async (request) =>
        savePostmortemDraft(
          await contextOf(request, request.params.page_id, true),
          request.params.incident_id,
          request.body.postmortem.body_draft,
        ),
    )
    scope.put(
      '/v1/pages/:page_id/incidents/:incident_id/postmortem/publish',
      {
        schema: { params: IncidentParams, body: PostmortemPublishBody, response: { 200: ManagePostmortem, ...ERROR_RESPONSES } },
        ...write,
      },
      async (request) => {
        const postmortem = await publishPostmortem(
          await contextOf(request, request.params.page_id, true),
          request.params.incident_id,
          request.body,
        )
        mailer.kick()
        return postmortem
      },
    )
    scope.put(
      '/v1/pages/:page_id/incidents/:incident_id/postmortem/revert',
      { schema: { params: IncidentParams, response: { 200: ManagePostmortem, ...ERROR_RESPONSES } }, ...write },
      async (request) => revertPostmortem(await contextOf(request, request.params.page_id, true), request.params.incident_id),
    )
  })
}
