/**
 * Contract of the status timeline: every seeded answer of GET /api/cloud-status (every cloud, every
 * request type, several weeks) conforms to `CloudStatusData` in `contract/status.ts`, and the
 * timeline widget's parser accepts it and gives back the same data.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { answer } from '../../contract/common.js'
import { MAX_WEEK_OFFSET } from '../../contract/constants.js'
import type { Cloud } from '../../contract/global.js'
import { CloudStatusData, type CloudStatusRequestType } from '../../contract/status.js'
import { parseCloudStatusAnswer } from '../../widgets/cloud-status/api.js'
import { ApiError } from '../../widgets/core/request.js'
import { getJson, schemaErrors, startSeeded, type TestApp } from './harness.js'

const REQUEST_TYPES: CloudStatusRequestType[] = ['core_cloud_services', 'public', 'premium']
/** The current week, the last two and the oldest one the timeline pages to. */
const OFFSETS = [0, 1, 2, MAX_WEEK_OFFSET]

let t: TestApp
let clouds: Cloud[]

const url = (cloud: string, requestType: CloudStatusRequestType, offset: number) =>
  `/api/cloud-status?cloud=${cloud}&requestType=${requestType}&dateOffset=${offset}`

test.before(async () => {
  ;({ t, clouds } = await startSeeded())
})
test.after(() => t.close())

test('GET /api/cloud-status of every cloud, type and week conforms to CloudStatusData and the parser gives it back', async () => {
  assert.ok(clouds.length > 0)
  let rows = 0
  let issues = 0
  let ongoing = 0
  for (const cloud of clouds) {
    for (const requestType of REQUEST_TYPES) {
      for (const offset of OFFSETS) {
        const where = `${cloud.machine_name} ${requestType} ${offset}`
        const json = await getJson(t, url(cloud.machine_name, requestType, offset))
        assert.equal(schemaErrors(answer(CloudStatusData), json), [], where)
        assert.equal(parseCloudStatusAnswer(json), json.data, where)
        const data = json.data as CloudStatusData
        for (const item of data.category.flatMap((c) => c.subCategory)) {
          rows += 1
          issues += item.issues.length
          ongoing += item.issues.filter((i) => i.endTime === null).length
        }
      }
    }
  }
  // The seeded answers cover rows, issues and an ongoing issue (endTime null), not only empty weeks.
  assert.ok(rows > 0 && issues > 0 && ongoing > 0, `rows ${rows}, issues ${issues}, ongoing ${ongoing}`)
})

test('GET /api/cloud-status without dateOffset answers the current week, in the same shape', async () => {
  const json = await getJson(t, '/api/cloud-status?cloud=auroraedge&requestType=core_cloud_services')
  assert.equal(schemaErrors(answer(CloudStatusData), json), [])
  assert.is(json.data.page_number, 0)
  assert.equal(parseCloudStatusAnswer(json), json.data)
})

test('GET /api/cloud-status: a broken answer fails the schema and the parser throws', async () => {
  const json = await getJson(t, url('auroraedge', 'core_cloud_services', 0))
  const broken = structuredClone(json)
  const item = broken.data.category[0].subCategory.findIndex((i: { issues: unknown[] }) => i.issues.length > 0)
  assert.ok(item >= 0, 'the current week has an issue')
  broken.data.category[0].subCategory[item].issues[0].startTime = 'soon'
  const path = `/data/category/0/subCategory/${item}/issues/0/startTime`
  assert.ok(
    schemaErrors(answer(CloudStatusData), broken).some((e) => e.startsWith(path)),
    path,
  )
  assert.throws(
    () => parseCloudStatusAnswer(broken),
    (error: unknown) => error instanceof ApiError && error.statusText === 'Malformed answer',
  )
})

test.run()
