/**
 * Subscriber import and export (docs/subscriptions.md#subscriber-import-and-export; the file's notation is
 * described in `server/subscriptions/csv.ts`).
 *
 * - `GET /api/admin/subscribers/export` → `text/csv` (permission `subscribers`): one row per
 *   subscriber, `email,verified,topics`.
 * - `POST /api/admin/subscribers/import` (permission `subscribers`) with {@link SubscriberImportBody}
 *   (or the file itself as a `text/csv` body) → `{ data: SubscriberImportData }`; 422
 *   {@link SubscriberImportProblems} when any row is bad (nothing applied); 413 `too_large`.
 * - `GET /api/opt-in/{token}` → `{ data: OptInData }` (no sign-in; the token is the authority);
 *   `POST` the same URL confirms. 404 `invalid_token` for an unknown or expired link.
 */
import Type, { type Static } from 'typebox'

/** The most people one import takes (the server's `MAX_IMPORT_ROWS`). */
export const MAX_IMPORT_PEOPLE = 5000

/** The export's answer: the CSV file (`text/csv; charset=utf-8`), sent as text. */
export const SubscribersCsv = Type.String()
export type SubscribersCsv = Static<typeof SubscribersCsv>

/** `POST /api/admin/subscribers/import` body: the CSV file's text. */
export const SubscriberImportBody = Type.Object({ csv: Type.String({ maxLength: 4 * 1024 * 1024 }) })
export type SubscriberImportBody = Static<typeof SubscriberImportBody>

/** What an import did, in numbers of people. */
export const SubscriberImportData = Type.Object({
  /** People in the file. */
  rows: Type.Integer(),
  /** People sent an opt-in mail now. */
  invited: Type.Integer(),
  /** Of those, people who had no account before (made unverified, without a password). */
  new_accounts: Type.Integer(),
  /** People with an open invitation (sent within 7 days): no second mail, their pending topics replaced. */
  already_invited: Type.Integer(),
  /** People already subscribed to every topic of their row: nothing done. */
  already_subscribed: Type.Integer(),
})
export type SubscriberImportData = Static<typeof SubscriberImportData>

/** One bad row of an import. */
export const SubscriberImportProblem = Type.Object({
  /** The line of the file the row starts on (the header is line 1). */
  line: Type.Integer(),
  /** The row's number in a spreadsheet (differs from `line` after cells with line breaks). */
  row: Type.Integer(),
  /** What is wrong, in words (English). */
  reason: Type.String(),
})
export type SubscriberImportProblem = Static<typeof SubscriberImportProblem>

/** The 422 answer of an import with bad rows: `error.code` is `invalid_rows`; nothing was applied. */
export const SubscriberImportProblems = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    rows: Type.Array(SubscriberImportProblem),
  }),
})
export type SubscriberImportProblems = Static<typeof SubscriberImportProblems>

/** `/api/opt-in/{token}` path parameters. */
export const OptInParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) })
export type OptInParams = Static<typeof OptInParams>

/** `POST /api/opt-in/{token}` body: none, or an empty JSON object. */
export const OptInBody = Type.Union([Type.Object({}), Type.Null()])
export type OptInBody = Static<typeof OptInBody>

/** What an opt-in link asks, and after confirming what the person is subscribed to. */
export const OptInData = Type.Object({
  /** The address, masked (`v•••@example.com`). */
  mail: Type.String(),
  /** The topics the invitation asks for, as the file named them. */
  topics: Type.Array(Type.String()),
  /** `true` once confirmed. */
  done: Type.Boolean(),
  /** Every subscription of the person now (the same notation); empty before confirming. */
  subscribed: Type.Array(Type.String()),
  /** Whether the account has a password to sign in with (else "Forgot password" sets one). */
  can_sign_in: Type.Boolean(),
})
export type OptInData = Static<typeof OptInData>
