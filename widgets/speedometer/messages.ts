/** Texts of `<trust-speedometer>` (docs/requirements/screens.md#home; docs/languages-and-themes.md). Counts and shares come formatted (model.ts). */
import { defineMessages, params } from '../../contract/i18n/index.js'

export const speedometerMessages = /* @__PURE__ */ defineMessages('speedometer', {
  label: 'Speedometer',
  loading: 'Loading gauges…',
  gauges: 'Cloud activity in the last 24 hours',
  meter: params("{value}, {percent} of the year's peak of {max}"),
  peak: params('{percent} of the 365-day peak ({max})'),
  period: params('24 hours to {time}'),
  transactions: 'Transactions per day',
  threats_blocked: 'Threats blocked per day',
  policy_enforcements: 'Policies enforced per day',
  noData: 'Traffic figures are not published for this cloud yet.',
})
