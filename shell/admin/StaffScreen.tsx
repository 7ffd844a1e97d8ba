import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { StaffMember } from '../../contract/admin'
import { useLocale, useMessages } from '../../widgets/core/i18n/react'
import { $session } from '../../widgets/core/session'
import { formatTimestamp } from '../../contract/time.js'
import { Field } from '../accounts/Field'
import * as styles from './admin.css'
import { notPermittedText } from './access'
import { fetchStaff, setStaffRoles } from './api'
import { Checkbox, DataTable } from './controls'
import { LoadProblem } from './LoadProblem'
import { adminMessages, adminNavMessages, adminStaffMessages } from './messages'
import { SaveMessages } from './SaveMessages'
import { useSave } from './save'
import { useLoad } from './use-load'
import { AddPanel, ConsoleScreen } from './ConsoleScreen'

/** `trust_admin` → `trust admin`. */
export const roleName = (role: string) => role.replace(/_/g, ' ')

const toggled = (roles: readonly string[], role: string, on: boolean) => (on ? [...roles, role] : roles.filter((r) => r !== role))

/** One staff member's row: role checkboxes and Save for that member. */
function MemberRow({
  member,
  roles,
  timezone,
  canEdit,
  onSave,
}: {
  member: StaffMember
  roles: string[]
  timezone: string
  canEdit: boolean
  onSave: (mail: string, roles: string[]) => void
}) {
  const [chosen, setChosen] = useState(member.roles)
  const t = useMessages(adminStaffMessages)
  const locale = useLocale()
  const changed = chosen.length !== member.roles.length || chosen.some((r) => !member.roles.includes(r))
  return (
    <tr>
      <th scope="row">
        {member.name}
        <span className={styles.itemDetail}>{member.mail}</span>
      </th>
      {canEdit ? (
        <td>
          <span className={styles.actions}>
            {roles.map((role) => (
              <Checkbox
                key={role}
                label={roleName(role)}
                context={t.forMail({ mail: member.mail })}
                checked={chosen.includes(role)}
                onChange={(on) => setChosen(toggled(chosen, role, on))}
              />
            ))}
          </span>
        </td>
      ) : (
        <td>{member.roles.map(roleName).join(', ') || '—'}</td>
      )}
      <td>{member.last_login ? formatTimestamp(member.last_login, timezone, locale) : t.never}</td>
      {canEdit && (
        <td>
          <button
            type="button"
            className={styles.small}
            aria-label={t.saveRolesOf({ mail: member.mail })}
            aria-disabled={!changed || undefined}
            onClick={() => changed && onSave(member.mail, chosen)}
          >
            {t.saveRoles}
          </button>
        </td>
      )}
    </tr>
  )
}

/**
 * The staff screen (`GET /api/admin/staff`): every staff member with their privileged roles and
 * last sign-in; with the `staff` permission, role checkboxes per member and "Add staff member" by
 * email (`PUT /api/admin/staff`; no roles removes a member from the staff).
 */
export function StaffScreen({ canEdit }: { canEdit: boolean }) {
  const staff = useLoad(fetchStaff)
  const timezone = useStore($session).timezone
  const save = useSave()
  const [mail, setMail] = useState('')
  const [newRoles, setNewRoles] = useState<string[]>([])
  const data = staff.state.data
  const t = useMessages(adminStaffMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()

  const setRoles = (who: string, roles: string[]) =>
    void save.run(async () => {
      const member = await setStaffRoles(who, roles)
      staff.reload()
      return {
        message: member.roles.length
          ? t.nowHasRoles({ mail: member.mail, roles: member.roles.map(roleName).join(', ') })
          : t.noLongerStaff({ mail: member.mail }),
      }
    })

  const add = (event: FormEvent) => {
    event.preventDefault()
    const who = mail.trim()
    const problems = [...(who.includes('@') ? [] : [`email: ${t.emailRequired}`])]
    if (!newRoles.length) problems.push(`roles: ${t.rolesRequired}`)
    if (problems.length) {
      save.setState({ kind: 'invalid', messages: problems })
      return
    }
    void save.run(async () => {
      const member = await setStaffRoles(who, newRoles)
      setMail('')
      setNewRoles([])
      staff.reload()
      return { message: t.onStaff({ mail: member.mail }) }
    })
  }

  return (
    <ConsoleScreen testId="admin-staff" title={nav.staff}>
      {!canEdit && <p className={styles.note}>{notPermittedText('staff', locale)}</p>}
      {(!data || staff.state.status === 'error') && <LoadProblem state={staff.state} what={t.theStaff} onRetry={staff.reload} />}
      <SaveMessages state={save.state} />
      {data && (
        <DataTable label={t.staffTable} columns={[t.member, t.roles, t.lastSignIn, canEdit && a.action]}>
          {data.staff.map((m) => (
            <MemberRow
              key={`${m.uid}-${m.roles.join(',')}`}
              member={m}
              roles={data.roles}
              timezone={timezone}
              canEdit={canEdit}
              onSave={setRoles}
            />
          ))}
        </DataTable>
      )}
      {data && canEdit && (
        <AddPanel id="admin-staff-add" title={t.addStaff} onSubmit={add} saving={save.saving}>
          <Field
            id="admin-staff-mail"
            label={t.emailLabel}
            type="email"
            autoComplete="off"
            value={mail}
            onChange={(e) => setMail(e.target.value)}
          />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t.roles}</legend>
            {data.roles.map((role) => (
              <Checkbox
                key={role}
                label={roleName(role)}
                checked={newRoles.includes(role)}
                onChange={(on) => setNewRoles(toggled(newRoles, role, on))}
              />
            ))}
          </fieldset>
        </AddPanel>
      )}
    </ConsoleScreen>
  )
}
