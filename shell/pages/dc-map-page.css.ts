import { globalStyle } from '@vanilla-extract/css'
import { COLOURS, lightDark } from '../../styles/palette'
import { vars } from '../../styles/theme.css'
import { mapHost } from '../../widgets/dc-map/dc-map.css'

/*
 * The map's zoom controls on the site's dark theme (docs/languages-and-themes.md). svgmap draws them as a white box,
 * which widgets/dc-map keeps in its drop-in (its byte budget); on the site they follow the theme:
 * the surface colour with muted icons (6:1 on the dark surface; the light values are the
 * widget's). `:root` outranks the widget's rules, whichever stylesheet comes first.
 */
const wrapper = `:root ${mapHost} .svgMap-map-wrapper`
const zoomButton = `${wrapper} .svgMap-control-button.svgMap-zoom-button`
const icon = lightDark(['#4a5565', COLOURS.muted[1]])
const hover = lightDark(['#000000', COLOURS.text[1]])
const disabled = lightDark(['#c3c9d1', COLOURS.border[1]])

globalStyle(`${wrapper} .svgMap-map-controls-zoom, ${wrapper} .svgMap-control-button`, { background: vars.color.surface })
globalStyle(`${zoomButton}:not(.svgMap-zoom-reset-button)::before, ${zoomButton}::after`, { background: icon })
globalStyle(`${zoomButton}.svgMap-zoom-reset-button::before`, { borderColor: icon })
globalStyle(`${zoomButton}:not(.svgMap-zoom-reset-button):hover::before, ${zoomButton}:hover::after`, { background: hover })
globalStyle(`${zoomButton}.svgMap-zoom-reset-button:hover::before`, { borderColor: hover })
globalStyle(`${zoomButton}.svgMap-disabled:not(.svgMap-zoom-reset-button)::before, ${zoomButton}.svgMap-disabled::after`, {
  background: disabled,
})
globalStyle(`${zoomButton}.svgMap-zoom-reset-button.svgMap-disabled::before`, { borderColor: disabled })
