import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';

/**
 * The demo catalogue's pictures: each product is drawn with a Noto Emoji (by Google, Apache License
 * 2.0, from the npm package @iconify-json/noto) on a soft card tinted by its category, and each
 * campaign story with a few emoji on a coloured background. No text, so no fonts are needed.
 * The icon set is one 25 MB JSON file: it is read only while the demo is seeded (once per fresh
 * install), never at a normal start.
 */

/**
 * A product's emoji (a Noto icon name) and, where set, how far its card's hue turns from its
 * category's (the fish of one shelf in three tints); otherwise a small turn by its place in the list.
 */
export type ProductIcon = { icon: string; shift?: number };

const icon = (name: string, shift?: number): ProductIcon =>
  shift === undefined ? { icon: name } : { icon: name, shift };

/** Every demo product title (ITEMS, VARIANT_GROUP, BOUND_GROUP) to its emoji; demo-pictures.test.ts checks all. */
export const PRODUCT_ICONS: ReadonlyMap<string, ProductIcon> = new Map([
  ['Banana (Sagor)', icon('banana')],
  ['Green Apple', icon('green-apple')],
  ['Orange (Malta)', icon('tangerine')],
  ['Mango (Himsagar)', icon('mango')],
  ['Red Apple', icon('red-apple')],
  ['Pear', icon('pear')],
  ['Potato (Diamond)', icon('potato')],
  ['Onion (Deshi)', icon('onion')],
  ['Garlic (Deshi)', icon('garlic')],
  ['Tomato', icon('tomato')],
  ['Green Chili', icon('hot-pepper')],
  ['Cucumber', icon('cucumber')],
  ['Chicken Broiler', icon('poultry-leg')],
  ['Chicken Breast (Boneless)', icon('cut-of-meat')],
  ['Deshi Chicken', icon('chicken')],
  ['Chicken Sausage', icon('hot-dog')],
  ['Rui Fish', icon('fish', -30)],
  ['Hilsa Fish', icon('fish', 0)],
  ['Pangas Fish', icon('fish', 30)],
  ['Prawn (Golda)', icon('shrimp', -14)],
  ['Chinigura Rice', icon('sheaf-of-rice')],
  ['Nazirshail Rice', icon('cooked-rice')],
  ['Miniket Rice', icon('sheaf-of-rice')],
  ['Red Lentil (Masur Dal)', icon('beans')],
  ['Mung Dal', icon('beans', 45)],
  ['Chickpea (Boot)', icon('beans', -18)],
  ['Mustard Oil', icon('pouring-liquid')],
  ['Rice Bran Oil', icon('pouring-liquid')],
  ['Soybean Oil (Loose)', icon('pouring-liquid')],
  ['Potato Crackers', icon('french-fries')],
  ['Energy Plus Biscuit', icon('cookie')],
  ['Dry Cake', icon('bread')],
  ['Lexus Vegetable Cracker', icon('rice-cracker')],
  ['Instant Noodles Masala', icon('steaming-bowl')],
  ['Chicken Noodles', icon('steaming-bowl')],
  ['Black Tea', icon('teapot')],
  ['Green Tea', icon('teacup-without-handle')],
  ['Instant Coffee', icon('hot-beverage')],
  ['Mango Juice', icon('beverage-box')],
  ['Orange Drink', icon('cup-with-straw')],
  ['Mineral Water', icon('potable-water')],
  ['Lemon Soda', icon('lemon')],
  ['Dishwashing Liquid', icon('sponge')],
  ['Floor Cleaner', icon('bucket')],
  ['Toilet Cleaner', icon('toilet')],
  ['Glass Cleaner', icon('sparkles')],
  ['Detergent Powder', icon('bubbles')],
  ['Laundry Soap Bar', icon('soap')],
  ['Fabric Softener', icon('lotion-bottle')],
  ['Beauty Soap', icon('soap')],
  ['Anti-dandruff Shampoo', icon('lotion-bottle')],
  ['Hand Wash Refill', icon('lotion-bottle')],
  ['Toothpaste', icon('toothbrush')],
  ['Sugar (White)', icon('ice')],
  ['Salt (Iodized)', icon('salt')],
  ['Atta (Whole Wheat)', icon('flatbread')],
  ['Turmeric Powder', icon('ginger-root')],
  ['Chili Powder', icon('hot-pepper')],
  ['Ghee', icon('butter')],
  ['Eggs (Farm)', icon('egg')],
  ['Liquid Milk', icon('glass-of-milk')],
  ['Vanilla Ice Cream', icon('ice-cream')],
]);

/** The four campaign stories, in the order demo-seed.ts links them: fruits, chicken, tea & coffee, the shop. */
export const STORY_ART: ReadonlyArray<{ hue: number; main: string; around: string[] }> = [
  { hue: 105, main: 'banana', around: ['red-apple', 'tangerine', 'mango', 'pear', 'grapes'] },
  { hue: 2, main: 'poultry-leg', around: ['chicken', 'egg', 'cut-of-meat', 'baby-chick'] },
  { hue: 268, main: 'hot-beverage', around: ['teacup-without-handle', 'cookie', 'herb', 'teapot'] },
  {
    hue: 205,
    main: 'shopping-cart',
    around: ['delivery-truck', 'basket', 'shopping-bags', 'carrot', 'bread'],
  },
];

type IconSet = {
  icons: Record<string, { body: string } | undefined>;
  aliases?: Record<string, { parent: string } | undefined>;
};

/** The Noto icon set, read from @iconify-json/noto/icons.json (call it only while seeding: ~25 MB). */
export async function loadNoto(): Promise<NotoIcons> {
  const file = createRequire(import.meta.url).resolve('@iconify-json/noto/icons.json');
  return new NotoIcons(JSON.parse(await readFile(file, 'utf8')) as IconSet);
}

export class NotoIcons {
  private used = 0;
  constructor(private readonly set: IconSet) {}

  /** An icon's SVG body (on a 128×128 view box), following aliases; undefined when there is none. */
  body(name: string): string | undefined {
    let current = name;
    for (let hops = 0; hops < 5; hops++) {
      const found = this.set.icons[current];
      if (found) return found.body;
      const alias = this.set.aliases?.[current];
      if (!alias) return undefined;
      current = alias.parent;
    }
    return undefined;
  }

  /** An icon as a nested <svg> at (x, y), `size` px square; its gradient ids made unique in the picture. */
  place(name: string, x: number, y: number, size: number, rotate = 0): string {
    const body = this.body(name);
    if (body === undefined) throw new Error(`No Noto icon "${name}" for the demo pictures.`);
    const prefix = `i${this.used++}`;
    const unique = body.replace(
      /(id="|url\(#|href="#)([^")]+)/g,
      (_, before: string, id: string) => `${before}${prefix}${id}`,
    );
    const svg = `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 128 128">${unique}</svg>`;
    if (!rotate) return svg;
    return `<g transform="rotate(${rotate} ${x + size / 2} ${y + size / 2})">${svg}</g>`;
  }
}

/** A product picture, 600×600: a soft card of `hue`, a glow behind the emoji, its shadow on the floor, the emoji. */
export function productSvg(noto: NotoIcons, name: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1">
        <stop offset="0" stop-color="hsl(${hue},70%,96%)"/><stop offset="1" stop-color="hsl(${hue},55%,87%)"/>
      </linearGradient>
      <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="hsl(${hue},35%,30%)" stop-opacity="0.28"/>
        <stop offset="1" stop-color="hsl(${hue},35%,30%)" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="600" height="600" fill="url(#bg)"/>
    <circle cx="300" cy="290" r="250" fill="url(#glow)"/>
    <ellipse cx="300" cy="505" rx="200" ry="34" fill="url(#shadow)"/>
    ${noto.place(name, 105, 95, 390)}
  </svg>`;
}

/** Where the smaller emoji of a story sit around the big one (x, y, size, turn), on a 400×640 card. */
const AROUND = [
  [28, 70, 120, -14],
  [252, 48, 120, 12],
  [20, 440, 130, 10],
  [250, 452, 128, -10],
  [150, 540, 96, 6],
] as const;

/** A campaign story, 400×640: a coloured background, a ribbon and circles, one big emoji with a few around it. */
export function storySvg(noto: NotoIcons, art: (typeof STORY_ART)[number]): string {
  const { hue } = art;
  const around = art.around
    .slice(0, AROUND.length)
    .map((name, i) => {
      const [x, y, size, turn] = AROUND[i] ?? AROUND[0];
      return noto.place(name, x, y, size, turn);
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="640" viewBox="0 0 400 640">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1">
        <stop offset="0" stop-color="hsl(${hue},78%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 18) % 360},72%,44%)"/>
      </linearGradient>
      <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="400" height="640" fill="url(#bg)"/>
    <circle cx="360" cy="80" r="120" fill="#fff" opacity="0.14"/>
    <circle cx="30" cy="600" r="150" fill="#fff" opacity="0.12"/>
    <circle cx="60" cy="190" r="14" fill="#fff" opacity="0.5"/>
    <circle cx="350" cy="420" r="10" fill="#fff" opacity="0.5"/>
    <circle cx="330" cy="230" r="6" fill="#fff" opacity="0.6"/>
    <path d="M-20 400 L420 270 L420 340 L-20 470 Z" fill="hsl(46,96%,62%)" opacity="0.9"/>
    <path d="M-20 410 L420 280 L420 285 L-20 415 Z M-20 455 L420 325 L420 330 L-20 460 Z" fill="#fff" opacity="0.7"/>
    <circle cx="200" cy="330" r="165" fill="url(#glow)"/>
    ${around}
    ${noto.place(art.main, 85, 205, 230, -6)}
  </svg>`;
}

export const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** Runs `work` on every item, at most `width` at a time (rasterising is CPU work: 2 keeps the seed quick). */
export async function pool<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
