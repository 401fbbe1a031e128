// What every brand in the API says of itself, the same on both sides: the creator's brand
// (creator/brands) and the seller's (seller/brands) add what their side sees.
import { Type } from 'typebox'
import { BrandStatus } from './values.js'

export const BrandFields = {
  id: Type.String({ description: 'Brand identifier' }),
  name: Type.String({ description: 'Brand name' }),
  status: BrandStatus,
}
