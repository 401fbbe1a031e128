// The two ways a command fails on purpose. main.ts turns them, and every other error, into the
// exit status and the message: 2 and a pointer to --help for a usage mistake, 1 (or the code
// given) otherwise.
import type { Command } from 'commander'

/** The command line was wrong: the operator can fix it by reading `csapi <command> --help`. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose help to point to; main.ts knows the running one otherwise. */
    readonly command?: Command,
  ) {
    super(message)
  }
}

/** A failure whose message is complete as it is, with its own exit status (e.g. 130). */
export class Failure extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}
