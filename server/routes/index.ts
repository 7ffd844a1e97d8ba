/**
 * Every route module of the API (and the feeds beside it). A later slice adds its module
 * (accounts, subscriptions, …) to {@link ROUTE_MODULES}.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { registerAccountRoutes } from './accounts.js'
import { registerCloudBannerRoutes } from './cloud-banner.js'
import { registerCloudStatusRoutes } from './cloud-status.js'
import { registerCsafRoutes } from './csaf.js'
import { registerDcMapRoutes } from './dc-map.js'
import { registerDeskRoutes } from './desk.js'
import { registerDevMailRoutes } from './dev-mail.js'
import { registerFaqComplianceRoutes } from './faq-compliance.js'
import type { RouteDeps, TrustApp } from './deps.js'
import { registerFeedRoutes } from './feeds.js'
import { registerGlobalRoutes } from './global.js'
import { registerManageApiRoutes } from './manage-api.js'
import { registerRecordRoutes } from './records.js'
import { registerPasskeyRoutes } from './passkeys.js'
import { registerSecondFactorRoutes } from './second-factor.js'
import { registerSeoRoutes } from './seo.js'
import { registerSpeedometerRoutes } from './speedometer.js'
import { registerSsoRoutes } from './sso.js'
import { registerStatuspageRoutes } from './statuspage.js'
import { registerSubscriptionRoutes } from './subscriptions.js'
import { registerThirdPartyRoutes } from './third-party.js'
import { registerUserSessionRoutes } from './user-sessions.js'
import { registerWebhookRoutes } from './webhooks.js'
import { registerAdminAdvisoryRoutes } from './admin-advisories.js'
import { registerAdminAlertRoutes } from './admin-alerts.js'
import { registerAdminApiKeyRoutes } from './admin-api-keys.js'
import { registerAdminCatalogRoutes } from './admin-catalog.js'
import { registerAdminContentRoutes } from './admin-content.js'
import { registerAdminRecordRoutes } from './admin-records.js'
import { registerAdminTrafficRoutes } from './admin-traffic.js'
import { registerAdminSubscriberRoutes } from './admin-subscribers.js'
import { registerVexRoutes } from './vex.js'

/** A route module registers its routes on the app, with the shared dependencies. */
export type RouteModule = (app: TrustApp, deps: RouteDeps) => void

/** The route modules, registered in this order. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  registerGlobalRoutes,
  registerCloudBannerRoutes,
  registerDcMapRoutes,
  registerSpeedometerRoutes,
  registerCloudStatusRoutes,
  registerRecordRoutes,
  registerVexRoutes,
  registerFeedRoutes,
  registerCsafRoutes,
  registerStatuspageRoutes,
  registerAccountRoutes,
  registerSecondFactorRoutes,
  registerPasskeyRoutes,
  registerUserSessionRoutes,
  registerSsoRoutes,
  registerSubscriptionRoutes,
  registerThirdPartyRoutes,
  registerWebhookRoutes,
  registerAdminRecordRoutes,
  registerDeskRoutes,
  registerAdminAdvisoryRoutes,
  registerAdminApiKeyRoutes,
  registerManageApiRoutes,
  registerAdminAlertRoutes,
  registerAdminCatalogRoutes,
  registerAdminContentRoutes,
  registerAdminTrafficRoutes,
  registerAdminSubscriberRoutes,
  registerFaqComplianceRoutes,
  registerDevMailRoutes,
  registerSeoRoutes,
]

/** Registers every API route. */
export function registerApiRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  for (const register of ROUTE_MODULES) register(typed, deps)
}
