// Real processes for test/db/balancer.test.ts: `csapi serve` instances on fixed ports, and HAProxy
// running deploy/haproxy.cfg in the foreground. Each can be killed, stopped and started again.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { constants } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'

export const root = fileURLToPath(new URL('../..', import.meta.url))

/** A port nothing listens on now (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  const s = createServer()
  s.listen(0, '127.0.0.1')
  await once(s, 'listening')
  const port = (s.address() as { port: number }).port
  s.close()
  await once(s, 'close')
  return port
}

/** HAProxy's path, or null; /usr/sbin is often missing from a user's PATH. */
export function findHaproxy(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']
  return dirs.map((d) => join(d, 'haproxy')).find((p) => existsSync(p)) ?? null
}

export async function waitFor(what: string, ok: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const until = Date.now() + ms
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await sleep(100)
  }
}

export interface LogLine {
  msg: string
  route?: string
  status?: number
  rateLimitStore?: string
}

/** One run of the process, from start to exit. */
interface Life {
  /** `csapi serve`, which serves in its own process. */
  server: ChildProcess
  /** Its exit status, 128 + the signal's number when a signal ended it (as a shell reports it). */
  exited: Promise<number | null>
  out: () => string
}

/** One `csapi serve` on a fixed port, so that the balancer finds it again after a restart. */
export class Instance {
  readonly lives: Life[] = []

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`
  }

  get life(): Life {
    return this.lives.at(-1)!
  }

  async start(): Promise<void> {
    const args = ['src/bin.ts', 'serve', '--host', '127.0.0.1', '--port', String(this.port)]
    // the heap flags as production gives them (npm start, or NODE_OPTIONS)
    const server = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: root,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    server.stdout!.on('data', (c) => (out += c))
    server.stderr!.on('data', (c) => (out += c))
    const exited = new Promise<number | null>((resolve) =>
      server.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + constants.signals[signal] : null))),
    )
    const life: Life = { server, exited, out: () => out }
    this.lives.push(life)
    let gone = false
    void exited.then(() => (gone = true))
    // a cold start of three instances at once takes 10-20 s on a 2-CPU machine
    await waitFor(
      `${this.name} listening`,
      () => {
        if (gone) throw new Error(`${this.name} exited while starting:\n${out}`)
        // "serving" is logged just after "Server listening": wait for the line that says it is set up
        return out.includes('Server listening at') && out.includes('"msg":"serving"')
      },
      60_000,
    )
  }

  /** SIGKILL to the serving process, as a crash or the OOM killer would. */
  async kill(): Promise<number | null> {
    this.life.server.kill('SIGKILL')
    return this.life.exited
  }

  /** SIGTERM to `csapi serve`, as a deploy would: it drains and exits. */
  async stop(): Promise<number | null> {
    this.life.server.kill('SIGTERM')
    return this.life.exited
  }

  /** The request lines a life logged. */
  requests(life = this.life): LogLine[] {
    return life
      .out()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine)
      .filter((l) => l.msg === 'request')
  }

  /** Leaves nothing running, whatever state the test left it in. */
  destroy(): void {
    // ChildProcess.kill does nothing once the process has exited (its pid may have been reused)
    for (const life of this.lives) life.server.kill('SIGKILL')
  }
}

export type ServerStats = Record<string, string>

/** HAProxy in the foreground on deploy/haproxy.cfg, addresses given through its environment. */
export class Haproxy {
  private out = ''
  private readonly exited: Promise<unknown>

  private constructor(
    private readonly child: ChildProcess,
    private readonly statsUrl: string,
  ) {
    child.stdout!.on('data', (c) => (this.out += c))
    child.stderr!.on('data', (c) => (this.out += c))
    this.exited = once(child, 'exit')
  }

  static async start(bin: string, env: Record<string, string>): Promise<Haproxy> {
    const child = spawn(bin, ['-db', '-f', join(root, 'deploy/haproxy.cfg')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const lb = new Haproxy(child, `http://${env.CSAPI_LB_STATS_BIND}/stats;csv`)
    await waitFor('HAProxy stats', () =>
      lb.stats().then(
        () => true,
        () => {
          if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}:\n${lb.log()}`)
          return false
        },
      ),
    )
    return lb
  }

  log(): string {
    return this.out
  }

  /** The CSV stats by "proxy/server" (e.g. csapi/app1, csapi/BACKEND). */
  async stats(): Promise<Record<string, ServerStats>> {
    const csv = await (await fetch(this.statsUrl)).text()
    const [head, ...rows] = csv.trim().split('\n')
    const cols = head!.replace(/^# /, '').split(',')
    const byName: Record<string, ServerStats> = {}
    for (const row of rows) {
      const cells = row.split(',')
      const s = Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']))
      byName[`${s.pxname}/${s.svname}`] = s
    }
    return byName
  }

  /** Waits until each named server of the csapi backend is in the given state (UP, DOWN). */
  async waitForStates(want: Record<string, string>, ms = 30_000): Promise<void> {
    let last: Record<string, string> = {}
    await waitFor(
      `HAProxy to see ${JSON.stringify(want)}`,
      async () => {
        const s = await this.stats()
        last = Object.fromEntries(Object.keys(want).map((k) => [k, s[`csapi/${k}`]?.status ?? '?']))
        return Object.entries(want).every(([k, v]) => last[k] === v)
      },
      ms,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; last seen ${JSON.stringify(last)}`)
    })
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL')
    await this.exited
  }
}
