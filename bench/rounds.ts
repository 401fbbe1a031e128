// A ratio from one sample of each side moved by ±0.1 from run to run on a shared machine. So a
// ratio is measured in rounds, every side once per round, the order rotated (the second of two
// back-to-back measurements tends to be slower), and the round whose ratio is the median is
// reported, with every round's ratio beside it.

/** Side i of round r runs at position (i + r) mod n: each side goes first in turn. */
export function rotation(sides: number, round: number): number[] {
  return Array.from({ length: sides }, (_, k) => (k + round) % sides)
}

/** The index of the median of `values` (the lower middle one for an even count). */
export function medianIndex(values: readonly number[]): number {
  if (values.length === 0) throw new Error('medianIndex of no values')
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1])
  return order[Math.floor((order.length - 1) / 2)]![1]
}

export interface Rounds<T> {
  /** The round whose ratio is the median: its measures, side by side. */
  median: T[]
  /** Every round's ratio, and every round's measures, in the order measured. */
  ratios: number[]
  all: T[][]
}

/** Measures `sides` in `rounds` rotated rounds; `ratioOf` gives a round's ratio from its measures. */
export async function inRounds<T>(
  rounds: number,
  sides: readonly (() => Promise<T>)[],
  ratioOf: (measures: T[]) => number,
): Promise<Rounds<T>> {
  const all: T[][] = []
  for (let r = 0; r < rounds; r++) {
    const measures = new Array<T>(sides.length)
    for (const i of rotation(sides.length, r)) measures[i] = await sides[i]!()
    all.push(measures)
  }
  const ratios = all.map(ratioOf)
  return { median: all[medianIndex(ratios)]!, ratios, all }
}

/** Side `i`'s errors summed over every round: an error in any round counts, not the median's alone. */
export function errorsOver<T extends { errors: number }>(rounds: Rounds<T>, i: number): number {
  return rounds.all.reduce((n, round) => n + round[i]!.errors, 0)
}
