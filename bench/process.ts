// Child processes of the bench, each stopped by the code that started it, in a finally.
// Servers run in a session of their own (setsid), as PostgreSQL does and as a service does under
// systemd: under the kernel's autogroup scheduling a session is one CPU group, and a server in the
// bench's session would share it with wrk and pgbench. Such a server misses the terminal's Ctrl-C,
// so the servers still running are stopped here when the bench exits or is interrupted.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Progress goes to stderr; stdout carries the Markdown results. */
export const log = (s: string): void => void process.stderr.write(`[bench] ${s}\n`)

const detached = new Set<ChildProcess>()
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
const stopDetached = () => detached.forEach((child) => child.kill('SIGTERM'))
function onSignal(signal: NodeJS.Signals) {
  stopDetached()
  for (const s of SIGNALS) process.off(s, onSignal)
  process.kill(process.pid, signal)
}
function watch(child: ChildProcess, on: boolean) {
  if (on ? detached.size === 0 : detached.size === 1) {
    process[on ? 'on' : 'off']('exit', stopDetached)
    for (const s of SIGNALS) process[on ? 'on' : 'off'](s, onSignal)
  }
  if (on) detached.add(child)
  else detached.delete(child)
}

type Stoppable = { stop(): Promise<void> | void }

/** Runs `fn`, which hands what it starts to `own`; all of it is stopped, the last first, however `fn` ends. */
export async function owning<T>(fn: (own: <S extends Stoppable>(s: S) => S) => Promise<T>): Promise<T> {
  const owned: Stoppable[] = []
  try {
    return await fn((s) => (owned.push(s), s))
  } finally {
    for (const s of owned.reverse()) await s.stop()
  }
}

/** A port free right now, so that two runs on one machine do not collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

export interface ServerSpec {
  name: string
  /** `node ARGS`, run in the project directory. */
  args: (port: number) => string[]
  /** Answers below 500 once the server is up. */
  readyPath: string
  env?: NodeJS.ProcessEnv
  readyMs?: number
  /** A port chosen beforehand (when the URL must be known before the start); free otherwise. */
  port?: number
}

export interface Server {
  name: string
  pid: number
  base: string
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>
}

/** Starts a server in a session of its own and waits until it answers; one that never does is stopped. */
export async function startServer(spec: ServerSpec): Promise<Server> {
  const port = spec.port ?? (await freePort())
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, spec.args(port), {
    cwd: ROOT,
    env: spec.env ?? process.env,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  watch(child, true)
  let [running, stopping] = [true, false]
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  child.once('error', (err) => {
    running = false
    log(`${spec.name}: ${err.message}`)
  })
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[${spec.name}] ${d}`))
  child.once('exit', (code, signal) => {
    running = false
    watch(child, false)
    if (!stopping) log(`${spec.name} exited (${code ?? signal})`)
  })
  const server: Server = {
    name: spec.name,
    pid: child.pid ?? 0,
    base,
    async stop() {
      if (!running) return
      stopping = true
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
  const until = Date.now() + (spec.readyMs ?? 60_000)
  for (;;) {
    const res = await fetch(`${base}${spec.readyPath}`).catch(() => null) // not listening yet
    await res?.arrayBuffer()
    if (res && res.status < 500) return server
    const why = !running ? 'exited before it answered' : Date.now() > until ? 'did not answer in time' : null
    if (why) {
      await server.stop()
      throw new Error(`${spec.name} ${why} (${base}${spec.readyPath})`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}
