// Throwaway PostgreSQL clusters for tests: a primary of its own (initdb in a temp dir, its own
// port, 127.0.0.1 only, trust auth) and streaming replicas of it made with pg_basebackup -R.
// Everything a process creates is stopped and deleted by removeAll(), on exit and on
// SIGINT/SIGTERM/SIGHUP, and by a detached watchdog if the process dies before it could; dirs
// that outlived even that are swept at the next start. As root, the server programs run as the
// `postgres` OS user (initdb and postgres refuse to run as root).
import { execFile, execFileSync, spawn } from 'node:child_process'
import { appendFileSync, chownSync, closeSync, existsSync, mkdtempSync, openSync } from 'node:fs'
import { readFileSync, readSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)
const PREFIX = 'csapi-pg-'
const asRoot = process.getuid?.() === 0

/** Where initdb, pg_ctl, postgres and pg_basebackup are: $PG_BIN, else the newest Debian install. */
export const pgBin: string = findBin()

function findBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin/initdb'))) : []
  versions.sort((a, b) => Number(b) - Number(a))
  if (versions[0]) return join(root, versions[0], 'bin')
  return '' // rely on PATH
}

export type StopMode = 'fast' | 'immediate'

export interface PgNode {
  readonly role: 'primary' | 'replica'
  /** cluster_name: shows in `ps` as "postgres: <name>: …". */
  readonly name: string
  readonly port: number
  /** The temp dir holding data/, server.log and the Unix socket. */
  readonly dir: string
  readonly dataDir: string
  readonly logFile: string
  url(database?: string): string
  /** One query on a short-lived connection. */
  query<R = any>(sql: string, params?: unknown[], database?: string): Promise<R[]>
  start(): Promise<void>
  stop(mode?: StopMode): Promise<void>
  /** Stops (immediate) and deletes the node's dir. */
  remove(): Promise<void>
  isRunning(): boolean
  logTail(lines?: number): string
}

export interface PrimaryOptions {
  /** A fixed port (no retry if it is taken); by default the OS picks a free one. */
  port?: number
  /** false: pg_hba.conf has no `replication` lines, as on a stock Debian cluster. */
  replication?: boolean
  /** Extra postgresql.conf settings, written as given: quote strings ({ work_mem: "'4MB'" }). */
  settings?: Record<string, string | number>
}

export interface ReplicaOptions {
  /** recovery_min_apply_delay: the replica applies each commit this long after the primary made it. */
  applyDelayMs?: number
  port?: number
  settings?: Record<string, string | number>
}

const nodes = new Set<Node>()

// Small and fast: durability does not matter for a cluster that lives for one test file.
const BASE_SETTINGS: Record<string, string | number> = {
  listen_addresses: "'127.0.0.1'",
  fsync: 'off',
  shared_buffers: "'16MB'",
  max_connections: 50,
  jit: 'off',
  wal_level: 'replica',
  max_wal_senders: 10,
  wal_keep_size: "'128MB'", // a replica that was stopped for a while can catch up without a slot
  hot_standby: 'on',
  hot_standby_feedback: 'on', // vacuum on the primary does not cancel reads on the replica
  wal_receiver_status_interval: "'1s'",
  wal_retrieve_retry_interval: "'200ms'", // reconnect quickly after the primary restarts
  log_line_prefix: "'%m [%p] '",
}

class Node implements PgNode {
  constructor(
    readonly role: 'primary' | 'replica',
    readonly name: string,
    public port: number,
    readonly dir: string,
  ) {}

  get dataDir() {
    return join(this.dir, 'data')
  }
  get logFile() {
    return join(this.dir, 'server.log')
  }

  url(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`
  }

  async query<R = any>(sql: string, params: unknown[] = [], database = 'postgres'): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.url(database), connectionTimeoutMillis: 5000 })
    await client.connect()
    try {
      return (await client.query(sql, params)).rows as R[]
    } finally {
      await client.end()
    }
  }

  isRunning() {
    return existsSync(join(this.dataDir, 'postmaster.pid'))
  }

  logTail(lines = 30) {
    return tail(this.logFile, 0, lines)
  }

  async start() {
    const from = existsSync(this.logFile) ? statSync(this.logFile).size : 0
    try {
      await pgRun(this.dir, 'pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '30', '-s', 'start'])
      await this.waitReady(10_000)
    } catch (err) {
      const log = tail(this.logFile, from, 30)
      throw Object.assign(
        new Error(
          `${this.role} ${this.name} on port ${this.port} did not start: ` +
            `${(err as Error).message.trim()}\n--- ${this.logFile} (tail) ---\n${log}`,
          { cause: err },
        ),
        { portTaken: /Address already in use|could not create any TCP\/IP sockets/.test(log) },
      )
    }
  }

  // pg_ctl -w already waited for postmaster.pid to say "ready"; a real connection proves it.
  private async waitReady(timeoutMs: number) {
    const until = Date.now() + timeoutMs
    for (;;) {
      try {
        await this.query('select 1')
        return
      } catch (err) {
        if (Date.now() > until) throw err
        await sleep(100)
      }
    }
  }

  async stop(mode: StopMode = 'fast') {
    if (!this.isRunning()) return
    await pgRun(this.dir, 'pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', '-s', 'stop'])
  }

  async remove() {
    try {
      await this.stop('immediate')
    } finally {
      rmSync(this.dir, { recursive: true, force: true })
      nodes.delete(this)
    }
  }

  removeSync() {
    if (this.isRunning()) {
      try {
        execFileSync(...asPostgres('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', '-t', '10', '-s', 'stop']), {
          cwd: this.dir,
          stdio: 'ignore',
        })
      } catch {
        // already gone
      }
    }
    rmSync(this.dir, { recursive: true, force: true })
    nodes.delete(this)
  }

  /** Writes this node's own settings; postgresql.conf includes the file (a replica inherits the line). */
  writeSettings(settings: Record<string, string | number>) {
    const conf = join(this.dataDir, 'postgresql.conf')
    if (!readFileSync(conf, 'utf8').includes("include_if_exists = 'csapi.conf'")) {
      appendFileSync(conf, "\n# csapi test harness settings\ninclude_if_exists = 'csapi.conf'\n")
    }
    const all = {
      ...BASE_SETTINGS,
      port: this.port,
      unix_socket_directories: `'${this.dir}'`,
      cluster_name: `'${this.name}'`,
      ...settings,
    }
    writeFileSync(
      join(this.dataDir, 'csapi.conf'),
      Object.entries(all)
        .map(([k, v]) => `${k} = ${v}\n`)
        .join(''),
    )
  }
}

/** A new primary cluster of its own, started and accepting connections. */
export async function startPrimary(opts: PrimaryOptions = {}): Promise<PgNode> {
  const node = await newNode('primary', opts.port)
  try {
    await pgRun(node.dir, 'initdb', [
      '-D',
      node.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ])
    // initdb's pg_hba.conf already trusts replication from 127.0.0.1; drop it to mimic a stock cluster.
    if (opts.replication === false) {
      const hba = join(node.dataDir, 'pg_hba.conf')
      writeFileSync(
        hba,
        readFileSync(hba, 'utf8')
          .split('\n')
          .filter((l) => !/^\s*(local|host)\s+replication\s/.test(l))
          .join('\n'),
      )
    }
    await startOnFreePort(node, opts.port, opts.settings ?? {})
    return node
  } catch (err) {
    node.removeSync()
    throw err
  }
}

/** A streaming replica of `primary` (pg_basebackup -R), started and accepting reads. */
export async function startReplica(primary: PgNode, opts: ReplicaOptions = {}): Promise<PgNode> {
  const node = await newNode('replica', opts.port)
  try {
    await pgRun(node.dir, 'pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      node.dataDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ])
    const settings = { ...opts.settings }
    if (opts.applyDelayMs !== undefined) settings.recovery_min_apply_delay = `'${opts.applyDelayMs}ms'`
    await startOnFreePort(node, opts.port, settings)
    return node
  } catch (err) {
    node.removeSync()
    throw err
  }
}

/** Stops and deletes every node this process created (replicas first). */
export async function removeAll(): Promise<void> {
  const all = [...nodes].sort((a, b) => (a.role === b.role ? 0 : a.role === 'replica' ? -1 : 1))
  const errors: unknown[] = []
  for (const node of all) await node.remove().catch((err) => errors.push(err))
  if (errors.length) throw errors[0]
}

function removeAllSync() {
  for (const node of [...nodes]) node.removeSync()
}

/** Bytes of WAL the primary has written that the replica has not replayed yet. */
export async function lagBytes(primary: PgNode, replica: PgNode): Promise<number> {
  const [p] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
  const [r] = await replica.query<{ lag: string }>(
    'select pg_wal_lsn_diff($1, pg_last_wal_replay_lsn())::text as lag',
    [p!.lsn],
  )
  return Math.max(0, Number(r!.lag))
}

/**
 * How far behind the replica's view is: while it holds received WAL it has not replayed,
 * the time since the last commit it replayed (now() - pg_last_xact_replay_timestamp(), or
 * since the server started if it replayed none yet); 0 when it has replayed all it received.
 */
export async function replayLagMs(replica: PgNode): Promise<number> {
  const [r] = await replica.query<{ ms: number }>(`
    select case when pg_last_wal_receive_lsn() is null or pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() then 0
                else extract(epoch from now() - coalesce(pg_last_xact_replay_timestamp(), pg_postmaster_start_time()))
                     * 1000 end::float8 as ms`)
  return r!.ms
}

/** Waits until the replica has replayed everything the primary had written when this was called. */
export async function waitForReplay(primary: PgNode, replica: PgNode, timeoutMs = 15_000): Promise<void> {
  const [p] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
  const target = p!.lsn
  const until = Date.now() + timeoutMs
  for (;;) {
    const [r] = await replica.query<{ done: boolean; replay: string | null; receive: string | null }>(
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done, pg_last_wal_replay_lsn()::text as ' +
        'replay, pg_last_wal_receive_lsn()::text as receive',
      [target],
    )
    if (r!.done) return
    if (Date.now() > until) {
      throw new Error(
        `replica ${replica.name} did not replay up to ${target} in ${timeoutMs} ms (received ` +
          `${r!.receive}, replayed ${r!.replay})\n--- ${replica.logFile} (tail) ` +
          `---\n${replica.logTail(15)}`,
      )
    }
    await sleep(20)
  }
}

/** Memory of a running node: RSS and PSS (shared memory split between its processes), summed over them. */
export function memoryKb(node: PgNode): { processes: number; rssKb: number; pssKb: number } {
  const postmaster = Number(readFileSync(join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  const pids = [
    postmaster,
    ...readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number),
  ]
  let rssKb = 0
  let pssKb = 0
  for (const pid of pids) {
    const rollup = readIfThere(`/proc/${pid}/smaps_rollup`) // '' for a backend that just ended
    rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
    pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0)
  }
  return { processes: pids.length, rssKb, pssKb }
}

/** A port nobody listens on right now (the OS picks it); it may be taken again before it is used. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

// Another process may take the port between freePort() and the server's bind: pick again.
async function startOnFreePort(node: Node, fixedPort: number | undefined, settings: Record<string, string | number>) {
  for (let attempt = 1; ; attempt++) {
    node.writeSettings(settings)
    try {
      return await node.start()
    } catch (err) {
      if (fixedPort !== undefined || !(err as { portTaken?: boolean }).portTaken || attempt >= 5) throw err
      node.port = await freePort()
    }
  }
}

let hooked = false
async function newNode(role: 'primary' | 'replica', port: number | undefined): Promise<Node> {
  if (!hooked) {
    hooked = true
    sweepStale()
    const watchdog = startWatchdog()
    const cleanup = () => {
      removeAllSync()
      if (nodes.size === 0) watchdog.kill()
    }
    process.on('exit', cleanup)
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.once(signal, () => {
        cleanup()
        process.kill(process.pid, signal) // our listener is gone: the default action ends the process
      })
    }
  }
  const dir = mkdtempSync(join(tmpdir(), PREFIX))
  writeFileSync(join(dir, 'owner.pid'), `${process.pid}\n`)
  if (asRoot) chownSync(dir, postgresUser().uid, postgresUser().gid)
  const node = new Node(role, `csapi-${role}-${dir.slice(-6)}`, port ?? (await freePort()), dir)
  nodes.add(node)
  return node
}

// A detached shell that outlives this process if it is killed outright (SIGKILL, or its test
// runner going away mid-cleanup) and then stops and deletes what it left.
const WATCHDOG = `
cd /
owner=$1 tmp=$2 ctl=$3 root=$4
while kill -0 "$owner" 2>/dev/null; do sleep 1; done
for d in "$tmp"/${PREFIX}*; do
  [ "$(cat "$d/owner.pid" 2>/dev/null)" = "$owner" ] || continue
  if [ -f "$d/data/postmaster.pid" ]; then
    if [ -n "$root" ]; then runuser -u postgres -- "$ctl" -D "$d/data" -m immediate -w -s stop
    else "$ctl" -D "$d/data" -m immediate -w -s stop; fi
  fi
  rm -rf "$d"
done`

function startWatchdog() {
  const ctl = pgBin ? join(pgBin, 'pg_ctl') : 'pg_ctl'
  const child = spawn(
    'sh',
    ['-c', WATCHDOG, 'csapi-pg-watchdog', String(process.pid), tmpdir(), ctl, asRoot ? '1' : ''],
    {
      detached: true,
      stdio: 'ignore',
    },
  )
  child.unref()
  return child
}

// Dirs whose creating process is gone (killed with SIGKILL, say): stop their server, delete them.
function sweepStale() {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(PREFIX)) continue
    const dir = join(tmpdir(), entry)
    const owner = Number(readIfThere(join(dir, 'owner.pid'))) // 0 while its creator is writing it
    if (!owner || alive(owner)) continue
    const stale = new Node('primary', entry, 0, dir)
    stale.removeSync()
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

let pgUser: { uid: number; gid: number } | undefined
function postgresUser() {
  if (!pgUser) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
    pgUser = { uid: id('-u'), gid: id('-g') }
  }
  return pgUser
}

function asPostgres(program: string, args: string[]): [string, string[]] {
  const path = pgBin ? join(pgBin, program) : program
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args]
}

// cwd is the node's dir: the postgres user may not be allowed into the caller's cwd. PG*
// variables of the caller (PGPORT, PGDATA…) must not redirect the server programs.
async function pgRun(cwd: string, program: string, args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')))
  try {
    await run(...asPostgres(program, args), { cwd, env, timeout: 120_000 })
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string }
    throw new Error(`${program} failed: ${(e.stderr || e.stdout || e.message).trim()}`, { cause: err })
  }
}

function tail(file: string, from: number, lines: number): string {
  if (!existsSync(file)) return '(no log)'
  const fd = openSync(file, 'r')
  try {
    const size = statSync(file).size
    const start = Math.max(from, size - 64 * 1024)
    const buf = Buffer.alloc(size - start)
    readSync(fd, buf, 0, buf.length, start)
    return buf.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } finally {
    closeSync(fd)
  }
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
