// Entry point of the `csapi` command (bin/csapi.js loads the compiled copy of this file). Every
// command runs in this process, `serve` included: V8 heap bounds are given where Node starts
// (`npm start`, or NODE_OPTIONS; see docs/operations.md).
import { main } from './cli/main.js'

process.exitCode = await main(process.argv.slice(2))
