// The same scenarios, our requests only, on the embedded database (PGlite) at 1M rows. The
// dataset is generated once into $TMPDIR and kept between runs: it takes minutes.
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb } from '../../src/db/index.js'
import { datasetSize, generate, prepareIds, type BenchIds } from '../dataset.js'
import { wrk, type Measure } from '../load.js'
import { log } from '../log.js'
import { ratio, type Result } from '../result.js'
import { errorsOver, inRounds } from '../rounds.js'
import { peakRssMb, warm, warmUnderLoad } from '../sample.js'
import { buildScenarios } from '../scenarios/index.js'
import { startOurs, startOursPglite } from '../servers/ours.js'
import type { RunSettings } from './settings.js'

const PGLITE_ROWS = 1_000_000

async function preparePglite(): Promise<{ dir: string; seconds: number }> {
  const dir = join(tmpdir(), `csapi-bench-pglite-${PGLITE_ROWS}`)
  if (existsSync(join(dir, 'bench-ready'))) {
    log(`reusing the PGlite dataset in ${dir}`)
    return { dir, seconds: 0 }
  }
  rmSync(dir, { recursive: true, force: true })
  const t0 = Date.now()
  const db = await openDb(`file:${dir}/pgdata`)
  try {
    await generate(db, datasetSize(PGLITE_ROWS))
  } finally {
    await db.close()
  }
  writeFileSync(join(dir, 'bench-ready'), new Date().toISOString())
  return { dir, seconds: Math.round((Date.now() - t0) / 1000) }
}

/**
 * Adds each scenario's PGlite figures to its result (by name): PGlite's page and the same page
 * of a PostgreSQL server over the main dataset, started beside it, measured in rounds
 * (bench/rounds.ts), so that PGlite ÷ PostgreSQL is a ratio of the same minutes.
 */
export async function measurePglite(s: RunSettings, results: Result[], postgres: { url: string; ids: BenchIds }) {
  const { dir, seconds } = await preparePglite()
  const url = `file:${dir}/pgdata`
  // PGlite is one process's database: issue the tokens first, close, then let the server open it.
  const db = await openDb(url)
  let ids: BenchIds
  try {
    ids = await prepareIds(db)
  } finally {
    await db.close()
  }
  const server = await startOursPglite(url, s.ours)
  try {
    const beside = await startOurs('ours-beside-pglite', postgres.url, s.ours)
    try {
      const scenarios = await buildScenarios({ ids, bases: { ours: server.base }, db: null, extraDepths: [] }, s.only)
      const pgScenarios = await buildScenarios(
        { ids: postgres.ids, bases: { ours: beside.base }, db: null, extraDepths: [] },
        s.only,
      )
      await warmUnderLoad(
        [...scenarios, ...pgScenarios].map((sc) => sc.ours),
        s.connections,
      )
      for (const sc of scenarios) {
        const pg = pgScenarios.find((x) => x.name === sc.name)
        if (!pg) throw new Error(`scenario "${sc.name}" is missing on the PostgreSQL server`)
        await warm(sc.ours, 50)
        await warm(pg.ours, 50)
        const rounds = await inRounds(
          s.rounds,
          [() => wrk(sc.ours, s.connections, s.seconds), () => wrk(pg.ours, s.connections, s.seconds)],
          ([a, b]) => ratio(a!.rps, b!.rps),
        )
        const [m, pgm] = rounds.median as [Measure, Measure]
        const pgliteVsPostgres = ratio(m.rps, pgm.rps)
        const errors = errorsOver(rounds, 0)
        const r = results.find((x) => x.name === sc.name)
        if (r) {
          r.pglite = { ...m, errors }
          r.pglite_postgres = { ...pgm, errors: errorsOver(rounds, 1) }
          r.pglite_vs_postgres = pgliteVsPostgres
          r.pglite_vs_postgres_rounds = rounds.ratios
        }
        log(
          `PGlite ${sc.name}: ${m.rps} req/s p50 ${m.p50_ms} ms p99 ${m.p99_ms} ms errors ${errors}; ` +
            `PostgreSQL beside it ${pgm.rps} req/s: PGlite ÷ PostgreSQL ${pgliteVsPostgres} ` +
            `(rounds ${rounds.ratios.join(', ')})`,
        )
      }
    } finally {
      await beside.stop()
    }
    return { peakRssMb: peakRssMb(server.pid), generationS: seconds, rows: ids.rowCounts.total }
  } finally {
    await server.stop()
  }
}
