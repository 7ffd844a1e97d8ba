import { useState } from 'react'
import type { CatalogCloud, CatalogCloudStatus } from '../../../contract/catalog'
import { useLocale, useMessages } from '../../../widgets/core/i18n/react'
import { Field } from '../../accounts/Field'
import * as styles from '../admin.css'
import { Checkbox, MoveButtons, Select, DataTable, TextArea } from '../controls'
import { defaultPageChoices } from '../default-page'
import { draftsAsValue, type ItemFormProps, type ListSpec } from '../ListEditor'
import { moveItem, nowInstant, replaceAt, todayInstant, withDecommissioned } from '../model'
import { adminMessages, adminNavMessages } from '../messages'
import { KeyField, KeyHint } from './KeyHint'
import { SinceInput } from './SinceInput'
import { adminFormsMessages } from './messages'

const STATUS_FLAGS: ReadonlyArray<[keyof CatalogCloudStatus, 'coreCloudServices' | 'dataCenters' | 'premiumDataCenters']> = [
  ['core_cloud_services', 'coreCloudServices'],
  ['datacenter', 'dataCenters'],
  ['premium_datacenter', 'premiumDataCenters'],
]

/**
 * A cloud's fields: machine name (only while new), domain, title, product, default page, banner,
 * the blocks of its status page, and its core services in row order with their in-service dates
 * (today, 00:00 UTC, when added; the uptime counts from it). A service is never removed, only
 * decommissioned: its history stays.
 */
export function CloudForm({ value, onChange, isNew, catalog, idPrefix }: ItemFormProps<CatalogCloud>) {
  const unused = catalog.core_services.filter((s) => !value.services.some((x) => x.service === s.name))
  const [adding, setAdding] = useState('')
  const choice = unused.some((s) => s.name === adding) ? adding : (unused[0]?.name ?? '')
  const set = <K extends keyof CatalogCloud>(key: K, v: CatalogCloud[K]) => onChange({ ...value, [key]: v })
  const services = value.services
  const t = useMessages(adminFormsMessages)
  const a = useMessages(adminMessages)
  const nav = useMessages(adminNavMessages)
  const locale = useLocale()
  const flagLabel = (key: (typeof STATUS_FLAGS)[number][1]) => (key === 'dataCenters' ? nav.dataCenters : t[key])

  return (
    <div className={styles.group}>
      <div className={styles.grid}>
        <KeyField
          idPrefix={idPrefix}
          name="machine-name"
          label={t.machineName}
          value={value.machine_name}
          isNew={isNew}
          onChange={(v) => set('machine_name', v)}
        />
        <Field id={`${idPrefix}-domain`} label={t.domain} value={value.domain} onChange={(e) => set('domain', e.target.value)} />
        <Field id={`${idPrefix}-title`} label={a.title} value={value.title} onChange={(e) => set('title', e.target.value)} />
        <Select
          id={`${idPrefix}-product`}
          label={t.product}
          value={value.product}
          options={[
            ...(catalog.products.some((p) => p.machine_name === value.product) ? [] : [{ value: value.product, label: t.chooseProduct }]),
            ...catalog.products.map((p) => ({ value: p.machine_name, label: p.title })),
          ]}
          onChange={(product) => set('product', product)}
        />
        <Select
          id={`${idPrefix}-default-page`}
          label={t.defaultPage}
          hint={t.defaultPageHint}
          value={value.default_page}
          options={defaultPageChoices(catalog.main_menu, value.default_page, locale)}
          onChange={(page) => set('default_page', page)}
        />
        <Field
          id={`${idPrefix}-banner-title`}
          label={t.bannerTitle}
          value={value.banner_title}
          onChange={(e) => set('banner_title', e.target.value)}
        />
      </div>
      <KeyHint id={`${idPrefix}-key-hint`} isNew={isNew} what="machineName" />
      <TextArea
        id={`${idPrefix}-banner-description`}
        label={t.bannerDescription}
        rows={3}
        value={value.banner_description}
        onChange={(v) => set('banner_description', v)}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t.statusBlocks}</legend>
        {STATUS_FLAGS.map(([key, label]) => (
          <Checkbox
            key={key}
            label={flagLabel(label)}
            checked={value.cloud_status[key]}
            onChange={(on) => set('cloud_status', { ...value.cloud_status, [key]: on })}
          />
        ))}
      </fieldset>
      <DataTable label={t.servicesInOrder} columns={[t.service, t.decommissioned, t.inServiceSince, t.order]}>
        {services.map((s, i) => (
          <tr key={s.service}>
            <th scope="row">{s.service}</th>
            <td>
              <Checkbox
                hiddenLabel
                label={t.serviceDecommissioned({ service: s.service })}
                checked={s.decommissioned}
                onChange={(on) => set('services', replaceAt(services, i, withDecommissioned(s, on, nowInstant())))}
              />{' '}
              {s.decommissioned ? a.yes : a.no}
            </td>
            <td>
              <SinceInput
                label={t.serviceSince({ service: s.service })}
                item={s}
                onChange={(next) => set('services', replaceAt(services, i, next))}
              />
            </td>
            <td className={styles.actions}>
              <MoveButtons
                upLabel={a.moveUp({ name: s.service })}
                downLabel={a.moveDown({ name: s.service })}
                atTop={i === 0}
                atBottom={i === services.length - 1}
                onMove={(delta) => set('services', moveItem(services, i, delta))}
              />
            </td>
          </tr>
        ))}
      </DataTable>
      {services.length > 0 && <p className={styles.hint}>{t.sinceHint}</p>}
      {unused.length > 0 && (
        <Select
          id={`${idPrefix}-add-service`}
          label={t.addCoreService}
          value={choice}
          options={unused.map((s) => ({ value: s.name, label: s.name }))}
          onChange={setAdding}
        >
          <button
            type="button"
            className={styles.small}
            onClick={() => set('services', [...services, { service: choice, decommissioned: false, since: todayInstant(), until: null }])}
          >
            {t.addService}
          </button>
        </Select>
      )}
    </div>
  )
}

/** The clouds section. */
export const CLOUDS: ListSpec<CatalogCloud> = {
  noun: 'nounCloud',
  fromCatalog: (c) => c.clouds,
  toValue: draftsAsValue,
  label: (c) => c.title || c.machine_name,
  detail: (c, catalog, locale) =>
    [
      c.domain,
      catalog.products.find((p) => p.machine_name === c.product)?.title ?? c.product,
      adminFormsMessages.in(locale).get().servicesCount(c.services.length),
    ]
      .filter(Boolean)
      .join(' · '),
  blank: (catalog) => ({
    machine_name: '',
    domain: '',
    title: '',
    product: catalog.products[0]?.machine_name ?? '',
    // The home page: always valid (a menu route must first be a deep-linked main-menu item).
    default_page: '',
    banner_title: '',
    banner_description: '',
    cloud_status: { core_cloud_services: true, datacenter: true, premium_datacenter: false },
    services: [],
  }),
  Form: CloudForm,
}
