import sharp from 'sharp';
import type { Tx } from './client';
import { brands, categories, productCategories, products, stories } from './schema';
import type { Storage } from '../lib/storage';
import { inStoreEan13 } from '../modules/catalog/barcode';
import { storeImage } from '../modules/catalog/images';
import { nextBarcodeNumber, nextGroupId } from '../modules/catalog/products.repository';
import { recordStock } from '../modules/stock/stock.repository';

// Three levels: top, child, grandchild. Hue per top level colours the drawn product pictures.
const TREE: Array<{ title: string; hue: number; children: Array<{ title: string; children: string[] }> }> = [
  {
    title: 'Food',
    hue: 28,
    children: [
      { title: 'Fruits & Vegetables', children: ['Fresh Fruits', 'Fresh Vegetables'] },
      { title: 'Meat & Fish', children: ['Chicken', 'Fish'] },
      { title: 'Rice, Dal & Oil', children: ['Rice', 'Dal', 'Oil'] },
      { title: 'Snacks', children: ['Biscuits', 'Noodles'] },
    ],
  },
  {
    title: 'Beverages',
    hue: 200,
    children: [
      { title: 'Tea & Coffee', children: [] },
      { title: 'Soft Drinks', children: [] },
    ],
  },
  {
    title: 'Home Care',
    hue: 160,
    children: [
      { title: 'Cleaning', children: [] },
      { title: 'Laundry', children: [] },
    ],
  },
  { title: 'Personal Care', hue: 300, children: [{ title: 'Soap & Shampoo', children: [] }] },
];

const BRANDS = [
  'ACI',
  'Bashundhara',
  'Fresh',
  'Igloo',
  'Ispahani',
  'Local Farm',
  'Nestle',
  'Pran',
  'Radhuni',
  'Square',
  'Teer',
  'Unilever',
];

type Item = {
  title: string;
  attri: string;
  price: number;
  offprice?: number;
  buy: number;
  qty: number;
  cat: string;
  brand: string;
  flags?: Array<'offer' | 'popular' | 'food' | 'stock_out'>;
  desc?: string;
};

const ITEMS: Item[] = [
  {
    title: 'Banana (Sagor)',
    attri: '1 dozen',
    price: 120,
    offprice: 110,
    buy: 95,
    qty: 40,
    cat: 'Fresh Fruits',
    brand: 'Local Farm',
    flags: ['offer', 'popular', 'food'],
  },
  {
    title: 'Green Apple',
    attri: '1 kg',
    price: 320,
    buy: 270,
    qty: 25,
    cat: 'Fresh Fruits',
    brand: 'Local Farm',
    flags: ['food'],
  },
  {
    title: 'Orange (Malta)',
    attri: '1 kg',
    price: 260,
    offprice: 240,
    buy: 210,
    qty: 30,
    cat: 'Fresh Fruits',
    brand: 'Local Farm',
    flags: ['offer', 'food'],
  },
  {
    title: 'Mango (Himsagar)',
    attri: '1 kg',
    price: 180,
    buy: 140,
    qty: 0,
    cat: 'Fresh Fruits',
    brand: 'Local Farm',
    flags: ['food', 'popular'],
  },
  {
    title: 'Pomegranate',
    attri: '500 gm',
    price: 240,
    buy: 200,
    qty: 12,
    cat: 'Fresh Fruits',
    brand: 'Local Farm',
    flags: ['food'],
  },
  {
    title: 'Guava',
    attri: '1 kg',
    price: 90,
    buy: 70,
    qty: 35,
    cat: 'Fresh Fruits',
    brand: 'Local Farm',
    flags: ['food'],
  },
  {
    title: 'Potato (Diamond)',
    attri: '1 kg',
    price: 45,
    buy: 36,
    qty: 200,
    cat: 'Fresh Vegetables',
    brand: 'Local Farm',
    flags: ['popular', 'food'],
  },
  {
    title: 'Onion (Deshi)',
    attri: '1 kg',
    price: 110,
    offprice: 99,
    buy: 85,
    qty: 150,
    cat: 'Fresh Vegetables',
    brand: 'Local Farm',
    flags: ['offer', 'popular', 'food'],
  },
  {
    title: 'Garlic (Deshi)',
    attri: '500 gm',
    price: 130,
    buy: 105,
    qty: 60,
    cat: 'Fresh Vegetables',
    brand: 'Local Farm',
    flags: ['food'],
  },
  {
    title: 'Tomato',
    attri: '1 kg',
    price: 80,
    buy: 60,
    qty: 45,
    cat: 'Fresh Vegetables',
    brand: 'Local Farm',
    flags: ['food'],
  },
  {
    title: 'Green Chili',
    attri: '250 gm',
    price: 40,
    buy: 28,
    qty: 30,
    cat: 'Fresh Vegetables',
    brand: 'Local Farm',
    flags: ['food'],
  },
  {
    title: 'Cucumber',
    attri: '500 gm',
    price: 35,
    buy: 25,
    qty: 0,
    cat: 'Fresh Vegetables',
    brand: 'Local Farm',
    flags: ['food', 'stock_out'],
  },
  {
    title: 'Chicken Broiler',
    attri: '1 kg',
    price: 210,
    offprice: 195,
    buy: 175,
    qty: 50,
    cat: 'Chicken',
    brand: 'Local Farm',
    flags: ['offer', 'popular', 'food'],
  },
  {
    title: 'Chicken Breast (Boneless)',
    attri: '500 gm',
    price: 280,
    buy: 235,
    qty: 20,
    cat: 'Chicken',
    brand: 'Bashundhara',
    flags: ['food'],
  },
  {
    title: 'Deshi Chicken',
    attri: '1 pc (approx. 1 kg)',
    price: 520,
    buy: 450,
    qty: 8,
    cat: 'Chicken',
    brand: 'Local Farm',
    flags: ['food'],
  },
  {
    title: 'Chicken Sausage',
    attri: '340 gm',
    price: 260,
    buy: 215,
    qty: 0,
    cat: 'Chicken',
    brand: 'Bashundhara',
    flags: ['food', 'stock_out'],
  },
  {
    title: 'Rui Fish',
    attri: '1 kg',
    price: 380,
    buy: 320,
    qty: 15,
    cat: 'Fish',
    brand: 'Local Farm',
    flags: ['food', 'popular'],
  },
  {
    title: 'Hilsa Fish',
    attri: '1 pc (approx. 1 kg)',
    price: 1600,
    offprice: 1450,
    buy: 1300,
    qty: 6,
    cat: 'Fish',
    brand: 'Local Farm',
    flags: ['offer', 'food'],
  },
  {
    title: 'Pangas Fish',
    attri: '1 kg',
    price: 190,
    buy: 155,
    qty: 18,
    cat: 'Fish',
    brand: 'Local Farm',
    flags: ['food'],
  },
  {
    title: 'Prawn (Golda)',
    attri: '500 gm',
    price: 650,
    buy: 560,
    qty: 0,
    cat: 'Fish',
    brand: 'Local Farm',
    flags: ['food'],
  },
  {
    title: 'Chinigura Rice',
    attri: '1 kg',
    price: 150,
    buy: 125,
    qty: 70,
    cat: 'Rice',
    brand: 'Pran',
    flags: ['food', 'popular'],
  },
  {
    title: 'Nazirshail Rice',
    attri: '5 kg',
    price: 450,
    offprice: 430,
    buy: 395,
    qty: 40,
    cat: 'Rice',
    brand: 'Bashundhara',
    flags: ['offer', 'food'],
  },
  {
    title: 'Red Lentil (Masur Dal)',
    attri: '1 kg',
    price: 135,
    buy: 112,
    qty: 80,
    cat: 'Dal',
    brand: 'ACI',
    flags: ['food', 'popular'],
  },
  {
    title: 'Mung Dal',
    attri: '1 kg',
    price: 160,
    buy: 132,
    qty: 45,
    cat: 'Dal',
    brand: 'Radhuni',
    flags: ['food'],
  },
  {
    title: 'Chickpea (Boot)',
    attri: '1 kg',
    price: 120,
    buy: 98,
    qty: 55,
    cat: 'Dal',
    brand: 'ACI',
    flags: ['food'],
  },
  {
    title: 'Mustard Oil',
    attri: '1 litre',
    price: 290,
    offprice: 275,
    buy: 250,
    qty: 35,
    cat: 'Oil',
    brand: 'Radhuni',
    flags: ['offer', 'food'],
  },
  {
    title: 'Rice Bran Oil',
    attri: '5 litre',
    price: 1050,
    buy: 960,
    qty: 12,
    cat: 'Oil',
    brand: 'Pran',
    flags: ['food'],
  },
  {
    title: 'Potato Crackers',
    attri: '25 gm',
    price: 15,
    buy: 11,
    qty: 120,
    cat: 'Biscuits',
    brand: 'Pran',
    flags: ['food'],
  },
  {
    title: 'Energy Plus Biscuit',
    attri: '240 gm',
    price: 60,
    offprice: 55,
    buy: 47,
    qty: 90,
    cat: 'Biscuits',
    brand: 'Pran',
    flags: ['offer', 'food'],
  },
  {
    title: 'Dry Cake',
    attri: '350 gm',
    price: 130,
    buy: 105,
    qty: 25,
    cat: 'Biscuits',
    brand: 'Fresh',
    flags: ['food'],
  },
  {
    title: 'Lexus Vegetable Cracker',
    attri: '240 gm',
    price: 70,
    buy: 56,
    qty: 0,
    cat: 'Biscuits',
    brand: 'Ispahani',
    flags: ['food', 'stock_out'],
  },
  {
    title: 'Instant Noodles Masala',
    attri: '8 pack',
    price: 180,
    offprice: 165,
    buy: 150,
    qty: 60,
    cat: 'Noodles',
    brand: 'Nestle',
    flags: ['offer', 'popular', 'food'],
  },
  {
    title: 'Chicken Noodles',
    attri: '4 pack',
    price: 95,
    buy: 80,
    qty: 48,
    cat: 'Noodles',
    brand: 'Pran',
    flags: ['food'],
  },
  {
    title: 'Black Tea',
    attri: '400 gm',
    price: 230,
    buy: 195,
    qty: 40,
    cat: 'Tea & Coffee',
    brand: 'Ispahani',
    flags: ['popular'],
  },
  {
    title: 'Green Tea',
    attri: '50 bags',
    price: 260,
    offprice: 240,
    buy: 210,
    qty: 22,
    cat: 'Tea & Coffee',
    brand: 'Ispahani',
    flags: ['offer'],
  },
  {
    title: 'Instant Coffee',
    attri: '100 gm',
    price: 490,
    buy: 425,
    qty: 14,
    cat: 'Tea & Coffee',
    brand: 'Nestle',
  },
  {
    title: 'Mango Juice',
    attri: '1 litre',
    price: 120,
    buy: 96,
    qty: 70,
    cat: 'Soft Drinks',
    brand: 'Pran',
    flags: ['popular'],
  },
  { title: 'Orange Drink', attri: '500 ml', price: 45, buy: 34, qty: 80, cat: 'Soft Drinks', brand: 'Pran' },
  {
    title: 'Mineral Water',
    attri: '1.5 litre',
    price: 30,
    buy: 22,
    qty: 150,
    cat: 'Soft Drinks',
    brand: 'Fresh',
    flags: ['popular'],
  },
  { title: 'Lemon Soda', attri: '250 ml', price: 25, buy: 18, qty: 0, cat: 'Soft Drinks', brand: 'Igloo' },
  {
    title: 'Dishwashing Liquid',
    attri: '500 ml',
    price: 110,
    offprice: 99,
    buy: 85,
    qty: 45,
    cat: 'Cleaning',
    brand: 'ACI',
    flags: ['offer'],
  },
  { title: 'Floor Cleaner', attri: '1 litre', price: 190, buy: 158, qty: 30, cat: 'Cleaning', brand: 'ACI' },
  {
    title: 'Toilet Cleaner',
    attri: '500 ml',
    price: 135,
    buy: 110,
    qty: 28,
    cat: 'Cleaning',
    brand: 'Square',
  },
  {
    title: 'Glass Cleaner',
    attri: '500 ml',
    price: 150,
    buy: 122,
    qty: 0,
    cat: 'Cleaning',
    brand: 'Square',
    flags: ['stock_out'],
  },
  {
    title: 'Detergent Powder',
    attri: '1 kg',
    price: 150,
    offprice: 140,
    buy: 124,
    qty: 60,
    cat: 'Laundry',
    brand: 'Unilever',
    flags: ['offer', 'popular'],
  },
  { title: 'Laundry Soap Bar', attri: '130 gm', price: 30, buy: 23, qty: 100, cat: 'Laundry', brand: 'Teer' },
  {
    title: 'Fabric Softener',
    attri: '1 litre',
    price: 320,
    buy: 270,
    qty: 10,
    cat: 'Laundry',
    brand: 'Unilever',
  },
  {
    title: 'Beauty Soap',
    attri: '150 gm',
    price: 65,
    buy: 51,
    qty: 90,
    cat: 'Soap & Shampoo',
    brand: 'Unilever',
    flags: ['popular'],
  },
  {
    title: 'Anti-dandruff Shampoo',
    attri: '340 ml',
    price: 450,
    offprice: 415,
    buy: 380,
    qty: 24,
    cat: 'Soap & Shampoo',
    brand: 'Unilever',
    flags: ['offer'],
  },
  {
    title: 'Hand Wash Refill',
    attri: '170 ml',
    price: 85,
    buy: 67,
    qty: 50,
    cat: 'Soap & Shampoo',
    brand: 'Square',
  },
  {
    title: 'Toothpaste',
    attri: '200 gm',
    price: 160,
    buy: 132,
    qty: 40,
    cat: 'Soap & Shampoo',
    brand: 'Unilever',
  },
  {
    title: 'Sugar (White)',
    attri: '1 kg',
    price: 135,
    buy: 118,
    qty: 100,
    cat: 'Rice, Dal & Oil',
    brand: 'Teer',
    flags: ['food', 'popular'],
  },
  {
    title: 'Salt (Iodized)',
    attri: '1 kg',
    price: 42,
    buy: 33,
    qty: 150,
    cat: 'Rice, Dal & Oil',
    brand: 'ACI',
    flags: ['food'],
  },
  {
    title: 'Atta (Whole Wheat)',
    attri: '2 kg',
    price: 140,
    buy: 118,
    qty: 60,
    cat: 'Rice, Dal & Oil',
    brand: 'Teer',
    flags: ['food'],
  },
  {
    title: 'Turmeric Powder',
    attri: '200 gm',
    price: 95,
    buy: 76,
    qty: 45,
    cat: 'Food',
    brand: 'Radhuni',
    flags: ['food'],
  },
  {
    title: 'Chili Powder',
    attri: '200 gm',
    price: 110,
    buy: 88,
    qty: 40,
    cat: 'Food',
    brand: 'Radhuni',
    flags: ['food'],
  },
  {
    title: 'Ghee',
    attri: '400 gm',
    price: 780,
    offprice: 740,
    buy: 690,
    qty: 15,
    cat: 'Food',
    brand: 'Pran',
    flags: ['offer', 'food'],
  },
  {
    title: 'Eggs (Farm)',
    attri: '12 pcs',
    price: 150,
    buy: 128,
    qty: 60,
    cat: 'Food',
    brand: 'Local Farm',
    flags: ['food', 'popular'],
  },
  {
    title: 'Liquid Milk',
    attri: '1 litre',
    price: 95,
    buy: 82,
    qty: 40,
    cat: 'Food',
    brand: 'Igloo',
    flags: ['food'],
  },
  {
    title: 'Vanilla Ice Cream',
    attri: '1 litre',
    price: 380,
    buy: 320,
    qty: 12,
    cat: 'Snacks',
    brand: 'Igloo',
    flags: ['food'],
  },
];

// One product saved with variations: one row per size in one group.
const VARIANT_GROUP = {
  title: 'Miniket Rice',
  cat: 'Rice',
  brand: 'Fresh',
  rows: [
    { attri: '1 kg', price: 78, buy: 66, qty: 120 },
    { attri: '5 kg', price: 380, offprice: 365, buy: 320, qty: 40 },
    { attri: '25 kg', price: 1850, buy: 1600, qty: 10 },
  ],
};
// A group with "Bind Stock": loose soybean oil sold by the litre from one drum.
const BOUND_GROUP = {
  title: 'Soybean Oil (Loose)',
  cat: 'Oil',
  brand: 'Bashundhara',
  qty: 60,
  rows: [
    { attri: '1 litre', price: 175, buy: 155 },
    { attri: '2 litre', price: 345, buy: 310 },
  ],
};

/** A simple drawn product picture: a tinted card with a round "item" and a leaf; no text, no fonts. */
function productSvg(hue: number, seed: number): string {
  const h = (hue + seed * 37) % 360;
  const r = 120 + (seed % 5) * 12;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,94%)"/><stop offset="1" stop-color="hsl(${hue},55%,84%)"/></linearGradient></defs>
    <rect width="600" height="600" fill="url(#g)"/>
    <ellipse cx="300" cy="470" rx="${r + 40}" ry="28" fill="hsl(${hue},30%,70%)" opacity="0.5"/>
    <circle cx="300" cy="320" r="${r}" fill="hsl(${h},65%,52%)"/>
    <circle cx="${300 - r / 3}" cy="${320 - r / 3}" r="${r / 4}" fill="#fff" opacity="0.35"/>
    <path d="M300 ${320 - r} q40 -70 110 -60 q-30 60 -110 60z" fill="hsl(120,45%,40%)"/>
  </svg>`;
}

function storySvg(hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="640">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,40%)"/></linearGradient></defs>
    <rect width="400" height="640" fill="url(#g)"/>
    <circle cx="200" cy="260" r="120" fill="#fff" opacity="0.25"/>
    <circle cx="200" cy="260" r="70" fill="#fff" opacity="0.5"/>
    <rect x="70" y="460" width="260" height="36" rx="18" fill="#fff" opacity="0.7"/>
  </svg>`;
}

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/**
 * The demo catalogue: categories three levels deep, brands, ~65 products with drawn pictures,
 * offers, popular and stock-out items, a variant group, a bound-stock group and stories. Pictures are
 * stored first (content-addressed files); all rows go in the caller's transaction.
 */
export async function seedCatalog(tx: Tx, storage: Storage): Promise<void> {
  const catIds = new Map<string, number>();
  const hueOf = new Map<string, number>();
  const addCat = async (title: string, parent: number | null, hue: number) => {
    const [row] = await tx
      .insert(categories)
      .values({ title, parentId: parent })
      .returning({ id: categories.id });
    if (!row) throw new Error('seed: category insert failed');
    catIds.set(title, row.id);
    hueOf.set(title, hue);
    return row.id;
  };
  for (const top of TREE) {
    const topId = await addCat(top.title, null, top.hue);
    for (const child of top.children) {
      const childId = await addCat(child.title, topId, top.hue);
      for (const grandchild of child.children) await addCat(grandchild, childId, top.hue);
    }
  }
  const brandIds = new Map<string, number>();
  for (const title of BRANDS) {
    const [row] = await tx.insert(brands).values({ title }).returning({ id: brands.id });
    if (row) brandIds.set(title, row.id);
  }

  let seed = 0;
  const picture = async (cat: string) =>
    storeImage(storage, await png(productSvg(hueOf.get(cat) ?? 90, seed++)));
  const barcode = async () => inStoreEan13(await nextBarcodeNumber(tx));
  const insert = async (values: typeof products.$inferInsert, cat: string) => {
    const [row] = await tx.insert(products).values(values).returning({ id: products.id });
    if (row) await recordStock(tx, row.id, Number(values.qty), Number(values.qty), 'initial');
    const categoryId = catIds.get(cat);
    if (row && categoryId) await tx.insert(productCategories).values({ productId: row.id, categoryId });
  };

  for (const item of ITEMS) {
    const flags = new Set(item.flags ?? []);
    await insert(
      {
        title: item.title,
        attri: item.attri,
        price: item.price,
        offprice: item.offprice ?? null,
        buyprice: item.buy,
        qty: item.qty.toFixed(2),
        desc: item.desc ?? `${item.title}, ${item.attri}. Fresh stock, checked before delivery.`,
        tags: `${item.cat}, ${item.title}`.toLowerCase(),
        brandId: brandIds.get(item.brand) ?? null,
        image: await picture(item.cat),
        barcode: await barcode(),
        offer: flags.has('offer'),
        popular: flags.has('popular'),
        food: flags.has('food'),
        stockOut: flags.has('stock_out'),
      },
      item.cat,
    );
  }

  for (const group of [VARIANT_GROUP, BOUND_GROUP]) {
    const groupId = await nextGroupId(tx);
    const image = await picture(group.cat);
    const bound = 'qty' in group;
    for (const row of group.rows) {
      await insert(
        {
          groupId,
          title: group.title,
          attri: row.attri,
          price: row.price,
          offprice: 'offprice' in row ? row.offprice : null,
          buyprice: row.buy,
          qty: (bound ? group.qty : 'qty' in row ? row.qty : 0).toFixed(2),
          desc: `${group.title}, sold in several sizes.`,
          tags: `${group.cat}, ${group.title}`.toLowerCase(),
          brandId: brandIds.get(group.brand) ?? null,
          image,
          barcode: await barcode(),
          popular: group === VARIANT_GROUP,
          food: true,
          linkQty: bound,
        },
        group.cat,
      );
    }
  }

  const links = [
    '/category/' + (catIds.get('Fresh Fruits') ?? ''),
    '/category/' + (catIds.get('Chicken') ?? ''),
    '/category/' + (catIds.get('Tea & Coffee') ?? ''),
    '/',
  ];
  for (const [i, link] of links.entries()) {
    await tx
      .insert(stories)
      .values({ image: await storeImage(storage, await png(storySvg(i * 80 + 10))), link });
  }
}
