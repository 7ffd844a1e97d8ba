import { type FormEvent, useId, useState } from 'react'
import { useMessages } from '../../../widgets/core/i18n/react'
import * as styles from '../accounts.css'
import { secondFactorMessages } from './messages'
import * as sf from './second-factor.css'

/**
 * The recovery codes, shown this once (docs/operating/staff-sign-in.md "Second factor"): the
 * list, "Copy the codes" (clipboard), "Download the codes" (a text file), and the "I have saved my
 * recovery codes" box that must be ticked before "Continue" calls `onDone`.
 *
 * @param account the account's name, in the downloaded file's first line
 * @param headingLevel the heading of the block @default 2
 */
export function RecoveryCodes({
  codes,
  account,
  headingLevel = 2,
  onDone,
}: {
  codes: readonly string[]
  account: string
  headingLevel?: 2 | 3
  onDone: () => void
}) {
  const t = useMessages(secondFactorMessages)
  const id = useId()
  const [saved, setSaved] = useState(false)
  const [notice, setNotice] = useState('')
  const [problem, setProblem] = useState('')
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const site = typeof location === 'undefined' ? '' : location.host
  const text = `${t.fileHeader({ account, site })}\n\n${codes.join('\n')}\n`

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setNotice(t.copied)
    } catch {
      setNotice(t.copyFailed)
    }
  }

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `recovery-codes-${site.replace(/[^\w.-]+/g, '-') || 'site'}.txt`
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!saved) {
      setProblem(t.savedRequired)
      document.getElementById(`${id}-saved`)?.focus()
      return
    }
    onDone()
  }

  return (
    <section className={sf.part} aria-labelledby={`${id}-title`} data-testid="recovery-codes">
      <Heading className={sf.heading} id={`${id}-title`}>
        {t.codesTitle}
      </Heading>
      <p className={sf.intro}>{t.codesIntro}</p>
      <ul className={sf.codes} aria-label={t.codesLabel} data-testid="recovery-code-list">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={sf.actions}>
        {(
          [
            [t.copy, copy],
            [t.download, download],
          ] as const
        ).map(([label, act]) => (
          <button key={label} type="button" className={styles.secondary} onClick={act}>
            {label}
          </button>
        ))}
        <span role="status">{notice}</span>
      </div>
      <form className={styles.form} noValidate onSubmit={submit}>
        <div className={styles.field}>
          <div className={sf.check}>
            <input
              type="checkbox"
              id={`${id}-saved`}
              checked={saved}
              aria-invalid={problem && !saved ? true : undefined}
              aria-describedby={problem && !saved ? `${id}-saved-error` : undefined}
              onChange={(e) => setSaved(e.target.checked)}
            />
            <label htmlFor={`${id}-saved`}>{t.saved}</label>
          </div>
          {problem && !saved && (
            <p className={styles.fieldError} id={`${id}-saved-error`}>
              {problem}
            </p>
          )}
        </div>
        <button type="submit" className={styles.primary}>
          {t.continue}
        </button>
      </form>
    </section>
  )
}
