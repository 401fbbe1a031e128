// Entry point of the `csapi` command (bin/csapi.js loads the compiled copy of this file).
import { run } from './cli.js'

await run(process.argv.slice(2))
