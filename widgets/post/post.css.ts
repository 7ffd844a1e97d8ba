import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

/*
 * The post's own styles: its update history (docs/requirements/screens.md#single-post). Everything else of the post is
 * the shared record view's (`widgets/record-view/record-view.css.ts`); these stay here so the
 * record lists' drop-ins do not carry them.
 */

/** The history's box, below the record's. */
export const history = style({ marginTop: vars.space.md })

export const heading = style({ margin: `0 0 ${vars.space.sm}`, fontSize: '16px', fontWeight: 700 })

export const updates = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md })

/** One entry: a rule on its start side (left, right in right-to-left text), green for a resolving one (the marker's text says so too). */
export const update = style({
  paddingInlineStart: vars.space.md,
  borderInlineStart: `3px solid ${vars.color.border}`,
  selectors: { '&[data-resolved="true"]': { borderInlineStartColor: vars.severity.operational } },
})

export const when = style({ fontSize: '13px', fontWeight: 600 })
