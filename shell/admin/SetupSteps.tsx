import { useMessages } from '../../widgets/core/i18n/react'
import * as styles from './admin.css'
import { fetchCatalog } from './api'
import { LoadProblem } from './LoadProblem'
import { adminMessages, adminSetupMessages } from './messages'
import { doneCount, type SetupStep, setupSteps } from './setup'
import { useLoad } from './use-load'

/** The steps as a numbered list: each links to its screen and says its state in words. */
function StepList({ steps }: { steps: readonly SetupStep[] }) {
  const t = useMessages(adminSetupMessages)
  const next = steps.find((s) => !s.done)
  return (
    <ol className={styles.setupList}>
      {steps.map((step) => {
        const state = step.done ? 'done' : step === next ? 'next' : 'todo'
        return (
          <li key={step.key} data-testid={`setup-step-${step.key}`} data-state={state}>
            <a href={step.href} aria-current={step === next ? 'step' : undefined}>
              {t[step.name] as string}
            </a>
            <span className={styles.setupState} data-state={state}>
              {step.done ? t.done : step === next ? t.next : t.notDone}
            </span>
            <span className={styles.itemDetail}>{t[step.hint] as string}</span>
          </li>
        )
      })}
    </ol>
  )
}

/**
 * The first-run path on the dashboard (docs/operating/catalogue.md): the steps that set a new site up, in the order
 * that works (`./setup.ts`), each done or not as the catalogue (`GET /api/admin/catalog`) says,
 * with a link to its screen. While a step is left it is a section of its own under the title;
 * once all are done it folds into one line that opens to the list.
 */
export function SetupSteps() {
  const catalog = useLoad(fetchCatalog)
  const t = useMessages(adminSetupMessages)
  const a = useMessages(adminMessages)
  const data = catalog.state.data
  if (!data)
    return catalog.state.status === 'error' ? <LoadProblem state={catalog.state} what={a.theCatalogue} onRetry={catalog.reload} /> : null
  const steps = setupSteps(data.catalog)
  const done = doneCount(steps)
  const total = String(steps.length)
  if (done === steps.length) {
    return (
      <details className={styles.setupDone} data-testid="setup-steps">
        <summary>{t.allDone({ total })}</summary>
        <StepList steps={steps} />
      </details>
    )
  }
  return (
    <section className={styles.panel} aria-labelledby="admin-setup-title" data-testid="setup-steps">
      <h2 className={styles.setupTitle} id="admin-setup-title">
        {t.title}
      </h2>
      <p className={styles.hint}>{t.intro}</p>
      <p className={styles.note}>{t.progress({ done: String(done), total })}</p>
      <StepList steps={steps} />
    </section>
  )
}
