// Child processes of the bench: each is started by the code that needs it and stopped by that
// same code, in a finally, through the handle returned here.
//
// Servers run in a session of their own (setsid), as PostgreSQL does and as a service does under
// systemd or in a container: under the kernel's autogroup scheduling a session is one CPU group,
// and a server in the bench's session would share its group with wrk and pgbench, the load it is
// measured under. Such a server misses the terminal's Ctrl-C, so the servers still running are
// stopped here when the bench exits or is interrupted.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Progress goes to stderr; stdout carries the Markdown results. */
export const log = (s: string): void => void process.stderr.write(`[bench] ${s}\n`)

export interface Child {
  name: string
  pid: number
  running(): boolean
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>
}

const detached = new Set<ChildProcess>()
const stopDetached = () => detached.forEach((child) => child.kill('SIGTERM'))
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
function onSignal(signal: NodeJS.Signals) {
  stopDetached()
  for (const s of SIGNALS) process.off(s, onSignal)
  process.kill(process.pid, signal)
}
function watchDetached(child: ChildProcess) {
  if (detached.size === 0) {
    process.on('exit', stopDetached)
    for (const s of SIGNALS) process.on(s, onSignal)
  }
  detached.add(child)
  child.once('exit', () => {
    detached.delete(child)
    if (detached.size > 0) return
    process.off('exit', stopDetached)
    for (const s of SIGNALS) process.off(s, onSignal)
  })
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

/** Starts `node ARGS` in the project directory, in a session of its own; stderr is passed through, prefixed. */
export function startNode(name: string, args: string[], env: NodeJS.ProcessEnv = process.env): Child {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true })
  watchDetached(child)
  let stopping = false
  let running = true
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.once('error', () => resolve())
  })
  child.once('error', (err) => {
    running = false
    log(`${name}: ${err.message}`)
  })
  child.stderr.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d}`))
  child.on('exit', (code, signal) => {
    running = false
    if (!stopping) log(`${name} exited (${code ?? signal})`)
  })
  return {
    name,
    pid: child.pid ?? 0,
    running: () => running,
    async stop() {
      if (!running) return
      stopping = true
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** Polls a URL until it answers below 500; the child's exit ends the wait early. */
export async function waitFor(url: string, child: Child, ms = 60_000): Promise<void> {
  const until = Date.now() + ms
  for (;;) {
    try {
      const res = await fetch(url)
      await res.arrayBuffer()
      if (res.status < 500) return
    } catch {
      // not listening yet
    }
    if (!child.running()) throw new Error(`${child.name} exited before ${url} answered`)
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms / 1000} s`)
    await new Promise((r) => setTimeout(r, 200))
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
  args: (port: number) => string[]
  /** Answers below 500 once the server is up. */
  readyPath: string
  env?: NodeJS.ProcessEnv
  readyMs?: number
  /** A port chosen beforehand (when the URL must be known before the start); free otherwise. */
  port?: number
}

export type Server = Child & { base: string }

/** Starts a server and waits until it is ready; one that never is gets stopped here. */
export async function startServer(spec: ServerSpec): Promise<Server> {
  const port = spec.port ?? (await freePort())
  const child = startNode(spec.name, spec.args(port), spec.env)
  const base = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${base}${spec.readyPath}`, child, spec.readyMs)
  } catch (err) {
    await child.stop()
    throw err
  }
  return { ...child, base }
}
