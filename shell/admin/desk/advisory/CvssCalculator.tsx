import { useEffect, useState } from 'react'
import { CVSS_BASE_METRICS, type CvssVersion } from '../../../../contract/advisory-values'
import type { CvssScore } from '../../../../contract/advisories'
import { useLocale, useMessages } from '../../../../widgets/core/i18n/react'
import { ApiError } from '../../../../widgets/core/request'
import { Field } from '../../../accounts/Field'
import * as styles from '../../admin.css'
import { Select } from '../../controls'
import { consoleErrorText } from '../../errors'
import * as css from './advisory.css'
import { scoreVector } from './api'
import { advisoryMessages } from './messages'
import { buildVector, isComplete, metricName, metricValueName, ratingName, vectorParts } from './model'

/** Props of {@link CvssCalculator}. */
export interface CvssCalculatorProps {
  /** Prefix of the controls' ids. */
  id: string
  version: CvssVersion
  /** The vector as typed or built; `''` for none. */
  vector: string
  onChange: (vector: string) => void
}

/** What the score line says. */
type Scoring = { kind: 'none' | 'incomplete' | 'scoring' } | { kind: 'score'; score: CvssScore } | { kind: 'refused'; message: string }

/**
 * The desk's CVSS calculator of one version (docs/operating/console-and-desk.md#security-details):
 * a select per base metric (FIRST's metric and value names with their vector codes) that builds
 * the vector, and the vector itself, which may be pasted (the selects then show its values). The
 * base score and rating are the server's (`POST /api/admin/cvss`, the CVSS library), never
 * computed here; a vector the server refuses shows its sentence.
 */
export function CvssCalculator({ id, version, vector, onChange }: CvssCalculatorProps) {
  const t = useMessages(advisoryMessages)
  const locale = useLocale()
  const parts = vectorParts(vector, version)
  const complete = isComplete(version, parts)
  const pasted = vector.trim() !== '' && !vector.trim().startsWith(`CVSS:${version}/`)
  const [scoring, setScoring] = useState<Scoring>({ kind: 'none' })
  useEffect(() => {
    const text = vector.trim()
    if (text === '') return setScoring({ kind: 'none' })
    // A vector being built shows what is missing; a whole or foreign one is the server's to judge.
    if (!complete && !pasted) return setScoring({ kind: 'incomplete' })
    const controller = new AbortController()
    setScoring({ kind: 'scoring' })
    scoreVector(text, controller.signal).then(
      (score) => setScoring({ kind: 'score', score }),
      (error) => {
        if (controller.signal.aborted) return
        const message = error instanceof ApiError && error.status === 400 ? error.message : consoleErrorText(error, locale)
        setScoring({ kind: 'refused', message })
      },
    )
    return () => controller.abort()
  }, [vector, complete, pasted, locale])

  const choose = (key: string, value: string) => {
    const base = { ...parts.base }
    if (value) base[key] = value
    else delete base[key]
    onChange(buildVector(version, { base, others: parts.others }))
  }
  const scoreId = `${id}-score`
  return (
    <fieldset className={css.box} data-testid={id}>
      <legend className={css.legend}>{t.calculator({ version })}</legend>
      <div className={css.metrics}>
        {CVSS_BASE_METRICS[version].map((metric) => (
          <Select
            key={metric.key}
            id={`${id}-${metric.key}`}
            label={t.codeLabel({ name: metricName(t, metric.key), code: metric.key })}
            value={parts.base[metric.key] ?? ''}
            options={[
              { value: '', label: t.notChosen },
              ...metric.values.map((value) => ({
                value,
                label: t.codeLabel({ name: metricValueName(t, version, metric.key, value), code: value }),
              })),
            ]}
            onChange={(value) => choose(metric.key, value)}
          />
        ))}
      </div>
      <Field
        id={`${id}-vector`}
        label={t.vector({ version })}
        value={vector}
        dir="ltr"
        spellCheck={false}
        autoComplete="off"
        aria-describedby={`${id}-hint ${scoreId}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className={styles.hint} id={`${id}-hint`}>
        {t.vectorHint}
      </p>
      <output className={css.score} id={scoreId} aria-live="polite" data-testid={scoreId}>
        {scoring.kind === 'none' && t.noScore({ version })}
        {scoring.kind === 'incomplete' && t.incomplete}
        {scoring.kind === 'scoring' && t.scoring}
        {scoring.kind === 'refused' && scoring.message}
        {scoring.kind === 'score' && (
          <span className={css.ratings[scoring.score.rating]} data-rating={scoring.score.rating}>
            {t.baseScore({ score: scoring.score.score.toFixed(1), rating: ratingName(t, scoring.score.rating) })}
          </span>
        )}
      </output>
    </fieldset>
  )
}
