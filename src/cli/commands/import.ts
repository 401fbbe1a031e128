// `csapi import FILE|-`: loads a dataset file in one transaction; a bad file is refused whole.
import { readFileSync } from 'node:fs'
import { Command } from 'commander'
import { DatasetError, parseDatasetText } from '../../dataset/parse.js'
import { importDataset, type ImportCounts } from '../../dataset/import.js'
import { withDb } from '../db.js'
import { UsageError } from '../errors.js'
import { println, type Io } from '../io.js'

export function importCommand(io: Io): Command {
  return new Command('import')
    .summary('load a dataset file (JSON)')
    .description(
      'load a dataset file (docs/dataset-format.md) in one transaction and print what was ' +
        'inserted, updated and unchanged per section; a bad file is refused whole',
    )
    .argument('<file>', 'the JSON file, or - to read standard input')
    .action(async (file: string) => {
      const dataset = parseDatasetText(decode(readInput(file), file), file)
      await withDb(io, async (db) => {
        const counts = await importDataset(db, dataset)
        const from = file === '-' ? 'standard input' : file
        println(io.stdout, `imported ${from} into ${db.description}:\n${formatCounts(counts)}`)
      })
    })
}

function readInput(file: string): Buffer {
  try {
    return readFileSync(file === '-' ? 0 : file)
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
  }
}

// fatal: a file in another encoding (Latin-1, UTF-16) is refused, not stored with U+FFFD in
// place of each character; a byte order mark, as some editors write, is skipped
const utf8 = new TextDecoder('utf-8', { fatal: true })

function decode(bytes: Buffer, file: string): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw new DatasetError([`${file === '-' ? 'standard input' : file}: not UTF-8 text (save the file as UTF-8)`])
  }
}

export function formatCounts(counts: ImportCounts): string {
  const n = (v: number) => String(v).padStart(8)
  return Object.entries(counts)
    .map(
      ([section, c]) =>
        `  ${section.padEnd(16)} ${n(c.inserted)} inserted ${n(c.updated)} updated ${n(c.unchanged)} unchanged` +
        (c.kept
          ? `\n  (${c.kept} approved or paid report ${c.kept === 1 ? 'row' : 'rows'} kept the commission and ` +
            'currency they were approved or paid with; a paid row stays paid, an approved one becomes paid only ' +
            'when the file says so)'
          : '') +
        (c.covered
          ? `\n  (${c.covered.rows} report rows came paid, settled before this service: ` +
            `${c.covered.payouts} imported payouts cover them, one per creator and currency; csapi payouts list)`
          : ''),
    )
    .join('\n')
}
