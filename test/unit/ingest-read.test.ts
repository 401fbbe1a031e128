// Readers and mapping of Amazon Attribution report rows: every format, chunk boundaries
// anywhere, exact ids and money, and refusals that name the file and row.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from '../support/temp-dir.js'
import fc from 'fast-check'
import { IngestFileError, JsonRowScanner, quoteAdGroupId, readBatches, type RawRecord } from '../../src/ingest/read.js'
import { RowMapper } from '../../src/ingest/map.js'

const dir = tempDir('csapi-ingest-read-')
const file = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}
async function readAll(path: string): Promise<RawRecord[]> {
  const rows: RawRecord[] = []
  for await (const b of readBatches(path)) rows.push(...b)
  return rows
}
function scanInChunks(text: string, size: number): RawRecord[] {
  const s = new JsonRowScanner('x.json')
  const rows: RawRecord[] = []
  for (let i = 0; i < text.length; i += size) rows.push(...s.push(text.slice(i, i + size)))
  s.end()
  return rows
}

const rowA = {
  date: '20260305',
  adGroupId: '1',
  productAsin: 'B0ING00001',
  note: 'braces { [ "quoted" \\ ] } and "reports": [',
}
const rowB = { date: '20260306', adGroupId: '2', 'Click-throughs': '7' }

test('every JSON shape gives the same rows: pages, concatenated pages, array, NDJSON', async () => {
  const page1 = JSON.stringify({ cursorId: 'abc', reports: [rowA], size: 1 })
  const page2 = JSON.stringify({ reports: [rowB], cursorId: null, extra: [{ reports: [1] }] })
  const shapes = {
    'pages.json': `${page1}\n${page2}\n`,
    'array.json': JSON.stringify([rowA, rowB], null, 2),
    'rows.ndjson': `${JSON.stringify(rowA)}\n${JSON.stringify(rowB)}\n`,
    'bom.json': `\uFEFF  ${JSON.stringify([rowA, rowB])}`,
  }
  for (const [name, text] of Object.entries(shapes))
    assert.deepEqual(await readAll(file(name, text)), [rowA, rowB], name)
})

test('a chunk boundary anywhere changes nothing', () => {
  const text = `${JSON.stringify({ reports: [rowA, rowB, rowA], cursorId: 'x' })}\n${JSON.stringify(rowB)}`
  const whole = scanInChunks(text, text.length)
  assert.deepEqual(whole, [rowA, rowB, rowA, rowB])
  for (const size of [1, 2, 3, 5, 7, 13, 64]) assert.deepEqual(scanInChunks(text, size), whole, `chunks of ${size}`)
})

test('property: any rows, as an array, split anywhere, come back as they were', () => {
  const value = fc.dictionary(
    fc.string({ maxLength: 8 }),
    fc.oneof(fc.string(), fc.integer(), fc.array(fc.string(), { maxLength: 3 })),
    { maxKeys: 5 },
  )
  fc.assert(
    fc.property(fc.array(value, { maxLength: 6 }), fc.integer({ min: 1, max: 40 }), (rows, size) => {
      const expected = JSON.parse(JSON.stringify(rows)) as unknown
      assert.deepEqual(scanInChunks(JSON.stringify({ reports: rows }), size), expected)
      assert.deepEqual(scanInChunks(JSON.stringify(rows), size), expected)
    }),
    { numRuns: 300 },
  )
})

test('ad group ids beyond 2^53 keep every digit', () => {
  assert.equal(quoteAdGroupId('{"adGroupId": 123456789012345678,"x":1}'), '{"adGroupId": "123456789012345678","x":1}')
  assert.equal(quoteAdGroupId('{"adGroupId":"5"}'), '{"adGroupId":"5"}')
  const rows = scanInChunks('[{"adGroupId":98765432109876543210,"date":"20260101"}]', 5)
  assert.equal(rows[0]!.adGroupId, '98765432109876543210')
})

test('broken JSON is refused, naming the file', async () => {
  await assert.rejects(
    readAll(file('cut.json', '{"reports":[{"date":"2026')),
    /cut\.json line 1: not valid JSON: the value that starts on this line is never closed \(the file ends inside it\)/,
  )
  await assert.rejects(
    readAll(file('bad.json', '[{"date": nope}]')),
    (e: Error) => e instanceof IngestFileError && /bad\.json row 1 \(line 1\): not valid JSON/.test(e.message),
  )
  assert.deepEqual(await readAll(file('no-rows.json', '{"reports": [], "cursorId": null}')), [])
  await assert.rejects(readAll(file('blank.json', ' \n ')), /blank\.json: empty file/)
})

test('CSV: header names the fields; a ragged row is refused', async () => {
  const rows = await readAll(
    file('perf.csv', 'date,campaignId,adGroupId,Click-throughs\n20260305,1,144523967350812,40\n'),
  )
  assert.deepEqual(rows, [{ date: '20260305', campaignId: '1', adGroupId: '144523967350812', 'Click-throughs': '40' }])
  await assert.rejects(
    readAll(file('ragged.csv', 'date,adGroupId,Click-throughs\n20260305,1\n')),
    /ragged\.csv: not a readable CSV report/,
  )
})

const m = new RowMapper('r.json')
const promoted = {
  date: '20260305',
  adGroupId: '7',
  productAsin: 'b0ing00001',
  marketplace: 'AMAZON.COM',
  productConversionType: 'Promoted',
  attributedDetailPageViewsClicks14d: '12',
  attributedAddToCartClicks14d: 8,
  attributedPurchases14d: '4',
  unitsSold14d: '4.0',
  attributedSales14d: '191.95999999999998',
  brandHaloAttributedSales14d: '999', // the other set of metrics is ignored
}

test('PRODUCTS rows: exact money in the marketplace currency, the metrics of their conversion type', () => {
  assert.deepEqual(m.map(promoted, 1), {
    kind: 'P',
    date: '2026-03-05',
    adGroupId: '7',
    asin: 'B0ING00001',
    marketplace: 'US',
    currency: 'USD',
    halo: false,
    detailPageViews: 12,
    addToCarts: 8,
    orders: 4,
    unitsSold: 4,
    salesCents: 19196n,
    clicks: 0,
  })
  const halo = m.map(
    {
      ...promoted,
      productConversionType: 'Brand Halo',
      brandHaloUnitsSold14d: '1',
      brandHaloAttributedSales14d: '10.005',
    },
    2,
  )
  assert.deepEqual([halo.halo, halo.salesCents, halo.unitsSold, halo.orders], [true, 1001n, 1, 0])
  const jp = m.map({ ...promoted, marketplace: 'amazon.co.jp', attributedSales14d: '1234.5' }, 3)
  assert.deepEqual([jp.marketplace, jp.currency, jp.salesCents], ['JP', 'JPY', 1235n])
  assert.equal(m.map({ ...promoted, attributedSales14d: 19.99 }, 4).salesCents, 1999n)
  assert.equal(m.map({ ...promoted, attributedSales14d: undefined }, 5).salesCents, 0n)
})

test('PERFORMANCE rows carry clicks only', () => {
  assert.deepEqual(
    m.map({ date: '2026-03-06', campaignId: '1', adGroupId: 144523967350812, 'Click-throughs': '7' }, 1),
    {
      kind: 'C',
      date: '2026-03-06',
      adGroupId: '144523967350812',
      asin: null,
      marketplace: null,
      currency: null,
      halo: false,
      detailPageViews: 0,
      addToCarts: 0,
      orders: 0,
      unitsSold: 0,
      salesCents: 0n,
      clicks: 7,
    },
  )
})

test('a row that cannot be read refuses the file, naming file, row and field', () => {
  const cases: [RawRecord, RegExp][] = [
    [{ ...promoted, date: '20260230' }, /r\.json row 9: date must be a day YYYYMMDD/],
    [{ ...promoted, adGroupId: 'a\tb' }, /adGroupId must be an id/],
    [{ ...promoted, adGroupId: undefined }, /adGroupId is missing/],
    [{ ...promoted, productAsin: 'SHORT' }, /productAsin must be 10 letters or digits/],
    [{ ...promoted, marketplace: 'AMAZON.XX' }, /marketplace "AMAZON.XX" is not an Amazon marketplace/],
    [{ ...promoted, productConversionType: 'Other' }, /productConversionType must be Promoted or Brand Halo/],
    [{ ...promoted, attributedSales14d: '1e3' }, /attributedSales14d: .*exponent notation/],
    [{ ...promoted, attributedSales14d: '-5.00' }, /attributedSales14d must not be negative/],
    [{ ...promoted, attributedSales14d: '1,234.00' }, /attributedSales14d: .*separators/],
    [{ ...promoted, unitsSold14d: '1.5' }, /unitsSold14d must be a non-negative whole number/],
    [{ ...promoted, attributedPurchases14d: '-1' }, /attributedPurchases14d must be a non-negative whole number/],
    [
      { date: '20260305', adGroupId: '1' },
      /neither a PRODUCTS row \(productAsin\) nor a PERFORMANCE row \(Click-throughs\)/,
    ],
  ]
  for (const [row, message] of cases) {
    assert.throws(
      () => m.map(row, 9),
      (e: Error) => e instanceof IngestFileError && message.test(e.message) && e.message.startsWith('r.json row 9: '),
      String(message),
    )
  }
})

/** The message reading `text` as a JSON report file is refused with. */
function refusal(text: string): string {
  try {
    scanInChunks(text, 7)
  } catch (err) {
    assert.ok(err instanceof IngestFileError, String(err))
    return err.message
  }
  assert.fail(`expected ${JSON.stringify(text)} to be refused`)
}

test('a value of the wrong kind where a row belongs is refused with its position', () => {
  const row = JSON.stringify(rowB)
  const cases: [string, string][] = [
    ['{"reports":[1,2,"x"]}', 'x.json line 1: reports[0] of page 1: a report row must be a JSON object, not a number'],
    ['{"reports":[[1]]}', 'x.json line 1: reports[0] of page 1: a report row must be a JSON object, not an array'],
    ['[[[]]]', 'x.json line 1: [0]: a report row must be a JSON object, not an array'],
    [`[${row},\n ${row},\n "x"]`, 'x.json line 3: [2]: a report row must be a JSON object, not a string'],
    [
      `{"reports":[${row}]}\n{"reports":[${row}, null], "cursorId": null}`,
      'x.json line 2: reports[1] of page 2: a report row must be a JSON object, not null',
    ],
    [`${row}\n${row}\ntrue\n`, 'x.json line 3: not valid JSON report rows: a boolean outside any object or array'],
    ['"reports"', 'x.json line 1: not valid JSON report rows: a string outside any object or array'],
    [`[${row}}`, 'x.json line 1: not valid JSON: unexpected "}" ("]" closes here)'],
    [`${row}]`, 'x.json line 1: not valid JSON: unexpected "]" (nothing is open)'],
  ]
  for (const [text, message] of cases) assert.equal(refusal(text), message, text)
  // an empty page is a page (Amazon's last one may be)
  assert.deepEqual(scanInChunks('{"reports": [], "cursorId": null}', 3), [])
})

test('NDJSON: a broken line in the middle is named by its number', () => {
  const line = (n: number) => JSON.stringify({ ...rowB, adGroupId: String(n) })
  const lines = [1, 2, 3, 4, 5].map(line)
  const unclosed = [...lines.slice(0, 2), line(3).slice(0, -1), ...lines.slice(3)].join('\n') + '\n'
  assert.equal(
    refusal(unclosed),
    'x.json line 3: not valid JSON: the value that starts on this line is never closed (the file ends inside it)',
  )
  const unquoted = [...lines.slice(0, 3), line(4).replace('"date":"20260306"', '"date":20260306x'), lines[4]]
  assert.match(refusal(unquoted.join('\n')), /^x\.json row 4 \(line 4\): not valid JSON: /)
  const openString = [...lines.slice(0, 1), line(2).replace('"7"}', '"7}'), ...lines.slice(2)].join('\n')
  assert.match(refusal(openString), /^x\.json (row 2 \()?line 2\)?: not valid JSON/)
})

test('an unclosed value is refused once it outgrows any row, not at the end of a large file', () => {
  const s = new JsonRowScanner('big.ndjson')
  s.push(`${JSON.stringify(rowB)}\n{"date": "20260306", "adGroupId": "2"\n`)
  const filler = `${JSON.stringify(rowB)}\n`.repeat(1000)
  assert.throws(
    () => {
      for (let i = 0; i < 200; i++) s.push(filler)
    },
    (e: Error) =>
      e instanceof IngestFileError &&
      /^big\.ndjson line 2: not valid JSON: the value that starts on this line runs past 1 MiB/.test(e.message),
  )
})

test('a key given twice is refused with the row, its line and the path', () => {
  const twice = '{"date":"20260306","adGroupId":"1","Click-throughs":"7","adGroupId":"2"}'
  assert.equal(
    refusal(`${JSON.stringify(rowB)}\n${twice}\n`),
    'x.json row 2 (line 2): adGroupId: key given twice in the same object',
  )
  const pretty = `[\n  ${JSON.stringify(rowA)},\n  {\n    "date": "20260306",\n    "x": {"a": 1,\n "a": 2}\n  }\n]`
  assert.equal(refusal(pretty), 'x.json row 2 (line 6): x.a: key given twice in the same object')
  // a page's own fields: a second `reports` would be read as nothing at all
  assert.equal(
    refusal(`{"reports": [${JSON.stringify(rowB)}], "cursorId": null, "reports": [${JSON.stringify(rowA)}]}`),
    'x.json line 1: page 1: reports: key given twice in the same object (line 1)',
  )
  // the same key in two rows, and colons inside strings, are not duplicates
  assert.deepEqual(scanInChunks(`[${JSON.stringify(rowA)}, ${JSON.stringify({ ...rowA, note: 'a:b' })}]`, 5), [
    rowA,
    { ...rowA, note: 'a:b' },
  ])
})

test('CSV: a column named twice in the header is refused', async () => {
  await assert.rejects(
    readAll(file('twice.csv', 'date,adGroupId,Click-throughs,adGroupId\n20260305,1,40,2\n')),
    /twice\.csv: not a readable CSV report: .*the header names the column "adGroupId" twice/,
  )
})

test('a row nested too deeply is refused with its file and row, not as a stack overflow', () => {
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
  for (const text of [`{"date":"20260306","x":${deep}}\n`, `{"date":"1","x":${deep},"date":"2"}\n`]) {
    const s = new JsonRowScanner('x.json')
    assert.throws(
      () => {
        s.push(text)
        s.end()
      },
      (e: Error) => e instanceof IngestFileError && /^x\.json row 1 \(line 1\): .*nested/.test(e.message),
    )
  }
})

test('a CSV record is bounded as a JSON row is: a field of megabytes is refused, not held in memory', async () => {
  const header = 'date,adGroupId,productAsin,marketplace,productConversionType,attributedSales14d,productName'
  const huge = file('huge.csv', `${header}\n20260305,1,B0ING00001,AMAZON.COM,Promoted,1.00,"${'y'.repeat(2 ** 21)}"\n`)
  await assert.rejects(
    readAll(huge),
    (e: Error) => e instanceof IngestFileError && /^.*huge\.csv: not a readable CSV report: .*1 MiB/.test(e.message),
  )
  const fine = file('fine.csv', `${header}\n20260305,1,B0ING00001,AMAZON.COM,Promoted,1.00,"${'y'.repeat(2 ** 16)}"\n`)
  assert.equal((await readAll(fine)).length, 1)
})
