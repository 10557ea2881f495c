import { english, render } from '@bazar/contracts/messages';
import { findIds, SearchIndex, STAFF_FIND } from '@bazar/contracts/product-search';
import { makeScaleLabel } from '@bazar/contracts/scale-labels';
import type { ScaleRule } from '@bazar/contracts/settings';
import type { TillProduct } from '@bazar/contracts/till';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { freshDb, makeProduct, storeCatalog } from './catalog-test-data';
import { DEFAULT_SCALE_RULES, noteCatalogChange, scanLocal, searchLocal } from './lookup';
import { META_KEYS } from './till-meta';

const RULES = DEFAULT_SCALE_RULES; // 21 weight, 23 price

describe('scanLocal', () => {
  it("finds a product's own barcode with quantity 1, even one that looks like a scale label", async () => {
    const db = freshDb();
    const label = makeScaleLabel('21', '00042', 1500);
    const maker = makeProduct({ barcode: label });
    const loose = makeProduct({ plu: '00042', unit: 'kg' });
    await storeCatalog(db, [maker, loose]);
    expect(await scanLocal(db, label, RULES)).toEqual({ product: maker, quantity: 1, label_poisha: null });
    expect(await scanLocal(db, ` ${maker.barcode} `, RULES)).toEqual({
      product: maker,
      quantity: 1,
      label_poisha: null,
    });
  });

  it('reads weight and price labels against the product of their item code (offer price first)', async () => {
    const db = freshDb();
    const potato = makeProduct({ plu: '00042', unit: 'kg', price: 60 });
    const fish = makeProduct({ plu: '00077', unit: 'kg', price: 500, offprice: 450 });
    await storeCatalog(db, [potato, fish]);
    expect(await scanLocal(db, makeScaleLabel('21', '00042', 1255), RULES)).toEqual({
      product: potato,
      quantity: 1.26, // 1,255 g rounded half up to 0.01 kg
      label_poisha: null,
    });
    // 337.50 BDT at 450 BDT/kg = 0.75 kg
    expect(await scanLocal(db, makeScaleLabel('23', '00077', 33750), RULES)).toEqual({
      product: fish,
      quantity: 0.75,
      // The line costs the price printed on the label (ADR 0061).
      label_poisha: 33750,
    });
  });

  it("answers every failure with the server's status and text", async () => {
    const db = freshDb();
    const free = makeProduct({ title: 'Free bag', plu: '00010', price: 0 });
    const rice = makeProduct({ plu: '00020', unit: 'kg' });
    await storeCatalog(db, [free, rice]);
    const label = makeScaleLabel('21', '00020', 1500);
    const wrongDigit = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
    const cases: [string, unknown][] = [
      [
        '4006381333931',
        { problem: 'not-found', status: 404, message: 'No product has the barcode 4006381333931.' },
      ],
      [
        makeScaleLabel('21', '09999', 1500),
        { problem: 'no-plu', status: 404, message: 'No product has the scale item code 09999.' },
      ],
      [
        wrongDigit,
        {
          problem: 'wrong-check-digit',
          status: 422,
          message: "The barcode's check digit is wrong: scan it again.",
        },
      ],
      [
        makeScaleLabel('23', '00020', 0),
        { problem: 'zero', status: 422, message: 'The label shows a price of 0: it is not a sale.' },
      ],
      [
        makeScaleLabel('21', '00020', 4),
        {
          problem: 'too-small',
          status: 422,
          message: "The label's weight is less than 0.01 kg: it is not a sale.",
        },
      ],
      [
        makeScaleLabel('23', '00010', 500),
        {
          problem: 'no-price',
          status: 422,
          message: 'Free bag has no price, so its price label cannot be read.',
        },
      ],
      [
        'x'.repeat(65),
        { problem: 'invalid', status: 422, message: 'The barcode may not be greater than 64 characters.' },
      ],
    ];
    for (const [code, expected] of cases) {
      const found = await scanLocal(db, code, RULES);
      // The message is said by key; the server answers it in English to an English request.
      const written = 'message' in found ? { ...found, message: render(english, found.message) } : found;
      expect([code, written]).toEqual([code, expected]);
    }
  });

  it('reads only the prefixes of the rules it is given', async () => {
    const db = freshDb();
    const rice = makeProduct({ plu: '00020', unit: 'kg' });
    await storeCatalog(db, [rice]);
    const label = makeScaleLabel('25', '00020', 1000);
    expect(await scanLocal(db, label, RULES)).toMatchObject({ problem: 'not-found' });
    expect(await scanLocal(db, label, [{ prefix: '25', kind: 'weight' }])).toEqual({
      product: rice,
      quantity: 1,
      label_poisha: null,
    });
  });

  // The rules written out again from the spec (docs/adr/0020-barcodes-and-scale-labels.md), not from the
  // shared functions, so a change to either shows here.
  function expected(
    products: TillProduct[],
    rules: ScaleRule[],
    label: { code: string; prefix: string; plu: string; value: number; corrupt: boolean },
  ) {
    const own = products.find((p) => p.barcode === label.code);
    if (own) return { product: own, quantity: 1, label_poisha: null };
    const rule = rules.find((r) => r.prefix === label.prefix);
    if (!rule) return { problem: 'not-found' };
    if (label.corrupt) return { problem: 'wrong-check-digit' };
    if (label.value === 0) return { problem: 'zero' };
    const product = products.find((p) => p.plu === label.plu);
    if (!product) return { problem: 'no-plu' };
    const unitPrice = product.offprice ?? product.price;
    if (rule.kind === 'price' && unitPrice <= 0) return { problem: 'no-price' };
    // grams / 1000 kg, or poisha / 100 over the unit price, in hundredths rounded half up
    const hundredths = Math.round(rule.kind === 'weight' ? label.value / 10 : label.value / unitPrice);
    if (hundredths === 0) return { problem: 'too-small' };
    return { product, quantity: hundredths / 100, label_poisha: rule.kind === 'price' ? label.value : null };
  }

  it('agrees with the rules for any label, product list and Setting', async () => {
    const db = freshDb();
    const plus = ['00001', '00002', '12345', '99999'];
    const rulesArb = fc.uniqueArray(
      fc.record({
        prefix: fc.integer({ min: 21, max: 29 }).map(String),
        kind: fc.constantFrom<ScaleRule['kind']>('weight', 'price'),
      }),
      { selector: (r) => r.prefix, maxLength: 4 },
    );
    const productArb = fc.record({
      plu: fc.option(fc.constantFrom(...plus)),
      price: fc.integer({ min: 0, max: 2000 }),
      offprice: fc.option(fc.integer({ min: 0, max: 2000 })),
      unit: fc.constantFrom<TillProduct['unit']>('pcs', 'kg', 'litre'),
    });
    const labelArb = fc.record({
      // Mostly a prefix of one of the rules, now and then any (20 is the shop's own barcodes).
      rule: fc.option(fc.nat(), { freq: 4 }),
      prefix: fc.integer({ min: 20, max: 29 }).map(String),
      plu: fc.constantFrom(...plus),
      value: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 99_999 })),
      corrupt: fc.oneof(fc.constant(false), fc.constant(false), fc.constant(true)),
      ownedBy: fc.option(fc.nat(), { freq: 3 }),
    });

    await fc.assert(
      fc.asyncProperty(
        rulesArb,
        fc.array(productArb, { maxLength: 6 }),
        labelArb,
        async (rules, rows, drawn) => {
          const ruled =
            drawn.rule !== null && rules.length > 0 ? rules[drawn.rule % rules.length] : undefined;
          const l = { ...drawn, prefix: ruled?.prefix ?? drawn.prefix };
          const good = makeScaleLabel(l.prefix, l.plu, l.value);
          const code = l.corrupt ? `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}` : good;
          // Item codes are unique in the shop (a unique index); now and then a product owns the code.
          const seen = new Set<string>();
          const products = rows.map((row, i) => {
            const plu = row.plu !== null && !seen.has(row.plu) ? row.plu : null;
            if (plu) seen.add(plu);
            const owns = l.ownedBy !== null && rows.length > 0 && l.ownedBy % rows.length === i;
            return makeProduct({ ...row, plu, barcode: owns ? code : `B-${i}` });
          });
          await db.products.clear();
          await db.products.bulkPut(products);
          const got = await scanLocal(db, code, rules);
          const want = expected(products, rules, { ...l, code });
          if ('problem' in want) expect(got).toMatchObject(want);
          else expect(got).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('searchLocal', () => {
  it('answers the product whose barcode is exactly the text, alone', async () => {
    const db = freshDb();
    const soap = makeProduct({ title: 'Soap 2000000000077 pack', barcode: '2000000000077' });
    const other = makeProduct({ title: 'Also 2000000000077' });
    await storeCatalog(db, [soap, other]);
    expect(await searchLocal(db, '2000000000077')).toEqual([soap]);
  });

  it('finds every word of the text in the title or the attribute in any case; titles starting with it first', async () => {
    const db = freshDb();
    const products = [
      makeProduct({ id: 1, title: 'Brown Rice' }),
      makeProduct({ id: 2, title: 'Rice Flour' }),
      makeProduct({ id: 3, title: 'Chinigura', attri: 'aromatic RICE' }),
      makeProduct({ id: 4, title: 'RICE bran oil' }),
      makeProduct({ id: 5, title: 'Rice Flour', attri: '2 kg' }),
      makeProduct({ id: 6, title: 'Basmati', attri: 'long grain' }),
      makeProduct({ id: 7, title: 'Ri ce' }),
    ];
    await storeCatalog(db, products);
    const ids = async (text: string) => (await searchLocal(db, text)).map((p) => p.id);
    // Prefix matches by title in code point order (capitals first), then the rest the same way.
    expect(await ids('rice')).toEqual([4, 2, 5, 1, 3]);
    expect(await ids('  grain ')).toEqual([6]);
    // Every word, each anywhere in the product's names (the storefront's rule, ADR 0056): not the
    // whole text as one, and not words spread over two products.
    expect(await ids('rice oil')).toEqual([4]);
    expect(await ids('bran oil')).toEqual([4]);
    expect(await ids('brown grain')).toEqual([]);
    expect(await ids('x'.repeat(101))).toEqual([]);
  });

  it('answers at most 30, the prefix matches first', async () => {
    const db = freshDb();
    const inside = Array.from({ length: 20 }, (_, i) =>
      makeProduct({ title: `A tea ${String(i).padStart(2, '0')}` }),
    );
    const starts = Array.from({ length: 20 }, (_, i) =>
      makeProduct({ title: `Tea ${String(i).padStart(2, '0')}` }),
    );
    await storeCatalog(db, [...inside, ...starts]);
    const found = await searchLocal(db, 'tea');
    expect(found).toHaveLength(30);
    expect(found.slice(0, 20).map((p) => p.title)).toEqual(starts.map((p) => p.title));
    expect(found.slice(20).map((p) => p.title)).toEqual(inside.slice(0, 10).map((p) => p.title));
  });

  it("follows this tab's deltas and another tab's writes", async () => {
    const db = freshDb();
    const dal = makeProduct({ title: 'Mosur Dal' });
    await storeCatalog(db, [dal], { version: 5 });
    expect(await searchLocal(db, 'dal')).toEqual([dal]);

    // A sync in this tab: renamed, added, deleted, and the index patched.
    const renamed = { ...dal, title: 'Red Lentil' };
    const moong = makeProduct({ title: 'Moong Dal' });
    await db.products.bulkPut([renamed, moong]);
    await db.meta.put({ key: META_KEYS.catalogVersion, value: 6 });
    noteCatalogChange(db, { from: 5, to: 6, products: [renamed, moong], deleted: [] });
    expect(await searchLocal(db, 'dal')).toEqual([moong]);
    expect(await searchLocal(db, 'lentil')).toEqual([renamed]);

    // Another tab wrote version 7 (nothing told this tab's index): it is built again.
    await db.products.delete(moong.id);
    await db.meta.put({ key: META_KEYS.catalogVersion, value: 7 });
    expect(await searchLocal(db, 'dal')).toEqual([]);
  });

  it('finds the whole text in the Bangla title or the Bangla attribute too', async () => {
    const db = freshDb();
    const rice = makeProduct({
      title: 'Miniket Rice',
      attri: '5 kg',
      title_bn: 'মিনিকেট চাল',
      attri_bn: '৫ কেজি',
    });
    const oil = makeProduct({
      title: 'Soybean Oil',
      attri: 'bottle',
      title_bn: 'সয়াবিন তেল',
      attri_bn: 'বোতল',
    });
    const salt = makeProduct({ title: 'Iodized Salt', title_bn: 'আয়োডিনযুক্ত লবণ' });
    await storeCatalog(db, [rice, oil, salt]);
    const ids = async (text: string) => (await searchLocal(db, text)).map((p) => p.id);
    expect(await ids('চাল')).toEqual([rice.id]);
    expect(await ids(' কেনিক ')).toEqual([]);
    expect(await ids('মিনিকেট চাল')).toEqual([rice.id]);
    expect(await ids('৫ কেজি')).toEqual([rice.id]);
    expect(await ids('বোতল')).toEqual([oil.id]);
    expect(await ids('লবণ')).toEqual([salt.id]);
    // Every word, in any of the four (the storefront's rule, ADR 0056), but all in one product.
    expect(await ids('চাল ৫')).toEqual([rice.id]);
    expect(await ids('rice চাল')).toEqual([rice.id]);
    expect(await ids('চাল বোতল')).toEqual([]);
    // What the server answers for each: the product as stored, Bangla names included.
    expect(await searchLocal(db, 'তেল')).toEqual([oil]);
  });

  it('puts titles starting with the text first, in either language, then by English title', async () => {
    const db = freshDb();
    const aciSalt = makeProduct({ id: 1, title: 'ACI Salt', title_bn: 'এসিআই লবণ' });
    // A Bangla title may start with a brand in Latin letters.
    const lentil = makeProduct({ id: 2, title: 'Ab Masoor', title_bn: 'ACI মসুর ডাল' });
    const aciSugar = makeProduct({ id: 3, title: 'Aci Sugar', title_bn: 'এসিআই চিনি' });
    const atta = makeProduct({ id: 4, title: 'Atta', title_bn: 'আটা', attri: 'aci pack' });
    const brown = makeProduct({ id: 5, title: 'Brown ACI sugar' });
    const red = makeProduct({ id: 6, title: 'Red Lentil', title_bn: 'মসুর ডাল' });
    const aciDal = makeProduct({ id: 7, title: 'ACI Masoor Dal', title_bn: 'এসিআই মসুর ডাল' });
    const mix = makeProduct({ id: 8, title: 'Lentil Mix', attri_bn: 'মসুর মিশ্রণ' });
    const zeta = makeProduct({ id: 9, title: 'Zeta', title_bn: 'মসুর' });
    await storeCatalog(db, [aciSalt, lentil, aciSugar, atta, brown, red, aciDal, mix, zeta]);
    const ids = async (text: string) => (await searchLocal(db, text)).map((p) => p.id);
    // English and Bangla prefixes in one run by English title (code point order), then the rest.
    expect(await ids('aci')).toEqual([7, 1, 2, 3, 4, 5]);
    // A Bangla title starting with the text comes before an English title earlier in the order.
    expect(await ids('মসুর')).toEqual([6, 9, 7, 2, 8]);
    expect(await ids('এসিআই')).toEqual([7, 1, 3]);
    expect(await ids('ডাল')).toEqual([7, 2, 6]);
  });

  it('compares in one Unicode form, without the joiners of a Bangla keyboard, on both sides', async () => {
    const db = freshDb();
    // Stored with a ZWJ in the conjunct (র‍্য), and য় as one code point (NFC takes it apart).
    const rapid = makeProduct({ title: 'Rapid Cleaner', title_bn: 'র\u200d্যাপিড ক্লিনার' });
    const oil = makeProduct({ title: 'Soybean Oil', title_bn: 'স\u09dfাবিন তেল', attri_bn: 'লক্ষ্মী' });
    const tea = makeProduct({ title: 'Tea', attri_bn: 'ক্ষুদ্র' });
    await storeCatalog(db, [rapid, oil, tea]);
    const ids = async (text: string) => (await searchLocal(db, text)).map((p) => p.id);
    // Typed without the joiner the stored title has.
    expect(await ids('র্যাপিড')).toEqual([rapid.id]);
    // Typed with joiners (ZWNJ, ZWJ) the stored texts do not have.
    expect(await ids('লক্\u200cষ্মী')).toEqual([oil.id]);
    expect(await ids('ক্\u200dষুদ্র')).toEqual([tea.id]);
    expect(await ids('ক্\u200cষ')).toEqual([oil.id, tea.id]);
    // য় typed as য + ় finds য় stored as one letter, as a title start.
    expect(await ids('স\u09af\u09bcাবিন')).toEqual([oil.id]);
    expect(await ids('\u200cর্যাপ')).toEqual([rapid.id]);
    // Joiners alone are no text.
    expect(await ids('\u200c\u200d')).toEqual([]);
  });

  it('reads a copy stored before Bangla names: a product without them has none', async () => {
    const db = freshDb();
    const { title_bn: _t, attri_bn: _a, ...old } = makeProduct({ title: 'Miniket Rice', attri: '5 kg' });
    const named = makeProduct({ title: 'Nazirshail Rice', title_bn: 'নাজিরশাইল চাল' });
    await db.products.bulkPut([old as TillProduct, named]);
    await db.meta.put({ key: META_KEYS.catalogVersion, value: 3 });
    expect(Object.keys((await db.products.get(old.id)) ?? {})).not.toContain('title_bn');
    // The index builds, the Bangla text finds the other, and the old one reads with '' names.
    expect(await searchLocal(db, 'চাল')).toEqual([named]);
    expect(await searchLocal(db, 'rice')).toEqual([{ ...old, title_bn: '', attri_bn: '' }, named]);
    expect(await searchLocal(db, old.barcode)).toEqual([{ ...old, title_bn: '', attri_bn: '' }]);
    // And a delta with the names is searched by them.
    const renamed = { ...old, title_bn: 'মিনিকেট চাল', attri_bn: '৫ কেজি' };
    await db.products.put(renamed);
    await db.meta.put({ key: META_KEYS.catalogVersion, value: 4 });
    noteCatalogChange(db, { from: 3, to: 4, products: [renamed], deleted: [] });
    expect(await searchLocal(db, 'কেজি')).toEqual([renamed]);
  });

  it('follows a delta that changes a Bangla title, patching the index this tab holds', async () => {
    const db = freshDb();
    const dal = makeProduct({ title: 'Masoor Dal', title_bn: 'মসুর ডাল' });
    const oil = makeProduct({ title: 'Mustard Oil', title_bn: 'সরিষার তেল' });
    await storeCatalog(db, [dal, oil], { version: 5 });
    expect(await searchLocal(db, 'ডাল')).toEqual([dal]);

    const renamed = { ...dal, title_bn: 'লাল মসুর' };
    const moong = makeProduct({ title: 'Moong Dal', title_bn: 'মুগ ডাল', attri_bn: '৫০০ গ্রাম' });
    await db.products.bulkPut([renamed, moong]);
    await db.products.delete(oil.id);
    await db.meta.put({ key: META_KEYS.catalogVersion, value: 6 });
    noteCatalogChange(db, { from: 5, to: 6, products: [renamed, moong], deleted: [oil.id] });
    // Taken from the index only: the table may not be read again for it.
    const toArray = vi.spyOn(db.products, 'toArray');
    expect(await searchLocal(db, 'ডাল')).toEqual([moong]);
    expect(await searchLocal(db, 'লাল')).toEqual([renamed]);
    expect(await searchLocal(db, 'মসুর')).toEqual([renamed]);
    expect(await searchLocal(db, '৫০০')).toEqual([moong]);
    expect(await searchLocal(db, 'তেল')).toEqual([]);
    expect(toArray).not.toHaveBeenCalled();
  });

  it('searches 50,000 products in a few milliseconds once the index is built', async () => {
    const db = freshDb();
    const words = ['Rice', 'Dal', 'Oil', 'Salt', 'Sugar', 'Tea', 'Milk', 'Soap', 'Biscuit', 'Flour'];
    const bangla = ['চাল', 'ডাল', 'তেল', 'লবণ', 'চিনি', 'চা', 'দুধ', 'সাবান', 'বিস্কুট', 'আটা'];
    const digits = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    const products = Array.from({ length: 50_000 }, (_, i) =>
      makeProduct({
        id: i + 1,
        title: `${words[i % 10]} ${i}`,
        attri: `${i % 7} kg`,
        title_bn: `${bangla[i % 10]} ${digits(i)}`,
        attri_bn: `${digits(i % 7)} কেজি`,
      }),
    );
    await storeCatalog(db, products);
    await searchLocal(db, 'warm up');
    for (const [text, first] of [
      ['sugar 14', 'Sugar 14'],
      ['চিনি ১৪', 'Sugar 14'],
    ] as const) {
      const started = performance.now();
      const found = await searchLocal(db, text);
      const ms = performance.now() - started;
      expect(found[0]?.title).toBe(first);
      expect(found).toHaveLength(30);
      // fake-indexeddb is far slower than a browser's; the scan of the index itself is the point.
      expect(ms).toBeLessThan(250);
    }
  }, 60_000);
});

describe('searchLocal: loose goods in English, Bangla and Banglish (ADR 0056)', () => {
  const potato = makeProduct({ id: 1, title: 'Potato (Diamond)', title_bn: 'ডায়মন্ড আলু', unit: 'kg' });
  const eggs = makeProduct({ id: 2, title: 'Eggs (Farm)', title_bn: 'ফার্মের ডিম', attri: '12 pcs' });
  const rice = makeProduct({ id: 3, title: 'Miniket Rice', title_bn: 'মিনিকেট চাল', attri_bn: '৫ কেজি' });
  const onion = makeProduct({ id: 4, title: 'Onion (Deshi)', title_bn: 'দেশি পেঁয়াজ', unit: 'kg' });
  const oil = makeProduct({ id: 5, title: 'Soybean Oil (Loose)', title_bn: 'খোলা সয়াবিন তেল' });
  const tea = makeProduct({ id: 6, title: 'Black Tea', title_bn: 'চা পাতা' });
  const soap = makeProduct({ id: 7, title: 'Value Pack Soap', title_bn: 'ভ্যালু প্যাক সাবান', attri: '3 pcs' });
  const all = [potato, eggs, rice, onion, oil, tea, soap];

  it('finds the issue\'s words, exact hits before a typo reading ("tel": তেল, then Black Tea)', async () => {
    const db = freshDb();
    await storeCatalog(db, all);
    const ids = async (text: string) => (await searchLocal(db, text)).map((p) => p.id);
    expect(await ids('alu')).toEqual([potato.id, soap.id]);
    expect(await ids('dim')).toEqual([eggs.id]);
    expect(await ids('chal')).toEqual([rice.id]);
    expect(await ids('piyaj')).toEqual([onion.id]);
    expect(await ids('পিয়াজ')).toEqual([onion.id]);
    expect(await ids('tel')).toEqual([oil.id, tea.id]);
    // Two characters: whole words and titles starting with them first.
    expect(await ids('চা')).toEqual([tea.id, rice.id]);
  });

  it('follows deltas: a new stock is read fresh, a new name found, a product gone no more', async () => {
    const db = freshDb();
    await storeCatalog(db, all, { version: 40 });
    expect(await searchLocal(db, 'alu')).toEqual([potato, soap]);
    // A sale elsewhere: only the stock changed.
    const sold = { ...potato, stock: 2 };
    await db.products.put(sold);
    await db.meta.put({ key: META_KEYS.catalogVersion, value: 41 });
    noteCatalogChange(db, { from: 40, to: 41, products: [sold], deleted: [] });
    expect(await searchLocal(db, 'alu')).toEqual([sold, soap]);
    // Renamed (the index is built again from the names), and one deleted.
    const renamed = { ...oil, title: 'Mustard Oil', title_bn: 'সরিষার তেল' };
    await db.products.put(renamed);
    await db.products.delete(soap.id);
    await db.meta.put({ key: META_KEYS.catalogVersion, value: 42 });
    noteCatalogChange(db, { from: 41, to: 42, products: [renamed], deleted: [soap.id] });
    expect(await searchLocal(db, 'shorisha tel')).toEqual([renamed]);
    expect(await searchLocal(db, 'alu')).toEqual([sold]);
  });

  it("answers as the contracts' find over the same products, barcode first (property)", async () => {
    const db = freshDb();
    const word = fc.constantFrom(
      'al',
      'alu',
      'dim',
      'chal',
      'tel',
      'piyaj',
      'pyaj',
      'oil',
      'tea',
      'pcs',
      'xq',
      'চা',
      'তেল',
      'পিয়াজ',
      'কেজি',
      '৫',
      '12',
      'deshi',
    );
    const text = fc.oneof(
      { weight: 4, arbitrary: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')) },
      { weight: 1, arbitrary: fc.constantFrom(...all.map((p) => p.barcode)) },
    );
    let version = 100;
    await fc.assert(
      fc.asyncProperty(fc.subarray(all, { minLength: 1 }), text, async (products, typed) => {
        await db.products.clear();
        await storeCatalog(db, products, { version: ++version });
        const own = products.filter((p) => p.barcode === typed.trim());
        const expected = own.length
          ? own
          : findIds(typed, new SearchIndex(products, STAFF_FIND.options)).map((id) =>
              products.find((p) => p.id === id),
            );
        expect([typed, await searchLocal(db, typed)]).toEqual([typed, expected]);
      }),
      { numRuns: 150 },
    );
  });
});
