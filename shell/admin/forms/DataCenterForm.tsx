import { useState } from 'react'
import type { Catalog, CatalogDataCenter, CatalogDataCenterCloud } from '../../../contract/catalog'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import * as forms from '../../accounts/accounts.css'
import * as styles from '../admin.css'
import { Checkbox, DataTable, Select } from '../controls'
import type { ItemFormProps, ListSpec } from '../ListEditor'
import { coordinateError, dataCenterErrors, decommissionAll, nowInstant, parseNumber, todayInstant, withDecommissioned } from '../model'
import { adminMessages } from '../messages'
import { KeyField, KeyHint } from './KeyHint'
import { SinceInput } from './SinceInput'
import { adminFormsMessages } from './messages'

type Flag = 'regional_surcharge' | 'premium' | 'decommissioned'
const FLAGS: ReadonlyArray<[Flag, 'regionalSurcharge' | 'premium' | 'decommissioned']> = [
  ['regional_surcharge', 'regionalSurcharge'],
  ['premium', 'premium'],
  ['decommissioned', 'decommissioned'],
]

/** A coordinate typed as text (an unfinished `-4.` stays on screen); the draft gets the number. */
function Coordinate({
  id,
  kind,
  value,
  onChange,
}: {
  id: string
  kind: 'latitude' | 'longitude'
  value: number
  onChange: (v: number) => void
}) {
  const [text, setText] = useState(Number.isFinite(value) ? String(value) : '')
  const limit = kind === 'latitude' ? 90 : 180
  const t = useMessages(adminFormsMessages)
  const locale = useLocale()
  return (
    <Field
      id={id}
      label={kind === 'latitude' ? t.latitude : t.longitude}
      type="number"
      inputMode="decimal"
      min={-limit}
      max={limit}
      step="any"
      value={text}
      error={coordinateError(kind, parseNumber(text), locale) || undefined}
      onChange={(e) => {
        setText(e.target.value)
        onChange(parseNumber(e.target.value))
      }}
    />
  )
}

/** One cloud's row of the table: serves it, and how. */
function CloudRow({
  cloud,
  title,
  entry,
  onChange,
}: {
  cloud: string
  title: string
  entry: CatalogDataCenterCloud | undefined
  onChange: (entry: CatalogDataCenterCloud | null) => void
}) {
  const t = useMessages(adminFormsMessages)
  const serve = (on: boolean) =>
    onChange(on ? { cloud, regional_surcharge: false, premium: false, decommissioned: false, since: todayInstant(), until: null } : null)
  return (
    <tr>
      <th scope="row">{title}</th>
      <td>
        <Checkbox hiddenLabel label={t.servesCloud({ cloud: title })} checked={!!entry} onChange={serve} />
      </td>
      {FLAGS.map(([flag, label]) => (
        <td key={flag}>
          <Checkbox
            hiddenLabel
            label={t.flagOn({ flag: t[label], cloud: title })}
            checked={entry?.[flag] ?? false}
            disabled={!entry}
            onChange={(on) => {
              if (!entry) return
              onChange(flag === 'decommissioned' ? withDecommissioned(entry, on, nowInstant()) : { ...entry, [flag]: on })
            }}
          />
        </td>
      ))}
      <td>
        <SinceInput label={t.flagOn({ flag: t.inServiceSince, cloud: title })} item={entry} onChange={onChange} />
      </td>
    </tr>
  )
}

/**
 * A data center's fields: name (only while new), city, country, region, coordinates (checked
 * here against −90…90 and −180…180 before the server sees them), and one row per cloud of the
 * catalogue with its in-service date (today, 00:00 UTC, when ticked; the uptime counts from it).
 * Unticking "serves" leaves the cloud out, which the server takes as decommissioned for it;
 * Decommission marks it decommissioned on every cloud. Its history stays either way.
 */
export function DataCenterForm({ value, onChange, isNew, catalog, idPrefix }: ItemFormProps<CatalogDataCenter>) {
  const set = <K extends keyof CatalogDataCenter>(key: K, v: CatalogDataCenter[K]) => onChange({ ...value, [key]: v })
  const setCloud = (cloud: string, entry: CatalogDataCenterCloud | null) => {
    const others = value.clouds.filter((c) => c.cloud !== cloud)
    if (!entry) return set('clouds', others)
    const at = value.clouds.findIndex((c) => c.cloud === cloud)
    set('clouds', at < 0 ? [...value.clouds, entry] : value.clouds.map((c) => (c.cloud === cloud ? entry : c)))
  }
  const serving = value.clouds.filter((c) => !c.decommissioned).length
  const t = useMessages(adminFormsMessages)
  const a = useMessages(adminMessages)

  return (
    <div className={styles.group}>
      <div className={styles.grid}>
        <KeyField idPrefix={idPrefix} name="name" label={t.name} value={value.name} isNew={isNew} onChange={(v) => set('name', v)} />
        <Field id={`${idPrefix}-city`} label={t.city} value={value.city} onChange={(e) => set('city', e.target.value)} />
        <Field
          id={`${idPrefix}-country`}
          label={t.country}
          value={value.country}
          maxLength={2}
          autoCapitalize="characters"
          onChange={(e) => set('country', e.target.value.toUpperCase())}
        />
        <Select
          id={`${idPrefix}-region`}
          label={t.region}
          value={value.region}
          options={[
            ...(catalog.regions.includes(value.region) ? [] : [{ value: value.region, label: t.chooseRegion }]),
            ...catalog.regions.map((r) => ({ value: r, label: r })),
          ]}
          onChange={(region) => set('region', region)}
        />
        <Coordinate id={`${idPrefix}-latitude`} kind="latitude" value={value.latitude} onChange={(v) => set('latitude', v)} />
        <Coordinate id={`${idPrefix}-longitude`} kind="longitude" value={value.longitude} onChange={(v) => set('longitude', v)} />
      </div>
      <KeyHint id={`${idPrefix}-key-hint`} isNew={isNew} what="name" />
      {catalog.clouds.length === 0 && <p className={styles.hint}>{t.noCloudsYet}</p>}
      <DataTable label={t.cloudsItServes} columns={[a.cloud, t.serves, ...FLAGS.map(([, label]) => t[label]), t.inServiceSince]}>
        {catalog.clouds.map((cloud) => (
          <CloudRow
            key={cloud.machine_name}
            cloud={cloud.machine_name}
            title={cloud.title || cloud.machine_name}
            entry={value.clouds.find((c) => c.cloud === cloud.machine_name)}
            onChange={(entry) => setCloud(cloud.machine_name, entry)}
          />
        ))}
      </DataTable>
      <p className={styles.hint}>{t.sinceHint}</p>
      <p className={styles.actions}>
        <button
          type="button"
          className={forms.secondary}
          aria-describedby={`${idPrefix}-decommission-hint`}
          disabled={serving === 0}
          onClick={() => onChange(decommissionAll(value, nowInstant()))}
        >
          {t.decommission}
        </button>
        <span className={styles.hint} id={`${idPrefix}-decommission-hint`}>
          {serving === 0 ? t.decommissionedEverywhere : t.decommissionHint({ count: String(serving) })}
        </span>
      </p>
    </div>
  )
}

const served = (dc: CatalogDataCenter) => dc.clouds.filter((c) => !c.decommissioned).length

/** The data centers section. */
export const DATA_CENTERS: ListSpec<CatalogDataCenter> = {
  noun: 'nounDataCenter',
  fromCatalog: (c: Catalog) => c.data_centers,
  toValue: (value, locale) => ({ value, errors: dataCenterErrors(value, locale) }),
  label: (dc) => dc.name,
  detail: (dc, _catalog, locale) => {
    const t = adminFormsMessages.in(locale).get()
    const n = served(dc)
    const serving = n ? t.servesClouds(n) : dc.clouds.length ? t.decommissionedDetail : t.servesNoCloudYet
    return [`${dc.city}, ${dc.country}`, dc.region, serving].join(' · ')
  },
  blank: (catalog) => ({
    name: '',
    city: '',
    country: '',
    region: catalog.regions[0] ?? '',
    latitude: Number.NaN,
    longitude: Number.NaN,
    clouds: [],
  }),
  Form: DataCenterForm,
}
