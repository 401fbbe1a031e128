// The report row an adjustment or a payout line is about, as both list it: its key (date,
// link, product, marketplace) and its ASIN.
import { Type } from 'typebox'
import { CalendarDate } from '../schema.js'
import { MarketplaceCode } from '../values.js'

export const RowKey = {
  date: CalendarDate("The report row's date"),
  link_id: Type.String({ description: "The report row's link" }),
  product_id: Type.String({ description: "The report row's product" }),
  asin: Type.String({ description: "The report row's ASIN" }),
  marketplace: MarketplaceCode,
}
