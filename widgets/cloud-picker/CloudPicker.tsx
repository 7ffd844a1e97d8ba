import { useStore } from '@nanostores/react'
import { useId, type ChangeEvent } from 'react'
import { $cloud, selectCloud } from '../core/cloud'
import type { HostProps } from '../core/element'
import { globalResourceState } from '../core/global'
import { useMessages } from '../core/i18n/react'
import { useCloudKey, useGlobal } from '../core/react'
import { LoadState } from '../core/ui'
import * as styles from './cloud-picker.css'
import { CloudChangeEvent } from './events'
import { cloudPickerMessages } from './messages'

/** Props of {@link CloudPicker} (and attributes of `<trust-cloud-picker>`). */
export interface CloudPickerProps extends HostProps {
  /** Origin of the API on foreign pages. @default '' (same origin) */
  apiBase?: string
  /** Visible label of the select. @default 'Cloud' (in the widget's locale) */
  label?: string
}

/**
 * A labelled native select of every cloud of `GET /api/global` (by title), showing the page's
 * chosen cloud (docs/requirements/states.md#cloud-choice: when nobody chose one yet, the same rules as every widget
 * without a `cloud` attribute: the `machineName` cookie, else the first cloud). Choosing one sets
 * the page's shared cloud and the `machineName` cookie, then dispatches {@link CloudChangeEvent}
 * from `host`. Loading and error-with-Retry states like every widget.
 */
export function CloudPicker({ apiBase = '', label, host }: CloudPickerProps) {
  // Loads the global data and, when no cloud is chosen yet, chooses one as the other widgets do.
  useCloudKey(undefined, apiBase)
  const global = useGlobal(apiBase)
  const current = useStore($cloud)
  const id = useId()
  const state = globalResourceState(global, apiBase)
  const t = useMessages(cloudPickerMessages)

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const chosen = global.data?.clouds.find((c) => c.machine_name === event.currentTarget.value)
    if (!chosen || chosen.machine_name === current?.machine_name) return
    selectCloud(chosen)
    host?.dispatchEvent(new CloudChangeEvent({ cloud: chosen.machine_name, domain: chosen.domain, title: chosen.title }))
  }

  return (
    <div className={styles.root} data-testid="cloud-picker">
      <LoadState state={state} loadingLabel={t.loading}>
        {(data) => (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={id} part="label">
              {label || t.label}
            </label>
            <select
              id={id}
              className={styles.select}
              part="select"
              value={current?.machine_name ?? ''}
              onChange={onChange}
              disabled={data.clouds.length === 0}
            >
              {!current && (
                <option value="" disabled>
                  {t.choose}
                </option>
              )}
              {data.clouds.map((c) => (
                <option key={c.machine_name} value={c.machine_name}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
        )}
      </LoadState>
    </div>
  )
}
