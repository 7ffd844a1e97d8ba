import { createElement, Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { lazyPage, lazyPages } from '../../shell/lazy-page'
import { PAGE_DATA_ID } from '../../contract/constants'
import { readPageData, takeAnswer } from '../../shell/page-data'

function pageData(text: string): Document {
  document.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ID}"></script>`
  document.getElementById(PAGE_DATA_ID)!.textContent = text
  return document
}

test('readPageData: well-formed data gives its answers once to the first load that consumes them', () => {
  const data = readPageData(
    pageData(JSON.stringify({ global: { clouds: [] }, answers: { '/api/x?cloud=a': { title: 'T' } }, pages: ['FaqPage'] })),
  )
  assert.equal(data?.pages, ['FaqPage'])
  assert.equal(takeAnswer('/api/x?cloud=a'), { title: 'T' }, 'peek')
  assert.equal(takeAnswer('/api/x?cloud=a', true), { title: 'T' }, 'consumed')
  assert.is(takeAnswer('/api/x?cloud=a'), undefined, 'then asked from the API')
})

test('readPageData: missing, malformed or wrongly shaped data leaves the page to the browser', () => {
  document.body.innerHTML = ''
  assert.is(readPageData(document), undefined)
  assert.is(readPageData(pageData('{"global":')), undefined)
  assert.is(readPageData(pageData('{"global":{},"answers":{},"pages":"FaqPage"}')), undefined)
  assert.is(readPageData(pageData('null')), undefined)
})

test('lazyPage: suspends until loaded; once preloaded it renders at once (hydration never suspends)', async () => {
  let loads = 0
  const Page = lazyPage('TestPage', async () => {
    loads++
    return { default: ({ name }: { name: string }) => createElement('h1', null, `Hello ${name}`) }
  })
  assert.is(lazyPages.get('TestPage'), Page as never)
  const tree = () => createElement(Suspense, { fallback: createElement('p', null, 'Loading…') }, createElement(Page, { name: 'x' }))
  assert.match(renderToString(tree()), 'Loading…')
  await Page.preload()
  await Page.preload()
  assert.is(loads, 1)
  const html = renderToString(tree())
  assert.ok(html.includes('<h1>Hello x</h1>') && !html.includes('Loading'), html)
})

test.run()
