// GET /api/creator/v1/links: the creator's own attribution links, in id order.
import { Type } from 'typebox'
import { Ok, Param } from '../../schema.js'
import { LinkPage } from './schema.js'
import { listCreatorLinks } from './sql.js'
import { byTextId, listRoute } from '../../list-route.js'

export const URL = '/api/creator/v1/links'

export default listRoute({
  url: URL,
  side: 'creator',
  operationId: 'listCreatorLinks',
  summary: "List the creator's links",
  description:
    'The attribution links this creator owns, and no others: their ids are the link_id of its ' +
    'report rows. Filters only narrow the set; a value that matches nothing (another ' +
    "creator's brand or product included) gives an empty page. Ordered by id (byte order), " +
    'ascending; stable across pages.',
  query: {
    brand_id: Type.Optional(Param('Only links of this brand')),
    product_id: Type.Optional(Param('Only links to this product')),
  },
  limit: [25, 100],
  ok: Ok(LinkPage, 'A page of links'),
  items: 'links',
  scope: 'creator.links',
  filters: ({ query }) => ({ brand_id: query.brand_id, product_id: query.product_id }),
  ...byTextId,
  read: (reader, { owner, query }, after, limit) =>
    listCreatorLinks(
      reader,
      owner.accountId,
      { brand_id: query.brand_id, product_id: query.product_id },
      after?.[0] ?? '',
      limit,
    ),
})
