// The p99 of every reports page at 1M rows and at the full size, in the same run: a 1M twin
// of the dataset (same generator) and a second server on it, each scenario measured on the
// two servers back to back so that both see the same machine.
import { openDb } from '../../src/db/index.js'
import { prepareIds, type BenchIds } from '../dataset.js'
import { log } from '../log.js'
import type { Server } from '../process.js'
import { ratio, type ScaleResult } from '../result.js'
import { pairsSideBySide } from '../sample.js'
import { buildScenarios, type Scenario } from '../scenarios/index.js'
import { startOurs } from '../servers/ours.js'
import type { RunSettings } from './settings.js'

async function idsOf(url: string): Promise<BenchIds> {
  const db = await openDb(url, { poolSize: 2 })
  try {
    return await prepareIds(db)
  } finally {
    await db.close()
  }
}

async function reportScenarios(ids: BenchIds, server: Server): Promise<Scenario[]> {
  return buildScenarios({ ids, bases: { ours: server.base }, db: null, extraDepths: [] }, undefined, ['reports'])
}

/** Both datasets exist: the full one (with its ids) and the twin at `smallUrl`. */
export async function measureScale(s: RunSettings, fullUrl: string, fullIds: BenchIds, smallUrl: string) {
  const smallIds = await idsOf(smallUrl)
  const full = await startOurs('ours', fullUrl, s.ours)
  try {
    const small = await startOurs('ours-1m', smallUrl, s.ours)
    try {
      const fullScenarios = await reportScenarios(fullIds, full)
      const smallScenarios = await reportScenarios(smallIds, small)
      const results: ScaleResult[] = []
      for (const { name, a: mf, b: ms } of await pairsSideBySide(
        fullScenarios,
        smallScenarios,
        s.connections,
        s.seconds,
      )) {
        const r: ScaleResult = {
          name,
          rows_small: smallIds.rowCounts.total,
          rows_full: fullIds.rowCounts.total,
          p99_ms_small: ms.p99_ms,
          p99_ms_full: mf.p99_ms,
          p99_full_vs_small: ratio(mf.p99_ms, ms.p99_ms),
          rps_small: ms.rps,
          rps_full: mf.rps,
          errors: mf.errors + ms.errors,
        }
        results.push(r)
        const at = `${(r.rows_full / 1e6).toFixed(0)}M`
        log(
          `scale ${name}: p99 ${r.p99_ms_full} ms at ${at} vs ${r.p99_ms_small} ms at 1M` +
            ` = ${r.p99_full_vs_small} (req/s ${r.rps_full} vs ${r.rps_small})`,
        )
      }
      return results
    } finally {
      await small.stop()
    }
  } finally {
    await full.stop()
  }
}
