/** Texts of the shell's frame: loading and failure states, skip link, footer (spec §2; issue 25). */
import { defineMessages, params } from '../widgets/core/i18n/index'

export const shellMessages = defineMessages('shell', {
  loadFailed: params('The site could not load: {error}'),
  retry: 'Retry',
  loading: 'Loading…',
  skipToContent: 'Skip to content',
  copyright: params('© {year} {vendor}. All rights reserved.'),
  feedback: 'Send us your feedback at',
  drUnavailable: 'The service is temporarily unavailable.',
})
