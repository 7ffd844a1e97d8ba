/**
 * A component's status set through the Statuspage-compatible manage API
 * (`PATCH`/`PUT /v1/pages/{page_id}/components/{component_id}`; docs/statuspage-manage-api.md#components).
 *
 * This site has no status of a component apart from records: a status comes from the live records
 * naming it (`./derive.ts`). So a status sent for a component opens a record the API owns for it
 * — an incident "{component} — {status}" of the status's severity, or for `under_maintenance` a
 * maintenance in progress — and a later status changes or closes that record: `operational`
 * resolves it. Records are marked as the API's by their internal note (never shown in public).
 * As on Statuspage, a component's status alone mails no subscriber; the records show on the
 * public pages and in the update history like any other.
 */
import type { ComponentStatus, StatuspageComponent } from '../../contract/statuspage.js'
import { type ComponentBody, type ManageComponent, WRITABLE_COMPONENT_STATUSES } from '../../contract/statuspage-manage.js'
import { notFound } from '../http/errors.js'
import { changeRecord, isClosed, publishRecord } from '../publishing/publish.js'
import {
  keyActor,
  type ManageContext,
  pageComponents,
  publishOptions,
  SEVERITY_OF_STATUS,
  STATUS_WORDS,
  unprocessable,
  writableComponent,
} from './manage-common.js'

const iso = (ms: number) => new Date(ms).toISOString()

/** The internal note that marks a record the API opened for the component `id`. */
export const componentMarker = (id: string) => `Opened by the Statuspage-compatible API for the component ${id} (its status).`

/** The open records the API opened for the component `id` (tid `tid`) on the page. */
async function openRecordsOf(ctx: ManageContext, id: string, tid: number) {
  const rows = await ctx.db
    .selectFrom('records as r')
    .innerJoin('record_clouds as rc', 'rc.record_id', 'r.id')
    .innerJoin('record_terms as rt', 'rt.record_id', 'r.id')
    .innerJoin('record_statuses as st', 'st.id', 'r.status_id')
    .select(['r.id', 'r.type', 'r.title', 'r.severity_tid', 'r.internal_note', 'st.name as status'])
    .where('rc.cloud_id', '=', ctx.cloud.id)
    .where('rt.tid', '=', tid)
    .where('r.type', 'in', ['incident', 'maintenance'])
    .where('r.internal_note', 'is not', null)
    .orderBy('r.id')
    .execute()
  const marker = componentMarker(id)
  return rows.filter((r) => !isClosed(r.status) && (r.internal_note ?? '').includes(marker))
}

/** The fields of the catalogue a request may repeat but not change. */
function refuseCatalogueChanges(component: StatuspageComponent, fields: ComponentBody['component']): void {
  const owned: Array<[keyof ComponentBody['component'], unknown]> = [
    ['name', component.name],
    ['description', component.description],
    ['group_id', component.group_id],
    ['start_date', component.start_date],
  ]
  for (const [field, value] of owned) {
    const sent = fields[field]
    if (sent !== undefined && sent !== value && !(sent === '' && value === null)) {
      throw unprocessable(
        `component.${field}: this site's catalogue names and places its components, so only component.status is written here; change the ${field.replace('_', ' ')} in the admin console (Catalogue), or leave it out.`,
      )
    }
  }
}

/** `PATCH`/`PUT /v1/pages/{page_id}/components/{component_id}`: sets the status (see the module comment); answers the component. */
export async function updateComponent(
  ctx: ManageContext,
  componentId: string,
  fields: ComponentBody['component'],
): Promise<ManageComponent> {
  const components = await pageComponents(ctx)
  if (!components.some((c) => c.id === componentId)) {
    throw notFound(
      `There is no component ${JSON.stringify(componentId.slice(0, 200))} on the page ${ctx.cloud.machine_name} (GET /v1/pages/${ctx.cloud.machine_name}/components lists them).`,
    )
  }
  const { component, tid } = writableComponent(components, ctx.cloud.machine_name, componentId, 'component_id')
  refuseCatalogueChanges(component, fields)
  const status = fields.status
  if (status !== undefined && status !== '' && !(WRITABLE_COMPONENT_STATUSES as readonly string[]).includes(status)) {
    throw unprocessable(
      `component.status: ${JSON.stringify(status.slice(0, 40))} is not a component status; send one of ${WRITABLE_COMPONENT_STATUSES.join(', ')}.`,
    )
  }
  if (status !== undefined && status !== '') await setStatus(ctx, component, tid, status as ComponentStatus)
  const after = (await pageComponents(ctx)).find((c) => c.id === componentId)!
  return { ...after, automation_email: null }
}

/** Opens, changes or closes the API's records of `component` so that they give it `status`. */
async function setStatus(ctx: ManageContext, component: StatuspageComponent, tid: number, status: ComponentStatus): Promise<void> {
  const open = await openRecordsOf(ctx, component.id, tid)
  const wanted: 'incident' | 'maintenance' | null =
    status === 'operational' ? null : status === 'under_maintenance' ? 'maintenance' : 'incident'
  const severity = SEVERITY_OF_STATUS[status]
  const title = `${component.name} — ${STATUS_WORDS[status]}`
  const actor = keyActor(ctx.key)
  const options = publishOptions(ctx)
  let kept = false
  for (const record of open) {
    if (record.type === wanted && !kept) {
      kept = true
      if (record.title !== title || record.severity_tid !== severity) {
        await changeRecord(ctx.db, record.id, ctx.now, actor, options, () => ({
          body: {
            title,
            severity,
            update: `${component.name}: ${STATUS_WORDS[status].toLowerCase()}.`,
            body_format: 'markdown',
            notify: false,
          },
          kind: 'updated',
          action: 'record.update',
        }))
      }
      continue
    }
    // Another kind of status now, or operational again: the record's work is done.
    await changeRecord(ctx.db, record.id, ctx.now, actor, options, (current) => ({
      body: {
        status: current.type === 'maintenance' ? 'Completed' : 'Resolved',
        ...(current.from_time > ctx.now ? { from: iso(ctx.now) } : {}),
        to: iso(
          current.to_time !== null && current.to_time <= ctx.now
            ? Math.max(current.to_time, Math.min(current.from_time, ctx.now))
            : ctx.now,
        ),
        update: `${component.name}: ${STATUS_WORDS[status].toLowerCase()}.`,
        body_format: 'markdown',
        notify: false,
      },
      kind: 'updated',
      action: 'record.resolve',
    }))
  }
  if (wanted === null || kept) return
  await publishRecord(
    ctx.db,
    {
      type: wanted,
      title,
      summary: `${component.name}: ${STATUS_WORDS[status].toLowerCase()}.`,
      status: 'In Progress',
      severity,
      clouds: [ctx.cloud.machine_name],
      terms: [tid],
      from: iso(ctx.now),
      to: null,
      internal_note: componentMarker(component.id),
      reminder_minutes: wanted === 'maintenance' ? 0 : null,
      notify: false,
    },
    ctx.now,
    actor,
    options,
  )
}
