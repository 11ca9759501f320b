import type { Endpoint } from '../http/define-endpoint'
import login from './auth/login-with-password'
import logout from './auth/logout'
import register from './auth/register-with-password'
import session from './auth/session'
import countries from './places/countries'

/**
 * Every endpoint of the API, in one list: the kernel registers them and the permission tests
 * walk them. A test fails when a file under api/ is missing from here.
 */
export const endpoints: readonly Endpoint[] = [session, login, logout, register, countries] as unknown as readonly Endpoint[]
