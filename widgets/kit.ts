/**
 * The all-in-one kit (README §Embedding): importing this module — or loading its drop-in script
 * `widgets/kit.js` — registers every `<trust-*>` element. Each registration tolerates a tag that
 * another script on the page registered first (widgets/core/element.ts `defineElement`), and all
 * of them share one page-wide store (widgets/core/shared.ts).
 *
 * A unit test checks that this list names every `widgets/<name>/define.ts`.
 */
import './cloud-picker/define'
import './cloud-status/define'
import './compliance/define'
import './dc-map/define'
import './faq/define'
import './notifications/define'
import './post/define'
import './records/define'
import './speedometer/define'
import './status-badge/define'
import './subscriptions/define'
