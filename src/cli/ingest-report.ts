// What `csapi ingest amazon-attribution` shows: a progress line on a terminal while it reads,
// then one summary line, the adjustments it recorded and the rows it could not place.
import type { Writable } from 'node:stream'
import { formatMinor } from '../domain/money.js'
import { formatUnplaced, type IngestSummary } from '../ingest/run.js'

/** One line rewritten in place on a terminal: rows read, rows/s, current file. */
export function progressBar(to: Writable) {
  const started = Date.now()
  let last = 0
  let spin = 0
  const width = 24
  return {
    update(rows: number, file: number) {
      const now = Date.now()
      if (now - last < 200) return
      last = now
      const rate = Math.round(rows / Math.max((now - started) / 1000, 0.001))
      spin = (spin + 1) % width
      const bar = Array.from({ length: width }, (_, i) => (Math.abs(i - spin) < 3 ? '█' : '░')).join('')
      to.write(
        `\r${bar} ${rows.toLocaleString('en-US')} rows  ${rate.toLocaleString('en-US')} rows/s  file ${file + 1}\x1b[K`,
      )
    },
    phase(name: string) {
      const secs = ((Date.now() - started) / 1000).toFixed(0)
      to.write(`\r${'█'.repeat(width)} rows read; ${name}… (${secs} s)\x1b[K`)
      last = Date.now()
    },
    done() {
      if (last > 0) to.write('\r\x1b[K')
    },
  }
}

export function formatSummary(s: IngestSummary, target: string): string {
  const secs = s.elapsedMs / 1000
  const rate = Math.round(s.rowsRead / Math.max(secs, 0.001))
  const r = s.reportRows
  const unplacedCount = s.unplaced.reduce((n, u) => n + u.count, 0)
  const lines = [
    `${s.dryRun ? 'dry run, nothing changed: would ingest' : 'ingested'} ${s.rowsRead} rows ` +
      `(${s.productRows} products, ${s.performanceRows} performance) ` +
      `from ${s.files.length} file${s.files.length === 1 ? '' : 's'} into ${target} in ` +
      `${secs.toFixed(1)} s (${rate} rows/s): ` +
      `report rows ${r.inserted} inserted, ${r.updated} updated (${r.reversed} reversed), ${r.unchanged} unchanged; ` +
      `${s.adjustments.count} adjustment${s.adjustments.count === 1 ? '' : 's'}; ${unplacedCount} unplaceable`,
  ]
  if (s.adjustments.count > 0) {
    lines.push(
      `adjustments (approved or paid rows left unchanged; the restatement is recorded in commission_adjustments):`,
    )
    for (const a of s.adjustments.listed) {
      const delta = a.restated_commission_cents - a.commission_cents
      lines.push(
        `  ${a.date} link ${a.link_id} ${a.asin} ${a.marketplace} ${a.commission_status}: sales ` +
          `${formatMinor(a.sales_cents, a.currency)} → ` +
          `${formatMinor(a.restated_sales_cents, a.currency)} ${a.currency}, ` +
          `orders ${a.orders} → ${a.restated_orders}, commission ` +
          `${formatMinor(a.commission_cents, a.currency)} → ` +
          `${formatMinor(a.restated_commission_cents, a.currency)} ` +
          `(${delta >= 0 ? '+' : ''}${formatMinor(delta, a.currency)})`,
      )
    }
    if (s.adjustments.count > s.adjustments.listed.length)
      lines.push(`  … and ${s.adjustments.count - s.adjustments.listed.length} more`)
  }
  if (unplacedCount > 0) {
    lines.push(`rows that could not be placed (not ingested; --strict refuses the run instead):`)
    lines.push(formatUnplaced(s.unplaced))
  }
  return lines.join('\n')
}
