/**
 * FAQ and compliance pages (docs/requirements/screens.md#faq, Compliance; docs/requirements/entities.md; docs/requirements/calls.md; docs/requirements/errors.md 'No rows').
 */

import Type, { type Static } from 'typebox'

// ---------------------------------------------------------------------------------------------
// FAQ and Compliance (docs/requirements/screens.md#faq, Compliance; docs/requirements/entities.md; docs/requirements/calls.md; docs/requirements/errors.md 'No rows')
// ---------------------------------------------------------------------------------------------

/**
 * `GET /api/basic-page/faq?cloud=` → `{ data: BasicPageData }` (public, cacheable 30 s, CORS `*`).
 * The cloud's own FAQ when it has one, else the shared one. 400 `bad_request` without `cloud`,
 * 404 `unknown_cloud`, 404 `not_found` when no page exists.
 *
 * Markup of the FAQ `body` (HTML; `<trust-faq>` turns it into collapsible sections, anything else
 * is shown as sanitised HTML):
 *
 * ```html
 * <section id="subscriptions">            <!-- a section; id = its deep-link anchor -->
 *   <h2>Subscriptions and email notifications</h2>
 *   <details id="how-to-manage-your-subscription">   <!-- a question; id = its anchor -->
 *     <summary>How to Manage Your Subscription?</summary>
 *     <div><p>Answer HTML…</p></div>
 *   </details>
 * </section>
 * ```
 *
 * Ids match `[A-Za-z][A-Za-z0-9_-]*` and are unique in the page; `/faq#{id}` opens that section
 * or question about 1 s after load (docs/requirements/constants.md).
 */
export const BasicPageData = Type.Object({
  page_content: Type.Object({
    title: Type.String(),
    /** HTML, sanitised on display. */
    body: Type.String(),
  }),
})
export type BasicPageData = Static<typeof BasicPageData>

/** One compliance row (docs/requirements/entities.md#compliance). */
export const ComplianceRow = Type.Object({
  /** HTML or text, sanitised on display. */
  description: Type.String(),
  /** Estimated approval date, `YYYY-MM-DD`. */
  date: Type.String({ format: 'date' }),
})
export type ComplianceRow = Static<typeof ComplianceRow>

/**
 * `GET /api/compliance?cloud=` → `{ data: ComplianceData }` (public, cacheable 30 s, CORS `*`).
 * 400 `bad_request` without `cloud`, 404 `unknown_cloud`. An empty `page_content` shows 'No rows'.
 */
export const ComplianceData = Type.Object({
  /** HTML above the table ('' when the cloud has none), sanitised on display. */
  page_top: Type.String(),
  /** In display order. */
  page_content: Type.Array(ComplianceRow),
})
export type ComplianceData = Static<typeof ComplianceData>
