// A local copy of a creator's report rows kept in sync with the changes feed (docs/api.md), in
// an embedded PGlite database. Each page is applied in one transaction together with the feed
// position, so a copy interrupted anywhere resumes exactly where it stopped: no row is missed,
// none applied twice.
//
//   CSAPI_TOKEN=<creator token> CSAPI_BASE_URL=http://127.0.0.1:3000 \
//     npx tsx examples/mirror.ts ./mirror-data [--follow]
//
// In your own project: import { Client } from 'csapi/client'
import { pathToFileURL } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { Client, type ReportRow } from '../src/client/index.js'

const SCHEMA = `
  create table if not exists report_rows (
    date date not null, link_id text not null, product_id text not null, marketplace text not null,
    row jsonb not null,
    primary key (date, link_id, product_id, marketplace)
  );
  create table if not exists feed_position (id int primary key check (id = 1), cursor text not null)`

export async function openMirror(dataDir?: string): Promise<PGlite> {
  const db = new PGlite(dataDir)
  await db.exec(SCHEMA)
  return db
}

/** Reads the feed until caught up; returns the number of rows applied. */
export async function syncOnce(client: Client, db: PGlite, signal?: AbortSignal): Promise<number> {
  const saved = await db.query<{ cursor: string }>('select cursor from feed_position')
  const feed = client.creator.reports.changes({ cursor: saved.rows[0]?.cursor, limit: 500 }, { signal })
  let applied = 0
  for await (const page of feed.pages()) {
    await db.transaction(async (tx) => {
      for (const r of page.reports) {
        await tx.query(
          `insert into report_rows (date, link_id, product_id, marketplace, row) values ($1, $2, $3, $4, $5)
           on conflict (date, link_id, product_id, marketplace) do update set row = excluded.row`,
          [r.date, r.link.id, r.product_id, r.marketplace, JSON.stringify(r)],
        )
      }
      // the position moves in the same transaction as the rows it covers
      await tx.query(
        'insert into feed_position (id, cursor) values (1, $1) on conflict (id) do update set cursor = excluded.cursor',
        [page.next_cursor],
      )
    })
    applied += page.reports.length
  }
  return applied
}

/** The copy, by its key (date, link, product, marketplace). */
export async function mirroredRows(db: PGlite): Promise<ReportRow[]> {
  const res = await db.query<{ row: ReportRow }>(
    'select row from report_rows order by date, link_id, product_id, marketplace',
  )
  return res.rows.map((r) => r.row)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2]
  if (!dir || !process.env.CSAPI_TOKEN) {
    process.stderr.write(
      'usage: CSAPI_TOKEN=<creator token> [CSAPI_BASE_URL=…] npx tsx examples/mirror.ts DIR [--follow]\n',
    )
    process.exit(2)
  }
  const client = new Client({
    token: process.env.CSAPI_TOKEN,
    baseUrl: process.env.CSAPI_BASE_URL ?? 'http://127.0.0.1:3000',
  })
  const db = await openMirror(dir)
  const ac = new AbortController()
  process.once('SIGINT', () => ac.abort())
  do {
    const n = await syncOnce(client, db, ac.signal).catch((err: Error) => (ac.signal.aborted ? 0 : Promise.reject(err)))
    const total = (await db.query<{ n: number }>('select count(*)::int as n from report_rows')).rows[0]!.n
    process.stdout.write(`${new Date().toISOString()} applied ${n} changed rows; the copy holds ${total}\n`)
    if (process.argv.includes('--follow')) await new Promise((r) => setTimeout(r, 5000))
  } while (process.argv.includes('--follow') && !ac.signal.aborted)
  await db.close()
}
