import { type ReactNode, useEffect, useRef, useState } from 'react'
import * as styles from './webhooks.css'

/** Props of {@link SecretBox}. */
export interface SecretBoxProps {
  /** Prefix of its ids and test ids: `{id}-added` (the box), `{id}-added-title`, `{id}-secret-once`, `{id}-secret`. */
  id: string
  title: string
  /** The heading's level where the box stands. */
  heading: 'h2' | 'h3'
  /** The secret, shown this once; without it the box shows `children` instead. */
  secret?: string | null
  texts: {
    /** "You will not see it again." */
    once: string
    /** How to use it, below the secret. */
    hint: ReactNode
    copy: string
    copied: string
    copyFailed: string
    /** The button that closes the box for good ("I have stored it"). */
    done: string
  }
  onDone: () => void
  children?: ReactNode
}

/**
 * A secret shown once (a webhook's signing secret, an API key): a box that stands out, its heading
 * focused when it appears so keyboard and screen-reader users meet it first, the secret in
 * monospace (selected whole on a click), a copy button whose result is said in words, and the
 * button that closes it for good.
 */
export function SecretBox({ id, title, heading: Heading, secret, texts, onDone, children }: SecretBoxProps) {
  const titleRef = useRef<HTMLHeadingElement>(null)
  const [copied, setCopied] = useState('')
  useEffect(() => titleRef.current?.focus(), [])
  const copy = () => {
    if (!secret) return
    const fail = () => setCopied(texts.copyFailed)
    if (!navigator.clipboard) return fail()
    navigator.clipboard.writeText(secret).then(() => setCopied(texts.copied), fail)
  }
  return (
    <section className={styles.secretBox} aria-labelledby={`${id}-added-title`} data-testid={`${id}-added`}>
      <Heading className={styles.secretTitle} id={`${id}-added-title`} tabIndex={-1} ref={titleRef}>
        {title}
      </Heading>
      {secret ? (
        <>
          <p className={styles.once} data-testid={`${id}-secret-once`}>
            {texts.once}
          </p>
          <code className={styles.secret} data-testid={`${id}-secret`}>
            {secret}
          </code>
          <p className={styles.hint}>{texts.hint}</p>
          <p className={styles.actions}>
            <button type="button" className={styles.small} onClick={copy}>
              {texts.copy}
            </button>
            <button type="button" className={styles.small} onClick={onDone}>
              {texts.done}
            </button>
            <span role="status">{copied}</span>
          </p>
        </>
      ) : (
        children
      )}
    </section>
  )
}
