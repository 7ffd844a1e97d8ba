import { spawnSync } from 'node:child_process'
import * as assert from 'uvu/assert'
import { axeViolations, open, root, screenshot, siteSuite } from './harness'

/** A production server started on an empty database: nothing of the demo vendor. */
const production = siteSuite('production start without a catalogue', {
  mode: 'production',
  accounts: { publicUrl: 'https://trust.example', admin: null, seedViewer: false },
})

production('every page says the site is not configured yet, at 1280 and 375 px, axe-clean', async (ctx) => {
  for (const width of [1280, 375]) {
    for (const path of ['/', '/auroraedge.net/incidents', '/faq']) {
      const { page, errors, status } = await open(ctx, path, width)
      assert.is(status, 200, `${path}: a page of the site, not 'Page not found'`)
      const heading = page.getByRole('heading', { level: 1, name: 'This trust site is not configured yet' })
      await heading.waitFor()
      assert.ok(await heading.isVisible(), `${path} @${width}`)
      assert.is(await page.locator('trust-speedometer, trust-records, trust-cloud-status').count(), 0, 'no widget of a cloud')
      assert.equal(await axeViolations(page), [], `${path} @${width}`)
      assert.equal(errors, [], `${path} @${width}`)
      if (path === '/') await screenshot(page, `production-not-configured-${width}`)
      await page.close()
    }
  }
})

production('only the operators’ pages stay open: sign-in (linked from the not-configured page) and the console', async (ctx) => {
  const { page, errors } = await open(ctx, '/')
  await page.getByRole('link', { name: 'sign in to the admin console' }).click()
  await page.waitForURL((u) => new URL(u).pathname === '/sign-in')
  assert.is(new URL(page.url()).searchParams.get('destination'), '/admin/dashboard')
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor()
  assert.is(await page.getByTestId('not-configured').count(), 0)
  // The console itself sends a signed-out visitor to sign-in.
  await page.goto(`${ctx.server.url}/admin/catalog/clouds`)
  await page.waitForURL((u) => new URL(u).pathname === '/sign-in')
  assert.equal(await axeViolations(page), [])
  assert.equal(errors, [])
  await page.close()
})

production('after `npm run catalog -- import` of the demo file the same server shows the demo site', async (ctx) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalog.ts', 'import', 'server/seed/demo-catalog.json'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: ctx.server.dataDir },
    encoding: 'utf8',
  })
  assert.is(run.status, 0, run.stderr)
  assert.match(run.stdout, /imported into .*rows written: .*clouds 11/)
  for (const width of [1280, 375]) {
    const { page, errors } = await open(ctx, '/auroraedge.net', width)
    const banner = page.getByTestId('cloud-banner').locator('h1')
    await banner.waitFor()
    assert.is(await banner.textContent(), 'auroraedge.net Cloud')
    assert.is(await page.getByTestId('not-configured').count(), 0)
    assert.equal(await axeViolations(page), [], `home @${width}`)
    assert.equal(errors, [], `home @${width}`)
    await screenshot(page, `production-imported-${width}`)
    await page.close()
  }
})

production.run()
