import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { resetAccountErrors, secondFactorOfSignIn, signIn } from '../accounts/account'
import { defaultPagePath } from '../../widgets/core/cloud'
import type { Cloud, GlobalData } from '../../contract/global'
import { signInDestination } from '../accounts/destination'
import { $session } from '../../widgets/core/session'
import * as styles from '../accounts/accounts.css'
import { validateSignIn } from '../accounts/validate'
import { $router, isProtectedPath } from '../routes'
import { showToast } from '../toast'
import { useMessages } from '../../widgets/core/i18n/react'
import { accountMessages } from '../accounts/messages'
import { secondFactorMessages } from '../accounts/second-factor/messages'
import { SecondFactorProve } from '../accounts/second-factor/SecondFactorProve'
import * as sf from '../accounts/second-factor/second-factor.css'
import { AccountForm, AccountPage, useAccountForm } from './account/AccountPage'
import { accountPageMessages, signInMessages } from './account/messages'

/** Info banners of the sign-in page (docs/requirements/screens.md#sign-in), in English; the page shows them in its language. */
export const SIGN_IN_BANNERS = {
  subscribe: signInMessages.base.bannerSubscribe,
  settings: signInMessages.base.bannerSettings,
} as const

/** What the sign-in page makes of its query (`destination`, `subscribe=1`). */
export interface SignInContext {
  /** Safe same-origin path to return to after sign-in, '' when none. */
  destination: string
  /** The info banner to show (its English, {@link SIGN_IN_BANNERS}), '' for none. */
  banner: string
  /** `destination` query of the Employee login link: 'subscribe' or 'sign-in'. */
  employeeDestination: 'subscribe' | 'sign-in'
}

/**
 * Reads the sign-in query: `?destination={path}` (set by protected pages; only same-origin paths
 * are kept) and `?subscribe=1` (the subscribe action while signed out).
 */
export function signInContext(search: string): SignInContext {
  const query = new URLSearchParams(search)
  const fromSubscribe = query.get('subscribe') === '1'
  const destination = signInDestination(query.get('destination'))
  const path = destination.split(/[?#]/)[0]
  const toSubscribe = fromSubscribe || path === '/subscribe'
  let banner = ''
  if (path === '/account-settings') banner = SIGN_IN_BANNERS.settings
  else if (fromSubscribe || (destination && isProtectedPath(destination))) banner = SIGN_IN_BANNERS.subscribe
  return {
    destination: destination || (fromSubscribe ? '/subscribe' : ''),
    banner,
    employeeDestination: toSubscribe ? 'subscribe' : 'sign-in',
  }
}

/** The Employee login address: the SSO alias plus `destination` (docs/requirements/screens.md#sign-in). */
export function employeeLoginHref(alias: string, destination: 'subscribe' | 'sign-in'): string {
  return `${alias}${alias.includes('?') ? '&' : '?'}destination=${destination}`
}

/**
 * The sign-in page (docs/requirements/screens.md#sign-in, docs/requirements/states.md#sign-in, docs/requirements/validation.md): Email or Username and Password, links to
 * Forgot Password, Sign Up and the Employee login. Field errors sit under their inputs; the
 * server's error is a red alert above the form. After success: a toast and the `destination`
 * (a same-origin path) or the cloud's default page — once an account with a second factor has
 * proved it in the page's second step, "Confirm it's you" (docs/operating/staff-sign-in.md
 * "Second factor"; an account that must still set one up does so at the console's gate).
 */
export default function SignInPage({ global, cloud }: { global: GlobalData; cloud: Cloud | null }) {
  const page = useStore($router)
  const session = useStore($session)
  const ctx = signInContext(typeof location === 'undefined' ? '' : location.search)
  const t = useMessages(signInMessages)
  const common = useMessages(accountPageMessages)
  const toasts = useMessages(accountMessages)
  const factor = useMessages(secondFactorMessages)
  const [proving, setProving] = useState(false)

  useEffect(() => resetAccountErrors(), [])

  const enter = () => {
    showToast(toasts.loggedIn)
    $router.open(ctx.destination || (cloud ? defaultPagePath(cloud) : '/'))
  }

  const form = useAccountForm(
    { name: '', pass: '' },
    {
      busy: session.signingIn,
      validate: (values, locale) => validateSignIn(values, global.sso?.employee_domains ?? [], locale),
      send: async ({ name, pass }) => {
        if (await signIn(name.trim(), pass, cloud?.machine_name ?? '')) {
          if (secondFactorOfSignIn() === 'verify') setProving(true)
          else enter()
        }
      },
    },
  )

  const employeeLabel = global.isGov ? t.governmentLogin : t.employeeLogin
  // The second step, while the session is signed in: a sign-out elsewhere ends it.
  if (proving && session.isLoggedIn) {
    return (
      <AccountPage name="sign-in" title={common.signIn} path={page?.path}>
        <div className={styles.form}>
          <h2 className={sf.heading}>{factor.proveTitle}</h2>
          <SecondFactorProve idPrefix="sign-in" onProved={enter} />
        </div>
      </AccountPage>
    )
  }
  return (
    <AccountPage name="sign-in" title={common.signIn} path={page?.path}>
      {ctx.banner && (
        <p className={styles.infoBox} data-testid="sign-in-banner">
          {ctx.banner === SIGN_IN_BANNERS.settings ? t.bannerSettings : t.bannerSubscribe}
        </p>
      )}
      <AccountForm
        {...form}
        prefix="sign-in"
        fields={[
          { name: 'name', label: t.name, autoComplete: 'username' },
          { name: 'pass', label: common.password, type: 'password', autoComplete: 'current-password' },
        ]}
        error={session.errorSignIn}
        errorId="sign-in-error"
        busy={session.signingIn}
        submitLabel={session.signingIn ? t.signingIn : common.signIn}
      />
      <div className={styles.links}>
        <a href="/user/password">{t.forgotPassword}</a>
        <a href="/sign-up">{t.signUp}</a>
        {global.sso?.alias && (
          // target=_self: a full page load to the SSO endpoint, not an in-app route.
          <a href={employeeLoginHref(global.sso.alias, ctx.employeeDestination)} target="_self" data-testid="employee-login">
            {employeeLabel}
          </a>
        )}
      </div>
    </AccountPage>
  )
}
