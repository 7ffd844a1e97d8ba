import type { AdvisoryDetails, CvssScore, SaveAdvisoryBody } from '../../../../contract/advisories'
import type { ApiAnswer } from '../../../../contract/common'
import { dataOf, is, request } from '../../../../widgets/core/request'

/**
 * The security details' calls (`contract/advisories.ts`): the CVSS calculator's score and the save.
 * Both carry the session's CSRF header ({@link request}); they throw an `ApiError` on failure (400
 * `invalid` with the server's sentence); answers pass small shape checks.
 */

function isScore(d: unknown): d is CvssScore {
  return is.object(d) && is.string(d.vector) && is.number(d.score) && is.string(d.rating) && is.string(d.version)
}

function isDetails(d: unknown): d is AdvisoryDetails {
  return is.object(d) && is.string(d.tracking_id) && is.array(d.vulnerabilities) && is.array(d.products) && is.array(d.revisions)
}

/** `POST /api/admin/cvss`: the base score and rating of a v3.1 or v4.0 vector. @throws ApiError 400 `invalid` saying what is wrong */
export async function scoreVector(vector: string, signal?: AbortSignal): Promise<CvssScore> {
  return dataOf(await request<ApiAnswer<CvssScore>>('/api/admin/cvss', { method: 'POST', body: { vector }, signal }), isScore)
}

/** `PUT /api/admin/records/{id}/advisory`: saves the details, appending a revision. @throws ApiError 400 `invalid`, 404 `not_found` */
export async function saveAdvisory(id: number, body: SaveAdvisoryBody): Promise<AdvisoryDetails> {
  const path = `/api/admin/records/${encodeURIComponent(String(id))}/advisory`
  return dataOf(await request<ApiAnswer<AdvisoryDetails>>(path, { method: 'PUT', body }), isDetails)
}
