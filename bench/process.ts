// Child processes of the bench: each is started by the code that needs it and stopped by that
// same code, in a finally, through the handle returned here.
//
// Servers run in a session of their own (setsid), as PostgreSQL does and as a service does in
// production (a systemd unit, a container). Under the kernel's autogroup scheduling a session is
// one CPU group: a server started in the bench's session shared its group with wrk and pgbench,
// the load it was measured under, while PostgreSQL, the database ceiling's server, had a group
// of its own. Measured on this 2-core machine (docs/performance.md): the bench's floor server
// served 13–23% more brands pages a second in its own session, with 0.22 ms of CPU per page
// against 0.30–0.37. A server in its own session does not get the terminal's Ctrl-C, so the
// servers still running are stopped here when the bench exits or is interrupted.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { log } from './log.js'

export interface Child {
  name: string
  pid: number
  running(): boolean
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>
}

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Where servers run: each in a session of its own (the default), or in the bench's (`--shared-session`). */
export type Sessions = 'own' | 'shared'
let sessions: Sessions = 'own'

export function setServerSessions(s: Sessions): void {
  sessions = s
}

// children in sessions of their own, stopped when the bench exits or is interrupted
const detached = new Set<ChildProcess>()
const stopDetached = () => {
  for (const child of detached) child.kill('SIGTERM')
}
function onSignal(signal: NodeJS.Signals) {
  stopDetached()
  process.off('SIGINT', onSignal).off('SIGTERM', onSignal).off('SIGHUP', onSignal)
  process.kill(process.pid, signal)
}
function watchDetached(child: ChildProcess) {
  if (detached.size === 0) {
    process.on('exit', stopDetached)
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal).on('SIGHUP', onSignal)
  }
  detached.add(child)
  child.once('exit', () => {
    detached.delete(child)
    if (detached.size > 0) return
    process.off('exit', stopDetached)
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal).off('SIGHUP', onSignal)
  })
}

/**
 * Starts `node ARGS` in the project directory, in a session of its own unless `--shared-session`
 * said otherwise; its stderr is passed through, prefixed.
 */
export function startNode(name: string, args: string[], env: Record<string, string> = {}): Child {
  const own = sessions === 'own'
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: own,
  })
  if (own) watchDetached(child)
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
  env?: Record<string, string>
  readyMs?: number
  /** A port chosen beforehand (when the URL must be known before the start); free otherwise. */
  port?: number
}

export type Server = Child & { base: string }

/**
 * Starts a server, waits until it is ready, and returns its handle; if it never becomes
 * ready it is stopped here, since no caller holds it yet.
 */
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
