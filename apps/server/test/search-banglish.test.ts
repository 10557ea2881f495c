import fc from 'fast-check';
import { findIds, SearchIndex, STAFF_FIND } from '@bazar/contracts/product-search';
import type { TillCatalog } from '@bazar/contracts/till';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, testApp, type TestApp } from './helpers';

/** ADR 0056: loose goods found in English, Bangla and Banglish, at the till from 2 characters. */

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
const made: Record<string, { id: number; barcode: string }> = {};

const LOOSE = {
  potato: { title: 'Potato (Diamond)', title_bn: 'ডায়মন্ড আলু', attri: '1 kg', attri_bn: '১ কেজি', unit: 'kg' },
  eggs: { title: 'Eggs (Farm)', title_bn: 'ফার্মের ডিম', attri: '12 pcs', attri_bn: '১২ পিস' },
  rice: { title: 'Miniket Rice', title_bn: 'মিনিকেট চাল', attri: '5 kg', attri_bn: '৫ কেজি' },
  onion: { title: 'Onion (Deshi)', title_bn: 'দেশি পেঁয়াজ', attri: '1 kg', attri_bn: '১ কেজি', unit: 'kg' },
  soy: { title: 'Soybean Oil (Loose)', title_bn: 'খোলা সয়াবিন তেল', attri: '1 litre', attri_bn: '১ লিটার' },
  mustard: { title: 'Mustard Oil', title_bn: 'সরিষার তেল', attri: '500 ml', attri_bn: '৫০০ মিলি' },
  tea: { title: 'Black Tea', title_bn: 'চা পাতা', attri: '400 gm', attri_bn: '৪০০ গ্রাম' },
  soap: { title: 'Value Pack Soap', title_bn: 'ভ্যালু প্যাক সাবান', attri: '3 pcs', attri_bn: '৩ পিস' },
  dal: { title: 'Mosur Dal', title_bn: '', attri: '1 kg', attri_bn: '' },
} as const;
type Name = keyof typeof LOOSE;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  const brand = await makeBrand(t.app, admin);
  for (const [name, fields] of Object.entries(LOOSE)) {
    const [row] = await makeProduct(t.app, admin, brand, { ...fields, price: '60' });
    if (!row) throw new Error(`no ${name}`);
    made[name] = { id: row.id, barcode: row.barcode };
  }
});

const id = (name: Name) => made[name]?.id;
type Found = { id: number; title: string; title_bn: string };

async function search(text: string) {
  const res = await api.get(`/api/product/search/${encodeURIComponent(text)}`);
  expect([text, res.status]).toEqual([text, 200]);
  return (res.body.data as Found[]).map((p) => p.id);
}

async function find(text: string) {
  const res = await api.get(`/api/product/find/${encodeURIComponent(text)}`, admin);
  expect([text, res.status]).toEqual([text, 200]);
  return (res.body.data as Found[]).map((p) => p.id);
}

describe('the storefront search in Banglish', () => {
  it('"dim" finds the eggs (ডিম), "alu" the potato (আলু) before "Value", "chal" the rice (চাল)', async () => {
    expect(await search('dim')).toEqual([id('eggs')]);
    expect(await search('deem')).toEqual([id('eggs')]);
    expect(await search('alu')).toEqual([id('potato'), id('soap')]);
    expect(await search('aloo')).toEqual([id('potato')]);
    expect(await search('chal')).toEqual([id('rice')]);
  });

  it('"tel" ranks the তেল products first; Black Tea, a typo reading of it, comes after them', async () => {
    const found = await search('tel');
    expect(found.slice(0, 2).sort()).toEqual([id('soy'), id('mustard')].sort());
    expect(found).toEqual([id('mustard'), id('soy'), id('tea')]);
  });

  it('finds পেঁয়াজ in its spellings, and Bangla with a slip', async () => {
    for (const text of ['piyaj', 'peyaj', 'pyaj', 'peyaz', 'পিয়াজ', 'পেয়াজ', 'deshi piyaj'])
      expect([text, await search(text)]).toEqual([text, [id('onion')]]);
    expect(await search('shorisha tel')).toEqual([id('mustard')]);
  });

  it('keeps its minimum of 3 characters', async () => {
    expect((await api.get('/api/product/search/al')).status).toBe(422);
  });
});

describe("the till's find (GET /api/product/find/{text})", () => {
  it('answers from 2 characters, by the same rule, attributes too; a barcode alone', async () => {
    // চা: the tea's whole word at the start of its title, then চাল where it begins a word.
    expect(await find('চা')).toEqual([id('tea'), id('rice')]);
    expect(await find('alu')).toEqual([id('potato'), id('soap')]);
    expect(await find('tel')).toEqual([id('mustard'), id('soy'), id('tea')]);
    expect(await find('dal')).toEqual([id('dal')]);
    expect(await find('৫ কেজি')).toEqual([id('rice')]);
    expect(await find(made.potato?.barcode ?? '')).toEqual([id('potato')]);
    // Titles in the order they are written: the order the till has always shown.
    expect(await find('oil')).toEqual([id('mustard'), id('soy')]);
  });

  it("answers exactly what the till's offline copy answers, over random texts (property)", async () => {
    const catalog = (await api.get('/api/till/catalog?since=0', admin)).body.data as TillCatalog;
    // What the till stores, searched by the till's own code (web offline/lookup.ts `searchLocal`).
    const offline = new SearchIndex(catalog.products, STAFF_FIND.options);
    const barcodes = catalog.products.map((p) => p.barcode);
    const word = fc.constantFrom(
      'al',
      'alu',
      'aloo',
      'dim',
      'chal',
      'tel',
      'piyaj',
      'pyaj',
      'oil',
      'rice',
      'tea',
      'kg',
      'deshi',
      'val',
      'chiken',
      'xq',
      'চা',
      'চাল',
      'তেল',
      'পিয়াজ',
      'কেজি',
      '১',
      '5',
      'Potato',
      'ডায়মন্ড',
    );
    const text = fc.oneof(
      { weight: 5, arbitrary: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')) },
      { weight: 1, arbitrary: fc.constantFrom(...barcodes) },
    );
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom('', ' ', '  '), async (typed, pad) => {
        const sent = `${pad}${typed}${pad}`;
        const trimmed = sent.trim();
        const own = catalog.products.filter((p) => p.barcode === trimmed).map((p) => p.id);
        const expected = own.length ? own : findIds(trimmed, offline);
        expect([sent, await find(sent)]).toEqual([sent, expected]);
      }),
      { numRuns: 80 },
    );
  });
});
