// Child processes of the bench: each is started by the code that needs it and stopped by that
// same code, in a finally, through the handle returned here.
import { spawn } from 'node:child_process'
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

/** Starts `node ARGS` in the project directory; its stderr is passed through, prefixed. */
export function startNode(name: string, args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
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
