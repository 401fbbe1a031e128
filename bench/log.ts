// Progress goes to stderr; stdout carries the Markdown results.
export const log = (s: string): void => {
  process.stderr.write(`[bench] ${s}\n`)
}
