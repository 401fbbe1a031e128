// The creator's brands page.
import { listCreatorBrands } from '../../src/http/creator/brands/sql.js'
import { auth } from './http.js'
import { foundRows, NO_SQL, record } from './record.js'
import type { Group } from './types.js'

export const brands: Group = {
  name: 'brands',
  entries: ({ ids, bases, db }) => [
    {
      name: 'brands page (limit 100)',
      build: async () => {
        const sql = db ? await record((q) => listCreatorBrands(q, ids.typicalCreator, '', 100)) : NO_SQL
        return {
          name: 'brands page (limit 100)',
          group: 'brands',
          depth: 0,
          limit: 100,
          ours: { url: `${bases.ours}/api/creator/v1/brands?limit=100`, headers: auth(ids.tokens.typical) },
          list: 'brands',
          sql,
          ceilings: true,
          expectRows: db ? await foundRows(db, sql, 100) : 0,
        }
      },
    },
  ],
}
