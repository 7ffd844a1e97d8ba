import type {
  AdminCompliancePage,
  AdminFaqPage,
  AuditData,
  CatalogData,
  CatalogSection,
  ContentData,
  DashboardData,
  OutboxData,
  OutboxMessage,
  SaveComplianceBody,
  StaffData,
  StaffMember,
} from '../../contract/admin'
import type { ApiAnswer } from '../../contract/common'
import { dataOf, is, request } from '../../widgets/core/request'

/**
 * The admin console's calls (`contract/admin.ts`). Reads need only the session cookie; writes carry
 * the session's `X-CSRF-Token`, which {@link request} adds to every same-origin call from the
 * `z_csrf_token` cookie. Every call throws an `ApiError` (status and the server's `error.code` and
 * message) on failure; answers are checked with the small guards below, never trusted blindly.
 */

const arrays = (d: Record<string, unknown>, ...keys: string[]) => keys.every((k) => is.array(d[k]))

function isCatalogData(d: unknown): d is CatalogData {
  return is.object(d) && is.string(d.revision) && is.object(d.catalog) && arrays(d.catalog, 'products', 'clouds', 'data_centers')
}

function isContentData(d: unknown): d is ContentData {
  return is.object(d) && arrays(d, 'faq', 'compliance')
}

function isFaqPage(d: unknown): d is AdminFaqPage {
  return is.object(d) && is.string(d.title) && is.string(d.body)
}

function isCompliancePage(d: unknown): d is AdminCompliancePage {
  return is.object(d) && is.string(d.cloud) && is.string(d.page_top) && is.array(d.rows)
}

function isOutboxData(d: unknown): d is OutboxData {
  return is.object(d) && arrays(d, 'messages', 'fanouts') && is.number(d.queued) && is.number(d.sent_per_second)
}

function isDashboardData(d: unknown): d is DashboardData {
  return is.object(d) && arrays(d, 'clouds', 'notification_subscribers') && isOutboxData(d.outbox)
}

function isOutboxMessage(d: unknown): d is OutboxMessage {
  return is.object(d) && is.number(d.id) && is.string(d.state)
}

function isStaffData(d: unknown): d is StaffData {
  return is.object(d) && arrays(d, 'staff', 'roles')
}

function isStaffMember(d: unknown): d is StaffMember {
  return is.object(d) && is.string(d.mail) && is.array(d.roles)
}

function isAuditData(d: unknown): d is AuditData {
  return is.object(d) && is.array(d.entries) && is.number(d.page) && is.number(d.pages)
}

/** `GET /api/admin/catalog`: the catalogue and its revision. */
export async function fetchCatalog(signal?: AbortSignal): Promise<CatalogData> {
  return dataOf(await request<ApiAnswer<CatalogData>>('/api/admin/catalog', { signal }), isCatalogData)
}

/**
 * `PUT /api/admin/catalog/{section}` `{revision, value}` → the new catalogue and revision.
 *
 * @throws ApiError 400 `invalid` (messages joined by `; `), 409 `stale`, 403 `not_permitted`
 */
export async function saveCatalogSection(section: CatalogSection, revision: string, value: unknown): Promise<CatalogData> {
  const path = `/api/admin/catalog/${encodeURIComponent(section)}`
  return dataOf(await request<ApiAnswer<CatalogData>>(path, { method: 'PUT', body: { revision, value } }), isCatalogData)
}

/** `GET /api/admin/content`: every FAQ page and every cloud's compliance page. */
export async function fetchContent(signal?: AbortSignal): Promise<ContentData> {
  return dataOf(await request<ApiAnswer<ContentData>>('/api/admin/content', { signal }), isContentData)
}

/** `PUT /api/admin/faq` → the page as saved (body sanitised by the server). */
export async function saveFaq(page: AdminFaqPage): Promise<AdminFaqPage> {
  return dataOf(await request<ApiAnswer<AdminFaqPage>>('/api/admin/faq', { method: 'PUT', body: page }), isFaqPage)
}

/** `PUT /api/admin/compliance/{cloud}` → the page as saved (HTML sanitised by the server). */
export async function saveCompliance(cloud: string, body: SaveComplianceBody): Promise<AdminCompliancePage> {
  const path = `/api/admin/compliance/${encodeURIComponent(cloud)}`
  return dataOf(await request<ApiAnswer<AdminCompliancePage>>(path, { method: 'PUT', body }), isCompliancePage)
}

/** `GET /api/admin/dashboard`: live and upcoming records per cloud, subscriber counts, the outbox. */
export async function fetchDashboard(signal?: AbortSignal): Promise<DashboardData> {
  return dataOf(await request<ApiAnswer<DashboardData>>('/api/admin/dashboard', { signal }), isDashboardData)
}

/** `GET /api/admin/outbox`: the dashboard's outbox alone (read again while a fan-out runs). */
export async function fetchOutbox(signal?: AbortSignal): Promise<OutboxData> {
  return dataOf(await request<ApiAnswer<OutboxData>>('/api/admin/outbox', { signal }), isOutboxData)
}

/** `POST /api/admin/outbox/{id}/retry` → the message, queued again. */
export async function retryOutbox(id: number): Promise<OutboxMessage> {
  const path = `/api/admin/outbox/${encodeURIComponent(String(id))}/retry`
  return dataOf(await request<ApiAnswer<OutboxMessage>>(path, { method: 'POST' }), isOutboxMessage)
}

/** `GET /api/admin/staff`: the staff and every privileged role. */
export async function fetchStaff(signal?: AbortSignal): Promise<StaffData> {
  return dataOf(await request<ApiAnswer<StaffData>>('/api/admin/staff', { signal }), isStaffData)
}

/** `PUT /api/admin/staff` `{mail, roles}`: sets the privileged roles of an account (`[]` removes it from the staff). */
export async function setStaffRoles(mail: string, roles: string[]): Promise<StaffMember> {
  return dataOf(await request<ApiAnswer<StaffMember>>('/api/admin/staff', { method: 'PUT', body: { mail, roles } }), isStaffMember)
}

/** `GET /api/admin/audit?page=` (0-based, newest first). */
export async function fetchAudit(page: number, signal?: AbortSignal): Promise<AuditData> {
  return dataOf(await request<ApiAnswer<AuditData>>('/api/admin/audit', { query: { page }, signal }), isAuditData)
}
