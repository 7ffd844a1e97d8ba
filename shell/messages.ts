/** Texts of the shell's frame: states, skip link, footer, page titles, menus, cloud selector, user menu, cookie banner (docs/requirements/screens.md; docs/languages-and-themes.md). */
import { count, defineMessages, params } from '../contract/i18n/index.js'
import type { Locale } from '../contract/locale'

export const shellMessages = /* @__PURE__ */ defineMessages('shell', {
  loadFailed: params('The site could not load: {error}'),
  retry: 'Retry',
  loading: 'Loading…',
  skipToContent: 'Skip to content',
  copyright: params('© {year} {vendor}. All rights reserved.'),
  copyrightNoName: params('© {year} All rights reserved.'),
  feedback: 'Send us your feedback at',
  drUnavailable: 'The service is temporarily unavailable.',
  loadingCloudStatus: 'Loading the cloud status…',
  loadingMap: 'Loading the map…',
  loadingRecords: 'Loading records…',
  loadingNotifications: 'Loading notifications…',
  loadingPost: 'Loading the post…',
  loadingFaq: 'Loading the FAQ…',
  loadingCompliance: 'Loading compliance information…',
  loadingConsole: 'Loading the admin console…',
  cloud: params('Cloud: {cloud}'),
  changeCloud: params('Cloud: {cloud}. Change cloud'),
  chooseCloud: 'Choose a cloud',
  back: 'Back',
  products: 'Products',
  productClouds: params('{product} clouds'),
  cloudCount: count({ one: '{count} cloud', other: '{count} clouds' }),
  account: 'Account',
  userMenu: 'User menu',
  admin: 'Admin',
  subscriptions: 'Subscriptions',
  settings: 'Settings',
  signOut: 'Sign Out',
  newTab: ' (opens in a new tab)',
  consentTitle: 'Cookie consent',
  consentText:
    'We use cookies that the site needs to work, such as keeping you signed in and remembering the cloud you chose. With your consent we would also use cookies that help us understand how the site is used.',
  consentRead: 'Read our',
  cookiePolicy: 'Cookie Policy',
  accept: 'Accept',
  reject: 'Reject',
})

/** Page titles and descriptions (docs/requirements/screens.md "Page titles and descriptions are set per path"). */
export const pageMessages = /* @__PURE__ */ defineMessages('shell.titles', {
  home: 'Home',
  homeText: 'Live service status, activity and trust information for the cloud.',
  cloudStatus: 'Cloud Status',
  cloudStatusText: 'Seven-day status of core cloud services and every data center.',
  incidents: 'Incidents',
  incidentsText: 'Service incidents, their status and updates.',
  maintenance: 'Maintenance',
  maintenanceText: 'Scheduled maintenance windows by data center.',
  advisories: 'Security Advisories',
  advisoriesText: 'Security advisories and their remediation status.',
  notifications: 'Notifications',
  notificationsText: 'Cloud application, URL category and privacy notifications.',
  dcMap: 'Data Center Map',
  dcMapText: 'World map of the major cities with public data centers.',
  faq: 'FAQ',
  faqText: 'Answers to common questions about the trust site and subscriptions.',
  compliance: 'Compliance',
  complianceText: 'Authorization approvals and their estimated dates.',
  signIn: 'Sign In',
  signInText: 'Sign in to manage your email notifications.',
  signUp: 'Sign Up',
  signUpText: 'Create an account to receive email notifications.',
  subscribe: 'Subscriptions',
  subscribeText: 'Choose the email notifications you receive.',
  unsubscribe: 'Unsubscribe',
  unsubscribeText: 'Stop the notification emails a link was sent for.',
  optIn: 'Confirm your subscription',
  optInText: 'Confirm the subscriptions a site invited you to.',
  thankYou: 'Thank You',
  thankYouText: 'Your sign-up is complete.',
  cookiePolicy: 'Cookie Policy',
  cookiePolicyText: 'How this site uses cookies.',
  notification: 'Notification',
  notificationText: 'A single notification.',
  post: 'Post',
  postText: 'A single incident, maintenance or advisory post.',
  vex: 'VEX statements',
  vexText: 'Whether our products are affected by published vulnerabilities, CVE by CVE.',
  settings: 'Settings',
  settingsText: 'Your account settings.',
  resetPassword: 'Reset Password',
  resetPasswordText: 'Request a password reset link.',
  newPassword: 'Choose a New Password',
  newPasswordText: 'Set a new password for your account.',
  admin: 'Admin',
  adminText: 'The admin console of the trust site.',
  notFound: 'Page Not Found',
  notFoundText: 'The page you asked for does not exist.',
  cloudApps: 'Cloud Application Notifications',
  urlCategories: 'URL Category Notifications',
  privacy: 'Privacy Notifications',
  vmStatus: 'Vulnerability Management Status',
  branchStatus: 'Zero Trust Branch Status',
  help: 'Help',
  community: 'Community',
  blog: 'Trust Center Blog',
})

/** A key of {@link pageMessages}. */
export type PageMessageKey = keyof typeof pageMessages.base

/**
 * The menu labels of the default catalogue (server/seed/catalog.ts) and the message naming each.
 * A label the operator left at its default is shown in the page's language; one the operator
 * wrote is their text and shows as written (docs/languages-and-themes.md#locales).
 */
const DEFAULT_MENU_LABELS: Readonly<Record<string, PageMessageKey>> = {
  Home: 'home',
  'Cloud Status': 'cloudStatus',
  Incidents: 'incidents',
  Maintenance: 'maintenance',
  'Security Advisories': 'advisories',
  Notifications: 'notifications',
  'Cloud Application Notifications': 'cloudApps',
  'URL Category Notifications': 'urlCategories',
  'Privacy Notifications': 'privacy',
  'Vulnerability Management Status': 'vmStatus',
  'Zero Trust Branch Status': 'branchStatus',
  'Data Center Map': 'dcMap',
  Compliance: 'compliance',
  FAQ: 'faq',
  Help: 'help',
  Community: 'community',
  'Trust Center Blog': 'blog',
}

/**
 * A menu item's label in `locale`: the translation of a default label, else the label as the
 * catalogue has it.
 *
 * @example menuLabel('Incidents', 'de') // 'Störungen'
 */
export function menuLabel(label: string, locale: Locale): string {
  const key = Object.hasOwn(DEFAULT_MENU_LABELS, label) ? DEFAULT_MENU_LABELS[label] : undefined
  return key && locale !== 'en' ? pageMessages.in(locale).get()[key] : label
}
