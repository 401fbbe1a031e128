// Entry point of the `csapi` command (bin/csapi.js loads the compiled copy of this file). Every
// command runs in this process, `serve` included: V8 heap bounds are given where Node starts
// (`npm start`, or NODE_OPTIONS; see docs/operations.md).
import { EXIT_PIPE_CLOSED, main } from './cli/main.js'

// When the reader of the output goes away (`csapi export … | head -2`), stop at once and quietly,
// with the status of a process ended by SIGPIPE, which Node ignores.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(EXIT_PIPE_CLOSED)
  })
}

const status = await main(process.argv.slice(2))
// A command that failed has nothing left to finish: exit now rather than wait for what it left
// open (a server that could not listen keeps its database and timers). On success, `serve` is
// still running, and every other command has closed what it opened.
if (status !== 0) process.exit(status)
