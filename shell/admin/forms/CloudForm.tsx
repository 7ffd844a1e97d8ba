import { useState } from 'react'
import type { CatalogCloud, CatalogCloudStatus } from '../../../contract/catalog'
import { Field } from '../../accounts/Field'
import * as styles from '../admin.css'
import { Checkbox, Select, TableWrap, TextArea } from '../controls'
import type { ItemFormProps, ListSpec } from '../ListEditor'
import { moveItem, nowInstant, replaceAt, withDecommissioned } from '../model'
import { KeyHint } from './KeyHint'

const STATUS_FLAGS: ReadonlyArray<[keyof CatalogCloudStatus, string]> = [
  ['core_cloud_services', 'Core cloud services'],
  ['datacenter', 'Data centers'],
  ['premium_datacenter', 'Premium data centers'],
]

/**
 * A cloud's fields: machine name (only while new), domain, title, product, default page, banner,
 * the blocks of its status page, and its core services in row order (a service is never removed,
 * only decommissioned: its history stays).
 */
export function CloudForm({ value, onChange, isNew, catalog, idPrefix }: ItemFormProps<CatalogCloud>) {
  const unused = catalog.core_services.filter((s) => !value.services.some((x) => x.service === s.name))
  const [adding, setAdding] = useState('')
  const choice = unused.some((s) => s.name === adding) ? adding : (unused[0]?.name ?? '')
  const set = <K extends keyof CatalogCloud>(key: K, v: CatalogCloud[K]) => onChange({ ...value, [key]: v })
  const services = value.services

  return (
    <div className={styles.group}>
      <div className={styles.grid}>
        <Field
          id={`${idPrefix}-machine-name`}
          label="Machine name"
          value={value.machine_name}
          readOnly={!isNew}
          aria-describedby={`${idPrefix}-key-hint`}
          onChange={(e) => set('machine_name', e.target.value)}
        />
        <Field id={`${idPrefix}-domain`} label="Domain" value={value.domain} onChange={(e) => set('domain', e.target.value)} />
        <Field id={`${idPrefix}-title`} label="Title" value={value.title} onChange={(e) => set('title', e.target.value)} />
        <Select
          id={`${idPrefix}-product`}
          label="Product"
          value={value.product}
          options={[
            ...(catalog.products.some((p) => p.machine_name === value.product)
              ? []
              : [{ value: value.product, label: 'Choose a product' }]),
            ...catalog.products.map((p) => ({ value: p.machine_name, label: p.title })),
          ]}
          onChange={(product) => set('product', product)}
        />
        <Field
          id={`${idPrefix}-default-page`}
          label="Default page (menu route; empty for the home page)"
          value={value.default_page}
          onChange={(e) => set('default_page', e.target.value)}
        />
        <Field
          id={`${idPrefix}-banner-title`}
          label="Banner title"
          value={value.banner_title}
          onChange={(e) => set('banner_title', e.target.value)}
        />
      </div>
      <KeyHint id={`${idPrefix}-key-hint`} isNew={isNew} what="machine name" />
      <TextArea
        id={`${idPrefix}-banner-description`}
        label="Banner description (plain text)"
        rows={3}
        value={value.banner_description}
        onChange={(v) => set('banner_description', v)}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Blocks of the status page</legend>
        {STATUS_FLAGS.map(([key, label]) => (
          <Checkbox
            key={key}
            label={label}
            checked={value.cloud_status[key]}
            onChange={(on) => set('cloud_status', { ...value.cloud_status, [key]: on })}
          />
        ))}
      </fieldset>
      <TableWrap label="Core services, in row order">
        <table className={styles.table}>
          <caption className={styles.caption}>Core services, in row order</caption>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Decommissioned</th>
              <th scope="col">Order</th>
            </tr>
          </thead>
          <tbody>
            {services.map((s, i) => (
              <tr key={s.service}>
                <th scope="row">{s.service}</th>
                <td>
                  <Checkbox
                    hiddenLabel
                    label={`${s.service} decommissioned`}
                    checked={s.decommissioned}
                    onChange={(on) => set('services', replaceAt(services, i, withDecommissioned(s, on, nowInstant())))}
                  />
                  {s.decommissioned ? ' Yes' : ' No'}
                </td>
                <td className={styles.actions}>
                  <button
                    type="button"
                    className={styles.small}
                    aria-label={`Move ${s.service} up`}
                    disabled={i === 0}
                    onClick={() => set('services', moveItem(services, i, -1))}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    className={styles.small}
                    aria-label={`Move ${s.service} down`}
                    disabled={i === services.length - 1}
                    onClick={() => set('services', moveItem(services, i, 1))}
                  >
                    Down
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {unused.length > 0 && (
        <Select
          id={`${idPrefix}-add-service`}
          label="Add a core service"
          value={choice}
          options={unused.map((s) => ({ value: s.name, label: s.name }))}
          onChange={setAdding}
        >
          <button
            type="button"
            className={styles.small}
            onClick={() => set('services', [...services, { service: choice, decommissioned: false, since: nowInstant(), until: null }])}
          >
            Add service
          </button>
        </Select>
      )}
    </div>
  )
}

/** The clouds section. */
export const CLOUDS: ListSpec<CatalogCloud> = {
  noun: 'cloud',
  fromCatalog: (c) => c.clouds,
  toValue: (value) => ({ value, errors: [] }),
  label: (c) => c.title || c.machine_name,
  detail: (c, catalog) =>
    [c.domain, catalog.products.find((p) => p.machine_name === c.product)?.title ?? c.product, `${c.services.length} services`]
      .filter(Boolean)
      .join(' · '),
  blank: (catalog) => ({
    machine_name: '',
    domain: '',
    title: '',
    product: catalog.products[0]?.machine_name ?? '',
    default_page: 'cloud-status',
    banner_title: '',
    banner_description: '',
    cloud_status: { core_cloud_services: true, datacenter: true, premium_datacenter: false },
    services: [],
  }),
  Form: CloudForm,
}
