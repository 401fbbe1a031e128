// What every run takes from the options: the load, and how our server is started.
import type { Options } from '../options.js'
import type { OursSettings } from '../servers/ours.js'

export interface RunSettings {
  connections: number
  seconds: number
  rounds: number
  pool: number
  only: string | undefined
  ours: OursSettings
}

export function runSettings(opts: Options, entry: string): RunSettings {
  return {
    connections: opts.connections,
    seconds: opts.seconds,
    rounds: opts.rounds,
    pool: opts.pool,
    only: opts.only,
    ours: { entry, pool: opts.pool, workers: opts.workers, cpuProf: opts.cpuProf },
  }
}
