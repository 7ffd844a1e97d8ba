import { useCallback, useRef, useState } from 'react'
import { ApiError } from '../../widgets/core/request'
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale'
import { useLocale } from '../../widgets/core/i18n/react'
import { consoleErrorText, invalidTexts } from './errors'
import { adminMessages } from './messages'

/**
 * How the last save of a console form went, and the sentences the console says about it
 * (contract/admin.ts module comment: 400 `invalid` with one message per field joined by `; `,
 * 409 `stale`, 403 `not_permitted`).
 */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  /** Saved; `message` is said after "Saved.". */
  | { kind: 'saved'; message?: string }
  /** Refused: the server's (or the form's own) messages, one per bad field. */
  | { kind: 'invalid'; messages: string[] }
  /** The catalogue changed since it was read (409 `stale`). */
  | { kind: 'stale' }
  /** Any other failure, in the server's words. */
  | { kind: 'failed'; message: string }

export const IDLE: SaveState = { kind: 'idle' }

/** What a 409 says. */
export const STALE_TEXT: string = adminMessages.base.stale

/** Puts a save's refusals (the server's messages, `path: sentence`) in words, in `locale`. */
export type DescribeRefusals = (messages: string[], locale: Locale) => string[]

/**
 * The {@link SaveState} of a failed save: 400 → its messages, 409 → stale, else the message. With
 * `describe` (the catalogue screens: `./problems.ts`) the refusals are put in words; without it, in
 * a locale other than English the server's words give way to its code's (errors.ts).
 */
export function failureOf(error: unknown, locale: Locale = DEFAULT_LOCALE, describe?: DescribeRefusals): SaveState {
  if (error instanceof ApiError && error.status === 409) return { kind: 'stale' }
  if (error instanceof ApiError && error.status === 400) {
    const messages = error.message
      .split('; ')
      .map((m) => m.trim())
      .filter(Boolean)
    if (describe && messages.length) return { kind: 'invalid', messages: describe(messages, locale) }
    if (locale !== DEFAULT_LOCALE) return { kind: 'invalid', messages: invalidTexts(messages, locale) }
    return { kind: 'invalid', messages: messages.length ? messages : [error.message] }
  }
  return { kind: 'failed', message: consoleErrorText(error, locale) }
}

/**
 * A form's save: `run(action, describe?)` refuses to start a second save while one runs, and ends
 * in `saved` (with what `action` returned) or in the failure's state ({@link failureOf}, its
 * refusals put in words by `describe`).
 */
export function useSave() {
  const locale = useLocale()
  const [state, setState] = useState<SaveState>(IDLE)
  const busy = useRef(false)
  const run = useCallback(
    async (action: () => Promise<Omit<Extract<SaveState, { kind: 'saved' }>, 'kind'> | undefined>, describe?: DescribeRefusals) => {
      if (busy.current) return
      busy.current = true
      setState({ kind: 'saving' })
      try {
        setState({ kind: 'saved', ...(await action()) })
      } catch (error) {
        setState(failureOf(error, locale, describe))
      } finally {
        busy.current = false
      }
    },
    [locale],
  )
  return { state, setState, run, saving: state.kind === 'saving' }
}
