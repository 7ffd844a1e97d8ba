/**
 * Alert rules (docs/operating/alertmanager.md#rules): matchers as Alertmanager's own (anchored
 * regular expressions, a missing label is empty), the first enabled match wins, tested on the
 * group's common labels or else on every alert's, and templates that only substitute.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { AlertmanagerWebhook, AlertRule } from '../../contract/alerts'
import { commonOf, compileRule, fillTemplate, labelValues, pickRule } from '../../server/alerts/rules'

const test = suite('alert rules')

const rule = (id: number, fields: Partial<AlertRule>): AlertRule => ({
  id,
  position: id,
  name: `rule ${id}`,
  enabled: true,
  matchers: [],
  cloud: 'northwind',
  cloud_label: null,
  services: [],
  services_label: null,
  data_centers: [],
  data_centers_label: null,
  severity: 'disruption',
  mode: 'draft',
  on_resolve: 'resolve',
  title_template: '',
  body_template: '',
  grace_seconds: 300,
  ...fields,
})

const notification = (alerts: Array<Record<string, string>>, common?: Record<string, string>): AlertmanagerWebhook => ({
  version: '4',
  groupKey: '{}:{alertname="X"}',
  status: 'firing',
  ...(common ? { commonLabels: common } : {}),
  alerts: alerts.map((labels) => ({ status: 'firing', labels })),
})

test('matchers: =, !=, anchored =~ and !~; a missing label is empty', () => {
  const r = compileRule(
    rule(1, {
      matchers: [
        { label: 'alertname', op: '=~', value: 'Relay.*' },
        { label: 'severity', op: '!=', value: 'info' },
        { label: 'env', op: '!~', value: 'staging|dev' },
      ],
    }),
  )
  assert.ok(r.test({ alertname: 'RelayLoss', severity: 'critical', env: 'prod' }))
  assert.ok(r.test({ alertname: 'RelayLoss' }), 'missing labels are empty: != info and !~ staging|dev hold')
  assert.not.ok(r.test({ alertname: 'HighRelayLoss' }), 'anchored: the whole value must match')
  assert.not.ok(r.test({ alertname: 'RelayLoss', severity: 'info' }))
  assert.not.ok(r.test({ alertname: 'RelayLoss', env: 'staging' }))
  const empty = compileRule(rule(2, { matchers: [{ label: 'team', op: '=', value: '' }] }))
  assert.ok(empty.test({}), '= "" matches a missing label, as in Alertmanager')
})

test('the first enabled rule whose matchers match the common labels, or else every alert, wins', () => {
  const rules = [
    rule(1, { enabled: false, matchers: [{ label: 'alertname', op: '=', value: 'RelayLoss' }] }),
    rule(2, { matchers: [{ label: 'alertname', op: '=', value: 'RelayLoss' }] }),
    rule(3, { matchers: [{ label: 'alertname', op: '=~', value: '.+' }] }),
  ].map(compileRule)
  assert.is(pickRule(rules, notification([{ alertname: 'RelayLoss', instance: 'a' }], { alertname: 'RelayLoss' }))?.id, 2)
  assert.is(pickRule(rules, notification([{ alertname: 'DiskFull' }], { alertname: 'DiskFull' }))?.id, 3)
  // No common labels sent: the labels every alert shares are the common ones.
  assert.is(
    pickRule(
      rules,
      notification([
        { alertname: 'RelayLoss', instance: 'a' },
        { alertname: 'RelayLoss', instance: 'b' },
      ]),
    )?.id,
    2,
  )
  const team = [compileRule(rule(4, { matchers: [{ label: 'instance', op: '=~', value: 'relay-.' }] }))]
  assert.is(pickRule(team, notification([{ instance: 'relay-a' }, { instance: 'relay-b' }], {}))?.id, 4, 'every alert matches')
  assert.is(pickRule(team, notification([{ instance: 'relay-a' }, { instance: 'db-1' }], {})), undefined, 'not every alert matches')
})

test('common labels fall back to those every alert shares', () => {
  assert.equal(
    commonOf(
      notification([
        { a: '1', b: '2' },
        { a: '1', b: '3' },
      ]),
      'labels',
    ),
    { a: '1' },
  )
  assert.equal(commonOf(notification([{ a: '1' }], { c: '9' }), 'labels'), { c: '9' })
})

test('templates substitute labels, annotations and the count, and nothing else', () => {
  const text = fillTemplate(
    '{{ $labels.alertname }} on {{$labels.cloud}}: {{ $annotations.summary }} ({{ $count }}){{ $labels.missing }}',
    { alertname: 'RelayLoss', cloud: 'northwind' },
    { summary: 'Relays drop packets' },
    2,
  )
  assert.is(text, 'RelayLoss on northwind: Relays drop packets (2)')
  assert.is(fillTemplate('{{ .CommonLabels.x }}', { x: 'y' }, {}, 1), '{{ .CommonLabels.x }}', 'no Go templates')
})

test('a label value may name several items, comma-separated', () => {
  assert.equal(labelValues(' Oslo I, Bergen I ,,'), ['Oslo I', 'Bergen I'])
  assert.equal(labelValues(undefined), [])
})

test.run()
