// GET /api/creator/v1/brands: brands discoverable to the creator, in id order.
import { Ok } from '../../schema.js'
import { BrandPage } from './schema.js'
import { listCreatorBrands } from './sql.js'
import { byTextId, listRoute } from '../../list-route.js'

export const URL = '/api/creator/v1/brands'

export default listRoute({
  url: URL,
  side: 'creator',
  operationId: 'listCreatorBrands',
  summary: 'List discoverable brands',
  description:
    'Brands discoverable by the creator token owner: every active, discoverable brand, plus ' +
    'every brand this creator has a partnership record with, whatever the status of either. ' +
    'Ordered by id (byte order), ascending; stable across pages.',
  limit: [25, 100],
  ok: Ok(BrandPage, 'A page of brands'),
  items: 'brands',
  scope: 'creator.brands',
  ...byTextId,
  read: (reader, { owner }, after, limit) =>
    listCreatorBrands(reader, owner.accountId, after?.[0] ?? '', limit, owner.sandboxId),
})
