/**
 * Shapes every answer shares: `{ data }` on success, `{ error: { code, message } }` with a 4xx/5xx
 * status on failure (docs/requirements/calls.md).
 *
 * Conventions of every module in `contract/`: a schema and the type derived from it share one name
 * (`export const Cloud = Type.Object(…)`, `export type Cloud = Static<typeof Cloud>`). The server
 * validates requests and serialises answers through the schemas (a field that is not in an answer's
 * schema never leaves it); the front end imports the types only (`import type`), so no schema
 * reaches a drop-in. Plain values both sides need at run time live in `constants.ts`, `text.ts` and
 * `links.ts`.
 */
import Type, { type Static, type TSchema } from 'typebox'

/** A `'1'` / `'0'` flag, as the spec's backend sends booleans. */
export const Flag = Type.Union([Type.Literal('1'), Type.Literal('0')])
export type Flag = Static<typeof Flag>

/** Every successful answer: `{ data }`. */
export interface ApiAnswer<T> {
  data: T
}

/**
 * The schema of a successful answer carrying `data`.
 *
 * @example
 * const BannerAnswer = answer(BannerData) // { data: { title, description } }
 */
export function answer<T extends TSchema>(data: T) {
  return Type.Object({ data })
}

/** Every failed answer (status 4xx/5xx): a machine code (snake_case) and a human sentence. */
export const ApiErrorBody = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
})
export type ApiErrorBody = Static<typeof ApiErrorBody>

/** The error answers every route may give; spread into a route's `response` schemas. */
export const ERROR_RESPONSES = { '4xx': ApiErrorBody, '5xx': ApiErrorBody } as const

/** A string or `null` (for fields the spec sends as null when unset). */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()])
}

/** The `{ message }` answer of calls that only confirm (docs/requirements/calls.md resend, password reset, …). */
export const MessageData = Type.Object({ message: Type.String() })
export type MessageData = Static<typeof MessageData>

/** The query string of the calls that take a `cloud` (a machine name or a domain; docs/requirements/calls.md). */
export const CloudQuery = Type.Object({ cloud: Type.String({ minLength: 1, maxLength: 200 }) })
export type CloudQuery = Static<typeof CloudQuery>
