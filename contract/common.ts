/**
 * Shapes every answer shares: `{ data }` on success, `{ error: { code, message } }` with a 4xx/5xx
 * status on failure (spec §7).
 */

/** A `'1'` / `'0'` flag, as the spec's backend sends booleans. */
export type Flag = '1' | '0'

/** Every successful answer: `{ data }`. */
export interface ApiAnswer<T> {
  data: T
}

/** Every failed answer (status 4xx/5xx): a machine code and a human sentence. */
export interface ApiErrorBody {
  error: { code: string; message: string }
}
