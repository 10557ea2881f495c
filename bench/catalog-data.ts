/**
 * A generated grocery catalogue for bench/catalog.ts, written with plain SQL (no app code on the
 * write path): a three-level category tree (~60 categories), ~90 brands, and products titled like a
 * Bangladeshi grocery's ("Pran Mango Juice 1 litre", "Teer Gold Soybean Oil 5 litre"), with unique
 * in-store EAN-13 barcodes, sizes of one item sharing a variant group, a few offers and popular
 * products, no images. Deterministic: the same seed gives the same catalogue.
 *
 * Some products get a scale item code (PLU) for the barcode lookup's labels (`assignPlus`).
 *
 * Also the search texts of the benchmark, drawn from the generated titles: whole words, prefixes,
 * two-word phrases, and one-typo variants of words and phrases.
 */
import type pg from 'pg';
import { inStoreEan13 } from '../apps/server/src/modules/catalog/barcode';

type Leaf = {
  title: string;
  /** Item names; the title is brand (+ variant) + item + size. */
  items: string[];
  sizes: string[];
  brands: string[];
  /** Price range of the smallest size, whole taka. */
  price: [number, number];
};
type Mid = { title: string; leaves: Leaf[] };
type Top = { title: string; food: boolean; mids: Mid[] };

const GRAM = ['100 g', '200 g', '500 g', '1 kg'];
const KG = ['500 g', '1 kg', '2 kg', '5 kg'];
const LITRE = ['250 ml', '500 ml', '1 litre', '2 litre'];
const OIL = ['500 ml', '1 litre', '2 litre', '5 litre'];
const ML = ['50 ml', '100 ml', '200 ml', '400 ml'];
const FARM = ['Local Farm', 'Chashi', 'Fresh Harvest', 'Green Valley', 'Krishi Bazar', 'Organic Garden'];

const TREE: Top[] = [
  {
    title: 'Fresh Food',
    food: true,
    mids: [
      {
        title: 'Fruits & Vegetables',
        leaves: [
          {
            title: 'Fresh Fruits',
            items: ['Banana', 'Mango', 'Guava', 'Papaya', 'Apple', 'Orange', 'Pineapple', 'Litchi', 'Grapes'],
            sizes: ['500 g', '1 kg', '2 kg', '1 dozen'],
            brands: FARM,
            price: [60, 250],
          },
          {
            title: 'Fresh Vegetables',
            items: [
              'Potato',
              'Onion',
              'Tomato',
              'Cauliflower',
              'Cabbage',
              'Brinjal',
              'Green Chili',
              'Carrot',
            ],
            sizes: ['250 g', '500 g', '1 kg', '2 kg'],
            brands: FARM,
            price: [20, 120],
          },
        ],
      },
      {
        title: 'Meat & Fish',
        leaves: [
          {
            title: 'Chicken',
            items: [
              'Broiler Chicken',
              'Chicken Breast',
              'Chicken Drumstick',
              'Deshi Chicken',
              'Chicken Wings',
            ],
            sizes: ['500 g', '1 kg', '1.5 kg', '2 kg'],
            brands: ['Kazi Farms', 'Aftab', 'Paragon', 'CP', 'Bengal Meat'],
            price: [180, 450],
          },
          {
            title: 'Beef & Mutton',
            items: ['Beef Bone In', 'Boneless Beef', 'Mutton', 'Beef Keema', 'Beef Liver'],
            sizes: ['500 g', '1 kg', '2 kg'],
            brands: ['Bengal Meat', 'Meat Bazar', 'Kazi Farms', 'Fresh Meat'],
            price: [350, 1100],
          },
          {
            title: 'Fish',
            items: ['Rui Fish', 'Hilsa Fish', 'Pangas Fish', 'Tilapia', 'Prawn', 'Pabda Fish', 'Katla Fish'],
            sizes: ['500 g', '1 kg', '1.5 kg', '2 kg'],
            brands: ['Deshi Fish', 'Padma Fish', 'Sea Catch', 'Meghna Fish'],
            price: [180, 1400],
          },
        ],
      },
    ],
  },
  {
    title: 'Groceries',
    food: true,
    mids: [
      {
        title: 'Rice & Flour',
        leaves: [
          {
            title: 'Rice',
            items: ['Miniket Rice', 'Nazirshail Rice', 'Basmati Rice', 'Chinigura Rice', 'Atop Rice'],
            sizes: KG,
            brands: ['Pran', 'ACI', 'Teer', 'Fresh', 'Chashi', 'Rupchanda', 'Aarong', 'Ispahani'],
            price: [70, 180],
          },
          {
            title: 'Atta & Flour',
            items: ['Atta', 'Maida', 'Suji', 'Besan', 'Rice Flour', 'Corn Flour'],
            sizes: KG,
            brands: ['Teer', 'Fresh', 'Pran', 'ACI', 'Bashundhara', 'Ifad', 'Rupchanda'],
            price: [45, 140],
          },
        ],
      },
      {
        title: 'Dal & Oil',
        leaves: [
          {
            title: 'Dal & Lentils',
            items: ['Masoor Dal', 'Moog Dal', 'Chola Boot', 'Khesari Dal', 'Mashkalai Dal', 'Anchor Dal'],
            sizes: GRAM,
            brands: ['ACI', 'Pran', 'Radhuni', 'Teer', 'Fresh', 'Chashi', 'Aarong'],
            price: [60, 180],
          },
          {
            title: 'Cooking Oil',
            items: ['Soybean Oil', 'Mustard Oil', 'Rice Bran Oil', 'Sunflower Oil', 'Olive Oil', 'Palm Oil'],
            sizes: OIL,
            brands: ['Teer', 'Rupchanda', 'Fresh', 'Pusti', 'Bashundhara', 'Radhuni', 'Kings', 'Sena'],
            price: [90, 600],
          },
          {
            title: 'Ghee',
            items: ['Pure Ghee', 'Butter Oil', 'Cow Ghee'],
            sizes: ['100 g', '200 g', '400 g', '900 g'],
            brands: ['Pran', 'Aarong', 'Milk Vita', 'Igloo', 'Radhuni'],
            price: [150, 1200],
          },
        ],
      },
      {
        title: 'Spices & Salt',
        leaves: [
          {
            title: 'Powder Spices',
            items: [
              'Turmeric Powder',
              'Chili Powder',
              'Coriander Powder',
              'Cumin Powder',
              'Garam Masala',
              'Beef Masala',
              'Chicken Masala',
              'Biryani Masala',
            ],
            sizes: ['50 g', '100 g', '200 g', '500 g'],
            brands: ['Radhuni', 'Pran', 'BD Food', 'Arku', 'Fresh', 'Square'],
            price: [30, 160],
          },
          {
            title: 'Salt & Sugar',
            items: ['Iodized Salt', 'White Sugar', 'Brown Sugar', 'Rock Salt', 'Sugar Cubes'],
            sizes: ['500 g', '1 kg', '2 kg'],
            brands: ['ACI', 'Molla', 'Fresh', 'Teer', 'Confidence', 'Deshbondhu'],
            price: [35, 160],
          },
        ],
      },
    ],
  },
  {
    title: 'Beverages',
    food: true,
    mids: [
      {
        title: 'Tea & Coffee',
        leaves: [
          {
            title: 'Tea',
            items: ['Black Tea', 'Green Tea', 'Tea Bags', 'Masala Tea', 'Lemon Tea'],
            sizes: ['50 g', '200 g', '400 g', '500 g'],
            brands: ['Ispahani', 'Seylon', 'Tetley', 'Taaza', 'Finlay', 'Kazi & Kazi', 'Lipton'],
            price: [60, 450],
          },
          {
            title: 'Coffee',
            items: ['Instant Coffee', 'Classic Coffee', 'Coffee Mix', 'Ground Coffee'],
            sizes: ['50 g', '100 g', '200 g'],
            brands: ['Nescafe', 'Davidoff', 'Bru', 'Cafe Rio', 'Coffee World'],
            price: [120, 900],
          },
        ],
      },
      {
        title: 'Juice & Soft Drinks',
        leaves: [
          {
            title: 'Juice',
            items: [
              'Mango Juice',
              'Orange Juice',
              'Litchi Drink',
              'Apple Juice',
              'Guava Juice',
              'Mixed Fruit',
            ],
            sizes: LITRE,
            brands: ['Pran', 'Shezan', 'Frutika', 'Ceres', 'Danish', 'Acme', 'Akij'],
            price: [25, 220],
          },
          {
            title: 'Soft Drinks',
            items: ['Cola', 'Lemon Soda', 'Orange Soda', 'Energy Drink', 'Clear Lemon'],
            sizes: LITRE,
            brands: ['Coca-Cola', 'Pepsi', 'Mojo', 'Speed', 'Clemon', 'Sprite', 'Fanta', 'RC'],
            price: [20, 150],
          },
          {
            title: 'Water',
            items: ['Drinking Water', 'Mineral Water', 'Soda Water'],
            sizes: ['500 ml', '1 litre', '2 litre', '5 litre'],
            brands: ['Mum', 'Kinley', 'Aquafina', 'Fresh', 'Spa', 'Jibon'],
            price: [15, 90],
          },
        ],
      },
    ],
  },
  {
    title: 'Snacks & Breakfast',
    food: true,
    mids: [
      {
        title: 'Biscuits & Cakes',
        leaves: [
          {
            title: 'Biscuits',
            items: [
              'Cream Biscuit',
              'Butter Cookies',
              'Digestive Biscuit',
              'Salted Cracker',
              'Chocolate Cookies',
              'Toast Biscuit',
            ],
            sizes: ['75 g', '150 g', '300 g', '500 g'],
            brands: ['Olympic', 'Danish', 'Pran', 'Haque', 'Bisk Club', 'Nabisco', 'Romania', 'Kishwan'],
            price: [10, 260],
          },
          {
            title: 'Cakes',
            items: ['Fruit Cake', 'Sponge Cake', 'Chocolate Cake', 'Pound Cake', 'Cup Cake'],
            sizes: ['1 pc', '250 g', '400 g'],
            brands: ['Cooper', 'Well Food', 'Bombay Sweets', 'Haque', 'Olympic'],
            price: [20, 450],
          },
        ],
      },
      {
        title: 'Noodles & Chips',
        leaves: [
          {
            title: 'Noodles',
            items: ['Instant Noodles', 'Chicken Noodles', 'Masala Noodles', 'Cup Noodles', 'Hakka Noodles'],
            sizes: ['62 g', '4 pack', '8 pack', '12 pack'],
            brands: ['Maggi', 'Mr. Noodles', 'Cocola', 'Ifad', 'Knorr', 'Doodles'],
            price: [18, 260],
          },
          {
            title: 'Chips & Chanachur',
            items: ['Potato Chips', 'Chanachur', 'Corn Chips', 'Dal Bhaji', 'Jhal Muri', 'Potato Crackers'],
            sizes: ['25 g', '50 g', '150 g', '350 g'],
            brands: ['Bombay Sweets', 'Pran', 'Mr. Twist', 'Sun Chips', 'Kishwan', 'BD Food'],
            price: [10, 180],
          },
        ],
      },
      {
        title: 'Dairy & Breakfast',
        leaves: [
          {
            title: 'Milk',
            items: ['Liquid Milk', 'Full Cream Milk Powder', 'Chocolate Milk', 'Flavoured Milk', 'Yogurt'],
            sizes: ['200 ml', '500 ml', '1 litre', '500 g'],
            brands: ['Milk Vita', 'Aarong', 'Pran', 'Farm Fresh', 'Dano', 'Marks', 'Diploma', 'Fresh'],
            price: [25, 850],
          },
          {
            title: 'Eggs',
            items: ['Farm Eggs', 'Deshi Eggs', 'Duck Eggs', 'Brown Eggs'],
            sizes: ['6 pcs', '12 pcs', '30 pcs'],
            brands: ['Kazi Farms', 'Paragon', 'Local Farm', 'Aftab'],
            price: [70, 420],
          },
          {
            title: 'Cereals & Spreads',
            items: ['Corn Flakes', 'Oats', 'Muesli', 'Mixed Fruit Jam', 'Peanut Butter', 'Honey'],
            sizes: ['250 g', '500 g', '1 kg'],
            brands: ["Kellogg's", 'Quaker', 'Pran', 'Ahmed', 'Nutella', 'Safe Honey'],
            price: [120, 900],
          },
        ],
      },
    ],
  },
  {
    title: 'Home Care',
    food: false,
    mids: [
      {
        title: 'Cleaning',
        leaves: [
          {
            title: 'Floor & Toilet Cleaner',
            items: ['Floor Cleaner', 'Toilet Cleaner', 'Glass Cleaner', 'Disinfectant'],
            sizes: ['500 ml', '1 litre', '2 litre'],
            brands: ['Harpic', 'Lizol', 'ACI', 'Savlon', 'Mr. Brasso', 'Godrej'],
            price: [80, 450],
          },
          {
            title: 'Dishwashing',
            items: ['Dishwashing Liquid', 'Dishwashing Bar', 'Scrubber'],
            sizes: ['250 ml', '500 ml', '1 litre', '1 pc'],
            brands: ['Vim', 'Trust', 'Chaka', 'Keya', 'Pran'],
            price: [20, 300],
          },
        ],
      },
      {
        title: 'Laundry',
        leaves: [
          {
            title: 'Detergent',
            items: ['Washing Powder', 'Liquid Detergent', 'Laundry Soap'],
            sizes: ['500 g', '1 kg', '2 kg', '5 kg'],
            brands: ['Wheel', 'Surf Excel', 'Rin', 'Jet', 'Chaka', 'Keya', 'Tide', 'Ariel'],
            price: [50, 1300],
          },
          {
            title: 'Fabric Care',
            items: ['Fabric Conditioner', 'Fabric Whitener', 'Starch'],
            sizes: ['200 ml', '500 ml', '1 litre'],
            brands: ['Comfort', 'Robin', 'Kiwi', 'Chaka'],
            price: [60, 500],
          },
        ],
      },
    ],
  },
  {
    title: 'Personal Care',
    food: false,
    mids: [
      {
        title: 'Bath & Hair',
        leaves: [
          {
            title: 'Soap',
            items: ['Beauty Soap', 'Antibacterial Soap', 'Glycerin Soap', 'Hand Wash'],
            sizes: ['75 g', '100 g', '150 g', '250 ml'],
            brands: ['Lux', 'Lifebuoy', 'Dettol', 'Savlon', 'Keya', 'Tibet', 'Meril', 'Dove'],
            price: [30, 280],
          },
          {
            title: 'Shampoo',
            items: ['Shampoo', 'Anti Dandruff Shampoo', 'Conditioner', 'Hair Oil', 'Coconut Oil'],
            sizes: ML,
            brands: ['Sunsilk', 'Clear', 'Head & Shoulders', 'Parachute', 'Dove', 'Pantene', 'Meril'],
            price: [40, 900],
          },
        ],
      },
      {
        title: 'Oral & Skin Care',
        leaves: [
          {
            title: 'Oral Care',
            items: ['Toothpaste', 'Toothbrush', 'Mouthwash', 'Herbal Toothpaste'],
            sizes: ['45 g', '100 g', '200 g', '1 pc'],
            brands: ['Pepsodent', 'Closeup', 'Colgate', 'Sensodyne', 'Dabur', 'Meril'],
            price: [30, 450],
          },
          {
            title: 'Skin Care',
            items: ['Body Lotion', 'Face Wash', 'Petroleum Jelly', 'Face Cream', 'Lip Balm'],
            sizes: ML,
            brands: ['Nivea', 'Ponds', 'Vaseline', 'Meril', 'Himalaya', 'Garnier', 'Tibet'],
            price: [50, 950],
          },
        ],
      },
    ],
  },
  {
    title: 'Baby Care',
    food: false,
    mids: [
      {
        title: 'Baby Essentials',
        leaves: [
          {
            title: 'Diapers & Wipes',
            items: ['Baby Diaper', 'Pant Diaper', 'Baby Wipes'],
            sizes: ['S 10 pcs', 'M 40 pcs', 'L 50 pcs', 'XL 36 pcs'],
            brands: ['Pampers', 'Huggies', 'Supermom', 'Molfix', 'Savlon Twinkle'],
            price: [120, 2200],
          },
          {
            title: 'Baby Food',
            items: ['Baby Formula', 'Baby Cereal', 'Baby Rice'],
            sizes: ['180 g', '350 g', '400 g'],
            brands: ['Nestle', 'Lactogen', 'Cerelac', 'Nido', 'Dano'],
            price: [300, 1900],
          },
        ],
      },
    ],
  },
];

const VARIANTS = [
  'Premium',
  'Classic',
  'Gold',
  'Special',
  'Family Pack',
  'Super',
  'Select',
  'Extra',
  'Original',
  'Deluxe',
  'Natural',
  'Royal',
  'Lite',
  'Fresh',
  'Organic',
  'Golden',
  'Diamond',
  'Silver',
  'Eco',
  'Plus',
  'Max',
  'Pure',
  'Regular',
  'Value Pack',
];

const DESCRIPTIONS = [
  'Packed fresh. Store in a cool, dry place.',
  'Quality checked before delivery.',
  'Best before the date on the pack.',
  'Sourced from trusted suppliers in Bangladesh.',
  '',
];

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: T[]): T => list[Math.floor(r() * list.length)] as T;

export type CatalogShape = {
  categories: number;
  levels: number;
  topCategories: Array<{ id: number; title: string }>;
  leaves: Array<{ id: number; leaf: Leaf; top: Top }>;
  brands: Map<string, number>;
};

/** Creates the category tree and the brands once (or reads them back when they are there). */
export async function ensureShape(client: pg.ClientBase): Promise<CatalogShape> {
  const existing = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM categories');
  if ((existing.rows[0]?.n ?? 0) === 0) {
    await client.query('BEGIN');
    for (const top of TREE) {
      const t = await client.query<{ id: number }>(
        'INSERT INTO categories (title, parent_id) VALUES ($1, NULL) RETURNING id',
        [top.title],
      );
      for (const mid of top.mids) {
        const m = await client.query<{ id: number }>(
          'INSERT INTO categories (title, parent_id) VALUES ($1, $2) RETURNING id',
          [mid.title, t.rows[0]?.id],
        );
        await client.query('INSERT INTO categories (title, parent_id) SELECT unnest($1::text[]), $2', [
          mid.leaves.map((l) => l.title),
          m.rows[0]?.id,
        ]);
      }
    }
    const names = [...new Set(TREE.flatMap((t) => t.mids.flatMap((m) => m.leaves.flatMap((l) => l.brands))))];
    await client.query(
      'INSERT INTO brands (title) SELECT unnest($1::text[]) ON CONFLICT (lower(title)) DO NOTHING',
      [names],
    );
    await client.query('COMMIT');
  }
  const cats = await client.query<{ id: number; title: string; parent_id: number | null }>(
    'SELECT id, title, parent_id FROM categories ORDER BY id',
  );
  const byTitle = new Map(cats.rows.map((c) => [c.title, c]));
  const leaves: CatalogShape['leaves'] = [];
  for (const top of TREE) {
    for (const mid of top.mids) {
      for (const leaf of mid.leaves) {
        const row = byTitle.get(leaf.title);
        if (!row) throw new Error(`category ${leaf.title} is missing`);
        leaves.push({ id: row.id, leaf, top });
      }
    }
  }
  const brandRows = await client.query<{ id: number; title: string }>('SELECT id, title FROM brands');
  return {
    categories: cats.rows.length,
    levels: 3,
    topCategories: cats.rows.filter((c) => c.parent_id === null).map((c) => ({ id: c.id, title: c.title })),
    leaves,
    brands: new Map(brandRows.rows.map((b) => [b.title, b.id])),
  };
}

export type Generated = { inserted: number; ms: number; offers: number; popular: number; groups: number };

/**
 * Inserts `count` products (plain SQL: `INSERT … SELECT FROM unnest(…)`, 5,000 rows a statement)
 * and links each to its leaf category (one in 20 to a second leaf as well). Titles are unique across
 * calls as long as the same `seen` set is passed. Barcodes and group ids come from the app's sequences
 * (reserved in one step), so products added later through the API do not collide with these.
 */
export async function insertProducts(
  client: pg.ClientBase,
  shape: CatalogShape,
  count: number,
  seed: number,
  seen: Set<string>,
): Promise<Generated> {
  const t0 = performance.now();
  const r = rng(seed);
  type Row = {
    title: string;
    attri: string;
    price: number;
    offprice: number | null;
    buyprice: number;
    qty: number;
    desc: string;
    tags: string;
    brandId: number;
    barcode: string;
    offer: boolean;
    popular: boolean;
    food: boolean;
    stockOut: boolean;
    group: number;
    leaf: number;
    extraLeaf: number | null;
  };
  const rows: Row[] = [];
  let group = 0;
  let misses = 0;
  while (rows.length < count) {
    const { id: leafId, leaf, top } = pick(r, shape.leaves);
    const brand = pick(r, leaf.brands);
    const variant = r() < 0.55 ? pick(r, VARIANTS) : '';
    const item = pick(r, leaf.items);
    const name = [brand, variant, item].filter(Boolean).join(' ');
    // One to three sizes of the same item: one variant group, as the back office saves variations.
    const sizes = leaf.sizes.filter(() => r() < 0.5);
    if (sizes.length === 0) sizes.push(pick(r, leaf.sizes));
    const fresh = sizes.filter((s) => !seen.has(`${name} ${s}`)).slice(0, count - rows.length);
    if (fresh.length === 0) {
      if (++misses > count * 20) throw new Error('the word lists cannot make that many distinct titles');
      continue;
    }
    group++;
    const base = leaf.price[0] + Math.floor(r() * (leaf.price[1] - leaf.price[0]));
    fresh.forEach((size, i) => {
      const title = `${name} ${size}`;
      seen.add(title);
      const price = Math.round(base * (1 + i * 0.9));
      const offer = r() < 0.005;
      rows.push({
        title,
        attri: size,
        price,
        offprice: offer ? Math.round(price * (0.85 + r() * 0.1)) : null,
        buyprice: Math.round(price * 0.82),
        qty: Math.floor(r() * 200),
        desc: pick(r, DESCRIPTIONS),
        tags: leaf.title.toLowerCase(),
        brandId: shape.brands.get(brand) ?? 0,
        barcode: '',
        offer,
        popular: r() < 0.005,
        food: top.food,
        stockOut: r() < 0.03,
        group,
        leaf: leafId,
        extraLeaf: r() < 0.05 ? pick(r, shape.leaves).id : null,
      });
    });
  }

  // Reserve barcode numbers and group ids: nextval gives the first, setval moves past the last.
  const reserve = async (seq: string, n: number) => {
    const res = await client.query<{ first: number }>(`SELECT nextval('${seq}')::int AS first`);
    const first = res.rows[0]?.first ?? 1;
    if (n > 1) await client.query(`SELECT setval('${seq}', $1)`, [first + n - 1]);
    return first;
  };
  const firstBarcode = await reserve('barcode_seq', rows.length);
  const firstGroup = await reserve('product_group_seq', group);
  rows.forEach((row, i) => (row.barcode = inStoreEan13(firstBarcode + i)));

  const BATCH = 5000;
  await client.query('BEGIN');
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    const col = <K extends keyof Row>(key: K) => batch.map((row) => row[key]);
    await client.query(
      `INSERT INTO products (group_id, title, attri, price, offprice, buyprice, qty, "desc", tags,
                             brand_id, image, barcode, offer, popular, food, stock_out)
       SELECT g + $16::int - 1, t, a, p, op, bp, q, d, tg, b, NULL, bc, o, pop, f, so
       FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::numeric[],
                   $8::text[], $9::text[], $10::int[], $11::text[], $12::bool[], $13::bool[], $14::bool[],
                   $15::bool[]) AS u(g, t, a, p, op, bp, q, d, tg, b, bc, o, pop, f, so)`,
      [
        col('group'),
        col('title'),
        col('attri'),
        col('price'),
        col('offprice'),
        col('buyprice'),
        col('qty'),
        col('desc'),
        col('tags'),
        col('brandId'),
        col('barcode'),
        col('offer'),
        col('popular'),
        col('food'),
        col('stockOut'),
        firstGroup,
      ],
    );
    const links = batch.flatMap((row) => [
      [row.barcode, row.leaf] as const,
      ...(row.extraLeaf !== null && row.extraLeaf !== row.leaf
        ? [[row.barcode, row.extraLeaf] as const]
        : []),
    ]);
    await client.query(
      `INSERT INTO product_categories (product_id, category_id)
       SELECT p.id, u.c FROM unnest($1::text[], $2::int[]) AS u(b, c) JOIN products p ON p.barcode = u.b`,
      [links.map((l) => l[0]), links.map((l) => l[1])],
    );
  }
  await client.query('COMMIT');
  return {
    inserted: rows.length,
    ms: Math.round(performance.now() - t0),
    offers: rows.filter((row) => row.offer).length,
    popular: rows.filter((row) => row.popular).length,
    groups: group,
  };
}

export type PluProduct = { id: number; plu: string; price: number; offprice: number | null };

/**
 * Gives `count` products spread evenly over the catalogue (every n-th by id) a scale item code,
 * 10001 upwards, and makes them sold by the kg: the loose goods a shop weighs. Returns them with the
 * price the till charges, to make labels of.
 */
export async function assignPlus(client: pg.ClientBase, count: number): Promise<PluProduct[]> {
  const total = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  const step = Math.max(1, Math.floor((total.rows[0]?.n ?? 0) / count));
  const res = await client.query<PluProduct>(
    `WITH picked AS (
       SELECT id, row_number() OVER (ORDER BY id) AS n
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM products) all_products
       WHERE k % $2 = 0 ORDER BY id LIMIT $1)
     UPDATE products p SET plu = (10000 + picked.n)::text, unit = 'kg'
     FROM picked WHERE p.id = picked.id
     RETURNING p.id, p.plu, p.price, p.offprice`,
    [count, step],
  );
  return res.rows;
}

// ---------------------------------------------------------------------------------------------------
// Search texts

export type SearchKind = 'word' | 'prefix' | 'phrase' | 'typo' | 'phrase-typo';
/** A search text, and for a typo the word or phrase it was meant to be (what it should find). */
export type SearchText = { text: string; kind: SearchKind; meant?: string };

const NEIGHBOURS: Record<string, string> = {
  a: 'qsz',
  b: 'vgn',
  c: 'xvd',
  d: 'sfe',
  e: 'wrd',
  f: 'dgr',
  g: 'fht',
  h: 'gjy',
  i: 'uok',
  j: 'hku',
  k: 'jli',
  l: 'kop',
  m: 'nj',
  n: 'bmh',
  o: 'ipl',
  p: 'ol',
  q: 'wa',
  r: 'etf',
  s: 'adw',
  t: 'ryg',
  u: 'yij',
  v: 'cbf',
  w: 'qes',
  x: 'zcs',
  y: 'tuh',
  z: 'xa',
};

/** One-typo variants of a word a shopper might type: a letter dropped, doubled, swapped or a neighbour key. */
function typos(word: string, r: () => number): string[] {
  const out = new Set<string>();
  for (let i = 1; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1)); // dropped
  for (let i = 1; i < word.length - 1; i++)
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)); // swapped
  for (let i = 1; i < word.length; i++) {
    const near = NEIGHBOURS[word[i] ?? ''] ?? '';
    if (near) out.add(word.slice(0, i) + pick(r, [...near]) + word.slice(i + 1)); // neighbour key
  }
  out.add(word.slice(0, 2) + word[1] + word.slice(2)); // doubled
  out.delete(word);
  return [...out].filter((t) => t.length >= 3);
}

function shuffle<T>(list: T[], r: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/**
 * Distinct search texts drawn from `titles` (lower case, as the route searches them), in a mixed
 * order: a word, a prefix, two phrases, two typos, a phrase with a typo, and again, until a kind runs out.
 */
export function searchTexts(titles: string[], seed: number): SearchText[] {
  const r = rng(seed);
  const words = new Set<string>();
  const phrases = new Set<string>();
  for (const title of titles) {
    const tokens = title.toLowerCase().split(/\s+/);
    tokens.forEach((t, i) => {
      if (/^[a-z]{3,}$/.test(t)) words.add(t);
      const next = tokens[i + 1];
      if (next && /^[a-z]{3,}$/.test(t) && /^[a-z]{3,}$/.test(next)) phrases.add(`${t} ${next}`);
    });
  }
  const wordList = [...words];
  // What each typo text was meant to be (the first word or phrase it was made from).
  const meant = new Map<string, string>();
  const variantsOf = (source: string, variants: string[]) => {
    for (const v of variants) if (!meant.has(v)) meant.set(v, source);
    return variants;
  };
  const pools: Record<SearchKind, string[]> = {
    word: shuffle([...wordList], r),
    prefix: shuffle(
      wordList.filter((w) => w.length >= 6).map((w) => w.slice(0, 3 + Math.floor(r() * (w.length - 4)))),
      r,
    ),
    phrase: shuffle([...phrases], r),
    typo: shuffle(
      wordList.filter((w) => w.length >= 4).flatMap((w) => variantsOf(w, typos(w, r))),
      r,
    ),
    'phrase-typo': shuffle(
      [...phrases].flatMap((p) => {
        const [a = '', b = ''] = p.split(' ');
        const variants = [
          ...typos(a, r)
            .slice(0, 2)
            .map((t) => `${t} ${b}`),
          ...typos(b, r)
            .slice(0, 2)
            .map((t) => `${a} ${t}`),
        ];
        return variantsOf(p, variants);
      }),
      r,
    ),
  };
  const order: SearchKind[] = ['word', 'prefix', 'phrase', 'typo', 'phrase', 'typo', 'phrase-typo'];
  const seenText = new Set<string>();
  const out: SearchText[] = [];
  const at: Record<SearchKind, number> = { word: 0, prefix: 0, phrase: 0, typo: 0, 'phrase-typo': 0 };
  for (let progress = true; progress;) {
    progress = false;
    for (const kind of order) {
      const pool = pools[kind];
      while (at[kind] < pool.length) {
        const text = pool[at[kind]++] ?? '';
        if (text.length < 3 || seenText.has(text)) continue;
        seenText.add(text);
        const source = kind === 'typo' || kind === 'phrase-typo' ? meant.get(text) : undefined;
        out.push(source === undefined ? { text, kind } : { text, kind, meant: source });
        progress = true;
        break;
      }
    }
  }
  return out;
}
