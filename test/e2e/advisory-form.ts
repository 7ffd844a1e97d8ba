/**
 * Filling the desk's Security details form (docs/operating/console-and-desk.md#security-details)
 * by its visible labels, for the e2e tests that publish advisories.
 */
import type { Locator } from 'playwright-core'

/** Adds product `n` of the form: installable software with its affected versions and first fixed version. */
export async function addSoftwareProduct(form: Locator, n: number, name: string, versions: string, fixed: string): Promise<void> {
  await form.getByRole('button', { name: 'Add a product' }).click()
  await form.getByLabel(`Product ${n}: Kind`).selectOption('software')
  await form.getByLabel('Software name').fill(name)
  await form.getByLabel('Affected versions (e.g. <4.2.1)').fill(versions)
  await form.getByLabel('First fixed version').fill(fixed)
}

/** Fills a vulnerability block's CVE id, title, description and CWE id. */
export async function describeVulnerability(
  block: Locator,
  fields: { cve: string; title: string; description: string; cwe: string },
): Promise<void> {
  await block.getByLabel('CVE ID (e.g. CVE-2026-10234)').fill(fields.cve)
  await block.getByRole('textbox', { name: 'Title', exact: true }).fill(fields.title)
  await block.getByLabel('Description').fill(fields.description)
  await block.getByLabel('CWE ID (e.g. CWE-79)').fill(fields.cwe)
}
