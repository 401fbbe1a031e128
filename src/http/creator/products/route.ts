// GET /api/creator/v1/products: the active products of a brand the creator can see, with the
// commission it would earn on them today.
import { Ok, Param } from '../../schema.js'
import { CreatorProductPage } from './schema.js'
import { brandVisible, listCreatorProducts, type CreatorProductsPage } from './sql.js'
import { byTextId, listRoute } from '../../list-route.js'
import { forbidden } from '../../errors.js'

export const URL = '/api/creator/v1/products'

const notVisible = (brandId: string) => forbidden(`brand ${brandId} is not among this creator's brands`)

export default listRoute({
  url: URL,
  side: 'creator',
  operationId: 'listCreatorProducts',
  summary: 'List the products of a brand, with the commission this creator would earn',
  description:
    'The active products of a brand this creator can see on GET /api/creator/v1/brands (the same ' +
    "rule), each with the commission the creator would earn on a sale today: the creator's own " +
    "terms where it has creator-specific terms in force, else the product's general terms. An " +
    'unknown brand and a brand the creator cannot see both give 403 forbidden_resource. Ordered ' +
    'by id (byte order), ascending; stable across pages.',
  query: { brand_id: Param('Brand whose products are listed; it must be on this creator’s brands list') },
  limit: [25, 100],
  ok: Ok(CreatorProductPage, 'A page of products'),
  items: 'products',
  scope: 'creator.products',
  filters: ({ query }) => ({ brand_id: query.brand_id }),
  ...byTextId,
  // The visibility first: a brand the creator cannot see is 403 whatever the cursor. The page's
  // statement reads it (`refuse`); the separate check runs only for a refused cursor.
  check: async (reader, { owner, query }) => {
    if (!(await brandVisible(reader, owner.accountId, query.brand_id, owner.sandboxId))) {
      throw notVisible(query.brand_id)
    }
  },
  refuse: (page: CreatorProductsPage, { query }) => {
    if (!page.visible) throw notVisible(query.brand_id)
  },
  read: (reader, { owner, query }, after, limit) =>
    listCreatorProducts(reader, owner.accountId, query.brand_id, after?.[0] ?? '', limit, owner.sandboxId),
})
