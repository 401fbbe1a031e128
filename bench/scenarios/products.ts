// The seller's products page of one brand.
import { listBrandProducts } from '../../src/http/seller/products/sql.js'
import { auth } from './http.js'
import { foundRows, NO_SQL, record } from './record.js'
import type { Group } from './types.js'

export const products: Group = {
  name: 'products',
  entries: ({ ids, bases, db }) => [
    {
      name: 'products page (limit 100)',
      build: async () => {
        const sql = db ? await record((q) => listBrandProducts(q, ids.seller, ids.sellerBrand, '', 100)) : NO_SQL
        return {
          name: 'products page (limit 100)',
          group: 'products',
          depth: 0,
          limit: 100,
          ours: {
            url: `${bases.ours}/api/seller/v1/products?brand_id=${ids.sellerBrand}&limit=100`,
            headers: auth(ids.tokens.seller),
          },
          list: 'products',
          sql,
          ceilings: true,
          expectRows: db ? await foundRows(db, sql, 100) : 0,
        }
      },
    },
  ],
}
