// The scenario groups, in the order they are measured. A new group is a file exporting a Group
// (its scenarios by name, each with its own request, ceiling SQL and peers) added here.
import { log } from '../log.js'
import { brands } from './brands.js'
import { changes } from './changes.js'
import { payouts } from './payouts.js'
import { products } from './products.js'
import { reports } from './reports.js'
import type { Context, Group, Scenario } from './types.js'

export type { Bases, Context, Group, Scenario } from './types.js'
export { validate } from './validate.js'

export const GROUPS: Group[] = [brands, products, reports, changes, payouts]

/**
 * Builds the scenarios whose name contains `only` (all without it), of the groups named in
 * `groups` (all without it), against running servers. One the dataset cannot hold is skipped
 * with its reason printed.
 */
export async function buildScenarios(ctx: Context, only?: string, groups?: string[]): Promise<Scenario[]> {
  const out: Scenario[] = []
  for (const group of GROUPS) {
    if (groups && !groups.includes(group.name)) continue
    for (const entry of group.entries(ctx)) {
      if (only !== undefined && !entry.name.includes(only)) continue
      if (entry.skip) {
        log(`skipped "${entry.name}": ${entry.skip}`)
        ctx.skipped?.push({ name: entry.name, reason: entry.skip })
      } else out.push(await entry.build())
    }
  }
  return out
}
