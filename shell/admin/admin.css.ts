import { globalStyle, style } from '@vanilla-extract/css'
import { button, card } from '../../styles/recipes.css'
import { vars } from '../../styles/theme.css'
import { BREAKPOINTS, minWidth } from '../../styles/tokens'
import { input } from '../accounts/accounts.css'

/**
 * Styles of the admin console (`shell/admin/`). Forms reuse the account pages' fields and buttons
 * (`shell/accounts/accounts.css.ts`); state is always written out, colour only repeats it.
 */

const desktop = minWidth(BREAKPOINTS.lg)

/** Navigation above the screen on phones, a column beside it from 992 px. */
export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [desktop]: { gridTemplateColumns: '190px minmax(0, 1fr)' } },
})

export const screen = style({ minWidth: 0, overflowWrap: 'break-word' })

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  '@media': { [desktop]: { flexDirection: 'column', flexWrap: 'nowrap' } },
})

export const navLink = style({
  display: 'block',
  padding: `6px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontSize: '14px',
  textDecoration: 'none',
  // Long compound names (German "Benachrichtigungskategorien") break inside the column, never past it.
  overflowWrap: 'anywhere',
  hyphens: 'auto',
  '@media': { [desktop]: { border: 'none', borderInlineStart: '3px solid transparent', borderRadius: 0 } },
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[aria-current="page"]': { fontWeight: 700, borderColor: vars.color.accent, background: vars.color.surfaceAlt },
  },
})

/** Links between the two menus' screens. */
export const subNav = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg, margin: `0 0 ${vars.space.lg}`, fontSize: '14px' })
globalStyle(`${subNav} a[aria-current="page"]`, { fontWeight: 700, textDecoration: 'none', color: vars.color.text })

export const sectionTitle = style({ margin: `${vars.space.xl} 0 ${vars.space.md}`, fontSize: '20px' })

export const subTitle = style({ margin: `${vars.space.lg} 0 ${vars.space.sm}`, fontSize: '17px' })

export const note = style({ color: vars.color.muted, fontSize: '14px' })

export const tableWrap = style({
  overflowX: 'auto',
  margin: `0 0 ${vars.space.lg}`,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})

export const table = style({ borderCollapse: 'collapse', width: '100%', fontSize: '14px', background: vars.color.surface })
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  verticalAlign: 'top',
  padding: `6px ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
globalStyle(`${table} thead th`, { background: vars.color.surfaceAlt, fontWeight: 600 })

/** The editable list of a catalogue section. */
export const list = style({ listStyle: 'none', margin: `0 0 ${vars.space.lg}`, padding: 0, borderTop: `1px solid ${vars.color.border}` })

export const listItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `6px 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&[data-editing="true"]': { background: vars.color.surfaceAlt } },
})

export const itemText = style({ flex: '1 1 220px', minWidth: 0 })

export const itemDetail = style({ display: 'block', color: vars.color.muted, fontSize: '13px' })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' })

export const small = style([
  button,
  {
    padding: `2px ${vars.space.sm}`,
    fontSize: '13px',
    whiteSpace: 'nowrap',
    selectors: { '&[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' } },
  },
])

/** A group of fields: the item being edited, a sub-menu, a compliance row. */
export const panel = style([card, { margin: `0 0 ${vars.space.lg}`, display: 'flex', flexDirection: 'column', gap: vars.space.md }])

/** Fields side by side where there is room. */
export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
})

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  margin: 0,
  padding: vars.space.md,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.sm} ${vars.space.lg}`,
})

export const legend = style({ fontWeight: 600, fontSize: '14px', padding: `0 ${vars.space.xs}` })

export const check = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontSize: '14px' })

export const textarea = style([input, { minHeight: '120px', fontFamily: vars.font.mono, fontSize: '13px', resize: 'vertical' }])

export const hint = style({ margin: 0, color: vars.color.muted, fontSize: '13px' })

/** The sanitised preview of operator HTML. */
export const preview = style([card, { minHeight: '60px', overflowWrap: 'anywhere' }])

// FAQ questions in the preview are <details>: their summaries are targets of at least 24 px (WCAG 2.5.8).
globalStyle(`${preview} summary`, { minHeight: '24px', padding: `${vars.space.xs} 0`, cursor: 'pointer' })
globalStyle(`${preview} table`, { borderCollapse: 'collapse', width: '100%' })
globalStyle(`${preview} th, ${preview} td`, { textAlign: 'start', padding: vars.space.xs, borderBottom: `1px solid ${vars.color.border}` })

export const previewTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: '13px', fontWeight: 600, color: vars.color.muted })

/** A colour chip beside its written `#rrggbb`. */
export const swatch = style({
  display: 'inline-block',
  width: '14px',
  height: '14px',
  borderRadius: '3px',
  border: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  marginInlineEnd: vars.space.xs,
})

/** A state written as a word in a bordered tag (colour only repeats it). */
export const state = style({
  display: 'inline-block',
  padding: '0 6px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  fontSize: '13px',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-state="failed"]': { borderColor: vars.severity.disruption },
    '&[data-state="queued"]': { borderColor: vars.severity.degradation },
    '&[data-state="sent"]': { borderColor: vars.severity.operational },
  },
})

export const counts = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xl, margin: `0 0 ${vars.space.md}`, padding: 0 })
globalStyle(`${counts} dt`, { fontSize: '13px', color: vars.color.muted })
globalStyle(`${counts} dd`, { margin: 0, fontSize: '22px', fontWeight: 700 })

export const records = style({ margin: `0 0 ${vars.space.md}`, paddingInlineStart: vars.space.lg, fontSize: '14px' })

/** The dashboard's notification fan-outs, one block each. */
export const fanouts = style({ listStyle: 'none', margin: `0 0 ${vars.space.md}`, padding: 0, fontSize: '14px' })

export const fanout = style({ display: 'flex', flexDirection: 'column', gap: '2px', padding: `${vars.space.sm} 0` })

/** A fan-out's progress: the bar spans the line; its label beside it says the numbers. */
export const fanoutBar = style({ width: '100%', maxWidth: '480px', height: '12px' })

export const json = style({
  margin: `${vars.space.xs} 0`,
  padding: vars.space.sm,
  maxHeight: '320px',
  overflow: 'auto',
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: '12px',
  whiteSpace: 'pre-wrap',
})

export const pager = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md })

export const messages = style({ margin: `0 0 ${vars.space.md}` })

/** Fields stacked with the form's spacing. */
export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const caption = style({ textAlign: 'start', fontWeight: 600, fontSize: '14px', padding: `${vars.space.xs} 0` })

/** Read-only values: label and value side by side. */
export const definitions = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.lg}`,
  fontSize: '14px',
})
globalStyle(`${definitions} dt`, { fontWeight: 600 })
globalStyle(`${definitions} dd`, { margin: 0 })

/** The choice of page or cloud above a content form. */
export const chooser = style({ margin: `0 0 ${vars.space.lg}` })

/** The first-run steps of the dashboard (`./SetupSteps.tsx`): a numbered list, each step's state in words. */
export const setupList = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
})
globalStyle(`${setupList} > li`, { paddingInlineStart: vars.space.xs })
globalStyle(`${setupList} > li > a`, { fontWeight: 600 })

/** A step's state: a bordered tag, the word says it (done, the next step, not done yet). */
export const setupState = style([
  state,
  {
    marginInlineStart: vars.space.sm,
    selectors: {
      '&[data-state="done"]': { borderColor: vars.severity.operational },
      '&[data-state="next"]': { borderColor: vars.color.accent },
    },
  },
])

/** The steps once all are done: one line that opens to the list. */
export const setupDone = style([card, { margin: `0 0 ${vars.space.lg}` }])
globalStyle(`${setupDone} > summary`, { minHeight: '24px', cursor: 'pointer', fontWeight: 600 })
globalStyle(`${setupDone}[open] > summary`, { marginBlockEnd: vars.space.md })

/** The title of the setup steps: the panel spaces its parts already. */
export const setupTitle = style({ margin: 0, fontSize: '18px' })
