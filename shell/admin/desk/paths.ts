import type { RecordType } from '../../../contract/records'
import { ADMIN_PATHS } from '../sections'

/** The desk's paths (`shell/routes.ts`: `/admin/desk`, `/admin/desk/new`, `/admin/desk/{id}`, `/admin/desk/templates`). */
export const DESK_PATH = ADMIN_PATHS.desk
export const TEMPLATES_PATH = ADMIN_PATHS.templates

/** `/admin/desk/{id}`. */
export function deskRecordPath(id: number | string): string {
  return `${DESK_PATH}/${encodeURIComponent(String(id))}`
}

/** `/admin/desk/new?type=&template=`. */
export function newPostPath(type?: RecordType, template?: number): string {
  const query = new URLSearchParams()
  if (type) query.set('type', type)
  if (template !== undefined) query.set('template', String(template))
  const search = query.toString()
  return `${ADMIN_PATHS['desk-new']}${search ? `?${search}` : ''}`
}
