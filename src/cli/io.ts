// What a command reads and writes besides its arguments, injected so that tests can run the
// commands in process: the streams, the environment, and for the API client fetch and a signal.
import type { Writable } from 'node:stream'
import type { FetchLike } from '../client/index.js'

export interface Io {
  stdout: Writable & { columns?: number }
  stderr: Writable & { isTTY?: boolean; columns?: number }
  env: Record<string, string | undefined>
  fetch?: FetchLike
  /** Stops a long command between steps; without one, Ctrl-C does (see export). */
  signal?: AbortSignal
  maxRetries?: number
}

/** The process's own streams and environment, overridden by what a caller passes. */
export function withDefaults(io: Partial<Io> = {}): Io {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, ...io }
}

/** Writes one line (text may span several). */
export function println(to: Writable, text: string): void {
  to.write(text + '\n')
}
