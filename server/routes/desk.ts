/**
 * The incident desk's routes (`contract/desk.ts`; publishing itself is `./admin-records.ts`):
 *
 * - `GET /api/admin/records?type=&open=&q=&page=` → `{ data: DeskListData }` (25 a page);
 * - `GET /api/admin/records/{id}` → `{ data: DeskRecordDetail }`; 404 `not_found`;
 * - `POST /api/admin/records/{id}/resolve` (`ResolveBody`), `/postpone` (`PostponeBody`),
 *   `/cancel` (`CancelBody`) → `{ data: PublishData }`; 404 `not_found`, 400 `invalid`;
 * - `PUT /api/admin/records/{id}/postmortem` (`SavePostmortemBody`) → `{ data: PostmortemData }`;
 *   404 `not_found`, 400 `invalid` (docs/operating/console-and-desk.md#postmortems);
 * - `GET /api/admin/templates` → `{ data: TemplatesData }`;
 * - `POST /api/admin/templates` (`SaveTemplateBody`) → 201 `{ data: RecordTemplate }`;
 * - `PUT /api/admin/templates/{id}` (`SaveTemplateBody`) → `{ data: RecordTemplate }`;
 * - `DELETE /api/admin/templates/{id}` → `{ data: { id } }`; 404 `not_found`.
 *
 * Reads need any privileged role (`requireAdminReader`); writes the CSRF header and the permission
 * of the kind of record they touch (`recordPermission` of the stored record, of the template's
 * stored `fields` and of the body's `fields`). The permission is checked in `preValidation`,
 * before the body is validated, so a 403 (`not_signed_in`, `csrf`, `forbidden`, `not_permitted`)
 * never depends on the body; when the id names nothing (or the body names no kind), any publishing
 * permission lets the request on to its 404 / 400. The check is made again inside the write's
 * transaction. Every write is audited in its transaction (`record.resolve`, `record.postpone`,
 * `record.cancel`, `record.postmortem`, `template.create|update|delete`); the mailer is kicked
 * after the actions.
 */
import type { FastifyRequest } from 'fastify'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import {
  CancelBody,
  DeskListData,
  DeskListQuery,
  DeskRecordDetail,
  PostmortemData,
  PostponeBody,
  RecordTemplate,
  ResolveBody,
  SavePostmortemBody,
  SaveTemplateBody,
  TemplateDeletedData,
  TemplateIdParams,
  TemplatesData,
} from '../../contract/desk.js'
import { type Permission, recordPermission } from '../../contract/permissions.js'
import { PublishData, RecordIdParams } from '../../contract/publishing.js'
import type { UserSession } from '../accounts/sessions.js'
import { linkOrigin } from '../http/origin.js'
import type { Actor } from '../admin/audit.js'
import { requireAdminReader, requirePermission } from '../admin/authorize.js'
import type { Database } from '../db/schema.js'
import {
  cancelRecord,
  createTemplate,
  deleteTemplate,
  deskList,
  deskRecord,
  listTemplates,
  postponeRecord,
  resolveRecord,
  updateTemplate,
} from '../publishing/desk.js'
import type { PublishOptions, RecordKind } from '../publishing/publish.js'
import { savePostmortem } from '../publishing/postmortem.js'
import { DEFAULT_REMINDER_MINUTES } from '../publishing/scheduler.js'
import { contentSchemaErrors } from './admin-content.js'
import { PUBLISHING_PERMISSIONS, publishPermissionsOf, requireOneOf } from './admin-records.js'
import type { RouteDeps, TrustApp } from './deps.js'
import type { Kysely } from 'kysely'

const actorOf = (session: UserSession): Actor => ({ uid: session.uid, name: session.name })

/** The id of a path before validation: a positive integer, else `undefined`. */
export function rawId(request: FastifyRequest): number | undefined {
  const raw = String((request.params as { id?: unknown }).id ?? '')
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined
}

/** The permission of a stored record (`undefined` when there is none with that id). */
export async function recordPermissionOf(db: Kysely<Database>, id: number | undefined): Promise<Permission | undefined> {
  if (id === undefined) return undefined
  const row = await db.selectFrom('records').select(['type', 'notification_type']).where('id', '=', id).executeTakeFirst()
  return row ? recordPermission(row.type, row.notification_type) : undefined
}

/** The permission of a stored template (`undefined` when there is none with that id). */
async function templatePermissionOf(db: Kysely<Database>, id: number | undefined): Promise<Permission | undefined> {
  if (id === undefined) return undefined
  const row = await db.selectFrom('record_templates').select(['type', 'notification_type']).where('id', '=', id).executeTakeFirst()
  return row ? recordPermission(row.type, row.notification_type) : undefined
}

/** The (unvalidated) body's `fields`, for {@link publishPermissionsOf}. */
const rawFields = (request: FastifyRequest): unknown => {
  const body = request.body
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as { fields?: unknown }).fields : undefined
}

/** The authoritative check inside a write's transaction. */
const authorizeIn =
  (request: FastifyRequest) =>
  (kind: RecordKind): void => {
    requirePermission(request, recordPermission(kind.type, kind.notificationType))
  }

/** Registers the routes described in the module comment. */
export function registerDeskRoutes(app: TrustApp, { db, now, accounts, mailer, reminderMinutes }: RouteDeps): void {
  const reminderDefault = reminderMinutes ?? DEFAULT_REMINDER_MINUTES
  const publishOptions = (request: FastifyRequest): PublishOptions => ({
    publicUrl: linkOrigin(request, accounts.publicUrl),
    authorize: authorizeIn(request),
  })
  const reader = async (request: FastifyRequest) => {
    requireAdminReader(request)
  }
  /** The permission of the record the path names (any publishing permission when it names none). */
  const recordWriter = async (request: FastifyRequest) => {
    const permission = await recordPermissionOf(db, rawId(request))
    requireOneOf(request, permission ? [permission] : PUBLISHING_PERMISSIONS)
  }

  app.get(
    '/api/admin/records',
    {
      schema: { querystring: DeskListQuery, response: { 200: answer(DeskListData), ...ERROR_RESPONSES } },
      preValidation: reader,
    },
    async (request) => {
      requireAdminReader(request)
      return { data: await deskList(db, request.query) }
    },
  )

  app.get(
    '/api/admin/records/:id',
    {
      schema: { params: RecordIdParams, response: { 200: answer(DeskRecordDetail), ...ERROR_RESPONSES } },
      preValidation: reader,
    },
    async (request) => {
      requireAdminReader(request)
      return { data: await deskRecord(db, request.params.id, reminderDefault) }
    },
  )

  const actions = [
    ['resolve', ResolveBody, resolveRecord],
    ['postpone', PostponeBody, postponeRecord],
    ['cancel', CancelBody, cancelRecord],
  ] as const
  for (const [name, body, act] of actions) {
    app.post(
      `/api/admin/records/:id/${name}`,
      {
        schema: { params: RecordIdParams, body, response: { 200: answer(PublishData), ...ERROR_RESPONSES } },
        schemaErrorFormatter: contentSchemaErrors,
        preValidation: recordWriter,
      },
      async (request) => {
        const session = requireOneOf(request, PUBLISHING_PERMISSIONS)
        const run = act as (
          db: Kysely<Database>,
          id: number,
          body: unknown,
          now: number,
          publisher: Actor,
          options: PublishOptions,
        ) => Promise<PublishData>
        const data = await run(db, request.params.id, request.body, now().getTime(), actorOf(session), publishOptions(request))
        mailer.kick()
        return { data }
      },
    )
  }

  app.put(
    '/api/admin/records/:id/postmortem',
    {
      schema: { params: RecordIdParams, body: SavePostmortemBody, response: { 200: answer(PostmortemData), ...ERROR_RESPONSES } },
      schemaErrorFormatter: contentSchemaErrors,
      preValidation: recordWriter,
    },
    async (request) => {
      const session = requireOneOf(request, PUBLISHING_PERMISSIONS)
      const data = await savePostmortem(db, request.params.id, request.body, now().getTime(), actorOf(session), publishOptions(request))
      if (data.mails > 0) mailer.kick()
      return { data }
    },
  )

  app.get(
    '/api/admin/templates',
    { schema: { response: { 200: answer(TemplatesData), ...ERROR_RESPONSES } }, preValidation: reader },
    async (request) => {
      requireAdminReader(request)
      return { data: { templates: await listTemplates(db), reminder_default_minutes: reminderDefault } }
    },
  )

  app.post(
    '/api/admin/templates',
    {
      schema: { body: SaveTemplateBody, response: { 201: answer(RecordTemplate), ...ERROR_RESPONSES } },
      schemaErrorFormatter: contentSchemaErrors,
      preValidation: async (request) => {
        requireOneOf(request, publishPermissionsOf(rawFields(request)))
      },
    },
    async (request, reply) => {
      const session = requireOneOf(request, publishPermissionsOf(request.body.fields))
      const data = await createTemplate(db, request.body, now().getTime(), actorOf(session), { authorize: authorizeIn(request) })
      reply.code(201)
      return { data }
    },
  )

  app.put(
    '/api/admin/templates/:id',
    {
      schema: { params: TemplateIdParams, body: SaveTemplateBody, response: { 200: answer(RecordTemplate), ...ERROR_RESPONSES } },
      schemaErrorFormatter: contentSchemaErrors,
      preValidation: async (request) => {
        const stored = await templatePermissionOf(db, rawId(request))
        if (stored) requirePermission(request, stored)
        requireOneOf(request, publishPermissionsOf(rawFields(request)))
      },
    },
    async (request) => {
      const session = requireOneOf(request, publishPermissionsOf(request.body.fields))
      const data = await updateTemplate(db, request.params.id, request.body, now().getTime(), actorOf(session), {
        authorize: authorizeIn(request),
      })
      return { data }
    },
  )

  app.delete(
    '/api/admin/templates/:id',
    {
      schema: { params: TemplateIdParams, response: { 200: answer(TemplateDeletedData), ...ERROR_RESPONSES } },
      preValidation: async (request) => {
        const stored = await templatePermissionOf(db, rawId(request))
        requireOneOf(request, stored ? [stored] : PUBLISHING_PERMISSIONS)
      },
    },
    async (request) => {
      const session = requireOneOf(request, PUBLISHING_PERMISSIONS)
      const data = await deleteTemplate(db, request.params.id, now().getTime(), actorOf(session), { authorize: authorizeIn(request) })
      return { data }
    },
  )
}
