import type { Catalog } from '../../../contract/catalog'
import { MAX_REMINDER_MINUTES } from '../../../contract/constants'
import type { Permission } from '../../../contract/permissions'
import type { NotificationType, RecordType } from '../../../contract/records'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { Checkbox, Select, TextArea } from '../controls'
import { adminMessages, adminNavMessages } from '../messages'
import type { FormChoices } from './choices'
import { DateTimeField } from './DateTimeField'
import * as desk from './desk.css'
import { deskMessages } from './messages'
import {
  allowedNotificationTypes,
  allowedTypes,
  EVENT_TYPES,
  INTERNAL_KEYS,
  LINK_KEYS,
  notificationTypeName,
  REMINDER_CHOICES,
  type RecordDraft,
  type ReminderChoice,
  reminderChoiceName,
  reminderLeadText,
  reminderView,
  statusOptions,
  type TextFormat,
  typeName,
  valueName,
  withType,
} from './model'
import { TermPicker } from './TermPicker'

/** Props of {@link RecordFields}. */
export interface RecordFieldsProps {
  /** Prefix of the controls' ids. */
  prefix: string
  draft: RecordDraft
  onChange: (draft: RecordDraft) => void
  /** `new` post, `edit` of a stored record (type fixed), or a `template` (no window, internal fields or notify). */
  mode: 'new' | 'edit' | 'template'
  format: TextFormat
  permissions: ReadonlySet<Permission>
  catalog: Pick<Catalog, 'clouds' | 'severities'>
  choices: FormChoices
  /** The operator's IANA zone. */
  zone: string
  /** Fields (`title`, `clouds`, …) the last check refused: marked invalid. */
  invalid?: ReadonlySet<string>
  /** The server's reminder lead of maintenance, minutes (0 = none); `undefined` until known. */
  reminderDefault?: number
}

/** The messages of the link fields' labels. */
const LINK_LABELS = {
  slack_link: 'slackLink',
  jira_link: 'jiraLink',
  sfdc_link: 'sfdcLink',
  severity_link: 'severityLink',
} as const

/**
 * The record form's fields, shared by the new post form, a record's edit form and templates
 * (contract `PublishRecordBody`, `TemplateFields`): title first (the one field a new incident
 * needs typed), type (and notification type), status,
 * severity (or event type for advisories), clouds, services and data centers (notifications:
 * categories), the window in the operator's zone, for maintenance the reminder lead (none, 1 hour,
 * 24 hours or custom minutes; until chosen, the server's `reminderDefault` is shown and the record
 * follows the server's setting), the texts (Markdown or, for stored records, HTML), next update,
 * the internal-use fields in a collapsed group, and "Notify subscribers".
 * The type select offers only the types the roles may publish.
 */
export function RecordFields({
  prefix,
  draft,
  onChange,
  mode,
  format,
  permissions,
  catalog,
  choices,
  zone,
  invalid,
  reminderDefault,
}: RecordFieldsProps) {
  const set = <K extends keyof RecordDraft>(key: K, value: RecordDraft[K]) => onChange({ ...draft, [key]: value })
  const bad = (field: string) => invalid?.has(field) || undefined
  const types = allowedTypes(permissions)
  const notificationTypes = allowedNotificationTypes(permissions)
  const id = (name: string) => `${prefix}-${name}`
  const fmt = format === 'markdown' ? 'Markdown' : 'HTML'
  const withTimes = mode !== 'template'
  const showEnd = draft.type === 'maintenance' || (mode === 'edit' && draft.type !== 'notification')
  const t = useMessages(deskMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()
  const reminder = reminderView(draft, reminderDefault)

  return (
    <>
      <Field
        id={id('title')}
        label={a.title}
        value={draft.title}
        maxLength={300}
        required={mode !== 'template'}
        aria-invalid={bad('title')}
        autoComplete="off"
        onChange={(e) => set('title', e.target.value)}
      />
      <div className={styles.grid}>
        {mode === 'edit' ? (
          <div className={forms.field}>
            <span className={forms.label}>{t.type}</span>
            <span>{typeName(draft.type, locale)}</span>
          </div>
        ) : (
          <Select
            id={id('type')}
            label={t.type}
            value={draft.type}
            options={(types.includes(draft.type) ? types : [draft.type, ...types]).map((x) => ({ value: x, label: typeName(x, locale) }))}
            onChange={(x) => onChange(withType(draft, x as RecordType, permissions, catalog.severities, zone))}
          />
        )}
        {draft.type === 'notification' && (
          <Select
            id={id('notification-type')}
            label={t.notificationType}
            value={draft.notification_type}
            options={(notificationTypes.includes(draft.notification_type as NotificationType) || !draft.notification_type
              ? notificationTypes
              : [draft.notification_type as NotificationType, ...notificationTypes]
            ).map((n) => ({ value: n, label: notificationTypeName(n, locale) }))}
            onChange={(n) => onChange({ ...draft, notification_type: n as NotificationType, terms: [] })}
          />
        )}
        <Select
          id={id('status')}
          label={t.status}
          value={draft.status}
          options={statusOptions(draft.type, draft.status).map((s) => ({ value: s, label: valueName(s, locale) }))}
          onChange={(s) => set('status', s)}
        />
        {draft.type !== 'notification' && (
          <Select
            id={id('severity')}
            label={t.severity}
            value={draft.severity}
            options={[
              { value: '', label: t.none },
              ...catalog.severities.map((s) => ({ value: String(s.tid), label: valueName(s.name, locale) })),
            ]}
            onChange={(s) => set('severity', s)}
          />
        )}
        {draft.type === 'advisory' && (
          <Select
            id={id('event-type')}
            label={t.eventType}
            value={draft.event_type}
            options={EVENT_TYPES.map((e) => ({ value: e, label: valueName(e, locale) }))}
            onChange={(e) => set('event_type', e)}
          />
        )}
      </div>
      <fieldset className={styles.fieldset} data-testid={id('clouds')}>
        <legend className={styles.legend}>{mode === 'template' ? nav.clouds : t.cloudsAtLeastOne}</legend>
        {bad('clouds') && <p className={forms.fieldError}>{t.chooseCloud}</p>}
        {catalog.clouds.map((c) => (
          <Checkbox
            key={c.machine_name}
            label={c.title}
            checked={draft.clouds.includes(c.machine_name)}
            onChange={(on) =>
              set(
                'clouds',
                on
                  ? [...draft.clouds.filter((m) => m !== c.machine_name), c.machine_name]
                  : draft.clouds.filter((m) => m !== c.machine_name),
              )
            }
          />
        ))}
      </fieldset>
      <TermPicker
        prefix={prefix}
        choices={choices}
        notification={draft.type === 'notification'}
        hasClouds={draft.clouds.length > 0}
        selected={draft.terms}
        onChange={(terms) => set('terms', terms)}
      />
      {withTimes && (
        <div className={styles.grid}>
          <DateTimeField
            id={id('from')}
            label={t.startTime}
            value={draft.from}
            zone={zone}
            error={bad('from')}
            onChange={(v) => set('from', v)}
          />
          {showEnd && (
            <DateTimeField
              id={id('to')}
              label={draft.type === 'maintenance' ? t.endTime : t.endTimeOptional}
              value={draft.to}
              zone={zone}
              error={bad('to')}
              onChange={(v) => set('to', v)}
            />
          )}
        </div>
      )}
      {draft.type === 'maintenance' && (
        <div className={styles.grid}>
          <Select
            id={id('reminder')}
            label={t.reminder}
            value={reminder.choice}
            options={[...(reminder.choice === '' ? ([''] as const) : []), ...REMINDER_CHOICES].map((c) => ({
              value: c,
              label: reminderChoiceName(c, locale),
            }))}
            hint={reminderDefault === undefined ? undefined : t.reminderHint({ lead: reminderLeadText(reminderDefault, locale) })}
            onChange={(c) => onChange({ ...draft, reminder: c as ReminderChoice, reminder_custom: c === 'custom' ? reminder.custom : '' })}
          />
          {reminder.choice === 'custom' && (
            <Field
              id={id('reminder-minutes')}
              label={t.reminderCustomMinutes}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_REMINDER_MINUTES}
              step={1}
              value={reminder.custom}
              aria-invalid={bad('reminder_minutes')}
              onChange={(e) => onChange({ ...draft, reminder: 'custom', reminder_custom: e.target.value })}
            />
          )}
        </div>
      )}
      <TextArea
        id={id('summary')}
        label={t.summary}
        hint={t.summaryHint}
        rows={2}
        value={draft.summary}
        onChange={(v) => set('summary', v)}
      />
      <TextArea id={id('body')} label={a.bodyFormat({ format: fmt })} rows={8} value={draft.body} onChange={(v) => set('body', v)} />
      <div className={styles.grid}>
        <TextArea
          id={id('impact')}
          label={t.impact({ format: fmt })}
          rows={3}
          value={draft.customer_impact}
          onChange={(v) => set('customer_impact', v)}
        />
        <TextArea
          id={id('workaround')}
          label={t.workaround({ format: fmt })}
          rows={3}
          value={draft.available_workaround}
          onChange={(v) => set('available_workaround', v)}
        />
      </div>
      <Field
        id={id('next-update')}
        label={t.nextUpdate}
        value={draft.next_update}
        maxLength={300}
        onChange={(e) => set('next_update', e.target.value)}
      />
      {withTimes && (
        <details className={desk.disclosure} open={INTERNAL_KEYS.some((k) => bad(k)) || undefined}>
          <summary>{t.internalOnly}</summary>
          <div className={styles.group}>
            <TextArea
              id={id('internal-note')}
              label={t.internalNote}
              hint={t.internalNoteHint}
              rows={3}
              value={draft.internal_note}
              onChange={(v) => set('internal_note', v)}
            />
            <div className={styles.grid}>
              {LINK_KEYS.map((key) => (
                <Field
                  key={key}
                  id={id(key.replace('_', '-'))}
                  label={t[LINK_LABELS[key]]}
                  type="url"
                  value={draft[key]}
                  aria-invalid={bad(key)}
                  onChange={(e) => set(key, e.target.value)}
                />
              ))}
            </div>
          </div>
        </details>
      )}
      {withTimes && <Checkbox label={t.notify} checked={draft.notify} onChange={(on) => set('notify', on)} />}
    </>
  )
}
