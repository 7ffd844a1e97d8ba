/**
 * The Prometheus Alertmanager receiver (docs/operating/alertmanager.md; shapes in
 * `contract/alerts.ts`; what it does with a notification in `server/alerts/incidents.ts`).
 *
 * `POST /api/integrations/alertmanager` takes Alertmanager's webhook (version 4) with an API key
 * (`Authorization: Bearer {key}`, Alertmanager's `http_config.authorization`; a role with the
 * `records` permission; a key of one cloud writes only to it: 403 `out_of_scope`). The key is
 * checked before the body is read. Answers `{ data: AlertReceipt }`: 200, or 202 when no rule
 * matches (nothing stored but an audit line); 400 `invalid` with a sentence for a body that is not
 * a notification; 422 `unprocessable` when the rule's cloud label names no cloud. Never cached;
 * public answers are refreshed when a record changed.
 */
import type { FastifySchemaValidationError } from 'fastify'
import { AlertmanagerWebhook, AlertReceipt } from '../../contract/alerts.js'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { requireApiKey } from '../accounts/api-keys.js'
import { receiveNotification, runAlertPass } from '../alerts/incidents.js'
import { compileRule, listAlertRules } from '../alerts/rules.js'
import { HttpError } from '../http/errors.js'
import { linkOrigin } from '../http/origin.js'
import { keyActor, type ManageContext, publishOptions } from '../statuspage/manage-common.js'
import { schemaErrorFormatter } from './admin-catalog.js'
import type { RouteDeps, TrustApp } from './deps.js'

/** A body that is not a notification, in words: what is wrong and where the shape is described. */
function notificationRefusal(errors: FastifySchemaValidationError[], part: string): Error {
  const inner = schemaErrorFormatter(errors, part) as HttpError
  return new HttpError(
    400,
    'invalid',
    `This is not an Alertmanager webhook notification (version 4): ${inner.message}. Point an Alertmanager webhook receiver at this address; docs/operating/alertmanager.md shows the configuration.`,
  )
}

/** Registers the receiver (see the module comment). */
export function registerAlertmanagerRoutes(app: TrustApp, { db, now, accounts, mailer }: RouteDeps): void {
  app.post(
    '/api/integrations/alertmanager',
    {
      schema: {
        body: AlertmanagerWebhook,
        response: { 200: answer(AlertReceipt), 202: answer(AlertReceipt), ...ERROR_RESPONSES },
      },
      schemaErrorFormatter: notificationRefusal,
      preValidation: async (request, reply) => {
        reply.header('cache-control', 'no-store')
        await requireApiKey(request, db, now().getTime(), { permission: 'records' })
      },
    },
    async (request, reply) => {
      const at = now().getTime()
      const key = await requireApiKey(request, db, at, { permission: 'records' })
      const publicUrl = linkOrigin(request, accounts.publicUrl)
      // `publishOptions` reads only the key and the link origin of a manage-API context.
      const publish = publishOptions({ key, publicUrl } as ManageContext)
      const rules = (await listAlertRules(db)).map(compileRule)
      const write = { db, now: at, actor: keyActor(key), publish }
      const received = await receiveNotification(write, request.body, {
        rules,
        checkCloud: async (cloudId) => {
          await requireApiKey(request, db, at, { permission: 'records', cloudId })
        },
      })
      // A grace period of 0 ends at once.
      if (received.receipt.outcome === 'resolving') await runAlertPass(db, at, { publicUrl })
      request.server.responseCache?.clear()
      mailer.kick()
      reply.code(received.status)
      return { data: received.receipt }
    },
  )
}
