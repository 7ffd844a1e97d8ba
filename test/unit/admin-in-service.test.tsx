// The in-service date of a cloud's data center and core service in the console (docs/operating/catalogue.md):
// a new one gets the start of today's UTC day (not the instant of the click), the date is shown
// and editable in the forms' tables, an untouched date keeps its instant, and an emptied one is
// unknown (null).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createElement, useState } from 'react'
import type { Catalog, CatalogCloud } from '../../contract/catalog'
import { CloudForm } from '../../shell/admin/forms/CloudForm'
import { DataCenterForm } from '../../shell/admin/forms/DataCenterForm'
import { dayOf, instantOfDay, todayInstant, withSince } from '../../shell/admin/model'
import { mount, toggle, typeInto, waitFor } from '../fixtures/dom'
import { amsterdamDataCenter, button, deskCatalog } from './admin-fixtures'

const MORNING = '2024-01-01T09:30:00.000Z'

test('model: today is the start of the UTC day; a date input’s day is its 00:00 UTC; empty or invalid is unknown', () => {
  assert.is(todayInstant(new Date('2026-11-12T23:59:59.999Z')), '2026-11-12T00:00:00.000Z')
  assert.is(todayInstant(new Date('2026-11-13T00:00:00.000Z')), '2026-11-13T00:00:00.000Z')
  assert.is(dayOf(MORNING), '2024-01-01')
  assert.is(dayOf(null), '')
  assert.is(instantOfDay('2026-02-28'), '2026-02-28T00:00:00.000Z')
  assert.is(instantOfDay(''), null)
  assert.is(instantOfDay('2026-02-30'), null, 'no such day')
  assert.is(instantOfDay('12/11/2026'), null)
  const entry = { service: 'Proxy', since: MORNING }
  assert.is(withSince(entry, '2024-01-01'), entry, 'the same day keeps the instant (and the object)')
  assert.equal(withSince(entry, '2025-06-01'), { service: 'Proxy', since: '2025-06-01T00:00:00.000Z' })
  assert.equal(withSince(entry, ''), { service: 'Proxy', since: null })
})

/** Renders `Form` around its own state; `latest()` is the value as the form last changed it. */
function harness<D>(Form: (props: any) => ReturnType<typeof createElement>, initial: D, catalog: Catalog) {
  let current = initial
  function Host() {
    const [value, setValue] = useState(initial)
    return createElement(Form, {
      value,
      onChange: (next: D) => {
        current = next
        setValue(next)
      },
      isNew: false,
      catalog,
      idPrefix: 'item',
    })
  }
  const mounted = mount()
  mounted.root.render(createElement(Host))
  return { ...mounted, latest: () => current }
}

const dateInput = (container: HTMLElement, label: string) => {
  const el = container.querySelector<HTMLInputElement>(`input[type="date"][aria-label="${label}"]`)
  assert.ok(el, `date input ${label}`)
  return el!
}

test('data center form: each cloud’s in-service date; ticking a cloud dates it today, 00:00 UTC; editable and clearable', async () => {
  const { catalog } = deskCatalog()
  const { container, unmount, latest } = harness(DataCenterForm, amsterdamDataCenter(MORNING), catalog)
  try {
    await waitFor(() => container.querySelector('table') !== null, 'the form')
    assert.ok(
      Array.from(container.querySelectorAll('th[scope="col"]'), (th) => th.textContent).includes('In service since'),
      'a column named for the eye',
    )
    assert.ok(container.textContent!.includes('its uptime on the status page counts from that day'), 'the hint says what it does')
    const alpha = dateInput(container, 'In service since on alpha.net')
    assert.is(alpha.value, '2024-01-01')
    const beta = dateInput(container, 'In service since on beta.net')
    assert.is(beta.disabled, true, 'no date for a cloud it does not serve')

    toggle(container.querySelector<HTMLInputElement>('input[aria-label="Serves beta.net"]')!)
    await waitFor(() => !dateInput(container, 'In service since on beta.net').disabled, 'beta served')
    const since = latest().clouds.find((c) => c.cloud === 'beta')!.since!
    assert.match(since, /T00:00:00\.000Z$/, 'a day, not the instant of the click')
    const age = Date.now() - Date.parse(since)
    assert.ok(age >= 0 && age < 86_400_000, `today's UTC day: ${since}`)
    assert.is(dateInput(container, 'In service since on beta.net').value, since.slice(0, 10), 'shown')
    assert.is(latest().clouds.find((c) => c.cloud === 'alpha')!.since, MORNING, 'the other cloud’s instant is untouched')

    typeInto(dateInput(container, 'In service since on alpha.net'), '2025-06-01')
    await waitFor(() => latest().clouds[0].since === '2025-06-01T00:00:00.000Z', 'alpha re-dated')
    typeInto(dateInput(container, 'In service since on alpha.net'), '')
    await waitFor(() => latest().clouds[0].since === null, 'alpha unknown')
    assert.is(dateInput(container, 'In service since on alpha.net').value, '')
  } finally {
    unmount()
  }
})

test('cloud form: each core service’s in-service date; an added service is dated today, 00:00 UTC', async () => {
  const base = deskCatalog().catalog
  const catalog: Catalog = { ...base, core_services: [...base.core_services, { name: 'Proxy', description: 'Traffic.' }] }
  const cloud: CatalogCloud = {
    ...catalog.clouds[0],
    services: [{ service: 'Authentication', decommissioned: false, since: MORNING, until: null }],
  }
  const { container, unmount, latest } = harness(CloudForm, cloud, catalog)
  try {
    await waitFor(() => container.querySelector('table') !== null, 'the form')
    assert.is(dateInput(container, 'Authentication in service since').value, '2024-01-01')
    button(container, 'Add service').click()
    await waitFor(() => latest().services.length === 2, 'Proxy added')
    const since = latest().services[1].since!
    assert.match(since, /T00:00:00\.000Z$/)
    const age = Date.now() - Date.parse(since)
    assert.ok(age >= 0 && age < 86_400_000, `today's UTC day: ${since}`)
    assert.is(dateInput(container, 'Proxy in service since').value, since.slice(0, 10))
    typeInto(dateInput(container, 'Authentication in service since'), '2023-03-04')
    await waitFor(() => latest().services[0].since === '2023-03-04T00:00:00.000Z', 'Authentication re-dated')
    assert.is(latest().services[1].since, since, 'the other row unchanged')
  } finally {
    unmount()
  }
})

test.run()
