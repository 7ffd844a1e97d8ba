/**
 * Contract of the FAQ and Compliance pages: every seeded answer of GET /api/basic-page/faq and
 * GET /api/compliance (every cloud) conforms to its schema in `contract/content.ts`, and the
 * widget's own check accepts it and gives back the same data.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { answer } from '../../contract/common.js'
import { BasicPageData, ComplianceData } from '../../contract/content.js'
import type { Cloud } from '../../contract/global.js'
import { isComplianceData } from '../../widgets/compliance/api.js'
import { dataOf } from '../../widgets/core/request.js'
import { isBasicPageData } from '../../widgets/faq/api.js'
import { getJson, schemaErrors, startSeeded, isMalformed, type TestApp } from './harness.js'

let t: TestApp
let clouds: Cloud[]

test.before(async () => {
  ;({ t, clouds } = await startSeeded())
})
test.after(() => t.close())

// GET /api/basic-page/faq ----------------------------------------------------------------------

test('GET /api/basic-page/faq of every cloud conforms to BasicPageData and the FAQ widget gives it back', async () => {
  assert.ok(clouds.length > 0)
  for (const cloud of clouds) {
    const json = await getJson(t, `/api/basic-page/faq?cloud=${cloud.machine_name}`)
    assert.equal(schemaErrors(answer(BasicPageData), json), [], cloud.machine_name)
    // What `fetchFaq` does with the answer (widgets/faq/api.ts).
    assert.equal(dataOf(json, isBasicPageData), json.data, cloud.machine_name)
  }
})

test('GET /api/basic-page/faq: a broken answer fails the schema and the FAQ widget refuses it', async () => {
  const broken = structuredClone(await getJson(t, `/api/basic-page/faq?cloud=${clouds[0].machine_name}`))
  broken.data.page_content.body = null
  assert.ok(schemaErrors(answer(BasicPageData), broken).some((e) => e.startsWith('/data/page_content/body')))
  assert.throws(() => dataOf(broken, isBasicPageData), isMalformed)
})

// GET /api/compliance --------------------------------------------------------------------------

test('GET /api/compliance of every cloud conforms to ComplianceData and the Compliance widget gives it back', async () => {
  let rows = 0
  for (const cloud of clouds) {
    const json = await getJson(t, `/api/compliance?cloud=${cloud.machine_name}`)
    assert.equal(schemaErrors(answer(ComplianceData), json), [], cloud.machine_name)
    // What `fetchCompliance` does with the answer (widgets/compliance/api.ts).
    assert.equal(dataOf(json, isComplianceData), json.data, cloud.machine_name)
    rows += json.data.page_content.length
  }
  assert.ok(rows > 0, 'some cloud has compliance rows')
})

test('GET /api/compliance: a broken answer fails the schema and the Compliance widget refuses it', async () => {
  let sample: { data: ComplianceData } | undefined
  for (const cloud of clouds) {
    const json = await getJson<{ data: ComplianceData }>(t, `/api/compliance?cloud=${cloud.machine_name}`)
    if (json.data.page_content.length > 0) {
      sample = json
      break
    }
  }
  assert.ok(sample, 'some cloud has compliance rows')
  const broken = structuredClone(sample) as unknown as { data: { page_content: { date: unknown }[] } }
  broken.data.page_content[0].date = 20270315
  assert.ok(schemaErrors(answer(ComplianceData), broken).some((e) => e.startsWith('/data/page_content/0/date')))
  assert.throws(() => dataOf(broken, isComplianceData), isMalformed)
})

test.run()
