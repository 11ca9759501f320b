/**
 * Tests that only PostgreSQL can prove (row locks under real concurrency, processes sharing a
 * server) run when TEST_DATABASE_URL is set, as .ci/run does. Elsewhere they are reported as
 * skipped, with the reason in the title, never silently passed.
 */
export const pgBase = process.env.TEST_DATABASE_URL

export const NO_POSTGRES = 'skipped: no PostgreSQL (TEST_DATABASE_URL unset)'

/** The suite's title, with the reason it is skipped when there is no PostgreSQL. */
export function pgTitle(title: string) {
  if (pgBase) return title
  console.warn(`${title}: ${NO_POSTGRES}`)
  return `${title} — ${NO_POSTGRES}`
}
