import { Fragment, type ReactNode } from 'react'

/**
 * A `params` message whose `{name}` placeholders stand for markup (docs/languages-and-themes.md): the text around them
 * stays text, each placeholder becomes `parts[name]` (a link, a `<code>`), so a translation may put
 * them in its own order.
 *
 * @param message the message (e.g. `t.operators`), given every placeholder of `parts`
 * @example rich(t.operators, { link: <a href="/sign-in">{t.signIn}</a> })
 */
export function rich<P extends string>(message: (values: Record<P, string>) => string, parts: Record<P, ReactNode>): ReactNode[] {
  const marks = {} as Record<P, string>
  for (const name of Object.keys(parts) as P[]) marks[name] = `{${name}}`
  return message(marks)
    .split(/\{(\w+)\}/)
    .map((piece, i) =>
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces are positional slices of one message, split again on each render; their place is their identity
      i % 2 ? <Fragment key={i}>{parts[piece as P]}</Fragment> : piece,
    )
}
