// `csapi ingest amazon-attribution FILE|DIR…`: Amazon Attribution reports → report rows with
// commissions, in one transaction; a run that cannot be read whole is refused whole.
import { Command } from 'commander'
import { expandFiles, ingestAmazonAttribution, IngestFileError, IngestRefused } from '../../ingest/run.js'
import { withDb } from '../db.js'
import { Failure, UsageError } from '../errors.js'
import { formatSummary, progressBar } from '../ingest-report.js'
import { println, type Io } from '../io.js'

export function ingestCommand(io: Io): Command {
  const ingest = new Command('ingest').description('turn report files from an affiliate network into report rows')
  ingest
    .command('amazon-attribution')
    .summary('ingest Amazon Attribution reports')
    .description(
      'ingest Amazon Attribution reports (JSON pages, array, NDJSON or CSV) in one transaction; ' +
        'running it again on the same files changes nothing',
    )
    .argument('<FILE|DIR...>', 'report files, or directories of them')
    .option('--dry-run', 'read and check everything, say what would change, change nothing')
    .option('--strict', 'refuse the run if any row cannot be placed (default: list those rows, ingest the rest)')
    .action((paths: string[], opts: { dryRun?: boolean; strict?: boolean }) => {
      // a path that is not there, or a directory without files, is a mistake of the command line
      // (exit 2); a file that is there but cannot be ingested fails the run (exit 1)
      try {
        expandFiles(paths)
      } catch (err) {
        if (err instanceof IngestFileError) throw new UsageError(err.message)
        throw err
      }
      return withDb(io, async (db) => {
        const progress = io.stderr.isTTY ? progressBar(io.stderr) : undefined
        try {
          const summary = await ingestAmazonAttribution(db, paths, {
            dryRun: opts.dryRun === true,
            strict: opts.strict === true,
            onProgress: progress?.update,
            onPhase: progress?.phase,
          })
          progress?.done()
          println(io.stdout, formatSummary(summary, db.description))
        } catch (err) {
          progress?.done()
          if (err instanceof IngestFileError || err instanceof IngestRefused) {
            throw new Failure(`the run was refused whole; nothing was ingested.\n${err.message}`)
          }
          throw err
        }
      })
    })
  return ingest
}
