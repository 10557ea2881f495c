import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeCategory, makeProduct } from './catalog-factories';
import { adminToken, client, postForm, registerCustomer, testApp, type TestApp } from './helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let brand: number;

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  brand = await makeBrand(t.app, admin);
});

type Named = { id: number; title: string; title_bn: string };
type Product = Named & { attri: string; attri_bn: string; desc_bn: string; brand: Named | null };

describe('Bangla beside English in the catalogue', () => {
  it('a product keeps its Bangla title, attribute and description in every read, variations too', async () => {
    const cat = await makeCategory(t.app, admin);
    const rows = await makeProduct(t.app, admin, brand, {
      title: 'Miniket Rice Bangla',
      title_bn: 'মিনিকেট চাল',
      attri: '1 kg',
      attri_bn: '১ কেজি',
      desc_bn: 'ভালো মানের চাল।',
      'category[]': [String(cat)],
      'variations[0][title]': '5 kg',
      'variations[0][title_bn]': '৫ কেজি',
      'variations[0][price]': '380',
    });
    expect(rows.map((r) => [r.title_bn, r.attri_bn, r.desc_bn])).toEqual([
      ['মিনিকেট চাল', '১ কেজি', 'ভালো মানের চাল।'],
      ['মিনিকেট চাল', '৫ কেজি', 'ভালো মানের চাল।'],
    ]);
    const [main, five] = rows;

    // The storefront's category page and search, the admin's read, the staff search, the edit list.
    const shown = (await api.get(`/api/showcategory/${cat}`)).body.data as { products: Product[] };
    expect(shown.products.map((p) => p.attri_bn).sort()).toEqual(['১ কেজি', '৫ কেজি']);
    const found = (await api.get('/api/product/find/Miniket Rice Bangla', admin)).body.data as Product[];
    expect(found.map((p) => p.title_bn)).toEqual(['মিনিকেট চাল', 'মিনিকেট চাল']);
    const list = (await api.get(`/api/product/edit-list/${main?.id}`, admin)).body.data as Product[];
    expect(list.map((p) => p.attri_bn)).toEqual(['১ কেজি', '৫ কেজি']);
    const scanned = (await api.get(`/api/product/barcode/${five?.barcode}`, admin)).body.data as {
      product: Product;
    };
    expect(scanned.product).toMatchObject({ title_bn: 'মিনিকেট চাল', attri_bn: '৫ কেজি' });
    const till = (await api.get('/api/till/catalog?since=0', admin)).body.data as { products: Product[] };
    expect(till.products.find((p) => p.id === main?.id)).toMatchObject({
      title_bn: 'মিনিকেট চাল',
      attri_bn: '১ কেজি',
    });
  });

  it("an edit without the Bangla fields keeps them (the spec's form has none); an empty one removes it", async () => {
    const [p] = await makeProduct(t.app, admin, brand, {
      title: 'Lentil',
      title_bn: 'মসুর ডাল',
      attri_bn: '৫০০ গ্রাম',
    });
    const edit = (fields: Record<string, string>) =>
      postForm(
        t.app,
        `/api/product/edit/${p?.id}`,
        { title: 'Red Lentil', price: '90', qty: '4', tags: 't', brand_id: String(brand), ...fields },
        admin,
      );
    const kept = await edit({});
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ title: 'Red Lentil', title_bn: 'মসুর ডাল', attri_bn: '৫০০ গ্রাম' });
    const changed = await edit({ title_bn: 'লাল মসুর ডাল', attri_bn: '' });
    expect(changed.body.data).toMatchObject({ title_bn: 'লাল মসুর ডাল', attri_bn: '' });

    // The list edit page's quick edit takes the Bangla attribute too.
    const quick = await api.post(
      `/api/product/edit-quick/${p?.id}`,
      { price: 95, offprice: null, qty: 4, attri_bn: '১ কেজি' },
      admin,
    );
    expect(quick.status).toBe(200);
    expect(quick.body.data).toMatchObject({ price: 95, title_bn: 'লাল মসুর ডাল', attri_bn: '১ কেজি' });

    const tooLong = await edit({ title_bn: 'চ'.repeat(201) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toHaveProperty('title_bn');
  });

  it('categories, brands and areas take a Bangla name on add and edit; left out on edit keeps it', async () => {
    const added = await api.post('/api/category/add', { title: 'Rice BN', title_bn: 'চাল' }, admin);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ title: 'Rice BN', title_bn: 'চাল', parent: null });
    const id = (added.body.data as Named).id;
    const edited = await api.post(`/api/category/edit/${id}`, { title: 'Rice (all)', parent: null }, admin);
    expect(edited.body.data).toMatchObject({ title: 'Rice (all)', title_bn: 'চাল' });
    const tree = (await api.get('/api/categories')).body.data as Named[];
    expect(tree.find((c) => c.id === id)?.title_bn).toBe('চাল');
    expect(((await api.get(`/api/showcategory/${id}`)).body.data as Named).title_bn).toBe('চাল');

    const b = await api.post('/api/brand/add', { title: 'Pran BN', title_bn: 'প্রাণ' }, admin);
    expect(b.body.data).toMatchObject({ title: 'Pran BN', title_bn: 'প্রাণ' });
    const bid = (b.body.data as Named).id;
    expect((await api.post(`/api/brand/edit/${bid}`, { title: 'PRAN' }, admin)).body.data).toMatchObject({
      title: 'PRAN',
      title_bn: 'প্রাণ',
    });
    // A product of the brand names it in both languages, in the public read too.
    const [soap] = await makeProduct(t.app, admin, bid, { title: 'Brand Soap', offer: 'on' });
    const offers = (await api.get('/api/productoffer')).body.data as Product[];
    expect(offers.find((p) => p.id === soap?.id)?.brand).toEqual({
      id: bid,
      title: 'PRAN',
      title_bn: 'প্রাণ',
    });

    const area = await api.post('/api/area/add', { title: 'Mirpur BN', title_bn: 'মিরপুর' }, admin);
    expect(area.status).toBe(201);
    const aid = (area.body.data as Named).id;
    const renamed = await api.post(
      `/api/area/edit/${aid}`,
      { title: 'Mirpur 10', title_bn: 'মিরপুর ১০' },
      admin,
    );
    expect(renamed.body.data).toEqual({ id: aid, title: 'Mirpur 10', title_bn: 'মিরপুর ১০', charge: null });
    const areas = (await api.get('/api/areas')).body.data as Named[];
    expect(areas.find((a) => a.id === aid)).toEqual({
      id: aid,
      title: 'Mirpur 10',
      title_bn: 'মিরপুর ১০',
      charge: null,
    });
    expect((await api.post('/api/area/edit/999999', { title: 'Nowhere' }, admin)).status).toBe(404);

    // Only an admin renames an area.
    const { token } = await registerCustomer(t.app);
    expect((await api.post(`/api/area/edit/${aid}`, { title: 'Mine' }, token)).status).toBe(403);
  });

  it('an order line keeps the Bangla names the product had when it was sold', async () => {
    const [p] = await makeProduct(t.app, admin, brand, {
      title: 'Hilsa BN',
      title_bn: 'ইলিশ মাছ',
      attri: '1 kg',
      attri_bn: '১ কেজি',
      qty: '10',
    });
    const { token, phone } = await registerCustomer(t.app, { verified: true, database: t.database });
    const placed = await api.post(
      '/api/order/add',
      {
        name: 'Rahim',
        phone,
        address: 'Road 1',
        area: 'Mirpur',
        carts: [{ product_id: p?.id, quantity: 1 }],
      },
      token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data as { id: number; carts: Product[] };
    expect(order.carts[0]).toMatchObject({ title: 'Hilsa BN', title_bn: 'ইলিশ মাছ', attri_bn: '১ কেজি' });
    // Renamed later: the order still reads as sold.
    await postForm(
      t.app,
      `/api/product/edit/${p?.id}`,
      { title: 'Hilsa', title_bn: 'পদ্মার ইলিশ', price: '100', qty: '9', tags: 't', brand_id: String(brand) },
      admin,
    );
    const read = (await api.get(`/api/order/${order.id}`, token)).body.data as { carts: Product[] };
    expect(read.carts[0]).toMatchObject({ title: 'Hilsa BN', title_bn: 'ইলিশ মাছ' });

    // A till sale keeps them too (its lines are written by the till's own path).
    const sold = await api.post(
      '/api/order/add',
      {
        terminal: 1,
        name: '',
        phone: '',
        address: '',
        area: '',
        ship: 0,
        discount: 0,
        paid: 100,
        method: 'cash',
        carts: [{ product_id: p?.id, quantity: 1 }],
      },
      admin,
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect((sold.body.data as { carts: Product[] }).carts[0]).toMatchObject({
      title: 'Hilsa',
      title_bn: 'পদ্মার ইলিশ',
      attri_bn: '১ কেজি',
    });
  });

  it('search finds a product by its Bangla title too, a typo forgiven, most relevant first', async () => {
    const [rice] = await makeProduct(t.app, admin, brand, {
      title: 'Search Miniket Rice',
      title_bn: 'মিনিকেট চাল',
    });
    const [flour] = await makeProduct(t.app, admin, brand, {
      title: 'Search Rice Flour',
      title_bn: 'চালের গুঁড়া',
    });
    const [lentil] = await makeProduct(t.app, admin, brand, {
      title: 'Search Lentil',
      title_bn: 'খেসারি ডাল',
    });
    const ids = async (text: string) =>
      ((await api.get(`/api/product/search/${encodeURIComponent(text)}`)).body.data as Product[]).map(
        (p) => p.id,
      );
    // "চাউল" is how some shoppers write চাল: one letter more, read as a typo.
    expect(await ids('মিনিকেট চাউল')).toContain(rice?.id);
    // Titles with the whole word first (earlier tests' rice is here too), then the one where the
    // word begins a longer one (চালের).
    const chal = await ids('চাল');
    expect(chal).toContain(rice?.id);
    expect(chal.at(-1)).toBe(flour?.id);
    expect(chal).not.toContain(lentil?.id);
    expect(await ids('খেসারি')).toEqual([lentil?.id]);
    // Both languages in one text, and a Bangla keyboard's invisible joiner inside a word.
    expect(await ids('search miniket চাল')).toEqual([rice?.id]);
    expect(await ids('খেসা\u200cরি')).toEqual([lentil?.id]);
    // The staff's search (the till, the stock and barcode pages) by the Bangla title too.
    const found = (await api.get(`/api/product/find/${encodeURIComponent('খেসারি')}`, admin)).body
      .data as Product[];
    expect(found.map((p) => p.id)).toEqual([lentil?.id]);
  });
});
