// What the demo's generated brands sell and are called: product categories with their items
// (USD list prices), brand name parts, people's and agencies' names, tracking channels and the
// marketplace sets a brand sells in. Data only; the generator draws from it.

import type { BrandStatus } from '../domain/statuses.js'

/** What a brand is made from, hand-written (showcase.ts) or drawn (brands.ts). */
export interface BrandSpec {
  name: string
  category: string // a Category key
  status: BrandStatus
  discoverable: boolean
  adsConnected: boolean
  regions: readonly string[]
  rateBps: number // the brand's usual percentage commission
}

export interface Item {
  title: string
  usd: number
}

export interface Category {
  key: string
  suffixes: readonly string[]
  descriptions: readonly string[] // `{name}` is replaced by the brand name
  items: readonly Item[]
}

export const CATEGORIES: readonly Category[] = [
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

export const CATEGORY_BY_KEY: ReadonlyMap<string, Category> = new Map(CATEGORIES.map((c) => [c.key, c]))

/** Tell apart a brand's products that share an item: "…, Forest Green". */
export const VARIANTS = [
  'Slate Gray',
  'Forest Green',
  'Sand',
  'Midnight Blue',
  'Terracotta',
  'Charcoal',
  'Ivory',
  'Sage',
  'Rust',
  'Ocean Blue',
  'Large',
  'Small',
  'Travel Size',
  'Bundle',
] as const

export const BRAND_PREFIXES = [
  'Alder',
  'Bluebird',
  'Cedar Ridge',
  'Driftwood',
  'Evergreen',
  'Foxglove',
  'Granite Peak',
  'Hollow Oak',
  'Ironwood',
  'Jasper',
  'Kinfolk',
  'Larkspur',
  'Maple & Moss',
  'Nimbus',
  'Oakhaven',
  'Pinecrest',
  'Quill',
  'Redwood',
  'Saltwater',
  'Thistle',
  'Umber',
  'Vantage',
  'Wildflower',
  'Yarrow',
  'Zephyr',
  'Aurora',
  'Beacon',
  'Cobalt',
  'Dune',
  'Fernhill',
  'Glacier',
  'Harbor',
  'Indigo',
  'Lighthouse',
  'Meadowlark',
  'North Star',
  'Orchard',
  'Prairie',
  'Riverstone',
  'Silverline',
  'Timber',
  'Upland',
  'Willow',
  'Summit',
  'Sable',
  'Halcyon',
  'Bramble',
  'Corvid',
] as const

/** Commission rates (bps) a generated brand offers; 1000 is twice as likely. */
export const BRAND_RATES_BPS = [500, 600, 750, 800, 1000, 1000, 1200, 1250, 1500, 2000] as const

export const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Chloe',
  'Daniel',
  'Elena',
  'Felix',
  'Grace',
  'Hugo',
  'Isla',
  'Jonah',
  'Kira',
  'Liam',
  'Mia',
  'Noah',
  'Olivia',
  'Pablo',
  'Quinn',
  'Rosa',
  'Theo',
  'Uma',
  'Victor',
  'Wren',
  'Yara',
  'Zoe',
  'Amara',
  'Bruno',
  'Camille',
  'Dev',
  'Emeka',
  'Freya',
  'Gabriel',
  'Hana',
  'Ines',
  'Jamal',
  'Keiko',
  'Lucas',
  'Marta',
  'Nadia',
  'Oscar',
  'Paloma',
] as const

export const LAST_NAMES = [
  'Anders',
  'Baker',
  'Costa',
  'Dubois',
  'Ellis',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ibrahim',
  'Jensen',
  'Kowalski',
  'Laurent',
  'Moreno',
  'Nguyen',
  'Olsen',
  'Patel',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Usman',
  'Varga',
  'Walsh',
  'Xu',
  'Yilmaz',
  'Zimmer',
  'Brooks',
  'Carter',
  'Diaz',
  'Evans',
  'Foster',
  'Kim',
  'Lopez',
  'Murphy',
  'Novak',
  'Park',
  'Reyes',
  'Silva',
  'Turner',
] as const

/** A generated seller is named after its first brand: "Alder Holdings". */
export const SELLER_SUFFIXES = ['Brands LLC', 'Holdings', 'Commerce Ltd', 'Group', 'Trading Co.'] as const

export const OPERATOR_NAMES = [
  'Bluewater Agency',
  'Summit Growth Partners',
  'Crescent Retail Ops',
  'Meridian Marketplace Group',
  'Keystone Brand Services',
  'Lantern Commerce',
  'Parallel Retail Partners',
] as const

export const TRACKING_CHANNELS = [
  'yt-review',
  'yt-short',
  'ig-story',
  'ig-reel',
  'tiktok',
  'blog',
  'newsletter',
  'pin',
  'gift-guide',
  'podcast',
] as const

/** Regions a generated brand sells in. EU-only sets share a currency, enabling pan-EU rows. */
export const REGION_SETS: readonly (readonly string[])[] = [
  ['US'],
  ['US'],
  ['US', 'CA'],
  ['US', 'UK'],
  ['US', 'UK', 'DE'],
  ['UK'],
  ['UK', 'DE', 'FR'],
  ['DE', 'FR'],
  ['DE', 'FR', 'IT', 'ES'],
  ['DE', 'IT', 'ES'],
  ['FR', 'ES'],
  ['US', 'CA', 'UK'],
]
