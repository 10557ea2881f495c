import { productFields } from '@bazar/contracts/catalog';
import type { Ctx } from '../lib/context';
import { storeImage } from '../lib/images';
import { insertBrand } from '../modules/catalog/brands.repository';
import { addCategory } from '../modules/catalog/categories.service';
import { addProduct } from '../modules/catalog/products.service';
import { insertStory } from '../modules/catalog/stories.repository';
import { getSettings, insertArea, saveSettings } from '../modules/settings/settings.repository';
import { AREA_BN, attriBn, BRAND_BN, descBn, TITLE_BN } from './demo-bangla';
import { BOUND_GROUP, BRANDS, ITEMS, TREE, VARIANT_GROUP } from './demo-catalog';
import { loadNoto, png, pool, PRODUCT_ICONS, productSvg, STORY_ART, storySvg } from './demo-pictures';
import { markSeeded } from './demo.repository';
import { shopDay } from '../lib/shop-day';
import { setTracking } from '../modules/stock/batches.repository';
import { dayAfter } from '../modules/stock/batches.service';
import { lockStock } from '../modules/stock/stock.service';

/**
 * Goods that track expiry, their opening stock in dated batches (days from the first start): milk
 * shows on Expiring soon and the dashboard from the first day. None has expired, so the till sells
 * them without asking for a manager.
 */
const DATED = new Map<string, Array<{ days: number; qty: number; code: string }>>([
  [
    'Liquid Milk',
    [
      { days: 2, qty: 12, code: 'LM-A12' },
      { days: 9, qty: 28, code: 'LM-A19' },
    ],
  ],
]);

const DEMO_AREAS = ['Banani', 'Dhanmondi', 'Gulshan', 'Mirpur', 'Mohammadpur', 'Motijheel', 'Uttara'];
/** Loose goods sold by weight: their price is per kg, and shoppers may order 1.5 kg. */
const BY_WEIGHT = new Set(['Fresh Fruits', 'Fresh Vegetables', 'Chicken', 'Fish']);

/**
 * Loads the demo data once per database (SEED_DEMO=0 skips it), in one transaction: a crash half
 * way leaves nothing, and the next start tries again. Products go through the catalogue service
 * with the form's own schema, so they follow every rule an admin's do (references checked,
 * barcodes made, opening stock in the ledger). Marked in app_meta, so data the owner deletes later
 * does not come back at the next start.
 */
export async function seedDemo(ctx: Ctx): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    if (!(await markSeeded(tx, ctx.clock.now()))) return false;
    const c: Ctx = { ...ctx, db: tx };
    for (const title of DEMO_AREAS) await insertArea(tx, { title, title_bn: AREA_BN.get(title) });
    const settings = await getSettings(tx);
    await saveSettings(tx, {
      ship: settings.ship,
      reg_point: settings.regPoint,
      sms_numbers: settings.smsNumbers,
      shop_address: 'Demo shop: House 12, Road 5, Dhanmondi, Dhaka',
      shop_phone: settings.shopPhone,
      payment_numbers: settings.paymentNumbers,
      sms_budget: settings.smsBudget,
    });

    const categoryIds = new Map<string, number>();
    const hueOf = new Map<string, number>();
    const category = async (title: string, parent: number | null, hue: number) => {
      const row = await addCategory(c, { title, title_bn: TITLE_BN.get(title) }, parent);
      categoryIds.set(title, row.id);
      hueOf.set(title, hue);
      return row.id;
    };
    for (const top of TREE) {
      const topId = await category(top.title, null, top.hue);
      for (const child of top.children) {
        const childId = await category(child.title, topId, top.hue);
        for (const grandchild of child.children) await category(grandchild, childId, top.hue);
      }
    }
    const brandIds = new Map<string, number>();
    for (const title of BRANDS)
      brandIds.set(title, (await insertBrand(tx, { title, title_bn: BRAND_BN.get(title) })).id);
    const bangla = (title: string, attri: string) => {
      const title_bn = TITLE_BN.get(title) ?? '';
      const attri_bn = attriBn(attri) ?? '';
      return { title_bn, attri_bn, desc_bn: descBn(title_bn, attri_bn) };
    };

    // Every picture is drawn before the products are added, two at a time (the icon set is read
    // here, once, and dropped after: never at a normal start).
    const noto = await loadNoto();
    const drawn = [...ITEMS, VARIANT_GROUP, BOUND_GROUP].map((item, index) => {
      const spec = PRODUCT_ICONS.get(item.title);
      if (!spec) throw new Error(`No demo picture for "${item.title}" (PRODUCT_ICONS in demo-pictures.ts).`);
      const shift = spec.shift ?? ((index * 7) % 24) - 12;
      return productSvg(noto, spec.icon, ((hueOf.get(item.cat) ?? 90) + shift + 360) % 360);
    });
    const rendered = await pool([...drawn, ...STORY_ART.map((art) => storySvg(noto, art))], 2, png);
    const pictures = rendered.slice(0, drawn.length);
    const stories = rendered.slice(drawn.length);
    let next = 0;
    const picture = () => {
      const bytes = pictures[next++];
      if (!bytes) throw new Error('The demo pictures ran out.');
      return bytes;
    };
    const on = (yes: boolean | undefined) => (yes ? 'on' : '');

    for (const item of ITEMS) {
      const flags = new Set(item.flags ?? []);
      const fields = productFields.parse({
        title: item.title,
        attri: item.attri,
        ...bangla(item.title, item.attri),
        price: item.price,
        offprice: item.offprice ?? '',
        buyprice: item.buy,
        qty: DATED.has(item.title) ? 0 : item.qty,
        unit: BY_WEIGHT.has(item.cat) && item.attri === '1 kg' ? 'kg' : 'pcs',
        desc: item.desc ?? `${item.title}, ${item.attri}. Fresh stock, checked before delivery.`,
        tags: `${item.cat}, ${item.title}`.toLowerCase(),
        brand_id: brandIds.get(item.brand),
        category: [categoryIds.get(item.cat)],
        offer: on(flags.has('offer')),
        popular: on(flags.has('popular')),
        food: on(flags.has('food')),
        stock_out: on(flags.has('stock_out')),
      });
      const [made] = await addProduct(c, fields, picture());
      const batches = DATED.get(item.title);
      if (made && batches) {
        await setTracking(tx, made.id, true);
        const today = shopDay(ctx.clock.now(), ctx.config.shopTz);
        const lock = await lockStock(c, tx, [made.id]);
        await lock.receive(
          batches.map((b) => ({
            productId: made.id,
            quantity: b.qty,
            expiry: dayAfter(today, b.days),
            batch: b.code,
          })),
          'initial',
          { userId: null },
        );
      }
    }

    // A product saved with variations (one row per size), and one with Bind Stock (one drum, two sizes).
    for (const group of [VARIANT_GROUP, BOUND_GROUP]) {
      const bound = 'qty' in group;
      const [first, ...rest] = group.rows;
      if (!first) continue;
      const qtyOf = (row: object) => (bound ? group.qty : 'qty' in row ? Number(row.qty) : 0);
      const fields = productFields.parse({
        title: group.title,
        attri: first.attri,
        ...bangla(group.title, first.attri),
        desc_bn: `${TITLE_BN.get(group.title) ?? ''}, কয়েকটি মাপে পাওয়া যায়।`,
        price: first.price,
        offprice: 'offprice' in first ? first.offprice : '',
        buyprice: first.buy,
        qty: qtyOf(first),
        desc: `${group.title}, sold in several sizes.`,
        tags: `${group.cat}, ${group.title}`.toLowerCase(),
        brand_id: brandIds.get(group.brand),
        category: [categoryIds.get(group.cat)],
        popular: on(group === VARIANT_GROUP),
        food: 'on',
        link_qty: on(bound),
        variations: rest.map((row) => ({
          title: row.attri,
          title_bn: attriBn(row.attri) ?? '',
          price: row.price,
          offprice: 'offprice' in row ? row.offprice : '',
          buyprice: row.buy,
          qty: qtyOf(row),
        })),
      });
      await addProduct(c, fields, picture());
    }

    const links = ['Fresh Fruits', 'Chicken', 'Tea & Coffee'].map(
      (t) => `/category/${categoryIds.get(t) ?? ''}`,
    );
    for (const [i, link] of [...links, '/'].entries()) {
      const art = stories[i];
      if (art) await insertStory(tx, { image: await storeImage(ctx.storage, art), link });
    }
    return true;
  });
}
