import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  allOpen,
  effectiveTerm,
  hashId,
  isAllOpen,
  matchRanges,
  matchSummary,
  openAnchor,
  parseFaq,
  searchFaq,
  slugify,
  splitMatches,
} from '../../widgets/faq/model'
import { formatApprovalDate } from '../../widgets/compliance/model'

const BODY = [
  '<section id="about"><h2>About this site</h2>',
  '<details id="what-is-it"><summary>What is the trust site?</summary><div><p>The public <strong>status</strong> home.</p></div></details>',
  '<details id="feedback"><summary>How do I give feedback?</summary><div><p>Write to us.</p></div></details>',
  '</section>',
  '<section id="subs"><h2>Subscriptions</h2>',
  '<details id="how-to-manage-your-subscription"><summary>How to Manage Your Subscription?</summary><div><p>Open <a href="/subscribe">/subscribe</a>; use Subscribe All.</p></div></details>',
  '</section>',
].join('')

test('slugify: lower-case words joined by hyphens, always starting with a letter', () => {
  assert.is(slugify('How to Manage Your Subscription?'), 'how-to-manage-your-subscription')
  assert.is(slugify('  Über   Straße!! '), 'uber-stra-e')
  assert.is(slugify('2FA?'), 'q-2fa')
  assert.is(slugify('???'), 'q-item')
})

test('effectiveTerm: trimmed, and empty below 3 characters (docs/requirements/validation.md)', () => {
  assert.is(effectiveTerm('  ab '), '')
  assert.is(effectiveTerm(' abc '), 'abc')
  assert.is(effectiveTerm('   '), '')
})

test('matchRanges: case-insensitive, non-overlapping, left to right', () => {
  assert.equal(matchRanges('Subscribe to subscriptions', 'sub'), [
    [0, 3],
    [13, 16],
  ])
  assert.equal(matchRanges('aaaa', 'aa'), [
    [0, 2],
    [2, 4],
  ])
  assert.equal(matchRanges('text', ''), [])
  assert.equal(matchRanges('nothing here', 'xyz'), [])
})

test('splitMatches: runs of matching and other text that join back to the input', () => {
  const parts = splitMatches('Manage your Subscription', 'sub')
  assert.equal(parts, [
    { text: 'Manage your ', match: false },
    { text: 'Sub', match: true },
    { text: 'scription', match: false },
  ])
  assert.is(parts.map((p) => p.text).join(''), 'Manage your Subscription')
  assert.equal(splitMatches('', 'abc'), [{ text: '', match: false }])
})

test('parseFaq: sections with their h2 title and questions with id, summary text, answer HTML and texts', () => {
  const sections = parseFaq(BODY)
  assert.equal(
    sections.map((s) => [s.id, s.title, s.questions.map((q) => q.id)]),
    [
      ['about', 'About this site', ['what-is-it', 'feedback']],
      ['subs', 'Subscriptions', ['how-to-manage-your-subscription']],
    ],
  )
  const q = sections[0]!.questions[0]!
  assert.is(q.question, 'What is the trust site?')
  assert.is(q.answerHtml, '<div><p>The public <strong>status</strong> home.</p></div>')
  assert.equal(q.answerTexts, ['The public ', 'status', ' home.'])
})

test('parseFaq: missing, unsafe or duplicate ids become unique slugs; loose questions form an untitled first section', () => {
  const sections = parseFaq(
    '<details><summary>Loose one?</summary>x</details>' +
      '<section><h2>Odd ids</h2><details id="a b"><summary>Has Space</summary>y</details><details id="dup"><summary>One</summary>z</details><details id="dup"><summary>Two</summary>w</details></section>',
  )
  assert.equal(
    sections.map((s) => [s.id, s.title, s.questions.map((q) => q.id)]),
    [
      ['faq-questions', '', ['loose-one']],
      ['odd-ids', 'Odd ids', ['has-space', 'dup', 'dup-2']],
    ],
  )
})

test('parseFaq: script text is never searched; no <details> means no sections', () => {
  const [section] = parseFaq(
    '<section id="s"><h2>S</h2><details id="q"><summary>Q</summary><p>ok</p><script>alert("danger")</script></details></section>',
  )
  assert.equal(section!.questions[0]!.answerTexts, ['ok'])
  assert.equal(parseFaq('<p>Just text</p>'), [])
  assert.equal(parseFaq(''), [])
})

test('searchFaq: below 3 characters nothing matches or opens; from 3, only sections and questions with a match open', () => {
  const sections = parseFaq(BODY)
  const short = searchFaq(sections, ' su ')
  assert.is(short.term, '')
  assert.is(short.count, 0)
  assert.is(short.open.sections.size + short.open.questions.size, 0)

  const sub = searchFaq(sections, 'subscri')
  // 'Subscriptions' (title), 'Subscription?' (question), '/subscribe' (link text), 'Subscribe All'.
  assert.is(sub.count, 4)
  assert.equal([...sub.open.sections], ['subs'])
  assert.equal([...sub.open.questions], ['how-to-manage-your-subscription'])

  const status = searchFaq(sections, 'STATUS')
  assert.equal([...status.open.sections], ['about'])
  assert.equal([...status.open.questions], ['what-is-it'])
  assert.is(searchFaq(sections, 'zzz').count, 0)
})

test('matchSummary: empty below 3 characters, then No matches / 1 match / N matches', () => {
  assert.is(matchSummary({ term: '', count: 0 }), '')
  assert.is(matchSummary({ term: 'abc', count: 0 }), 'No matches')
  assert.is(matchSummary({ term: 'abc', count: 1 }), '1 match')
  assert.is(matchSummary({ term: 'abc', count: 3 }), '3 matches')
})

test('allOpen / isAllOpen: expand-all opens every section and question', () => {
  const sections = parseFaq(BODY)
  const all = allOpen(sections)
  assert.ok(isAllOpen(sections, all))
  assert.not.ok(isAllOpen(sections, { sections: all.sections, questions: new Set(['feedback']) }))
})

test('hashId and openAnchor: a question id opens it and its section; a section id the section; unknown ids nothing', () => {
  const sections = parseFaq(BODY)
  const closed = { sections: new Set<string>(), questions: new Set<string>() }
  assert.is(hashId('#how-to-manage-your-subscription'), 'how-to-manage-your-subscription')
  assert.is(hashId('#%E0%A4%A'), '')
  assert.is(hashId(''), '')
  const q = openAnchor(sections, closed, 'how-to-manage-your-subscription')!
  assert.equal([...q.sections], ['subs'])
  assert.equal([...q.questions], ['how-to-manage-your-subscription'])
  const s = openAnchor(sections, { sections: new Set(['about']), questions: new Set(['feedback']) }, 'subs')!
  assert.equal([...s.sections].sort(), ['about', 'subs'])
  assert.equal([...s.questions], ['feedback'])
  assert.is(openAnchor(sections, closed, 'nope'), undefined)
})

test('formatApprovalDate: YYYY-MM-DD → "15 Mar 2027"; anything else as it came', () => {
  assert.is(formatApprovalDate('2027-03-15'), '15 Mar 2027')
  assert.is(formatApprovalDate('2026-12-01'), '1 Dec 2026')
  assert.is(formatApprovalDate('2027-02-30'), '2027-02-30')
  assert.is(formatApprovalDate('Q3 2027'), 'Q3 2027')
})

test.run()
