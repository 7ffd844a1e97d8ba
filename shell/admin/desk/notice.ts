import { atom } from 'nanostores'

/**
 * What the desk says on the next screen it opens, e.g. "Published. 3 emails queued." after a new
 * post moves to its record screen; that screen shows it once and clears it.
 */
export const $deskNotice = atom('')
