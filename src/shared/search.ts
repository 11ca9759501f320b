/**
 * How a search compares texts (docs/rules/catalogue.md#search): accents, case and the œ/æ ligatures aside,
 * so that 'boeuf' finds 'Bœuf', 'cotelette' 'Côtelettes d’agneau' and 'chevre' 'Chèvre'.
 *
 * The database does the same, step for step, with `etal_fold(text)` (migration 0013):
 *
 * 1. a text of ASCII alone only has its letters put in lower case;
 * 2. else its accents come off: the canonical decomposition (NFD: 'é' is 'e' then U+0301), then
 *    the combining accents, U+0300 to U+036F, dropped;
 * 3. a text holding one of FOLD_CLASS then has the letters no decomposition reaches ('ø', 'ł',
 *    'ɛ', 'ɔ', 'ɓ'…, the typographic apostrophe) translated by the table below, and 'œ', 'æ'
 *    spelled 'oe', 'ae';
 * 4. the ASCII letters in lower case (`lower(… COLLATE "C")`, whatever the database's locale).
 *
 * Not PostgreSQL's `unaccent`, which PGlite and the browser do not have: both engines and the
 * browser apply the same Unicode decomposition (stable for every character the older of them
 * knows) and the same table, so they give the same answer character for character
 * (tests/api/search-fold.test.ts compares them).
 */

/** Each letter on the left stands for every character of its string. */
const LETTERS: readonly (readonly [to: string, from: string])[] = [
  ['b', 'ɓƁ'],
  ['d', 'đðɗĐÐƊ'],
  ['e', 'ɛƐ'],
  ['h', 'ħĦ'],
  ['i', 'ı'],
  ['k', 'ƙƘ'],
  ['l', 'łŁ'],
  ['n', 'ŋŊ'],
  ['o', 'øɔØƆ'],
  ['t', 'ŧŦ'],
  ['y', 'ƴƳ'],
  // The capital ligatures become the small ones, which step 3 then spells out.
  ['œ', 'Œ'],
  ['æ', 'Æ'],
  // A typed apostrophe finds a typographic one ('d'agneau' finds 'd’agneau').
  ["'", '‘’ʼ'],
]

/** `translate`'s two strings: the i-th character of FOLD_FROM becomes the i-th of FOLD_TO. */
export const FOLD_FROM = LETTERS.map(([, from]) => from).join('')
const FOLD_TO = LETTERS.map(([to, from]) => to.repeat([...from].length)).join('')

/**
 * The characters that send a text through step 3: those of the table, the small ligatures, and
 * those whose decomposition starts with one of them ('ǿ' is 'ø' then an accent).
 */
export const FOLD_CLASS = `${FOLD_FROM}œæǢǣǼǽǾǿ`

const table = new Map<string, string>([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]))
const IN_CLASS = new RegExp(`[${FOLD_CLASS}]`, 'u')
const IN_TABLE = new RegExp(`[${FOLD_FROM}]`, 'gu')
const COMBINING_ACCENTS = /[\u0300-\u036f]/g
const NOT_ASCII = /[^\x20-\x7e]/
const lowerAscii = (value: string) => value.replace(/[A-Z]+/g, (s) => s.toLowerCase())

/** A text as searches compare it: `etal_fold` (migration 0013), in the browser or the server. */
export function foldForSearch(value: string): string {
  if (!NOT_ASCII.test(value)) return lowerAscii(value)
  const bare = value.normalize('NFD').replace(COMBINING_ACCENTS, '')
  if (!IN_CLASS.test(value)) return lowerAscii(bare)
  return lowerAscii(
    bare
      .replace(IN_TABLE, (c) => table.get(c) ?? c)
      .replaceAll('œ', 'oe')
      .replaceAll('æ', 'ae'),
  )
}

/** Whether `text` contains `search` (trimmed), both folded; an empty search matches everything. */
export function matchesSearch(text: string, search: string): boolean {
  const q = foldForSearch(search.trim())
  return q === '' || foldForSearch(text).includes(q)
}
