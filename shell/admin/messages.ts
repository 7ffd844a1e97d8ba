/**
 * Texts of the admin console's frame and screens (docs/languages-and-themes.md): navigation and screen names, the
 * shared words of its forms, the dashboard and outbox, what a save says, the server's error codes
 * (translated on the client; English pages show the server's own message), the catalogue, content,
 * staff and audit screens. Every group is named `admin…`: the build puts them in the console's
 * catalogue.
 */
import { count, defineMessages, params } from '../../contract/i18n/index.js'

/** The screens' names: the navigation, the screens' titles and the menus' links. */
export const adminNavMessages = /* @__PURE__ */ defineMessages('admin.nav', {
  label: 'Admin',
  dashboard: 'Dashboard',
  desk: 'Incident desk',
  templates: 'Templates',
  products: 'Products',
  clouds: 'Clouds',
  coreServices: 'Services',
  regions: 'Regions',
  dataCenters: 'Data centers',
  menus: 'Menus',
  mainMenu: 'Main menu',
  topMenu: 'Top menu',
  severities: 'Severities',
  notificationCategories: 'Notification categories',
  settings: 'Settings',
  faq: 'FAQ',
  compliance: 'Compliance',
  staff: 'Staff',
  audit: 'Audit log',
  subscribers: 'Subscribers',
  newPost: 'New post',
  record: 'Record',
  catalogue: 'Catalogue',
  thirdParty: 'Third-party components',
})

/** The console's frame and the words its screens share. */
export const adminMessages = /* @__PURE__ */ defineMessages('admin', {
  signInPrompt: params('Please {link} to use the admin console.'),
  signInLink: 'sign in',
  loadingAccount: 'Loading your account…',
  consoleTitle: 'Admin console',
  notAllowed: 'You are not allowed to use the admin console.',
  notPermitted: params('Your roles do not allow you to change {what}.'),
  notPermittedCatalog: 'Your roles do not allow you to change the catalogue.',
  notPermittedFaq: 'Your roles do not allow you to change the FAQ.',
  notPermittedCompliance: 'Your roles do not allow you to change the compliance page.',
  notPermittedStaff: 'Your roles do not allow you to change staff accounts.',
  notPermittedSubscribers: 'Your roles do not allow you to export or import subscribers.',
  notPermittedOutbox: 'Your roles do not allow you to change the mail outbox.',
  notPermittedRecords: 'Your roles do not allow you to change incidents, maintenance and advisories.',
  notPermittedUrlCategories: 'Your roles do not allow you to change URL category notifications.',
  notPermittedCloudApps: 'Your roles do not allow you to change cloud application notifications.',
  notPermittedPrivacy: 'Your roles do not allow you to change privacy notifications.',
  // Loading and failing
  loadFailed: params('Could not load {what}: {error}'),
  loadingWhat: params('Loading {what}…'),
  retry: 'Retry',
  theCatalogue: 'the catalogue',
  theDashboard: 'the dashboard',
  // Saving
  notSavedCorrect: 'Not saved. Please correct:',
  stale: 'The catalogue changed since you opened it; reload to see the latest.',
  reload: 'Reload',
  notSaved: params('Not saved: {message}'),
  saved: 'Saved.',
  saving: 'Saving…',
  // Shared words
  preview: 'Preview',
  title: 'Title',
  titleRequired: 'the title is required.',
  bodyFormat: params('Body ({format})'),
  description: 'Description',
  cloud: 'Cloud',
  action: 'Action',
  when: 'When',
  edit: 'Edit',
  editItem: params('Edit {name}'),
  up: 'Up',
  down: 'Down',
  moveUp: params('Move {name} up'),
  moveDown: params('Move {name} down'),
  remove: 'Remove',
  removeItem: params('Remove {name}'),
  yes: 'Yes',
  no: 'No',
  pageOf: params('Page {page} of {pages}'),
  // Record types
  typeIncident: 'Incident',
  typeMaintenance: 'Maintenance',
  typeScheduledMaintenance: 'Scheduled maintenance',
  typeAdvisory: 'Security advisory',
  typeNotification: 'Notification',
  // Dashboard
  ongoing: 'ongoing',
  none: 'none',
  recordLine: params('{type} · Status: {status} · Severity: {severity} · {from} to {to}'),
  noSubscribers: params('{caption}: no subscribers.'),
  topic: 'Topic',
  subscribers: 'Subscribers',
  asOf: params('As of {time}.'),
  notificationSubscribers: 'Notification subscribers',
  notificationSubscribersAll: 'Notification subscribers, every cloud',
  liveNow: 'Live now',
  nothingNow: 'Nothing going on now.',
  nextDays: 'Next 7 days',
  nothingNext: 'Nothing scheduled in the next 7 days.',
  cloudSubscribers: params('Subscribers of {cloud}, per topic'),
  // Outbox
  outbox: 'Mail outbox',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  queuedAgain: params('The mail to {to} is queued again.'),
  notQueuedAgain: params('The mail to {to} could not be queued again: {error}'),
  outboxEmpty: 'The outbox is empty.',
  latestMessages: 'Latest messages, failed first',
  to: 'To',
  subject: 'Subject',
  state: 'State',
  attempts: 'Attempts',
  error: 'Error',
  created: 'Created',
  retryMail: params('Retry the mail to {to}: {subject}'),
  retrying: 'Retrying…',
})

/**
 * The server's error codes in words (docs/languages-and-themes.md: codes are translated on the client). Used on
 * pages in another language than English; English pages show the server's own message.
 */
export const adminErrorMessages = /* @__PURE__ */ defineMessages('admin.errors', {
  invalid: 'The server refused the values. Check the form and try again.',
  fieldRefused: 'the server refused this value.',
  stale: 'The data changed since you opened it. Reload it and make the change again.',
  notPermitted: 'Your roles do not allow this change.',
  forbidden: 'You are not allowed to open the admin console.',
  notFound: 'It no longer exists, or never did.',
  notSignedIn: 'You are not signed in, or your session has expired.',
  csrf: 'The request was refused for security reasons. Reload the page and try again.',
  crossSite: 'Requests from other sites are not accepted.',
  badRequest: 'The server could not read the request.',
  tooMany: 'Too many requests. Please try again later.',
  internal: 'The server could not answer this request.',
  network: 'The service could not be reached.',
  badAnswer: 'The service sent an answer that could not be read.',
  status: params('The request failed (status {status}).'),
  unknown: 'Something went wrong.',
})

/** The catalogue screens: the list editor, the settings and the catalogue's own checks. */
export const adminCatalogMessages = /* @__PURE__ */ defineMessages('admin.catalog', {
  editing: ' (editing)',
  isNew: ' (new)',
  newName: params('new {noun} {n}'),
  editSection: params('Edit {section}'),
  saveSection: params('Save {section}'),
  add: params('Add {noun}'),
  newNoun: params('New {noun}'),
  editNoun: params('Edit {noun}: {name}'),
  close: params('Close {noun}'),
  discard: 'Discard changes',
  // One item of a section, as a sentence names it
  nounProduct: 'product',
  nounCloud: 'cloud',
  nounService: 'service',
  nounRegion: 'region',
  nounDataCenter: 'data center',
  nounMenuItem: 'menu item',
  nounSeverity: 'severity',
  nounNotificationCategory: 'category',
  nounUrlCategory: 'URL category',
  nounCloudAppCategory: 'cloud application category',
  nounPrivacyCategory: 'privacy category',
  // Sections as a sentence names them
  inTextProducts: 'products',
  inTextClouds: 'clouds',
  inTextCoreServices: 'services',
  inTextRegions: 'regions',
  inTextDataCenters: 'data centers',
  inTextMainMenu: 'main menu',
  inTextTopMenu: 'top menu',
  inTextSeverities: 'severities',
  inTextNotificationCategories: 'notification categories',
  // Settings
  vendor: 'Vendor name',
  ssoAlias: 'Single sign-on path',
  helpSite: 'Help site URL',
  helpSiteGov: 'Help site URL (government)',
  continuityPolicy: 'Service continuity policy URL',
  feedbackEmail: 'Feedback email address',
  cookieConsentId: 'Cookie-consent domain id (commercial)',
  cookieConsentGovId: 'Cookie-consent domain id (government)',
  statusVmUrl: 'Vulnerability management status page URL',
  statusBranchUrl: 'Zero trust branch status page URL',
  isGov: 'Government variant of the site',
  isTrustDr: 'Disaster-recovery variant of the site',
  notSet: '(not set)',
  editSettings: 'Edit settings',
  variant: 'Variant',
  emptyRemoves: 'An empty field removes its setting.',
  saveSettings: 'Save settings',
  // The catalogue's checks
  latitudeNumber: 'Latitude must be a number of degrees.',
  longitudeNumber: 'Longitude must be a number of degrees.',
  latitudeRange: params('Latitude must be from -{limit} to {limit} degrees.'),
  longitudeRange: params('Longitude must be from -{limit} to {limit} degrees.'),
  dataCenterN: params('Data center {n}'),
  nameRequired: 'the name is required.',
  routeNotJson: 'the per-cloud route is not valid JSON.',
  routeNotTexts: 'per-cloud routes must be texts, one per cloud.',
  routeNoCommercial: 'per-cloud routes need a "commercial" route for the other clouds.',
  subMenuN: params('sub-menu {n}'),
  menuItemN: params('Menu item {n}'),
  // Notification categories
  categoriesIntro:
    'Optional. Visitors subscribe to these categories on the Notifications tab of the Subscriptions page, and the incident desk tags each notification with its categories. A notification is mailed to the subscribers of its categories, of its type and of all notifications; without categories, to those of its type and of all notifications.',
  groupUrlCategories: 'URL categories',
  groupCloudAppCategories: 'Cloud application categories',
  groupPrivacyCategories: 'Privacy categories',
  noCategoryYet: 'None yet.',
  categoryNameTwice: 'this name is listed twice: each category of a type needs its own name.',
})

/** The FAQ and compliance screens. */
export const adminContentMessages = /* @__PURE__ */ defineMessages('admin.content', {
  noTitle: '(no title)',
  editFaq: 'Edit the FAQ page',
  faqHint: 'Questions as <details><summary>Question</summary>Answer</details>; scripts, styles and forms are removed when saved.',
  saveFaq: 'Save FAQ page',
  page: 'Page',
  sharedPage: 'Shared page (every cloud without its own)',
  usesShared: params('{cloud} (uses the shared page)'),
  theFaq: 'the FAQ',
  rowDescriptionRequired: params('Row {n}: the description is required.'),
  rowDateRequired: params('Row {n}: the date is required (YYYY-MM-DD).'),
  previewCaption: 'Authorizations and estimated approval dates',
  estimatedApproval: 'Estimated approval date',
  noRowsPreview: 'No rows',
  approvals: 'Approvals',
  estimatedDate: 'Estimated date',
  editCompliance: 'Edit the compliance page',
  pageTop: 'Page top (HTML)',
  pageTopHint: 'Shown above the table; scripts, styles and forms are removed when saved.',
  rows: 'Rows',
  noRows: 'No rows.',
  rowN: params('Row {n}'),
  rowDescription: params('Description of row {n} (HTML)'),
  rowDate: params('Estimated approval date of row {n}'),
  moveRowUp: params('Move row {n} up'),
  moveRowDown: params('Move row {n} down'),
  removeRow: params('Remove row {n}'),
  addRow: 'Add row',
  saveCompliance: 'Save compliance page',
  theCompliancePages: 'the compliance pages',
  noCompliancePage: 'No cloud has a compliance page.',
})

/** The staff screen and the audit log. */
export const adminStaffMessages = /* @__PURE__ */ defineMessages('admin.staff', {
  forMail: params('for {mail}'),
  never: 'Never',
  saveRolesOf: params('Save roles of {mail}'),
  saveRoles: 'Save roles',
  nowHasRoles: params('{mail} now has the roles: {roles}.'),
  noLongerStaff: params('{mail} is no longer on the staff.'),
  emailRequired: 'enter the email address of an existing account.',
  rolesRequired: 'choose at least one role.',
  onStaff: params('{mail} is on the staff.'),
  theStaff: 'the staff',
  staffTable: 'Staff members and their roles',
  member: 'Member',
  roles: 'Roles',
  lastSignIn: 'Last sign-in',
  addStaff: 'Add staff member',
  emailLabel: 'Email of an existing account',
  // Audit log
  beforeAndAfter: 'Before and after',
  before: 'Before',
  after: 'After',
  theAuditLog: 'the audit log',
  noChanges: 'No changes recorded.',
  changesCaption: params('Changes, newest first (page {page} of {pages})'),
  who: 'Who',
  target: 'Target',
  auditPages: 'Audit log pages',
  previous: 'Previous',
  next: 'Next',
})

/** The subscribers screen: CSV export and import (`./SubscribersScreen.tsx`; docs/subscriptions.md#subscriber-import-and-export). */
export const adminSubscriberMessages = /* @__PURE__ */ defineMessages('admin.subscribers', {
  intro:
    'Move subscribers here from another product, or keep a copy of yours. An import subscribes nobody: each person gets an opt-in mail and is subscribed only after confirming it.',
  exportTitle: 'Export',
  exportText:
    'A CSV file with one row per subscriber: email, verified (yes or no) and topics, one per line in the cell, such as “status.example.com > Core Cloud Services > Web Proxy”. Every export is recorded in the audit log.',
  exportLink: 'Export CSV',
  importTitle: 'Import',
  importText:
    'A CSV file with a header row and the columns email and topics (a verified column is ignored), topics written as the export writes them. If any row is wrong, nothing is imported and the wrong rows are listed.',
  fileLabel: 'CSV file of subscribers',
  importButton: 'Import and send opt-in mail',
  importing: 'Importing…',
  chooseFile: 'Choose a CSV file first.',
  invited: count({ one: '{count} person invited.', other: '{count} people invited.' }),
  details: params(
    'Already invited in the last 7 days (no second mail): {invited}. Already subscribed to every topic (nothing to do): {subscribed}. New accounts: {created}.',
  ),
  badRows: count({
    one: '{count} row is wrong; nothing was imported. Fix it and import the file again:',
    other: '{count} rows are wrong; nothing was imported. Fix them and import the file again:',
  }),
  line: params('Line {line}'),
  lineAndRow: params('Line {line} (row {row} in a spreadsheet)'),
  tooLarge: 'The file is larger than 2 MB. Split it into smaller files and import each.',
})

/**
 * The mail outbox's delivery, sender and waiting time (`contract/admin.ts` OutboxData), the
 * banners when mail is not sent or has been waiting long, and the notification fan-outs with
 * their progress and the sending rate (`./Outbox.tsx`).
 */
export const adminMailMessages = /* @__PURE__ */ defineMessages('admin.mail', {
  delivery: 'Delivery',
  /** Delivery `smtp`. */
  deliverySmtp: 'through the mail server of SMTP_URL',
  /** Delivery `dev_mail`. */
  deliveryDevMail: 'not sent: development mode lists mail at /dev/mail',
  /** Delivery `off`. */
  deliveryOff: 'off: nothing is sent while SMTP_URL is not set',
  sender: 'Sender',
  oldestQueued: 'Oldest queued message',
  /** `{age}`: a duration such as "3 hours"; `{time}`: when the message was created. */
  waiting: params('{age} in the queue (created {time})'),
  underAMinute: 'less than a minute',
  noneQueued: 'none, nothing is waiting',
  offTitle: 'Mail is not being sent',
  offText:
    'SMTP_URL is not set, so sign-up, password-reset and notification emails stay queued in the outbox. Set SMTP_URL to your mail server (for example smtps://user:password@smtp.example.com) and restart the server: the queued mail then goes out.',
  stuckTitle: 'Mail is waiting',
  stuckText: params(
    'The oldest queued message has waited {age}. Look at the errors of the messages below and at the mail server of SMTP_URL.',
  ),
  // Notification fan-outs (`OutboxData.fanouts`) and the sending rate
  fanoutsTitle: 'Notifications being sent',
  /** `{type}`: the record's type; `{kind}`: what happened to it; `{time}`: when it was committed. */
  fanoutWhat: params('{type} · {kind} · started {time}'),
  /** The label of the progress bar, numbers formatted for the locale: "12,345 of 100,000 sent". */
  fanoutProgress: params('{sent} of {total} sent'),
  fanoutAdding: params('Adding recipients: {enqueued} of {recipients} emails queued so far'),
  fanoutSending: params('Sending: {queued} emails waiting'),
  fanoutWaiting: params('Queued: {queued} emails, sent once SMTP_URL is set'),
  fanoutFinished: params('Finished {time}'),
  fanoutFailed: params('Failed: {failed} (Retry is in the list below)'),
  /** `{rate}`: emails per second, one decimal. */
  sentPerSecond: params('Sending rate: {rate} emails per second over the last 10 seconds'),
  refreshing: 'This part is read again every 5 seconds while notifications are being sent.',
  refreshFailed: params('The outbox could not be read again: {error} It is tried again in 5 seconds.'),
  kindPublished: 'Published',
  kindUpdated: 'Updated',
  kindReminder: 'Reminder',
  kindStarted: 'Started',
  kindCompleted: 'Completed',
  kindPostponed: 'Postponed',
  kindCancelled: 'Cancelled',
})

/** The first-run steps of the dashboard (`./setup.ts`, `./SetupSteps.tsx`). */
export const adminSetupMessages = /* @__PURE__ */ defineMessages('admin.setup', {
  title: 'Set up your site',
  intro:
    'Take the steps in this order: each screen picks from what the steps before it made. A step is done once its screen has saved something.',
  progress: params('{done} of {total} steps done.'),
  allDone: params('Setup: all {total} steps are done.'),
  done: 'Done',
  next: 'Next step',
  notDone: 'Not done yet',
  stepSettings: 'Vendor settings',
  stepProducts: 'Products',
  stepServices: 'Services',
  stepRegions: 'Regions',
  stepDataCenters: 'Data centers',
  stepClouds: 'Clouds',
  stepMenus: 'Menus',
  hintSettings: 'Your company’s name, which the site and its emails show, and its links.',
  hintProducts: 'What you sell: every cloud belongs to a product.',
  hintServices: 'The core services a cloud’s status page lists, one row each.',
  hintRegions: 'The regions that group the data centers, such as EMEA, Americas and APAC.',
  hintDataCenters: 'Each data center with its city, country, region and coordinates.',
  hintClouds: 'Each cloud with its domain, product and services. Then tick on Data centers which data centers serve it.',
  hintMenus: 'The pages of the main menu. A cloud can open on one of them (its default page).',
})

/** What leaving a screen with unsaved changes asks (`./unsaved.ts`). */
export const adminLeaveMessages = /* @__PURE__ */ defineMessages('admin.leave', {
  unsaved: 'This screen has changes that are not saved. Leave it and lose them?',
})

/** The catalogue's refusals in words (`./problems.ts`): where the bad field is and what the server said. */
export const adminProblemMessages = /* @__PURE__ */ defineMessages('admin.problems', {
  /** `{noun}`: e.g. "cloud"; `{name}`: its title or name. */
  item: params('{noun} “{name}”'),
  /** An item inside another: a cloud's service, a menu item's sub-menu. */
  within: params('{outer} › {inner}'),
  atField: params('{where}, {field}: {message}'),
  at: params('{where}: {message}'),
  /** Pages in another language than English: the server's English sentence follows. */
  refused: params('the server refused this value: {reason}'),
  since: 'In service since',
  until: 'Decommissioned on',
  id: 'Id',
})

/** The third-party screen (docs/operating/console-and-desk.md#third-party-components). */
export const adminThirdPartyMessages = /* @__PURE__ */ defineMessages('admin.thirdParty', {
  intro:
    'Groups of components that follow another Statuspage-compatible status page, shown on the cloud status page as third-party. Pages are read every minute; statuses they report never open an incident here.',
  what: 'the third-party groups',
  none: 'No third-party groups yet.',
  table: 'Third-party groups',
  group: 'Group',
  lastPoll: 'Last poll',
  never: 'never',
  okAt: params('Read successfully {time}'),
  failingSince: params('Failing since {time}'),
  components: params('{count} components · page: {page}'),
  nameOf: params('Name of the group following {url}'),
  rename: 'Rename',
  renameOf: params('Rename: {name}'),
  pollNow: 'Poll now',
  pollOf: params('Poll now: {name}'),
  add: 'Add third-party group',
  name: 'Group name',
  url: 'Status page address',
  nameRequired: 'enter the name the group shows under.',
  urlRequired: 'enter the address of the status page, such as https://status.example.com.',
  followed: params('{name} is followed: {count} components read.'),
  notFollowed: params('Not added: {error}'),
  renamed: params('The group is now called {name}.'),
  pollOk: params('{name} was read successfully.'),
  pollFailed: params('The page could not be read: {error}'),
  removed: params('{name} is no longer followed.'),
})
