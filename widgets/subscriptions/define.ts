import { defineElement } from '../core/element'
import { SubscriptionsElement } from './element'

defineElement('trust-subscriptions', SubscriptionsElement)
