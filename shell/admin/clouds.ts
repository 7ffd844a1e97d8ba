import { useStore } from '@nanostores/react'
import { $global } from '../../widgets/core/global'

/**
 * The clouds the content screens offer, by machine name with their titles: those the content
 * answer names (every cloud has a compliance entry), titled from the site's global data.
 */
export function useCloudChoices(machineNames: readonly string[]): Array<{ value: string; label: string }> {
  const clouds = useStore($global).data?.clouds ?? []
  const names = [...new Set([...machineNames, ...clouds.map((c) => c.machine_name)])]
  return names.map((name) => ({ value: name, label: clouds.find((c) => c.machine_name === name)?.title ?? name }))
}
