// Every `<trust-*>` tag is typed and defined with its exported class: `HTMLElementTagNameMap`
// (declared in each widgets/<name>/element.ts) maps the tag to the class for TypeScript, and after
// `define` `document.createElement('trust-…')` is an instance of that class at run time.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { widgetNames } from '../../scripts/widgets.mjs'
import { CloudPickerElement } from '../../widgets/cloud-picker/element'
import { CloudStatusElement } from '../../widgets/cloud-status/element'
import { ComplianceElement } from '../../widgets/compliance/element'
import { DcMapElement } from '../../widgets/dc-map/element'
import { FaqElement } from '../../widgets/faq/element'
import { NotificationsElement } from '../../widgets/notifications/element'
import { PostElement } from '../../widgets/post/element'
import { RecordsElement } from '../../widgets/records/element'
import type { SpeedometerElement as SpeedometerElementType } from '../../widgets/speedometer/define'
import { SpeedometerElement } from '../../widgets/speedometer/element'
import { StatusBadgeElement } from '../../widgets/status-badge/element'
import { SubscriptionsElement } from '../../widgets/subscriptions/element'

/** Each tag with the class its define.ts registers. */
const ELEMENTS = {
  'trust-cloud-picker': CloudPickerElement,
  'trust-cloud-status': CloudStatusElement,
  'trust-compliance': ComplianceElement,
  'trust-dc-map': DcMapElement,
  'trust-faq': FaqElement,
  'trust-notifications': NotificationsElement,
  'trust-post': PostElement,
  'trust-records': RecordsElement,
  'trust-speedometer': SpeedometerElement,
  'trust-status-badge': StatusBadgeElement,
  'trust-subscriptions': SubscriptionsElement,
} as const

type Tag = keyof typeof ELEMENTS

// Type-level checks (tsc, `npm run typecheck`): a tag missing from HTMLElementTagNameMap, or mapped
// to anything but its element's instance type, fails to compile here.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
type Mapped = { [K in Tag]: Same<HTMLElementTagNameMap[K], InstanceType<(typeof ELEMENTS)[K]>> }
const mapped: Mapped = {
  'trust-cloud-picker': true,
  'trust-cloud-status': true,
  'trust-compliance': true,
  'trust-dc-map': true,
  'trust-faq': true,
  'trust-notifications': true,
  'trust-post': true,
  'trust-records': true,
  'trust-speedometer': true,
  'trust-status-badge': true,
  'trust-subscriptions': true,
}
// The named classes are their own instance types, and the type travels with `<widget>/define`.
const named: [
  Same<HTMLElementTagNameMap['trust-cloud-picker'], CloudPickerElement>,
  Same<HTMLElementTagNameMap['trust-cloud-status'], CloudStatusElement>,
  Same<HTMLElementTagNameMap['trust-compliance'], ComplianceElement>,
  Same<HTMLElementTagNameMap['trust-dc-map'], DcMapElement>,
  Same<HTMLElementTagNameMap['trust-faq'], FaqElement>,
  Same<HTMLElementTagNameMap['trust-speedometer'], SpeedometerElementType>,
  Same<HTMLElementTagNameMap['trust-status-badge'], StatusBadgeElement>,
  Same<HTMLElementTagNameMap['trust-subscriptions'], SubscriptionsElement>,
  // Not plain HTMLElement: the map really names the widget element.
  Same<HTMLElementTagNameMap['trust-speedometer'], HTMLElement> extends false ? true : false,
] = [true, true, true, true, true, true, true, true, true]

test('the typed tags are the kit: one per widget of scripts/widgets.mjs', () => {
  assert.equal(
    Object.keys(ELEMENTS).sort(),
    widgetNames().map((name) => `trust-${name}`),
  )
  assert.equal(Object.keys(mapped).sort(), Object.keys(ELEMENTS).sort())
  assert.ok(named.every(Boolean))
})

test('after define, document.createElement(tag) is an instance of the exported class', async () => {
  for (const name of widgetNames()) {
    const tag = `trust-${name}` as Tag
    const Element = ELEMENTS[tag]
    assert.ok(Element, `${tag} has an exported element class`)
    await import(`../../widgets/${name}/define.ts`)
    assert.is(customElements.get(tag), Element, `${tag} is defined with its exported class`)
    const el = document.createElement(tag)
    assert.instance(el, Element, tag)
    assert.instance(el, HTMLElement, tag)
    assert.equal([...(Element as unknown as { observedAttributes: string[] }).observedAttributes].length > 0, true, tag)
  }
  // Typed without a cast, as a host page's code would write it.
  const speedometer: SpeedometerElementType = document.createElement('trust-speedometer')
  const records: InstanceType<typeof RecordsElement> = document.createElement('trust-records')
  assert.instance(speedometer, SpeedometerElement)
  assert.instance(records, RecordsElement)
})

test.run()
