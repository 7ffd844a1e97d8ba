/**
 * One Statuspage component or component group as this site writes it (`contract/statuspage.ts`
 * `StatuspageComponent`): the fields every component of every document has the same way
 * (`showcase` and `only_show_if_degraded` false, no start date or uptime unless given), so the
 * site's own components (`./documents.ts`) and third-party ones (`../upstream/statuspage.ts`) are
 * written by one function. A group is a component with `components` (its members' ids).
 */
import type { StatuspageComponent } from '../../contract/statuspage.js'
import { NO_UPTIME } from './uptime.js'

/** What differs from one component to the next; instants already ISO 8601. */
export type ComponentFields = Pick<
  StatuspageComponent,
  'id' | 'name' | 'status' | 'created_at' | 'updated_at' | 'position' | 'description' | 'group_id' | 'page_id'
> &
  Partial<Pick<StatuspageComponent, 'start_date' | 'components' | 'uptime_30d' | 'uptime_90d' | 'uptime_since' | 'third_party'>>

/** The component (a group when `fields.components` is given). */
export function statuspageComponent(fields: ComponentFields): StatuspageComponent {
  return {
    showcase: false,
    start_date: null,
    only_show_if_degraded: false,
    ...NO_UPTIME,
    ...fields,
    group: fields.components !== undefined,
  }
}
