// `csapi commissions approve [--through DATE]` and `csapi commissions pay --creator ID [--through DATE]`
import { parseArgs } from 'node:util'
import { loadConfig } from '../config.js'
import { openAndMigrate } from '../server.js'
import { accountRole } from '../data/tokens.js'
import { approveThrough, defaultApproveThrough, formatMinor, payThrough, RESTATEMENT_WINDOW_DAYS, type CurrencyTotal } from '../commission/settle.js'

type Out = (s: string) => void

const USAGE = `usage: csapi commissions approve [--through YYYY-MM-DD]   (default: today - ${RESTATEMENT_WINDOW_DAYS} days)
       csapi commissions pay --creator ID [--through YYYY-MM-DD]   (default: today)`

function isDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === text
}

function totals(rows: CurrencyTotal[]): string {
  return rows.map((t) => `  ${t.currency} ${formatMinor(t.commission_cents, t.currency).padStart(14)}  (${t.rows} rows)`).join('\n')
}

export async function commissionsCommand(argv: string[], out: Out, err: Out = (s) => process.stderr.write(s + '\n')): Promise<number> {
  const [sub, ...rest] = argv
  if (sub !== 'approve' && sub !== 'pay') {
    err(`csapi: ${sub ? `unknown commissions command "${sub}"` : 'commissions needs a command: approve or pay'}\n${USAGE}`)
    return 2
  }
  let values: { through?: string; creator?: string }
  try {
    const options = { through: { type: 'string' as const }, creator: { type: 'string' as const } }
    values = parseArgs({ args: rest, strict: true, options }).values
    if (sub === 'approve' && values.creator !== undefined) throw new Error('approve takes no --creator: it approves every creator\'s rows')
  } catch (e) {
    err(`csapi: ${(e as Error).message}\n${USAGE}`)
    return 2
  }
  const through = values.through ?? (sub === 'approve' ? defaultApproveThrough() : new Date().toISOString().slice(0, 10))
  if (!isDay(through)) {
    err(`csapi: --through must be a day YYYY-MM-DD (got "${through}")`)
    return 2
  }
  if (sub === 'pay' && !values.creator) {
    err(`csapi: commissions pay needs --creator ID\n${USAGE}`)
    return 2
  }
  const db = await openAndMigrate(loadConfig())
  try {
    if (sub === 'approve') {
      const moved = await approveThrough(db, through)
      const n = moved.reduce((s, t) => s + t.rows, 0)
      out(`approved ${n} pending rows dated up to ${through}${n ? `; commission approved per currency:\n${totals(moved)}` : ''}`)
      return 0
    }
    const creator = values.creator!
    const role = await accountRole(db, creator)
    if (role !== 'creator') {
      err(`csapi: ${role ? `account "${creator}" is a ${role}, not a creator` : `no account "${creator}"`}`)
      return 1
    }
    const paid = await payThrough(db, creator, through)
    const n = paid.reduce((s, t) => s + t.rows, 0)
    out(n ? `paid ${creator} for ${n} approved rows dated up to ${through}; payout per currency:\n${totals(paid)}` : `nothing to pay ${creator}: no approved rows dated up to ${through}`)
    return 0
  } finally {
    await db.close()
  }
}
