import type { Cloud, Product } from '../../contract/global'

/** A product with its clouds, one group of the cloud selector. */
export interface ProductGroup {
  product: Product
  clouds: Cloud[]
}

/** Products with their clouds in data order; products without clouds are left out. */
export function groupClouds(products: readonly Product[], clouds: readonly Cloud[]): ProductGroup[] {
  return products
    .map((product) => ({ product, clouds: clouds.filter((c) => c.type === product.machine_name) }))
    .filter((g) => g.clouds.length > 0)
}

/**
 * Lays product groups out in columns (docs/requirements/screens.md#cloud-status-page selector, docs/requirements/constants.md): the first `starters`
 * products each start a column; every remaining product goes to the currently shortest column
 * (height = clouds listed plus one row for the product title; ties go to the leftmost).
 *
 * @param starters how many products start a column @default 5
 */
export function layoutColumns(groups: readonly ProductGroup[], starters = 5): ProductGroup[][] {
  const columns: ProductGroup[][] = []
  const heights: number[] = []
  for (const group of groups) {
    const height = group.clouds.length + 1
    if (columns.length < starters) {
      columns.push([group])
      heights.push(height)
      continue
    }
    let shortest = 0
    for (let i = 1; i < heights.length; i++) if (heights[i] < heights[shortest]) shortest = i
    columns[shortest].push(group)
    heights[shortest] += height
  }
  return columns
}

/** The selector's label: `{product title} - {cloud title}` (docs/requirements/screens.md#cloud-status-page selector). */
export function cloudLabel(cloud: Cloud, products: readonly Product[]): string {
  return cloudLabelParts(cloud, products).join('')
}

/**
 * {@link cloudLabel} in its two parts: the product's title with the separator (`'Internet Access - '`,
 * `''` when the cloud's product is unknown) and the cloud's title.
 */
export function cloudLabelParts(cloud: Cloud, products: readonly Product[]): [product: string, cloud: string] {
  const product = products.find((p) => p.machine_name === cloud.type)
  return [product ? `${product.title} - ` : '', cloud.title]
}

/** Delay before the desktop selector closes after the mouse leaves: 400 ms (docs/requirements/constants.md). */
export const CLOUD_MENU_CLOSE_DELAY_MS = 400
