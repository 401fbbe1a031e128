// Readable, unique ids for the demo's records, made from their names.

/** Lower-case words of `text` joined by `sep`: "Juniper & Pine" → "juniper_pine". */
export function slug(text: string, sep: string): string {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '')
    .join(sep)
}

/** `base`, or `base_2`, `base_3`, … when taken; records the key as used. */
export function uniqueKey(base: string, used: Set<string>): string {
  let key = base
  for (let n = 2; used.has(key); n++) key = `${base}_${n}`
  used.add(key)
  return key
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}
