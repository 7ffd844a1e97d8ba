/**
 * Texts of `<trust-cloud-status>` (docs/requirements/screens.md#cloud-status-page, docs/requirements/constants.md#timeline; docs/languages-and-themes.md). Service,
 * data-center, severity and issue texts are data; dates and times come formatted (model.ts).
 */
import { defineMessages, params } from '../../contract/i18n/index.js'

export const cloudStatusMessages = /* @__PURE__ */ defineMessages('cloudStatus', {
  label: 'Cloud status',
  core: 'Core Cloud Services',
  dcs: 'Individual Data Centers',
  none: 'Status information is not available for this cloud.',
  pub: 'Public Data Center',
  prem: 'Premium Data Center',
  dcType: 'Data center type',
  prev: '< Previous 7 Days',
  next: 'Next 7 Days >',
  loading: 'Loading status…',
  now: 'Now',
  week: params('{title}, week of {range}'),
  legend: 'Legend',
  ongoing: 'Ongoing',
  premDc: 'Premium data center',
  start: 'Start',
  end: 'End',
  startedAt: 'Started at',
  endedAt: 'Ended at',
  fullPost: 'Full Post',
  close: 'Close',
  status: 'Status:',
  starError: params('{name}: the change was not saved. {error}'),
  disruption: 'Service Disruption',
  degradation: 'Service Degradation',
  informational: 'Informational',
  bar: params('{name}: {severity}, {start} to {end}'),
  subscribe: params('Subscribe to {name} notifications'),
  decommissioned: '(decommissioned)',
  noIssues: 'No issues',
  uptime: params('30-day uptime {month}%, 90-day uptime {quarter}%'),
  uptime30: params('{month}% (30 d)'),
  // A row in service for less than 90 days: {month} is its figure since {date}, the day it went into service.
  upSince: params('{month}% since {date}'),
  upSinceLong: params('Uptime {month}% since {date}'),
  inService: params('In service since {date}'),
})
