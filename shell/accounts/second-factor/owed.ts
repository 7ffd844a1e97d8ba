import { atom } from 'nanostores'
import type { SecondFactorDue } from '../../../contract/staff-identity'

/**
 * What the console's calls last said this session owes (a 403 `second_factor_required` or
 * `second_factor_enrolment_required` of an admin route), null when nothing: the console's gate
 * (`shell/admin/SecondFactorGate.tsx`) shows its screen instead of the console while it is set.
 */
export const $secondFactorOwed = atom<SecondFactorDue>(null)
