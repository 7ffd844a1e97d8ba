/**
 * Texts of the passkey controls (`shell/accounts/passkeys.tsx`; docs/operating/staff-sign-in.md
 * "Passkeys", docs/requirements/roles.md): the buttons, the list of the account's passkeys and the
 * errors of the WebAuthn ceremonies, in words that say what to do next.
 */
import { defineMessages, params } from '../../../contract/i18n/index.js'

/** The passkey buttons, list and errors. */
export const passkeyMessages = defineMessages('shell.accounts.passkeys', {
  use: 'Use a passkey',
  using: 'Waiting for your passkey…',
  nameLabel: 'Passkey name',
  nameHint: 'A name that tells you which device or security key this is, such as "Work laptop".',
  nameRequired: 'Please enter a name for the passkey.',
  nameTooLong: 'The name is too long: use at most 60 characters.',
  add: 'Add a passkey',
  adding: 'Waiting for your device…',
  listLabel: 'Passkeys',
  none: 'No passkeys yet.',
  created: params('Added {date}'),
  lastUsed: params('Last used {date}'),
  neverUsed: 'Never used',
  remove: 'Remove',
  removeLabel: params('Remove passkey {name}'),
  confirmRemove: params('Remove the passkey "{name}"? It will no longer work for this account.'),
  confirmYes: 'Yes, remove it',
  cancel: 'Cancel',
  removed: params('The passkey "{name}" was removed.'),
  unsupported: 'This browser cannot use passkeys. Use another browser, or confirm with your authenticator app or a recovery code.',
  cancelled: 'The passkey request was cancelled or timed out. Try again, or use another way to confirm it is you.',
  alreadyRegistered: 'This device already holds a passkey for your account. Use another device or security key.',
  refused: 'The passkey was not accepted. Try again with a passkey of this account, or use another way to confirm it is you.',
  expired: 'The passkey request has expired. Try again.',
  noPasskeys: 'This account has no passkey yet. Confirm it is you with your authenticator app or a recovery code.',
  tooMany: 'Too many wrong attempts for this account. It is blocked from confirming for a while: try again later, or ask an administrator.',
  proveFirst: 'Confirm it is you with your second factor first, then try again.',
  failed: 'The passkey could not be used. Try again, or use another way to confirm it is you.',
})
