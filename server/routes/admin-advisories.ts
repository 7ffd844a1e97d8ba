/**
 * The desk's routes of security advisories (docs/operating/console-and-desk.md#security-details;
 * `contract/advisories.ts`):
 *
 * - `PUT /api/admin/records/{id}/advisory` (`SaveAdvisoryBody`) → 200 `{ data: AdvisoryDetails }`:
 *   saves an advisory's CVEs, CVSS vectors (scored by the server), CWE, products, VEX statements and
 *   acknowledgements; the first save assigns the tracking id and is revision 1, every later one
 *   appends a revision with its `revision_summary`. 404 `not_found`; 400 `invalid` with a sentence
 *   saying what is wrong and what to do (also for a record that is not an advisory). With `notify`
 *   the revision is mailed as an update (a record event `updated`) to the subscribers whose minimum
 *   rating the advisory reaches. Audited
 *   (`record.advisory`, before and after) in the save's transaction.
 * - `POST /api/admin/cvss` (`CvssBody`) → 200 `{ data: CvssScore }`: the desk calculator's score of
 *   a v3.1 or v4.0 vector; 400 `invalid` saying what is wrong with the vector. Changes nothing.
 *
 * Both need a session with its CSRF header. The save needs the permission of the stored record's
 * kind (`records` for advisories), checked before the body is validated (any publishing
 * permission when the id names no record, which then answers 404) and again inside the
 * transaction; the calculator any privileged role. 403 `not_signed_in` / `csrf` / `forbidden` /
 * `not_permitted`.
 */
import { CvssAnswer, CvssBody, type AdvisoryDetails, AdvisoryAnswer, SaveAdvisoryBody } from '../../contract/advisories.js'
import { ERROR_RESPONSES } from '../../contract/common.js'
import { escapeHtml } from '../../contract/text.js'
import { recordPermission } from '../../contract/permissions.js'
import { RecordIdParams } from '../../contract/publishing.js'
import { recordAudit } from '../admin/audit.js'
import { requireAdminReader, requirePermission } from '../admin/authorize.js'
import { CvssVectorError, scoreVector } from '../advisories/cvss.js'
import { readAdvisory, saveAdvisory } from '../advisories/repo.js'
import { badRequest, notFound } from '../http/errors.js'
import { enqueueFanout } from '../publishing/fanout.js'
import { findStoredRecord, insertEvent } from '../publishing/publish.js'
import { contentSchemaErrors } from './admin-content.js'
import { PUBLISHING_PERMISSIONS, requireOneOf } from './admin-records.js'
import type { RouteDeps, TrustApp } from './deps.js'
import { rawId, recordPermissionOf } from './desk.js'

/** What the audit log keeps of an advisory's details: what was saved, without the computed parts. */
function audited(details: AdvisoryDetails | null) {
  if (!details) return undefined
  const { revisions, highest, ...saved } = details
  return { ...saved, revision: revisions.at(-1)?.number ?? null }
}

/** Registers the routes described in the module comment. */
export function registerAdminAdvisoryRoutes(app: TrustApp, { db, now, mailer, accounts }: RouteDeps): void {
  app.put(
    '/api/admin/records/:id/advisory',
    {
      schema: { params: RecordIdParams, body: SaveAdvisoryBody, response: { 200: AdvisoryAnswer, ...ERROR_RESPONSES } },
      schemaErrorFormatter: contentSchemaErrors,
      preValidation: async (request) => {
        const permission = await recordPermissionOf(db, rawId(request))
        requireOneOf(request, permission ? [permission] : PUBLISHING_PERMISSIONS)
      },
    },
    async (request) => {
      const session = requireOneOf(request, PUBLISHING_PERMISSIONS)
      const id = request.params.id
      const at = now().getTime()
      let mails = 0
      const data = await db.transaction().execute(async (trx) => {
        const record = await findStoredRecord(trx, id)
        if (!record) throw notFound(`No record ${id}.`)
        requirePermission(request, recordPermission(record.type, record.notification_type))
        const before = await readAdvisory(trx, id)
        const saved = await saveAdvisory(trx, id, request.body, at)
        if (request.body.notify === true) {
          // The revision is announced like an update: its own record event, fanned out to the
          // subscribers whose minimum rating the advisory now reaches.
          const revision = saved.revisions.at(-1)!
          const note = `<p>${escapeHtml(`Security details, revision ${revision.number}: ${revision.summary}`)}</p>`
          const eventId = await insertEvent(trx, id, 'updated', note, at)
          mails += await enqueueFanout(trx, eventId, at, accounts.publicUrl ?? null)
        }
        await recordAudit(
          trx,
          {
            actor: { uid: session.uid, name: session.name },
            action: 'record.advisory',
            target: String(id),
            before: audited(before),
            after: audited(saved),
          },
          at,
        )
        return saved
      })
      if (mails > 0) mailer.kick()
      return { data }
    },
  )

  app.post(
    '/api/admin/cvss',
    {
      schema: { body: CvssBody, response: { 200: CvssAnswer, ...ERROR_RESPONSES } },
      schemaErrorFormatter: contentSchemaErrors,
      preValidation: async (request) => {
        requireAdminReader(request, { csrf: true })
      },
    },
    async (request) => {
      requireAdminReader(request, { csrf: true })
      try {
        return { data: scoreVector(request.body.vector) }
      } catch (error) {
        if (error instanceof CvssVectorError) throw badRequest(error.message, 'invalid')
        throw error
      }
    },
  )
}
