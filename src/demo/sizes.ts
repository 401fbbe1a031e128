// How much the demo makes at each size. Every size includes the whole showcase.

export type DemoSize = 'small' | 'medium' | 'large'

export interface SizeConfig {
  creators: number
  sellers: number
  operators: number
  brands: number
  avgProductsPerBrand: number
  links: number
  /** Links of the showcase creator, among `links`. */
  showcaseLinks: number
  /** Partnerships of the showcase creator with generated brands, besides the curated ones. */
  showcaseExtraPartnerships: number
}

export const SIZES: Record<DemoSize, SizeConfig> = {
  small: {
    creators: 5,
    sellers: 3,
    operators: 1,
    brands: 12,
    avgProductsPerBrand: 5,
    links: 30,
    showcaseLinks: 12,
    showcaseExtraPartnerships: 0,
  },
  medium: {
    creators: 50,
    sellers: 30,
    operators: 3,
    brands: 120,
    avgProductsPerBrand: 5,
    links: 300,
    showcaseLinks: 40,
    showcaseExtraPartnerships: 8,
  },
  large: {
    creators: 300,
    sellers: 100,
    operators: 5,
    brands: 400,
    avgProductsPerBrand: 7,
    links: 3000,
    showcaseLinks: 150,
    showcaseExtraPartnerships: 20,
  },
}
