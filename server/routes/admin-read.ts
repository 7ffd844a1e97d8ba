/**
 * The shape of the console's plain reads (docs/operating/console-and-desk.md): a GET without
 * parameters answering `{ data }` to any user who may read the console.
 */
import type { FastifySchema } from 'fastify'
import type { Static, TSchema } from 'typebox'
import { answer, ERROR_RESPONSES } from '../../contract/common.js'
import { adminReaderFirst, requireAdminReader } from '../admin/authorize.js'
import type { TrustApp } from './deps.js'

/**
 * Registers GET `url` answering `{ data: await read() }`, validated against `data`.
 * Errors: 403 `not_signed_in` | `forbidden` (checked before anything else).
 */
export function getAdminRead<T extends TSchema>(app: TrustApp, url: string, data: T, read: () => Promise<Static<T>>): void {
  // Typed as a plain schema: the reply type of a generic `data` is checked by `read` instead.
  const schema: FastifySchema = { response: { 200: answer(data), ...ERROR_RESPONSES } }
  app.get(url, { schema, preValidation: adminReaderFirst }, async (request) => {
    requireAdminReader(request)
    return { data: await read() }
  })
}
