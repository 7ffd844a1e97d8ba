/**
 * Texts of the shell's content pages: FAQ and Compliance titles, the fallback page, the
 * not-configured page and the cookie policy (docs/requirements/screens.md#route-table; docs/languages-and-themes.md). A `{name}` the code
 * fills with markup (a link, a cookie's name in `<code>`) goes through `./rich.tsx`.
 */
import { defineMessages, params } from '../../../contract/i18n/index.js'

export const faqPageMessages = /* @__PURE__ */ defineMessages('shell.pages.faq', {
  title: 'Frequently Asked Questions',
})

export const compliancePageMessages = /* @__PURE__ */ defineMessages('shell.pages.compliance', {
  title: 'Compliance',
})

export const fallbackMessages = /* @__PURE__ */ defineMessages('shell.pages.fallback', {
  title: 'Page not found',
  text: 'The page you are looking for does not exist or is not available yet.',
  home: params('Go to the {cloud} status page'),
  homeAny: 'Go to the status page',
})

export const notConfiguredMessages = /* @__PURE__ */ defineMessages('shell.pages.notConfigured', {
  title: 'This trust site is not configured yet',
  text: 'Its operator has not set up the products, clouds and data centers it reports on. Please check back later.',
  operators: params('Operators: {link} to set it up.'),
  signIn: 'sign in to the admin console',
})

export const cookiePolicyMessages = /* @__PURE__ */ defineMessages('shell.pages.cookiePolicy', {
  title: 'Cookie Policy',
  intro:
    'This policy explains how the trust and service-status site uses cookies and similar technologies. Cookies are small text files a website stores in your browser. We keep them to the minimum the site needs to work.',
  setHeading: 'Cookies we set',
  setText:
    'All cookies are first-party: they are set by this site and sent only to it. We do not use advertising cookies, and we do not sell or share cookie data.',
  caption: 'Cookies set by this site',
  name: 'Name',
  purpose: 'Purpose',
  lifetime: 'Lifetime',
  category: 'Category',
  purposeCloud: 'Remembers the cloud you selected, so every page shows that cloud.',
  purposeTimezone: 'Remembers the time zone you chose in the Time zone picker, so every time is shown in it. Set only when you choose one.',
  purposeTheme: 'Remembers the colour theme you chose in the header (light, dark or your system setting). Set only when you choose one.',
  purposeLanguage: 'Remembers the language you chose in the header or the footer. Set only when you choose one.',
  purposeSession: 'Keeps you signed in. HttpOnly: scripts on the page cannot read it.',
  purposeCsrf: 'Protects your changes (subscriptions, settings) against cross-site request forgery.',
  purposeLogout: 'Lets the site sign you out securely.',
  purposeSecurity: 'Ties the signed-in browser to its session.',
  purposeTimeout: 'Records when your session expires, so the site can sign you out after 2 hours without activity.',
  day: '1 day (86,400 seconds)',
  year: '1 year',
  untilSignOut: '1 day, or until you sign out',
  necessary: 'Strictly necessary',
  chosen: 'Strictly necessary (a setting you chose)',
  signInText: params(
    'The sign-in cookies ({session}, {csrf}, {logout}, {security} and {timeout}) exist only while you are signed in and are removed when you sign out. Visitors who never sign in receive only {cloud}, {timezone} once they choose a time zone, {theme} if they choose a theme and {language} if they choose a language.',
  ),
  bannerHeading: 'The cookie-consent banner',
  bannerText:
    "On your first visit a banner at the top of the page asks whether you accept optional cookies. Your choice is stored in your browser's local storage, not in a cookie, and the banner does not appear again until you clear your browser data. Strictly necessary cookies are set whatever you choose, because the site cannot work without them. The government site keeps its own consent choice.",
  widgetsHeading: 'Embedded widgets',
  widgetsText:
    "Partner pages may embed our status widgets. Those widgets read public data without cookies and set no cookies on the partner's site.",
  manageHeading: 'Managing cookies',
  manageText:
    'You can delete or block cookies in your browser settings. If you block strictly necessary cookies you can still read the status pages, but you cannot sign in or manage subscriptions, and the site will not remember your cloud.',
  contactHeading: 'Contact',
  contactText: 'Questions about this policy? Use the feedback address in the footer of every page.',
  updated: 'Last updated: 1 November 2026.',
})
