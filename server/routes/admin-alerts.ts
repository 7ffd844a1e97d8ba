/**
 * The console's alert rules and the desk's alert incidents (docs/operating/alertmanager.md; shapes
 * in `contract/alerts.ts`). Session routes (changes need the CSRF token and the `records`
 * permission, the desk's; reads any console reader); an API key gets nothing here.
 *
 * - `GET /api/admin/alert-rules` → `{ data: AlertRulesData }`, in order.
 * - `PUT /api/admin/alert-rules` (`PutAlertRulesBody`) → `{ data: AlertRulesData }`: the whole list,
 *   replaced; 400 `invalid` names the rule and what to change. Audited as `alert_rules.replace`.
 * - `GET /api/admin/alerts` → `{ data: AlertIncidentsData }`: drafts, open, awaiting resolution.
 * - `POST /api/admin/alerts/{id}/publish` (`PublishAlertBody`) → `{ data: AlertIncident }`: a draft
 *   published through the normal publishing path (record, subscribers' mail, audit).
 * - `POST /api/admin/alerts/{id}/dismiss` → `{ data: AlertIncident }`: a draft dismissed.
 * - `POST /api/admin/alerts/{id}/resolve` (`ResolveAlertBody`) → `{ data: AlertIncident }`: the
 *   record resolved ("Resolve incident", offered after the grace period).
 *
 * 404 `not_found` for an unknown id; 409 `conflict` when the alert incident is not in a state the
 * action applies to (the message says which it is in).
 */
import type { FastifyRequest } from 'fastify'
import Type from 'typebox'
import {
  AlertIncident,
  AlertIncidentIdParams,
  AlertIncidentsData,
  AlertRulesData,
  PublishAlertBody,
  PutAlertRulesBody,
  ResolveAlertBody,
} from '../../contract/alerts.js'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { recordPermission } from '../../contract/permissions.js'
import {
  type AlertWrite,
  dismissAlertIncident,
  listOpenAlertIncidents,
  publishAlertIncident,
  resolveAlertIncident,
} from '../alerts/incidents.js'
import { listAlertRules, replaceAlertRules } from '../alerts/rules.js'
import { recordAudit } from '../admin/audit.js'
import { adminReaderFirst, permissionFirst, requireAdminReader, requirePermission } from '../admin/authorize.js'
import { linkOrigin } from '../http/origin.js'
import { schemaErrorFormatter } from './admin-catalog.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** Registers the routes described above. */
export function registerAdminAlertRoutes(app: TrustApp, { db, now, accounts, mailer }: RouteDeps): void {
  /** A desk action's write: the session's person, records published with the session's permissions. */
  const writeOf = (request: FastifyRequest): AlertWrite => {
    const session = requirePermission(request, 'records')
    return {
      db,
      now: now().getTime(),
      actor: { uid: session.uid, name: session.name },
      publish: {
        publicUrl: linkOrigin(request, accounts.publicUrl),
        authorize: (kind) => {
          requirePermission(request, recordPermission(kind.type, kind.notificationType))
        },
      },
    }
  }

  app.get(
    '/api/admin/alert-rules',
    { schema: { response: { 200: answer(AlertRulesData), ...ERROR_RESPONSES } }, preValidation: adminReaderFirst },
    async (request, reply) => {
      requireAdminReader(request)
      reply.header('cache-control', 'private, no-store')
      return { data: { rules: await listAlertRules(db) } }
    },
  )

  app.put(
    '/api/admin/alert-rules',
    {
      schema: { body: PutAlertRulesBody, response: { 200: answer(AlertRulesData), ...ERROR_RESPONSES } },
      schemaErrorFormatter,
      preValidation: permissionFirst('records'),
    },
    async (request) => {
      const session = requirePermission(request, 'records')
      const at = now().getTime()
      const { before, after } = await replaceAlertRules(db, request.body.rules)
      await recordAudit(db, { actor: { uid: session.uid, name: session.name }, action: 'alert_rules.replace', before, after }, at)
      return { data: { rules: after } }
    },
  )

  app.get(
    '/api/admin/alerts',
    { schema: { response: { 200: answer(AlertIncidentsData), ...ERROR_RESPONSES } }, preValidation: adminReaderFirst },
    async (request, reply) => {
      requireAdminReader(request)
      reply.header('cache-control', 'private, no-store')
      return { data: { alerts: await listOpenAlertIncidents(db) } }
    },
  )

  const action = { schemaErrorFormatter, preValidation: permissionFirst('records') }

  app.post(
    '/api/admin/alerts/:id/publish',
    {
      schema: {
        params: AlertIncidentIdParams,
        body: Type.Optional(PublishAlertBody),
        response: { 200: answer(AlertIncident), ...ERROR_RESPONSES },
      },
      ...action,
    },
    async (request) => {
      const incident = await publishAlertIncident(writeOf(request), request.params.id, request.body ?? {})
      mailer.kick()
      return { data: incident }
    },
  )

  app.post(
    '/api/admin/alerts/:id/dismiss',
    {
      schema: {
        params: AlertIncidentIdParams,
        body: Type.Optional(Type.Object({})),
        response: { 200: answer(AlertIncident), ...ERROR_RESPONSES },
      },
      ...action,
    },
    async (request) => ({ data: await dismissAlertIncident(writeOf(request), request.params.id) }),
  )

  app.post(
    '/api/admin/alerts/:id/resolve',
    {
      schema: {
        params: AlertIncidentIdParams,
        body: Type.Optional(ResolveAlertBody),
        response: { 200: answer(AlertIncident), ...ERROR_RESPONSES },
      },
      ...action,
    },
    async (request) => {
      const incident = await resolveAlertIncident(writeOf(request), request.params.id, request.body?.update)
      mailer.kick()
      return { data: incident }
    },
  )
}
