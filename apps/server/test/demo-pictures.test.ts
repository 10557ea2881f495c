import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOUND_GROUP, ITEMS, VARIANT_GROUP } from '../src/demo/demo-catalog';
import {
  loadNoto,
  type NotoIcons,
  png,
  pool,
  PRODUCT_ICONS,
  productSvg,
  STORY_ART,
  storySvg,
} from '../src/demo/demo-pictures';

let noto: NotoIcons;
const titles = [...ITEMS.map((item) => item.title), VARIANT_GROUP.title, BOUND_GROUP.title];

beforeAll(async () => {
  noto = await loadNoto();
});

describe('the demo pictures', () => {
  it('draw every demo product with a Noto emoji that the package has', () => {
    const withoutIcon = titles.filter((title) => !PRODUCT_ICONS.has(title));
    expect(withoutIcon).toEqual([]);
    const missing = titles
      .map((title) => PRODUCT_ICONS.get(title)?.icon ?? '')
      .filter((name) => noto.body(name) === undefined);
    expect(missing).toEqual([]);
    // No picture is kept for a product the catalogue no longer has.
    expect([...PRODUCT_ICONS.keys()].filter((title) => !titles.includes(title))).toEqual([]);
  });

  it('compose each story of emoji that exist', () => {
    expect(STORY_ART).toHaveLength(4);
    const names = STORY_ART.flatMap((art) => [art.main, ...art.around]);
    expect(names.filter((name) => noto.body(name) === undefined)).toEqual([]);
  });

  it('follow aliases, and know when an icon is not there', () => {
    expect(noto.body('ice-cube')).toBe(noto.body('ice'));
    expect(noto.body('pomegranate')).toBeUndefined();
    expect(() => noto.place('pomegranate', 0, 0, 10)).toThrow(/pomegranate/);
  });

  it('keep the gradient ids of two emoji in one picture apart', () => {
    const twice = noto.place('soap', 0, 0, 100) + noto.place('soap', 100, 0, 100);
    const ids = [...twice.matchAll(/id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, id] of twice.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(id);
  });

  it('rasterise to a 600×600 product picture and a 400×640 story', async () => {
    const [product, story] = await pool(
      [productSvg(noto, 'banana', 28), storySvg(noto, STORY_ART[0] ?? { hue: 0, main: 'egg', around: [] })],
      2,
      png,
    );
    expect(await sharp(product).metadata()).toMatchObject({ format: 'png', width: 600, height: 600 });
    expect(await sharp(story).metadata()).toMatchObject({ format: 'png', width: 400, height: 640 });
  });
});
