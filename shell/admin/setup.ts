import type { CatalogSection } from '../../contract/admin'
import type { Catalog } from '../../contract/catalog'
import type { adminSetupMessages } from './messages'
import { catalogPath } from './sections'

/**
 * The first-run path of the console (docs/operating/catalogue.md): the steps that set a new site up, in the order
 * that works — each step's screen picks from what the steps before it made (a cloud picks its
 * product and services; a data center its region) — and whether the catalogue has each done.
 * Pure: unit-tested without rendering (`test/unit/admin-first-run.test.tsx`).
 */

type SetupText = keyof typeof adminSetupMessages.base

/** One step: its section (whose screen it links to), its name and hint, and when it is done. */
export interface SetupStepInfo {
  key: 'settings' | 'products' | 'services' | 'regions' | 'dataCenters' | 'clouds' | 'menus'
  section: CatalogSection
  name: SetupText
  hint: SetupText
  /** Done when the catalogue holds what the step makes. */
  isDone: (catalog: Catalog) => boolean
}

/** The steps in order: vendor settings → products → services → regions → data centers → clouds → menus. */
export const SETUP_STEPS: readonly SetupStepInfo[] = [
  {
    key: 'settings',
    section: 'settings',
    name: 'stepSettings',
    hint: 'hintSettings',
    isDone: (c) => (c.settings.vendor ?? '').trim() !== '',
  },
  { key: 'products', section: 'products', name: 'stepProducts', hint: 'hintProducts', isDone: (c) => c.products.length > 0 },
  { key: 'services', section: 'core_services', name: 'stepServices', hint: 'hintServices', isDone: (c) => c.core_services.length > 0 },
  { key: 'regions', section: 'regions', name: 'stepRegions', hint: 'hintRegions', isDone: (c) => c.regions.length > 0 },
  {
    key: 'dataCenters',
    section: 'data_centers',
    name: 'stepDataCenters',
    hint: 'hintDataCenters',
    isDone: (c) => c.data_centers.length > 0,
  },
  { key: 'clouds', section: 'clouds', name: 'stepClouds', hint: 'hintClouds', isDone: (c) => c.clouds.length > 0 },
  { key: 'menus', section: 'main_menu', name: 'stepMenus', hint: 'hintMenus', isDone: (c) => c.main_menu.length > 0 },
]

/** A step as the dashboard shows it: where its screen is and whether it is done. */
export interface SetupStep extends SetupStepInfo {
  href: string
  done: boolean
}

/** Every step of {@link SETUP_STEPS}, in order, with its screen's path and whether `catalog` has it done. */
export function setupSteps(catalog: Catalog): SetupStep[] {
  return SETUP_STEPS.map((step) => ({ ...step, href: catalogPath(step.section), done: step.isDone(catalog) }))
}

/** How many of `steps` are done. */
export function doneCount(steps: readonly SetupStep[]): number {
  return steps.filter((s) => s.done).length
}
