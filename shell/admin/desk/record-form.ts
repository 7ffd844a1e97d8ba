import { useState } from 'react'
import { useSave } from '../save'
import { useFormChoices } from './choices'
import { invalidFields, type RecordDraft } from './model'
import type { RecordFieldsProps } from './RecordFields'

/**
 * The state of a record form (a new post, a record's edit form, a template; docs/requirements/screens.md
 * "Incident desk"): its draft, the choices the draft leaves, the save machinery and the fields the
 * last check refused.
 *
 * - `fields`: the props of `RecordFields` but its id prefix, mode and format (`<RecordFields {...form.fields} … />`).
 * - `refuse(errors)`: shows the check's refusals ("field: sentence") and says whether there were any.
 * - `pruned()`: the draft as it is saved, its terms cut to those its choices still offer.
 *
 * @param initial the first draft, or a function making it
 * @param context what the fields offer: the roles' permissions, the catalogue, the operator's zone, the server's reminder lead
 */
export function useRecordForm(
  initial: RecordDraft | (() => RecordDraft),
  context: Pick<RecordFieldsProps, 'permissions' | 'catalog' | 'zone' | 'reminderDefault'>,
) {
  const [draft, setDraft] = useState<RecordDraft>(initial)
  const choices = useFormChoices(draft)
  const save = useSave()
  const invalid = save.state.kind === 'invalid' ? invalidFields(save.state.messages) : undefined
  const fields: Omit<RecordFieldsProps, 'prefix' | 'mode' | 'format'> = { ...context, draft, onChange: setDraft, choices, invalid }
  const refuse = (errors: string[]): boolean => {
    if (errors.length) save.setState({ kind: 'invalid', messages: errors })
    return errors.length > 0
  }
  const pruned = (): RecordDraft => ({ ...draft, terms: choices.prune(draft) })
  return { draft, setDraft, save, fields, refuse, pruned }
}
