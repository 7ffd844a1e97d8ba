/**
 * Third-party groups in this site's own Statuspage v2 documents (docs/operating/console-and-desk.md#third-party-components,
 * "Statuspage-compatible API"; `server/statuspage/documents.ts` appends what this module writes).
 *
 * Each third-party group whose page answers is one component group after the cloud's own groups:
 * id `{cloud}-third-party-{group id}`, its name, description `Third-party: {base URL}` and
 * `third_party: true`; its members (id `{cloud}-third-party-{group id}-{component id}`, the
 * upstream group's name as description) carry the status the upstream gave, unchanged, and the
 * upstream's `updated_at`. A group whose page fails is left out of the documents until it answers
 * again: Statuspage's statuses have no "unknown", and any status written then would be a claim this
 * site cannot make (docs/decisions/0015-third-party-components.md). Third-party components never count
 * towards the page's `status` indicator and are never an incident's affected components.
 */
import type { Kysely } from 'kysely'
import type { ComponentStatus, StatuspageComponent } from '../../contract/statuspage.js'
import type { Database } from '../db/schema.js'
import { groupStatus } from '../statuspage/derive.js'
import { statuspageComponent } from '../statuspage/component.js'
import { cloudUpstream } from './repo.js'

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The third-party groups and components of `clouds` (in cloud order, each cloud's groups in their
 * order) as Statuspage components of page `pageId`, positions after `before` components.
 */
export async function thirdPartyComponents(
  db: Kysely<Database>,
  clouds: ReadonlyArray<{ id: number; machine_name: string }>,
  pageId: string,
  before: number,
): Promise<StatuspageComponent[]> {
  const all = await cloudUpstream(
    db,
    clouds.map((c) => c.id),
  )
  const machine = new Map(clouds.map((c) => [c.id, c.machine_name]))
  const out: StatuspageComponent[] = []
  for (const { group, components } of all) {
    if (group.failing_since !== null || components.length === 0) continue
    const id = `${machine.get(group.cloud_id)}-third-party-${group.id}`
    const memberIds = components.map((c) => `${id}-${c.id}`)
    out.push(
      statuspageComponent({
        id,
        name: group.name,
        status: groupStatus(components.map((c) => c.status as ComponentStatus)),
        created_at: iso(group.created),
        updated_at: iso(Math.max(group.created, ...components.map((c) => c.updated_at))),
        position: before + out.length + 1,
        description: `Third-party: ${group.base_url}`,
        group_id: null,
        page_id: pageId,
        components: memberIds,
        third_party: true,
      }),
    )
    for (const [i, c] of components.entries()) {
      out.push(
        statuspageComponent({
          id: memberIds[i],
          name: c.name,
          status: c.status as ComponentStatus,
          created_at: iso(group.created),
          updated_at: iso(c.updated_at),
          position: before + out.length + 1,
          description: c.group_name,
          group_id: id,
          page_id: pageId,
          third_party: true,
        }),
      )
    }
  }
  return out
}
