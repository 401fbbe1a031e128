// Deterministic demo data: a believable creator/seller affiliate platform around Amazon, as a
// typed `Dataset` (shared/DATASET-FORMAT.md) ready for the importer.
//
// Everything is derived from one seeded PRNG (mulberry32), so a given seed + `today` always
// yields the same dataset. The first twelve brands, five creators, three sellers and one
// operator are hand-written so that every size shows every state the API can express
// (brand/product/partnership/commission statuses, non-discoverable brands, brands without an
// Ads connection, storefront links, brand-halo rows, …); larger sizes add generated accounts,
// brands and links around them.
//
// Report rows keep the invariants the API relies on: clicks ≥ detail_page_views ≥
// add_to_carts ≥ orders, units_sold ≥ orders, sales_cents = units_sold × the product's price,
// commission_cents from the product's terms, currency = the row marketplace's currency.
// A row's marketplace is either its product's marketplace or another marketplace of the same
// brand that uses the same currency (pan-EU selling), so money never needs converting.

import type {
  AccountIn,
  BrandAccessIn,
  BrandIn,
  BrandStatus,
  CommissionIn,
  CommissionStatus,
  Dataset,
  LinkIn,
  PartnershipIn,
  PartnershipStatus,
  ProductIn,
  ProductStatus,
  ReportRowIn,
} from '../dataset/types.js'
import { marketplaceByCode, type Marketplace } from '../marketplaces.js'

export type DemoSize = 'small' | 'medium' | 'large'

export interface DemoOptions {
  size: DemoSize
  seed?: number
  /** YYYY-MM-DD; report rows end the day before. Default: today (UTC). */
  today?: string
}

export interface DemoDataset {
  dataset: Dataset
  /** Ids of the showcase accounts (the caller issues API tokens for them). */
  accounts: { creator: string; seller: string; operator: string }
}

/** Number of days of report rows, ending the day before `today`. */
export const DEMO_REPORT_DAYS = 90
/** Rows at most this many days old are `pending` (inside the return window). */
export const DEMO_PENDING_MAX_AGE = 28
/** Rows older than `DEMO_PENDING_MAX_AGE` and at most this old are `approved`; older ones mostly `paid`. */
export const DEMO_APPROVED_MAX_AGE = 60

// ---------------------------------------------------------------------------------------------
// PRNG

/** mulberry32: a tiny, fast 32-bit seeded generator; plenty for demo data. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

class Rng {
  private readonly next: () => number

  constructor(seed: number) {
    this.next = mulberry32(seed)
  }

  float(): number {
    return this.next()
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next()
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** Picks by weight; `weights` align with `items`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0
    for (const w of weights) total += w
    let r = this.next() * total
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0
      if (r < 0) return items[i] as T
    }
    return items[items.length - 1] as T
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffled<T>(items: readonly T[]): T[] {
    const out = items.slice()
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const tmp = out[i] as T
      out[i] = out[j] as T
      out[j] = tmp
    }
    return out
  }

  /** Roughly normal (Irwin–Hall of 4), mean 0, sd ≈ 1. */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * Math.sqrt(3)
  }

  chars(alphabet: string, n: number): string {
    let s = ''
    for (let i = 0; i < n; i++) s += alphabet.charAt(Math.floor(this.next() * alphabet.length))
    return s
  }
}

// ---------------------------------------------------------------------------------------------
// Sizes

interface SizeConfig {
  creators: number
  sellers: number
  operators: number
  brands: number
  avgProductsPerBrand: number
  links: number
  showcaseLinks: number
  showcaseExtraPartnerships: number
}

const SIZES: Record<DemoSize, SizeConfig> = {
  small: {
    creators: 5, sellers: 3, operators: 1, brands: 12, avgProductsPerBrand: 5,
    links: 30, showcaseLinks: 12, showcaseExtraPartnerships: 0,
  },
  medium: {
    creators: 50, sellers: 30, operators: 3, brands: 120, avgProductsPerBrand: 5,
    links: 300, showcaseLinks: 40, showcaseExtraPartnerships: 8,
  },
  large: {
    creators: 300, sellers: 100, operators: 5, brands: 400, avgProductsPerBrand: 7,
    links: 3000, showcaseLinks: 150, showcaseExtraPartnerships: 20,
  },
}

// ---------------------------------------------------------------------------------------------
// Catalogue content

interface Item { title: string; usd: number }
interface Category {
  key: string
  suffixes: readonly string[]
  descriptions: readonly string[] // `{name}` is replaced by the brand name
  items: readonly Item[]
}

const CATEGORIES: readonly Category[] = [
  {
    key: 'outdoor',
    suffixes: ['Outdoor', 'Trail Co.', 'Expeditions', 'Gear'],
    descriptions: [
      '{name} makes lightweight, durable gear for hikers, campers and weekend adventurers.',
      'Trail-tested tents, packs and layers from {name}, designed in the Pacific Northwest.',
    ],
    items: [
      { title: 'Ultralight 2-Person Backpacking Tent', usd: 189 },
      { title: 'Insulated Stainless Steel Water Bottle, 32 oz', usd: 29 },
      { title: 'Packable Down Jacket', usd: 129 },
      { title: 'Carbon Fiber Trekking Poles (Pair)', usd: 79 },
      { title: 'Rechargeable Headlamp, 400 Lumen', usd: 34 },
      { title: 'Camping Hammock with Tree Straps', usd: 39 },
      { title: 'Waterproof Dry Bag, 20L', usd: 24 },
      { title: 'Compact Backpacking Stove', usd: 49 },
      { title: 'Merino Wool Hiking Socks (3-Pack)', usd: 27 },
      { title: 'Self-Inflating Sleeping Pad', usd: 69 },
    ],
  },
  {
    key: 'home',
    suffixes: ['Home', 'Living', 'Interiors'],
    descriptions: [
      '{name} designs warm, minimalist lighting and textiles for everyday living.',
      'Considered home goods from {name}: soft linens, honest materials, lasting design.',
    ],
    items: [
      { title: 'Stonewashed Linen Duvet Cover Set, Queen', usd: 149 },
      { title: 'Dimmable LED Floor Lamp', usd: 89 },
      { title: 'Ceramic Table Lamp with Linen Shade', usd: 64 },
      { title: 'Blackout Curtains, 2 Panels', usd: 45 },
      { title: 'Scented Soy Candle Set (3-Pack)', usd: 32 },
      { title: 'Chunky Knit Cotton Throw Blanket', usd: 59 },
      { title: 'Woven Seagrass Storage Baskets (Set of 3)', usd: 42 },
      { title: 'Memory Foam Pillows (2-Pack)', usd: 55 },
    ],
  },
  {
    key: 'audio',
    suffixes: ['Audio', 'Sound', 'Acoustics'],
    descriptions: [
      '{name} builds headphones and speakers tuned by audio engineers for natural sound.',
      'Hi-fi sound without the fuss: {name} makes wireless audio for every room.',
    ],
    items: [
      { title: 'Wireless Noise-Cancelling Headphones', usd: 249 },
      { title: 'True Wireless Earbuds with Charging Case', usd: 129 },
      { title: 'Portable Waterproof Bluetooth Speaker', usd: 79 },
      { title: 'Powered Bookshelf Speakers (Pair)', usd: 199 },
      { title: 'USB Condenser Microphone', usd: 99 },
      { title: 'Soundbar with Wireless Subwoofer', usd: 299 },
      { title: 'Belt-Drive Turntable with Built-in Preamp', usd: 179 },
    ],
  },
  {
    key: 'skincare',
    suffixes: ['Skincare', 'Botanicals', 'Apothecary'],
    descriptions: [
      '{name} formulates clean, dermatologist-tested skincare with plant-based actives.',
      'Small-batch botanical skincare from {name}, cruelty-free and fragrance-free.',
    ],
    items: [
      { title: 'Vitamin C Brightening Serum, 1 fl oz', usd: 38 },
      { title: 'Hyaluronic Acid Daily Moisturizer', usd: 32 },
      { title: 'Gentle Foaming Cleanser', usd: 22 },
      { title: 'Mineral Sunscreen SPF 50', usd: 28 },
      { title: 'Retinol Night Cream', usd: 46 },
      { title: 'Lip Repair Balm (3-Pack)', usd: 15 },
      { title: 'Kaolin Clay Detox Mask', usd: 26 },
    ],
  },
  {
    key: 'toys',
    suffixes: ['Toys', 'Play', 'Kids'],
    descriptions: [
      '{name} creates open-ended toys and games that grow with your child.',
      'Screen-free play from {name}: building sets, puzzles and family games.',
    ],
    items: [
      { title: 'Magnetic Building Tiles, 100 Pieces', usd: 59 },
      { title: 'Wooden Train Set with Bridge', usd: 45 },
      { title: 'STEM Robotics Kit for Kids 8+', usd: 69 },
      { title: 'Plush Teddy Bear, 14 inch', usd: 24 },
      { title: 'Family Strategy Board Game', usd: 34 },
      { title: 'Double-Sided Kids Art Easel', usd: 79 },
      { title: 'Remote Control Off-Road Truck', usd: 49 },
    ],
  },
  {
    key: 'kitchen',
    suffixes: ['Kitchen', 'Cookware', 'Kitchenware'],
    descriptions: [
      '{name} makes professional-grade cookware for home cooks.',
      'Heirloom-quality pans, knives and tools from {name}, built to be used every day.',
    ],
    items: [
      { title: 'Pre-Seasoned Cast Iron Skillet, 12 inch', usd: 39 },
      { title: 'Nonstick Cookware Set, 10 Pieces', usd: 179 },
      { title: "Chef's Knife, 8 inch", usd: 89 },
      { title: 'Digital Kitchen Scale', usd: 25 },
      { title: 'Bamboo Cutting Board Set', usd: 35 },
      { title: 'Gooseneck Pour-Over Kettle', usd: 59 },
      { title: 'Silicone Baking Mats (2-Pack)', usd: 18 },
      { title: 'Enameled Dutch Oven, 5.5 qt', usd: 99 },
    ],
  },
  {
    key: 'pet',
    suffixes: ['Pet Co.', 'Pets', 'Paws'],
    descriptions: [
      '{name} makes comfortable, vet-approved essentials for dogs and cats.',
      'Happy pets, tidy homes: beds, toys and treats from {name}.',
    ],
    items: [
      { title: 'Orthopedic Dog Bed, Large', usd: 89 },
      { title: 'Grain-Free Salmon Cat Treats', usd: 12 },
      { title: 'No-Pull Dog Harness', usd: 29 },
      { title: 'Self-Cleaning Slicker Brush', usd: 19 },
      { title: 'Automatic Pet Water Fountain', usd: 39 },
      { title: 'Interactive Puzzle Feeder', usd: 22 },
      { title: 'Sisal Cat Scratching Post, 32 inch', usd: 36 },
    ],
  },
  {
    key: 'fitness',
    suffixes: ['Fitness', 'Athletics', 'Performance'],
    descriptions: [
      '{name} makes compact home-gym equipment for strength and mobility.',
      'Train anywhere with {name}: adjustable weights, mats and recovery tools.',
    ],
    items: [
      { title: 'Adjustable Dumbbells (Pair)', usd: 299 },
      { title: 'Non-Slip Yoga Mat, 6mm', usd: 39 },
      { title: 'Resistance Bands Set with Handles', usd: 29 },
      { title: 'High-Density Foam Roller', usd: 24 },
      { title: 'Speed Jump Rope with Ball Bearings', usd: 17 },
      { title: 'Cast Iron Kettlebell, 16 kg', usd: 55 },
      { title: 'Insulated Protein Shaker Bottle', usd: 21 },
    ],
  },
  {
    key: 'baby',
    suffixes: ['Baby', 'Little Ones', 'Nursery'],
    descriptions: [
      '{name} makes safe, organic essentials for babies and the parents who carry them.',
      'Thoughtful nursery basics from {name}, tested to the strictest safety standards.',
    ],
    items: [
      { title: 'Organic Cotton Swaddle Blankets (3-Pack)', usd: 36 },
      { title: 'Silicone Suction Plate Set', usd: 19 },
      { title: 'Ergonomic Baby Carrier', usd: 129 },
      { title: 'White Noise Sound Machine', usd: 34 },
      { title: 'Teething Toys (4-Pack)', usd: 16 },
      { title: 'Convertible Wooden High Chair', usd: 159 },
    ],
  },
  {
    key: 'coffee',
    suffixes: ['Coffee', 'Roasters', 'Coffee Co.'],
    descriptions: [
      '{name} roasts specialty coffee in small batches and ships it within days.',
      'Direct-trade beans and brewing gear from {name}.',
    ],
    items: [
      { title: 'Whole Bean Coffee, Medium Roast, 2 lb', usd: 26 },
      { title: 'Single-Origin Ethiopia Yirgacheffe, 12 oz', usd: 19 },
      { title: 'Cold Brew Coffee Maker, 1.5 qt', usd: 29 },
      { title: 'Conical Burr Coffee Grinder', usd: 119 },
      { title: 'Espresso Blend Compatible Pods (50-Count)', usd: 24 },
      { title: 'Stainless Steel French Press, 34 oz', usd: 39 },
    ],
  },
  {
    key: 'cycling',
    suffixes: ['Cycle Works', 'Cycling', 'Bikes'],
    descriptions: [
      '{name} designs commuter and road cycling accessories that survive every season.',
      'Ride further with {name}: lights, locks, tools and trainers.',
    ],
    items: [
      { title: 'Bike Helmet with MIPS', usd: 89 },
      { title: 'Rechargeable Bike Light Set', usd: 35 },
      { title: 'Mini Floor Pump with Gauge', usd: 42 },
      { title: 'Padded Cycling Gloves', usd: 25 },
      { title: 'Bike Multi-Tool, 16-in-1', usd: 22 },
      { title: 'Smart Indoor Bike Trainer', usd: 499 },
      { title: 'Heavy-Duty U-Lock with Cable', usd: 55 },
    ],
  },
  {
    key: 'stationery',
    suffixes: ['Stationery', 'Paper Co.', 'Studio'],
    descriptions: [
      '{name} makes notebooks, pens and planners for people who still write by hand.',
      'Paper goods and art supplies from {name}, made with FSC-certified paper.',
    ],
    items: [
      { title: 'Dotted Hardcover Notebook, A5', usd: 19 },
      { title: 'Quick-Dry Gel Pens (12-Pack)', usd: 14 },
      { title: 'Undated Weekly Planner', usd: 24 },
      { title: 'Fountain Pen, Fine Nib', usd: 45 },
      { title: 'Watercolor Paint Set, 36 Colors', usd: 32 },
      { title: 'Washi Tape Set (20 Rolls)', usd: 13 },
    ],
  },
]

const CATEGORY_BY_KEY = new Map(CATEGORIES.map((c) => [c.key, c]))

const VARIANTS = [
  'Slate Gray', 'Forest Green', 'Sand', 'Midnight Blue', 'Terracotta', 'Charcoal', 'Ivory',
  'Sage', 'Rust', 'Ocean Blue', 'Large', 'Small', 'Travel Size', 'Bundle',
] as const

const BRAND_PREFIXES = [
  'Alder', 'Bluebird', 'Cedar Ridge', 'Driftwood', 'Evergreen', 'Foxglove', 'Granite Peak',
  'Hollow Oak', 'Ironwood', 'Jasper', 'Kinfolk', 'Larkspur', 'Maple & Moss', 'Nimbus', 'Oakhaven',
  'Pinecrest', 'Quill', 'Redwood', 'Saltwater', 'Thistle', 'Umber', 'Vantage', 'Wildflower',
  'Yarrow', 'Zephyr', 'Aurora', 'Beacon', 'Cobalt', 'Dune', 'Fernhill', 'Glacier', 'Harbor',
  'Indigo', 'Lighthouse', 'Meadowlark', 'North Star', 'Orchard', 'Prairie', 'Riverstone',
  'Silverline', 'Timber', 'Upland', 'Willow', 'Summit', 'Sable', 'Halcyon', 'Bramble', 'Corvid',
] as const

const FIRST_NAMES = [
  'Ava', 'Ben', 'Chloe', 'Daniel', 'Elena', 'Felix', 'Grace', 'Hugo', 'Isla', 'Jonah', 'Kira',
  'Liam', 'Mia', 'Noah', 'Olivia', 'Pablo', 'Quinn', 'Rosa', 'Theo', 'Uma', 'Victor', 'Wren',
  'Yara', 'Zoe', 'Amara', 'Bruno', 'Camille', 'Dev', 'Emeka', 'Freya', 'Gabriel', 'Hana',
  'Ines', 'Jamal', 'Keiko', 'Lucas', 'Marta', 'Nadia', 'Oscar', 'Paloma',
] as const

const LAST_NAMES = [
  'Anders', 'Baker', 'Costa', 'Dubois', 'Ellis', 'Fischer', 'Garcia', 'Hughes', 'Ibrahim',
  'Jensen', 'Kowalski', 'Laurent', 'Moreno', 'Nguyen', 'Olsen', 'Patel', 'Rossi', 'Schmidt',
  'Tanaka', 'Usman', 'Varga', 'Walsh', 'Xu', 'Yilmaz', 'Zimmer', 'Brooks', 'Carter', 'Diaz',
  'Evans', 'Foster', 'Kim', 'Lopez', 'Murphy', 'Novak', 'Park', 'Reyes', 'Silva', 'Turner',
] as const

const OPERATOR_NAMES = [
  'Bluewater Agency', 'Summit Growth Partners', 'Crescent Retail Ops', 'Meridian Marketplace Group',
  'Keystone Brand Services', 'Lantern Commerce', 'Parallel Retail Partners',
] as const

const TRACKING_CHANNELS = [
  'yt-review', 'yt-short', 'ig-story', 'ig-reel', 'tiktok', 'blog', 'newsletter', 'pin',
  'gift-guide', 'podcast',
] as const

/** Regions a generated brand sells in. EU-only sets share a currency, enabling pan-EU rows. */
const REGION_SETS: readonly (readonly string[])[] = [
  ['US'], ['US'], ['US', 'CA'], ['US', 'UK'], ['US', 'UK', 'DE'], ['UK'], ['UK', 'DE', 'FR'],
  ['DE', 'FR'], ['DE', 'FR', 'IT', 'ES'], ['DE', 'IT', 'ES'], ['FR', 'ES'], ['US', 'CA', 'UK'],
]

/** Approximate FX from USD list prices; prices are set to whole units minus one cent (x.99). */
const USD_FX: Record<string, number> = { USD: 1, CAD: 1.36, GBP: 0.79, EUR: 0.92 }

// ---------------------------------------------------------------------------------------------
// Hand-written showcase content

interface BrandSpec {
  name: string
  category: string
  status: BrandStatus
  discoverable: boolean
  adsConnected: boolean
  regions: readonly string[]
  rateBps: number
}

const CURATED_BRANDS: readonly BrandSpec[] = [
  { name: 'Northwind Outdoor', category: 'outdoor', status: 'active', discoverable: true, adsConnected: true, regions: ['US', 'CA', 'UK'], rateBps: 1000 },
  { name: 'Lumen Home', category: 'home', status: 'active', discoverable: true, adsConnected: true, regions: ['US', 'UK', 'DE'], rateBps: 1250 },
  { name: 'Kestrel Audio', category: 'audio', status: 'active', discoverable: true, adsConnected: true, regions: ['DE', 'FR', 'IT'], rateBps: 750 },
  { name: 'Juniper & Pine Skincare', category: 'skincare', status: 'active', discoverable: false, adsConnected: true, regions: ['US', 'UK'], rateBps: 2000 },
  { name: 'Fableworks Toys', category: 'toys', status: 'active', discoverable: true, adsConnected: false, regions: ['US'], rateBps: 800 },
  { name: 'Copperleaf Kitchen', category: 'kitchen', status: 'active', discoverable: true, adsConnected: true, regions: ['UK', 'DE'], rateBps: 1000 },
  { name: 'Tidewater Pet Co.', category: 'pet', status: 'inactive', discoverable: true, adsConnected: true, regions: ['US', 'CA'], rateBps: 1500 },
  { name: 'Atlas Fitness', category: 'fitness', status: 'archived', discoverable: true, adsConnected: false, regions: ['US'], rateBps: 600 },
  { name: 'Brightside Baby', category: 'baby', status: 'active', discoverable: true, adsConnected: true, regions: ['US', 'UK'], rateBps: 900 },
  { name: 'Ember & Oak Coffee', category: 'coffee', status: 'active', discoverable: true, adsConnected: true, regions: ['US'], rateBps: 1200 },
  { name: 'Velo Cycle Works', category: 'cycling', status: 'active', discoverable: true, adsConnected: true, regions: ['DE', 'FR', 'ES'], rateBps: 800 },
  { name: 'Marigold Stationery', category: 'stationery', status: 'inactive', discoverable: false, adsConnected: true, regions: ['UK'], rateBps: 1500 },
]

// Indexes into CURATED_BRANDS.
const B_NORTHWIND = 0
const B_LUMEN = 1
const B_KESTREL = 2
const B_JUNIPER = 3
const B_FABLEWORKS = 4
const B_COPPERLEAF = 5
const B_TIDEWATER = 6
const B_ATLAS = 7
const B_BRIGHTSIDE = 8
const B_EMBER = 9
const B_VELO = 10

const SHOWCASE_PARTNERSHIPS: readonly [number, PartnershipStatus][] = [
  [B_NORTHWIND, 'approved'],
  [B_LUMEN, 'approved'],
  [B_KESTREL, 'approved'],
  [B_JUNIPER, 'approved'], // not discoverable: visible only through this partnership
  [B_FABLEWORKS, 'pending'], // Ads not connected
  [B_COPPERLEAF, 'rejected'],
  [B_TIDEWATER, 'suspended'], // inactive brand, still visible through the partnership
  [B_BRIGHTSIDE, 'approved'],
  [B_EMBER, 'pending'],
  [B_VELO, 'approved'],
]

const CURATED_CREATORS = ['Maya Chen', 'Leo Alvarez', 'Priya Natarajan', 'Sam Okafor', 'Hannah Berg'] as const

const CURATED_SELLERS: readonly { name: string; key: string; brands: readonly number[] }[] = [
  { name: 'Northwind Brands LLC', key: 'northwind_brands', brands: [B_NORTHWIND, B_LUMEN] },
  { name: 'Kestrel Group GmbH', key: 'kestrel_group', brands: [B_KESTREL, B_VELO, B_COPPERLEAF] },
  { name: 'Fableworks Inc.', key: 'fableworks', brands: [B_FABLEWORKS, B_ATLAS] },
]

const CURATED_OPERATOR = { name: 'Harbor Commerce Partners', key: 'harbor_commerce' }
const CURATED_OPERATOR_BRANDS = [0, 1, 2, 3, 4, 5, 6, 7, 8]

// ---------------------------------------------------------------------------------------------
// Helpers

function slug(text: string, sep: string): string {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '')
    .join(sep)
}

function uniqueKey(base: string, used: Set<string>): string {
  let key = base
  for (let n = 2; used.has(key); n++) key = `${base}_${n}`
  used.add(key)
  return key
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

function market(code: string): Marketplace {
  const m = marketplaceByCode(code)
  if (m === undefined) throw new Error(`unknown marketplace ${code}`)
  return m
}

function priceCents(usd: number, currency: string): number {
  const fx = USD_FX[currency]
  if (fx === undefined) throw new Error(`no FX rate for ${currency}`)
  return Math.max(1, Math.round(usd * fx)) * 100 - 1
}

const DAY_MS = 86_400_000

function parseDay(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (m === null) throw new RangeError(`today must be YYYY-MM-DD, got ${JSON.stringify(text)}`)
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const ms = Date.UTC(y, mo - 1, d)
  if (new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new RangeError(`today is not a calendar date: ${text}`)
  }
  return ms
}

/** Commission for a report row: round half up of sales × rate (integers only), flat × units, or 0. */
export function demoCommissionCents(commission: CommissionIn | null, salesCents: number, unitsSold: number): number {
  if (commission === null) return 0
  if (commission.type === 'flat') return commission.flat_cents * unitsSold
  const n = salesCents * commission.rate_bps + 5000 // < 2^53 for any demo amount
  return (n - (n % 10000)) / 10000
}

// ---------------------------------------------------------------------------------------------
// Generator

interface BrandInfo {
  brand: BrandIn
  spec: BrandSpec
  products: ProductIn[]
}

interface LinkPlan {
  link: LinkIn
  brand: BrandInfo
  product: ProductIn | null
  /** Other products of the brand, for halo rows. */
  haloPool: ProductIn[]
  /** Another marketplace of the brand in the product's currency, for a share of the rows. */
  secondMarket: string | null
  activity: number // probability of any row on a day
  dailyClicks: number
  trend: number // daily growth factor over the window
  lastDay: number // index into the day list; rows stop after it (suspended partnerships)
}

/** The Amazon Attribution ad group id of the demo's link number `index` (15 digits, like Amazon's). */
export function demoAdGroupId(index: number): string {
  return String(144523967350812 + index * 7919)
}

export function generateDemoDataset(opts: DemoOptions): DemoDataset {
  const cfg = SIZES[opts.size]
  if (cfg === undefined) throw new RangeError(`unknown demo size ${String(opts.size)}`)
  const seed = opts.seed ?? 42
  const todayMs = parseDay(opts.today ?? new Date().toISOString().slice(0, 10))
  const rng = new Rng(seed)

  const accounts: AccountIn[] = []
  const usedAccountKeys = new Set<string>()

  // ---- Brands and products -------------------------------------------------------------------
  const brandSpecs: BrandSpec[] = CURATED_BRANDS.slice(0, cfg.brands)
  const usedBrandNames = new Set(brandSpecs.map((b) => b.name))
  while (brandSpecs.length < cfg.brands) {
    const category = rng.pick(CATEGORIES)
    let name = `${rng.pick(BRAND_PREFIXES)} ${rng.pick(category.suffixes)}`
    for (let attempt = 0; usedBrandNames.has(name) && attempt < 20; attempt++) {
      name = `${rng.pick(BRAND_PREFIXES)} ${rng.pick(category.suffixes)}`
    }
    if (usedBrandNames.has(name)) name = `${name} ${usedBrandNames.size + 1}`
    usedBrandNames.add(name)
    const status = rng.weighted<BrandStatus>(['active', 'inactive', 'archived'], [80, 12, 8])
    brandSpecs.push({
      name,
      category: category.key,
      status,
      discoverable: !rng.chance(0.12),
      adsConnected: !rng.chance(0.1),
      regions: rng.pick(REGION_SETS),
      rateBps: rng.pick([500, 600, 750, 800, 1000, 1000, 1200, 1250, 1500, 2000]),
    })
  }

  const usedBrandIds = new Set<string>()
  const usedAsins = new Set<string>()
  const brands: BrandInfo[] = []
  const products: ProductIn[] = []
  for (let bi = 0; bi < brandSpecs.length; bi++) {
    const spec = brandSpecs[bi] as BrandSpec
    const category = CATEGORY_BY_KEY.get(spec.category) as Category
    const key = uniqueKey(slug(spec.name, '_'), usedBrandIds)
    const domain = `${slug(spec.name, '-')}.example.com`
    const brand: BrandIn = {
      id: `brand_${key}`,
      name: spec.name,
      status: spec.status,
      description: rng.pick(category.descriptions).replace('{name}', spec.name),
      logo_url: `https://${domain}/assets/logo.png`,
      website: `https://${domain}`,
      discoverable: spec.discoverable,
      ads_connected: spec.adsConnected,
    }
    const info: BrandInfo = { brand, spec, products: [] }
    brands.push(info)

    const count = bi === B_LUMEN || bi === B_NORTHWIND
      ? Math.max(6, cfg.avgProductsPerBrand + 1)
      : rng.int(3, 2 * cfg.avgProductsPerBrand - 3)
    const items = rng.shuffled(category.items)
    const variants = rng.shuffled(VARIANTS)
    for (let pi = 0; pi < count; pi++) {
      const item = items[pi % items.length] as Item
      const round = Math.floor(pi / items.length)
      const title = round === 0
        ? `${spec.name} ${item.title}`
        : `${spec.name} ${item.title}, ${variants[(round - 1) % variants.length] as string}`
      // Every region gets a product first, then the rest at random.
      const mp = market(pi < spec.regions.length ? spec.regions[pi] as string : rng.pick(spec.regions))
      let asin = ''
      while (asin === '' || usedAsins.has(asin)) asin = `B0${rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 8)}`
      usedAsins.add(asin)
      const price = priceCents(item.usd * rng.range(0.9, 1.15), mp.currency)

      let status: ProductStatus
      if (spec.status === 'archived') status = 'archived'
      else if (spec.status === 'inactive') status = rng.chance(0.8) ? 'inactive' : 'archived'
      else status = rng.weighted<ProductStatus>(['active', 'inactive', 'archived'], [78, 12, 10])
      // The showcase seller's brands show every product status and commission kind.
      if (bi === B_LUMEN && pi < 3) status = (['active', 'inactive', 'archived'] as const)[pi] as ProductStatus
      if (bi === B_NORTHWIND && pi < 3) status = 'active'

      let kind = rng.weighted(['percentage', 'flat', 'none'] as const, [64, 18, 18])
      if ((bi === B_NORTHWIND || bi === B_LUMEN) && pi < 3) kind = (['percentage', 'flat', 'none'] as const)[pi] ?? kind
      let commission: CommissionIn | null = null
      if (kind === 'percentage') {
        const rate = rng.chance(0.7) ? spec.rateBps : spec.rateBps + rng.pick([-250, 250, 500])
        commission = { type: 'percentage', rate_bps: Math.min(2000, Math.max(500, rate)) }
      } else if (kind === 'flat') {
        // A fixed bounty per unit, about 5–15 % of the price, in 50-cent steps.
        const flat = Math.max(50, Math.round((price * rng.range(0.05, 0.15)) / 50) * 50)
        commission = { type: 'flat', flat_cents: flat, currency_code: mp.currency }
      }

      const product: ProductIn = {
        id: `prod_${key}_${pad(pi + 1, 2)}`,
        brand_id: brand.id,
        asin,
        title,
        status,
        commission,
        image_url: `https://images.example.com/products/${asin}.jpg`,
        detail_page_url: `https://www.${mp.domain}/dp/${asin}`,
        marketplace_id: mp.marketplaceId,
        country_code: mp.code,
        price_cents: price,
        currency: mp.currency,
      }
      info.products.push(product)
      products.push(product)
    }
  }

  // ---- Accounts ------------------------------------------------------------------------------
  const creatorIds: string[] = []
  for (let i = 0; i < cfg.creators; i++) {
    let name: string = CURATED_CREATORS[i] ?? ''
    if (name === '') name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`
    const id = `cr_${uniqueKey(slug(name, '_'), usedAccountKeys)}`
    accounts.push({ id, role: 'creator', name })
    creatorIds.push(id)
  }

  const brandAccess: BrandAccessIn[] = []
  const accessKeys = new Set<string>()
  const grant = (accountId: string, brandIndex: number): void => {
    const brandId = (brands[brandIndex] as BrandInfo).brand.id
    const k = `${accountId}\u0000${brandId}`
    if (accessKeys.has(k)) return
    accessKeys.add(k)
    brandAccess.push({ account_id: accountId, brand_id: brandId })
  }

  const sellerIds: string[] = []
  for (let i = 0; i < cfg.sellers; i++) {
    const curated = CURATED_SELLERS[i]
    if (curated !== undefined) {
      const id = `sl_${uniqueKey(curated.key, usedAccountKeys)}`
      accounts.push({ id, role: 'seller', name: curated.name })
      sellerIds.push(id)
      for (const b of curated.brands) if (b < brands.length) grant(id, b)
      continue
    }
    // Generated sellers own the generated brands round-robin (set below), named after the first.
    const first = CURATED_BRANDS.length + (i - CURATED_SELLERS.length)
    const firstName = brands[first]?.brand.name ?? `${rng.pick(BRAND_PREFIXES)} Goods`
    const base = firstName.split(' ')[0] as string
    const name = `${base} ${rng.pick(['Brands LLC', 'Holdings', 'Commerce Ltd', 'Group', 'Trading Co.'])}`
    const id = `sl_${uniqueKey(slug(name.replace(/ (LLC|Ltd|Co\.)$/, ''), '_'), usedAccountKeys)}`
    accounts.push({ id, role: 'seller', name })
    sellerIds.push(id)
  }
  const generatedSellers = sellerIds.slice(CURATED_SELLERS.length)
  for (let b = CURATED_BRANDS.length; b < brands.length; b++) {
    const s = generatedSellers[(b - CURATED_BRANDS.length) % Math.max(1, generatedSellers.length)]
    if (s !== undefined) grant(s, b)
  }

  const operatorIds: string[] = []
  for (let i = 0; i < cfg.operators; i++) {
    const name = i === 0 ? CURATED_OPERATOR.name : (OPERATOR_NAMES[(i - 1) % OPERATOR_NAMES.length] as string)
    const id = `op_${uniqueKey(i === 0 ? CURATED_OPERATOR.key : slug(name, '_'), usedAccountKeys)}`
    accounts.push({ id, role: 'operator', name })
    operatorIds.push(id)
    if (i === 0) {
      for (const b of CURATED_OPERATOR_BRANDS) if (b < brands.length) grant(id, b)
      for (let b = CURATED_BRANDS.length; b < brands.length; b++) if (rng.chance(0.4)) grant(id, b)
    } else {
      const share = rng.range(0.15, 0.3)
      for (let b = 0; b < brands.length; b++) if (rng.chance(share)) grant(id, b)
    }
  }

  // ---- Partnerships --------------------------------------------------------------------------
  const partnerships: PartnershipIn[] = []
  const partnered = new Map<string, Map<number, PartnershipStatus>>()
  const partner = (creatorId: string, brandIndex: number, status: PartnershipStatus): void => {
    let m = partnered.get(creatorId)
    if (m === undefined) partnered.set(creatorId, (m = new Map()))
    if (m.has(brandIndex)) return
    m.set(brandIndex, status)
    partnerships.push({ creator_id: creatorId, brand_id: (brands[brandIndex] as BrandInfo).brand.id, status })
  }
  const randomStatus = (): PartnershipStatus =>
    rng.weighted<PartnershipStatus>(['approved', 'pending', 'rejected', 'suspended'], [62, 20, 10, 8])
  const showcaseCreator = creatorIds[0] as string
  for (const [b, status] of SHOWCASE_PARTNERSHIPS) partner(showcaseCreator, b, status)
  for (let i = 0; i < cfg.showcaseExtraPartnerships; i++) {
    partner(showcaseCreator, rng.int(CURATED_BRANDS.length, brands.length - 1), randomStatus())
  }
  const liveBrands = brands.map((_, i) => i).filter((i) => brands[i]?.spec.status === 'active')
  for (const creatorId of creatorIds.slice(1)) {
    // Everyone has at least one approved partnership with an active brand, so they have links.
    partner(creatorId, rng.pick(liveBrands), 'approved')
    const extra = rng.int(1, 5)
    for (let i = 0; i < extra; i++) partner(creatorId, rng.int(0, brands.length - 1), randomStatus())
  }

  // ---- Links ---------------------------------------------------------------------------------
  const days: string[] = []
  for (let i = DEMO_REPORT_DAYS; i >= 1; i--) days.push(new Date(todayMs - i * DAY_MS).toISOString().slice(0, 10))

  // Link owners: the showcase creator's quota first, then every other creator gets two links,
  // the rest by a skewed popularity so that some creators are much bigger than others.
  const owners: string[] = []
  for (let i = 0; i < cfg.showcaseLinks; i++) owners.push(showcaseCreator)
  const others = creatorIds.slice(1)
  const popularity = others.map(() => Math.exp(rng.normal()))
  for (const c of others) if (owners.length < cfg.links) owners.push(c, c)
  while (owners.length < cfg.links) owners.push(rng.weighted(others, popularity))
  owners.length = cfg.links

  const usedCodes = new Set<string>()
  const linkCount = new Map<string, number>()
  const plans: LinkPlan[] = []
  const links: LinkIn[] = []
  const halfway = Math.floor(DEMO_REPORT_DAYS / 2)
  for (let li = 0; li < owners.length; li++) {
    const creatorId = owners[li] as string
    const statuses = partnered.get(creatorId) ?? new Map<number, PartnershipStatus>()
    const approved = [...statuses].filter(([, s]) => s === 'approved').map(([b]) => b)
    const suspended = [...statuses].filter(([, s]) => s === 'suspended').map(([b]) => b)
    const n = (linkCount.get(creatorId) ?? 0) + 1
    linkCount.set(creatorId, n)

    // The showcase creator's second link is a storefront link and its last link is on the
    // suspended (inactive) brand; everyone else links approved brands, occasionally suspended.
    let brandIndex: number
    if (creatorId === showcaseCreator && n === cfg.showcaseLinks) brandIndex = B_TIDEWATER
    else if (creatorId === showcaseCreator && n <= 4) brandIndex = [B_NORTHWIND, B_LUMEN, B_KESTREL, B_JUNIPER][n - 1] as number
    else if (suspended.length > 0 && rng.chance(0.1)) brandIndex = rng.pick(suspended)
    else brandIndex = rng.pick(approved)
    const info = brands[brandIndex] as BrandInfo
    const isSuspended = statuses.get(brandIndex) === 'suspended'

    const storefront = creatorId === showcaseCreator ? n === 2 : rng.chance(0.08)
    let product: ProductIn | null = null
    if (!storefront) {
      const active = info.products.filter((p) => p.status === 'active')
      product = active.length > 0 && rng.chance(0.9) ? rng.pick(active) : rng.pick(info.products)
    }
    const home = market(product?.country_code ?? (info.spec.regions[0] as string))
    const storeSlug = info.brand.name.replace(/[^A-Za-z0-9]+/g, '')
    const storeId = `${rng.chars('0123456789ABCDEF', 8)}-${rng.chars('0123456789ABCDEF', 4)}-${rng.chars('0123456789ABCDEF', 4)}-${rng.chars('0123456789ABCDEF', 4)}-${rng.chars('0123456789ABCDEF', 12)}`

    let code = ''
    while (code === '' || usedCodes.has(code)) code = rng.chars('abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789', 7)
    usedCodes.add(code)

    const tracking = rng.chance(0.3) ? '' : `${rng.pick(TRACKING_CHANNELS)}-${pad(rng.int(1, 40), 2)}`
    const link: LinkIn = {
      id: `link_${creatorId.slice(3)}_${pad(n, 3)}`,
      creator_id: creatorId,
      brand_id: info.brand.id,
      product_id: product?.id ?? null,
      tracking_id: tracking,
      short_url: `https://go.example.link/${code}`,
      destination_url: product?.detail_page_url ?? `https://www.${home.domain}/stores/${storeSlug}/page/${storeId}`,
      // Derived from the position, not the PRNG, so every other generated value stays as it was.
      amazon_ad_group_id: demoAdGroupId(li),
    }
    links.push(link)

    const sameCurrency = product === null
      ? []
      : [...new Set(info.products.map((p) => p.country_code as string))]
          .filter((r) => r !== product.country_code && market(r).currency === product.currency)
    plans.push({
      link,
      brand: info,
      product,
      haloPool: info.products.filter((p) => p !== product),
      secondMarket: sameCurrency.length > 0 ? rng.pick(sameCurrency) : null,
      activity: rng.range(0.6, 0.8),
      dailyClicks: 25 * Math.exp(0.7 * rng.normal()) * (creatorId === showcaseCreator ? 1.5 : 1),
      trend: rng.range(-0.004, 0.008),
      lastDay: isSuspended ? halfway + rng.int(-10, 10) : DEMO_REPORT_DAYS - 1,
    })
  }

  // ---- Report rows ---------------------------------------------------------------------------
  const rows: ReportRowIn[] = []
  const promoDay = rng.int(20, 70) // a two-day sale event lifts everybody
  const firstPlan = plans[0] as LinkPlan

  const addRow = (
    date: string, age: number, link: LinkIn, product: ProductIn, marketCode: string,
    clicksBase: number, halo: boolean,
  ): void => {
    const price = product.price_cents as number
    let clicks: number
    let dpv: number
    let atc: number
    let orders: number
    if (halo) {
      // Brand halo: the shopper clicked the link but bought something else of the brand.
      orders = rng.int(1, 2)
      atc = orders + rng.int(0, 2)
      dpv = atc + rng.int(0, 4)
      clicks = dpv + rng.int(0, 3)
    } else {
      clicks = Math.max(1, Math.round(clicksBase * rng.range(0.5, 1.5)))
      dpv = Math.round(clicks * rng.range(0.4, 0.75))
      atc = Math.round(dpv * rng.range(0.05, 0.25))
      orders = Math.round(atc * rng.range(0.3, 0.85))
    }
    let status: CommissionStatus
    if (rng.chance(0.03)) status = 'reversed'
    else if (age <= DEMO_PENDING_MAX_AGE) status = 'pending'
    else if (age <= DEMO_APPROVED_MAX_AGE) status = 'approved'
    else status = rng.chance(0.92) ? 'paid' : 'approved'
    let units = 0
    if (status === 'reversed') orders = 0
    else for (let o = 0; o < orders; o++) units += rng.chance(0.15) ? 2 : 1
    const sales = units * price
    rows.push({
      date,
      link_id: link.id,
      product_id: product.id,
      marketplace: marketCode,
      currency: market(marketCode).currency,
      sales_cents: sales,
      commission_cents: status === 'reversed' ? 0 : demoCommissionCents(product.commission, sales, units),
      commission_status: status,
      orders,
      units_sold: units,
      clicks,
      detail_page_views: dpv,
      add_to_carts: atc,
    })
  }

  for (let d = 0; d < days.length; d++) {
    const date = days[d] as string
    const age = DEMO_REPORT_DAYS - d
    const weekday = new Date(todayMs - age * DAY_MS).getUTCDay()
    const seasonal = (weekday === 0 || weekday === 6 ? 1.2 : 1) * (d === promoDay || d === promoDay + 1 ? 2.4 : 1)
    for (const plan of plans) {
      if (d > plan.lastDay) continue
      // The first showcase link is live on the first and last day, so the window is always full.
      const forced = plan === firstPlan && (d === 0 || d === days.length - 1)
      if (!forced && !rng.chance(plan.activity)) continue
      const base = plan.dailyClicks * seasonal * (1 + plan.trend * d)
      const { link, product } = plan
      if (product !== null) {
        addRow(date, age, link, product, product.country_code as string, base, false)
        if (plan.secondMarket !== null && rng.chance(0.3)) {
          addRow(date, age, link, product, plan.secondMarket, base * 0.35, false)
        }
        if (plan.haloPool.length > 0 && rng.chance(0.15)) {
          const other = rng.pick(plan.haloPool)
          addRow(date, age, link, other, other.country_code as string, base, true)
        }
      } else {
        // Storefront link: every row is for one of the brand's products.
        const k = Math.min(plan.haloPool.length, rng.int(1, 3))
        const picked = new Set<ProductIn>()
        while (picked.size < k) picked.add(rng.pick(plan.haloPool))
        for (const p of picked) addRow(date, age, link, p, p.country_code as string, base / k, false)
      }
    }
  }

  return {
    dataset: {
      accounts,
      api_tokens: [],
      brands: brands.map((b) => b.brand),
      brand_access: brandAccess,
      products,
      partnerships,
      links,
      commission_terms: [],
      report_rows: rows,
    },
    accounts: {
      creator: showcaseCreator,
      seller: sellerIds[0] as string,
      operator: operatorIds[0] as string,
    },
  }
}
