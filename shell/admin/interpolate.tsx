import { Fragment, type ReactNode } from 'react'

/**
 * A translated sentence with React parts in it: `text` holds `{name}` where `parts[name]` goes
 * (a link inside a sentence, whose place differs between languages).
 *
 * @example interpolate('Please {link} to go on.', { link: <a href="/sign-in">sign in</a> })
 */
export function interpolate(text: string, parts: Readonly<Record<string, ReactNode>>): ReactNode {
  return text.split(/(\{\w+\})/).map((piece, i) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1]
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence never move
    return <Fragment key={i}>{name && name in parts ? parts[name] : piece}</Fragment>
  })
}
