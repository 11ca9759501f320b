/**
 * People (docs/rules/people.md): accounts, who may do what, and getting back in.
 *
 * - An account is made by registration or by staff (`user-admin.ts`), its phone kept in one
 *   international form (`phones.ts`), its password hashed off the event loop (`passwords.ts`).
 * - Signing in (`sign-in.ts`) opens a session, after the second factor for staff
 *   (`two-factor.ts`); a member ends its other sessions from its list (`own-sessions.ts`,
 *   `devices.ts`).
 * - A forgotten password is reset by a link or a code (`accounts.ts`).
 * - A client keeps its delivery addresses (`addresses.ts`); the session's user and a country by
 *   its name are read by `users.ts`.
 */
export * from './accounts'
export * from './addresses'
export * from './devices'
export * from './own-sessions'
export * from './passwords'
export * from './phones'
export * from './sign-in'
export * from './two-factor'
export * from './user-admin'
export * from './users'
