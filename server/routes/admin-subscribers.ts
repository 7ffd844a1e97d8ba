/**
 * Subscriber import and export (docs/subscriptions.md#subscriber-import-and-export; shapes
 * `contract/subscribers.ts`; the file's notation `server/subscriptions/csv.ts`; invitations
 * `server/subscriptions/invites.ts`).
 *
 * Permission `subscribers` (the administrator roles), checked before the body is read:
 * - `GET /api/admin/subscribers/export` → 200 `text/csv; charset=utf-8`, attachment
 *   `subscribers-YYYY-MM-DD.csv` (the server's UTC day), `Cache-Control: no-store`. Audited as
 *   `subscribers.export` with the number of rows.
 * - `POST /api/admin/subscribers/import` with `{ csv }` (JSON) or the file as a `text/csv` body
 *   (CSRF header either way) → 200 `{ data: SubscriberImportData }`, audited as
 *   `subscribers.import` in the transaction that applies it. 422 `invalid_rows` with every bad row
 *   (`error.rows`: line, spreadsheet row, reason) and nothing applied; 413 `too_large` over
 *   {@link MAX_IMPORT_BYTES}.
 *
 * Without sign-in (the opt-in mail's link; the token is the authority):
 * - `GET /api/opt-in/{token}` → `{ data: OptInData }`: what the link asks for.
 * - `POST /api/opt-in/{token}` → `{ data: OptInData }` with `done: true` and the person's
 *   subscriptions after confirming. 404 `invalid_token` for an unknown or expired link; 429
 *   `too_many_requests` after {@link OPT_IN_IP_RULE} unknown tokens from one address.
 */
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import {
  OptInBody,
  OptInData,
  OptInParams,
  SubscriberImportBody,
  SubscriberImportData,
  SubscriberImportProblems,
  SubscribersCsv,
} from '../../contract/subscribers.js'
import { isAllowed, register, type FloodRule } from '../accounts/flood.js'
import { recordAudit } from '../admin/audit.js'
import { requirePermission } from '../admin/authorize.js'
import { HttpError, notFound } from '../http/errors.js'
import { linkOrigin } from '../http/origin.js'
import { readSiteName } from '../repo/settings.js'
import { exportCsv, exportRows, loadTopicIndex, MAX_IMPORT_BYTES, readImport } from '../subscriptions/csv.js'
import { applyImport, confirmInvite, findInvite } from '../subscriptions/invites.js'
import type { RouteDeps, TrustApp } from './deps.js'
import { maskMail } from './subscriptions.js'

/** Unknown opt-in tokens per IP address: 30 per hour, then 429. */
export const OPT_IN_IP_RULE: FloodRule = { event: 'opt_in_token_ip', limit: 30, windowMs: 3_600_000 }

/** The largest request body the import route reads (JSON-encoded file): twice the file limit. */
const BODY_LIMIT = 2 * MAX_IMPORT_BYTES + 64 * 1024

/** Registers the routes described in the module comment. */
export function registerAdminSubscriberRoutes(app: TrustApp, { db, now, accounts, mailer }: RouteDeps): void {
  app.get(
    '/api/admin/subscribers/export',
    { schema: { response: { 200: SubscribersCsv, ...ERROR_RESPONSES } }, exposeHeadRoute: false },
    async (request, reply) => {
      // A read, but of personal data: the permission (not just a console role) is required.
      const session = requirePermission(request, 'subscribers', { csrf: false })
      const at = now()
      const index = await loadTopicIndex(db)
      const rows = await exportRows(db, index)
      await recordAudit(
        db,
        { actor: { uid: session.uid, name: session.name }, action: 'subscribers.export', after: { rows: rows.length } },
        at.getTime(),
      )
      const day = at.toISOString().slice(0, 10)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="subscribers-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(exportCsv(rows))
    },
  )

  void app.register(async (scope: TrustApp) => {
    // The file itself as the body (`curl --data-binary @file.csv -H 'content-type: text/csv'`).
    scope.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, text, done) =>
      done(null, { csv: text as string }),
    )
    scope.post(
      '/api/admin/subscribers/import',
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          body: SubscriberImportBody,
          response: { 200: answer(SubscriberImportData), 422: SubscriberImportProblems, ...ERROR_RESPONSES },
        },
        preValidation: async (request) => {
          requirePermission(request, 'subscribers')
        },
      },
      async (request, reply) => {
        const session = requirePermission(request, 'subscribers')
        const text = request.body.csv
        const bytes = Buffer.byteLength(text, 'utf8')
        if (bytes > MAX_IMPORT_BYTES) {
          throw new HttpError(
            413,
            'too_large',
            `The file has ${bytes} bytes; the import takes at most ${MAX_IMPORT_BYTES} bytes (2 MB). Split it into smaller files.`,
          )
        }
        const at = now().getTime()
        const origin = linkOrigin(request, accounts.publicUrl)
        const site = await readSiteName(db, accounts.publicUrl)
        const result = await db.transaction().execute(async (trx) => {
          const index = await loadTopicIndex(trx)
          const reading = readImport(text, index)
          if (!reading.ok) return reading
          const outcome = await applyImport(trx, index, reading.rows, { now: at, site, link: (token) => `${origin}/opt-in/${token}` })
          await recordAudit(
            trx,
            { actor: { uid: session.uid, name: session.name }, action: 'subscribers.import', after: { ...outcome, bytes } },
            at,
          )
          return { ok: true as const, outcome }
        })
        if (!result.ok) {
          const n = result.problems.length
          return reply.code(422).send({
            error: {
              code: 'invalid_rows',
              message: `${n} row${n === 1 ? ' is' : 's are'} wrong; nothing was imported. Fix ${n === 1 ? 'it' : 'them'} and import the file again.`,
              rows: result.problems,
            },
          })
        }
        mailer.kick()
        return { data: result.outcome }
      },
    )
  })

  /** The invitation of a token, or a 404 (unknown tokens counted per IP; 429 over the limit). */
  const invite = async (token: string, ip: string) => {
    const at = now().getTime()
    if (!(await isAllowed(db, OPT_IN_IP_RULE, ip, at))) {
      throw new HttpError(429, 'too_many_requests', 'Too many requests. Please try again later.')
    }
    const found = await findInvite(db, token, at)
    if (!found) {
      await register(db, OPT_IN_IP_RULE, ip, at)
      throw notFound('This link is not valid or has expired (links work for 7 days). Ask the site to invite you again.', 'invalid_token')
    }
    return found
  }

  const view = async (token: string, ip: string, confirm: boolean): Promise<OptInData> => {
    let found = await invite(token, ip)
    if (confirm && !found.confirmed) {
      const at = now().getTime()
      await db.transaction().execute(async (trx) => confirmInvite(trx, await loadTopicIndex(trx), found.id, at))
      found = { ...found, confirmed: true }
    }
    const subscribed = found.confirmed ? ((await exportRows(db, await loadTopicIndex(db), found.uid))[0]?.topics ?? []) : []
    return { mail: maskMail(found.mail), topics: found.names, done: found.confirmed, subscribed, can_sign_in: found.hasPassword }
  }

  app.get(
    '/api/opt-in/:token',
    { schema: { params: OptInParams, response: { 200: answer(OptInData), ...ERROR_RESPONSES } }, exposeHeadRoute: false },
    async (request) => ({ data: await view(request.params.token, request.ip, false) }),
  )

  app.post(
    '/api/opt-in/:token',
    { schema: { params: OptInParams, body: OptInBody, response: { 200: answer(OptInData), ...ERROR_RESPONSES } } },
    async (request) => ({ data: await view(request.params.token, request.ip, true) }),
  )
}
