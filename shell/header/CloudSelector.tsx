import { useMessages } from '../../widgets/core/i18n/react'
import { shellMessages } from '../messages'
import { FloatingFocusManager } from '@floating-ui/react'
import { useState } from 'react'
import type { Cloud, Product } from '../../contract/global'
import { visuallyHidden } from '../../styles/recipes.css'
import * as styles from '../shell.css'
import { CLOUD_MENU_CLOSE_DELAY_MS, cloudLabel, cloudLabelParts, groupClouds, layoutColumns } from './selector-model'
import { useHoverPopup } from './use-hover-popup'

/** Props of the cloud selectors. */
export interface CloudSelectorProps {
  clouds: Cloud[]
  products: Product[]
  current: Cloud | null
  onSelect: (cloud: Cloud) => void
}

function CloudOption({ cloud, current, onSelect }: { cloud: Cloud; current: Cloud | null; onSelect: (c: Cloud) => void }) {
  return (
    <li>
      <button
        type="button"
        className={styles.cloudOption}
        aria-current={cloud.machine_name === current?.machine_name ? 'true' : undefined}
        onClick={() => onSelect(cloud)}
      >
        {cloud.title}
      </button>
    </li>
  )
}

/**
 * The selector button's text: the cloud's title, with the product before it for assistive technology
 * only (the button's name says both), so the header bar holds one row in every language.
 */
function CloudName({ parts }: { parts: readonly [product: string, cloud: string] }) {
  const [product, cloud] = parts
  return (
    <span className={styles.buttonText} title={parts.join('')}>
      {product && <span className={visuallyHidden}>{product}</span>}
      {cloud}
    </span>
  )
}

/**
 * Desktop cloud selector (docs/requirements/screens.md#cloud-status-page selector): a button labelled
 * `{product title} - {cloud title}` opening a grid of products with their clouds; the first 5
 * products each start a column. With a pointer it opens on hover and closes 400 ms after the
 * mouse leaves; by keyboard it opens with Enter or Space, Tab moves through the clouds and
 * Escape closes it.
 */
export function CloudSelector({ clouds, products, current, onSelect }: CloudSelectorProps) {
  const { open, setOpen, refs, reference, floatingStyles, context, getReferenceProps, getFloatingProps } = useHoverPopup({
    closeDelay: CLOUD_MENU_CLOSE_DELAY_MS,
    gap: 6,
    flips: true,
    role: 'dialog',
  })
  const columns = layoutColumns(groupClouds(products, clouds))
  const t = useMessages(shellMessages)
  const parts = current ? cloudLabelParts(current, products) : (['', t.chooseCloud] as const)
  const label = parts.join('')

  return (
    <div className={styles.selectorWrap}>
      <button
        type="button"
        ref={reference}
        className={styles.headerButton}
        aria-label={t.changeCloud({ cloud: label })}
        data-testid="cloud-selector"
        {...getReferenceProps()}
      >
        <span aria-hidden="true">☁</span> <CloudName parts={parts} /> <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
          <div
            ref={refs.setFloating}
            style={floatingStyles}
            className={styles.selectorPanel}
            role="dialog"
            aria-label={t.chooseCloud}
            {...getFloatingProps()}
          >
            {columns.map((column) => (
              <div key={column[0].product.machine_name} className={styles.selectorColumn} data-testid="selector-column">
                {column.map((group) => (
                  <section key={group.product.machine_name} aria-labelledby={`product-${group.product.machine_name}`}>
                    <h2 className={styles.productTitle} id={`product-${group.product.machine_name}`}>
                      {group.product.title}
                    </h2>
                    <ul className={styles.cloudList}>
                      {group.clouds.map((cloud) => (
                        <CloudOption
                          key={cloud.machine_name}
                          cloud={cloud}
                          current={current}
                          onSelect={(c) => {
                            setOpen(false)
                            onSelect(c)
                          }}
                        />
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            ))}
          </div>
        </FloatingFocusManager>
      )}
    </div>
  )
}

/**
 * Mobile cloud selector (docs/requirements/screens.md#cloud-status-page selector): products with their count of clouds; choosing
 * one opens a drawer of that product's clouds with a back button.
 */
export function MobileCloudSelector({ clouds, products, current, onSelect }: CloudSelectorProps) {
  const [product, setProduct] = useState<string | null>(null)
  const groups = groupClouds(products, clouds)
  const group = groups.find((g) => g.product.machine_name === product)
  const t = useMessages(shellMessages)
  return (
    <div className={styles.mobilePanel} data-testid="mobile-cloud-selector">
      <p className={styles.productTitle}>{current ? t.cloud({ cloud: cloudLabel(current, products) }) : t.chooseCloud}</p>
      {group ? (
        <>
          <button type="button" className={styles.mobileRow} onClick={() => setProduct(null)}>
            <span>
              <span className={styles.mirrored} aria-hidden="true">
                ‹
              </span>{' '}
              {t.back}
            </span>
            <span>{group.product.title}</span>
          </button>
          <ul className={styles.cloudList} aria-label={t.productClouds({ product: group.product.title })}>
            {group.clouds.map((cloud) => (
              <CloudOption key={cloud.machine_name} cloud={cloud} current={current} onSelect={onSelect} />
            ))}
          </ul>
        </>
      ) : (
        <ul className={styles.cloudList} aria-label={t.products}>
          {groups.map((g) => (
            <li key={g.product.machine_name}>
              <button type="button" className={styles.mobileRow} onClick={() => setProduct(g.product.machine_name)}>
                <span>{g.product.title}</span>
                <span>
                  {t.cloudCount(g.clouds.length)}{' '}
                  <span className={styles.mirrored} aria-hidden="true">
                    ›
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
