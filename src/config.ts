// Environment parsed once, at start, into typed settings; a bad value stops the start with a
// message that names the variable.
import { ConfigError } from './db/index.js'

export interface Config {
  databaseUrl: string | undefined
  cursorSecrets: string[] | undefined
  logLevel: string
  poolSize: number
  statementTimeoutMs: number
}

function int(env: NodeJS.ProcessEnv, name: string, def: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return def
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
  }
  return Number(raw)
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const secrets = env.CSAPI_CURSOR_SECRETS?.split(',').map((s) => s.trim()).filter(Boolean)
  if (secrets?.some((s) => s.length < 32)) {
    throw new ConfigError('every secret in CSAPI_CURSOR_SECRETS must be at least 32 characters (try: openssl rand -hex 32)')
  }
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
  const logLevel = env.LOG_LEVEL || 'info'
  if (!levels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${levels.join(', ')}`)
  return {
    databaseUrl: env.DATABASE_URL,
    cursorSecrets: secrets && secrets.length > 0 ? secrets : undefined,
    logLevel,
    poolSize: int(env, 'CSAPI_DB_POOL_SIZE', 10, 1, 1000),
    statementTimeoutMs: int(env, 'CSAPI_STATEMENT_TIMEOUT_MS', 5000, 0, 3_600_000),
  }
}
