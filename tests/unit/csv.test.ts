import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BOM,
  csvLines,
  decimalComma,
  parseCsv,
  parseDecimal,
  unquoteFormula,
} from '../../src/server/services/money/reports/csv'

/** The CSV a French spreadsheet opens (docs/rules/money.md#reports), written and read back. */
describe('csv', () => {
  it('reads back any text it writes: ; quotes and line breaks escaped, formulas neutralised', () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', 'é', ';', '"', '\n', '\r\n', ' ', '=', '-', '1', ','),
    })
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          // The reader trims each cell: spaces around a cell are not kept.
          const clean = rows.map((r) => r.map((c) => c.trim()))
          const file = Buffer.from(BOM + csvLines([['h1', 'h2'], ...clean]))
          const back = parseCsv(file).map((r) => r.map(unquoteFormula))
          // Every record comes back, blank ones too: a record's index is its row in the spreadsheet.
          expect(back.slice(1)).toEqual(clean)
        },
      ),
    )
  })

  it('quotes what must be, and writes CRLF lines', () => {
    expect(csvLines([['a;b', 'c"d', 'e\nf', 12, null, '=SOMME(A1)']])).toBe(
      '"a;b";"c""d";"e\nf";12;;\'=SOMME(A1)\r\n',
    )
  })

  it('reads French and plain decimals, and writes a decimal comma', () => {
    expect(parseDecimal('12 500')).toBe(12500)
    expect(parseDecimal('0,5')).toBe(0.5)
    expect(parseDecimal('1.5')).toBe(1.5)
    expect(parseDecimal('12\u202f000')).toBe(12000)
    expect(parseDecimal('douze')).toBeNull()
    expect(parseDecimal('')).toBeNull()
    expect(decimalComma(0.5)).toBe('0,5')
    expect(decimalComma(3)).toBe('3')
  })

  it('refuses a file that is not UTF-8 in French', () => {
    expect(() => parseCsv(Buffer.from('Nom;Prix\r\nCôte;1\r\n', 'latin1'))).toThrow(/UTF-8/)
  })
})
