/**
 * Shared set-up of the contract tests: one seeded server per file, and a check that names every
 * field where an answer breaks its schema in `contract/`.
 */
import type { TSchema } from 'typebox'
import Value from 'typebox/value'
import type { Cloud, GlobalData } from '../../contract/global.js'
import { ApiError } from '../../widgets/core/request.js'
import { body, startApp, type TestApp } from '../server/helpers.js'

export { body, startApp, type TestApp }

/**
 * The places where `value` breaks `schema`, as `path: message` lines (empty when it conforms).
 * Unlike Fastify's serialiser, which drops unknown fields, this also reports fields the schema does
 * not name when the schema closes the object (`additionalProperties: false`).
 */
export function schemaErrors(schema: TSchema, value: unknown): string[] {
  return [...Value.Errors(schema, value)].map((e) => `${e.instancePath || '/'}: ${e.message}`)
}

/** GET `url` on the app and return the JSON body; throws with the status and body on a non-200. */
export async function getJson<T = any>(t: TestApp, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url })
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`)
  return body<T>(res)
}

/** A seeded app and the clouds its `/api/global` lists: what every contract test starts from. */
export async function startSeeded(): Promise<{ t: TestApp; clouds: Cloud[] }> {
  const t = await startApp()
  return { t, clouds: (await getJson<{ data: GlobalData }>(t, '/api/global')).data.clouds }
}

/** Whether `error` is the widgets' error for an answer of the wrong shape. */
export const isMalformed = (error: unknown) => error instanceof ApiError && error.statusText === 'Malformed answer'
