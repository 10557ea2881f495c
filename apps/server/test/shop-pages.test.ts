import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeCategory, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

/**
 * A product's own page (/product/{id}) and a category's carry their content and tags in the HTML
 * the server sends, so a shared link shows the product without running the app; sitemap.xml and
 * robots.txt list what may be read. Against a build shaped like `npm run build`'s index.html.
 */
let t: TestApp;
let admin: string;
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pages-'));
afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Groceries delivered to your door. Prices in BDT." />
    <title>Bazar</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"><div class="app-splash" aria-hidden="true">Bazar</div></div>
    <noscript>Please turn on JavaScript to use this shop.</noscript>
  </body>
</html>
`;

/** The shop's PUBLIC_URL: every absolute link of its pages starts with it. */
const PUBLIC_URL = 'https://shop.example.com';

let rice: Array<{ id: number; group_id: number }>;
let fish: { id: number } | undefined;
let category: number;

beforeAll(async () => {
  fs.writeFileSync(path.join(web, 'index.html'), indexHtml);
  t = await testApp({ config: { webDist: web, publicUrl: PUBLIC_URL } });
  admin = await adminToken(t);
  const brand = await makeBrand(t.app, admin, 'Pran');
  category = await makeCategory(t.app, admin, null, 'Rice & <Dal>');
  rice = await makeProduct(t.app, admin, brand, {
    title: 'Miniket Rice',
    attri: '25 kg',
    price: '1850',
    desc: 'Polished miniket rice from Dinajpur.',
    'category[]': String(category),
    'variations[0][title]': '5 kg',
    'variations[0][price]': '365',
    'variations[0][offprice]': '350',
    'variations[0][buyprice]': '300',
    'variations[0][qty]': '4',
    'variations[1][title]': '1 kg',
    'variations[1][price]': '78',
    'variations[1][buyprice]': '60',
    'variations[1][qty]': '0',
  });
  [fish] = await makeProduct(t.app, admin, brand, {
    title: 'Hilsa <script>alert(1)</script> "Padma"',
    attri: '1 pc',
    price: '1450',
    'category[]': String(category),
  });
});

/** Every page is asked for with a Host of another site: its links are on PUBLIC_URL all the same. */
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });

describe("a product's own page", () => {
  it('has its title, price, picture and description in the HTML, with Open Graph tags and structured data', async () => {
    const res = await page(`/product/${rice[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.payload;
    expect(html).toContain('<title>Miniket Rice (25 kg) – Bazar</title>');
    expect(html).toContain('<meta name="description" content="Polished miniket rice from Dinajpur." />');
    expect(html).not.toContain('Groceries delivered to your door. Prices in BDT.');
    expect(html).toContain('<meta property="og:title" content="Miniket Rice (25 kg) – Bazar" />');
    expect(html).toContain(
      `<meta property="og:url" content="https://shop.example.com/product/${rice[0]!.id}" />`,
    );
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/shop\.example\.com\/uploads\/[\w-]+\.webp" \/>/,
    );
    expect(html).toContain(`<link rel="canonical" href="https://shop.example.com/product/${rice[0]!.id}" />`);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(ld ?? 'null')).toMatchObject({
      '@type': 'Product',
      name: 'Miniket Rice (25 kg)',
      brand: { name: 'Pran' },
      offers: { priceCurrency: 'BDT', price: '1850', availability: 'https://schema.org/InStock' },
    });
    // The content, in the app's root (the app's first render replaces it), and the app's script.
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<noscript>'));
    expect(root).toContain('<h1>Miniket Rice</h1>');
    expect(root).toContain('<strong>1,850 BDT</strong>');
    expect(root).toContain('Polished miniket rice from Dinajpur.');
    expect(root).toContain('Rice &amp; &lt;Dal&gt;');
    expect(root).not.toContain('app-splash');
    // Its sizes link to their own pages, cheapest first.
    expect([...root.matchAll(/<a href="\/product\/(\d+)">([^<]+)<\/a>/g)].map((m) => m[2])).toEqual([
      '1 kg',
      '5 kg',
      '25 kg',
    ]);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('shows an offer price with the old one, and out of stock as such', async () => {
    const five = await page(`/product/${rice[1]!.id}`);
    expect(five.payload).toContain('<strong>350 BDT</strong> <del>365 BDT</del>');
    expect(five.payload).toContain('"price":"350"');
    const one = await page(`/product/${rice[2]!.id}`);
    expect(one.payload).toContain('https://schema.org/OutOfStock');
    expect(one.payload).toContain('<p>Stock Out</p>');
  });

  it('escapes what the owner typed, in the head, the content and the structured data', async () => {
    const html = (await page(`/product/${fish!.id}`)).payload;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<h1>Hilsa &lt;script&gt;alert(1)&lt;/script&gt; &quot;Padma&quot;</h1>');
    expect(html).toContain(
      '<title>Hilsa &lt;script&gt;alert(1)&lt;/script&gt; &quot;Padma&quot; (1 pc) – Bazar</title>',
    );
    expect(html).toContain('\\u003cscript>alert(1)\\u003c/script>');
  });

  it('answers 404 with a page (not indexed) for a product that is gone', async () => {
    for (const url of [
      '/product/987654',
      '/category/987654',
      '/product/abc',
      '/category/1x',
      '/product/-1',
    ]) {
      const res = await page(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.payload).toContain('<meta name="robots" content="noindex" />');
      expect(res.payload).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    }
  });

  it('GET /api/product/view/{id}: the product, its sizes cheapest first and its categories, public fields only', async () => {
    const res = await client(t.app).get(`/api/product/view/${rice[1]!.id}`);
    expect(res.status).toBe(200);
    const data = res.body.data as {
      product: Record<string, unknown>;
      sizes: Array<{ id: number; attri: string }>;
      categories: Array<{ title: string }>;
    };
    expect(data.product).toMatchObject({ id: rice[1]!.id, attri: '5 kg', offprice: 350 });
    expect(data.product).not.toHaveProperty('buyprice');
    expect(data.sizes.map((s) => s.attri)).toEqual(['1 kg', '5 kg', '25 kg']);
    expect(data.categories.map((c) => c.title)).toEqual(['Rice & <Dal>']);
    expect((await client(t.app).get('/api/product/view/987654')).status).toBe(404);
  });
});

describe("a category's page", () => {
  it('has the category and its products in the HTML', async () => {
    const res = await page(`/category/${category}`);
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('<title>Rice &amp; &lt;Dal&gt; – Bazar</title>');
    expect(res.payload).toContain('<h1>Category: Rice &amp; &lt;Dal&gt;</h1>');
    expect(res.payload).toContain(`<a href="/product/${rice[1]!.id}">Miniket Rice (5 kg)</a> – 350 BDT`);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('list the public pages: home, the footer pages, every category and product', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.payload.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://shop.example.com/',
        'https://shop.example.com/about',
        'https://shop.example.com/terms',
        'https://shop.example.com/privacy',
        `https://shop.example.com/category/${category}`,
        ...[...rice, fish!].map((p) => `https://shop.example.com/product/${p.id}`),
      ]),
    );
    expect(locs.some((l) => l?.includes('/admin') || l?.includes('/api'))).toBe(false);
  });

  it('robots.txt keeps crawlers out of the back office, accounts and the API, and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('Disallow: /admin');
    expect(res.payload).toContain('Disallow: /user');
    expect(res.payload).toContain('Disallow: /api/');
    expect(res.payload).toContain('Sitemap: https://shop.example.com/sitemap.xml');
  });
});

describe('absolute links come from PUBLIC_URL only', () => {
  it("a forged Host or X-Forwarded-Host (even from a trusted proxy) never builds a page's links", async () => {
    // Behind a trusted proxy, whose forwarded host and protocol a client could have chosen.
    const proxied = await testApp({
      database: t.database,
      config: { webDist: web, publicUrl: PUBLIC_URL, trustProxy: 1 },
    });
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example:8443',
      'x-forwarded-proto': 'http',
    };
    const urls = [
      `/product/${rice[0]!.id}`,
      `/category/${category}`,
      '/about',
      '/sitemap.xml',
      '/robots.txt',
    ];
    for (const app of [t.app, proxied.app]) {
      for (const url of urls) {
        const res = await app.inject({ method: 'GET', url, headers: forged });
        expect([url, res.statusCode]).toEqual([url, 200]);
        expect([url, res.payload.includes('evil.example')]).toEqual([url, false]);
        expect([url, /http:\/\/shop\.example\.com/.test(res.payload)]).toEqual([url, false]);
        expect([url, res.payload.includes(PUBLIC_URL)]).toEqual([url, true]);
      }
      const product = await app.inject({ method: 'GET', url: urls[0]!, headers: forged });
      expect(product.payload).toContain(
        `<meta property="og:url" content="${PUBLIC_URL}/product/${rice[0]!.id}" />`,
      );
      const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: forged });
      expect(robots.payload).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    }
  });
});

describe('the footer pages and social links the owner writes in Setting', () => {
  const set = {
    pages: {
      about: {
        en: 'We are a family shop in Mirpur.\n\nOpen 8 am to 10 pm.',
        bn: 'আমরা মিরপুরের একটি পারিবারিক দোকান।',
      },
      terms: { en: 'Check the product before receiving.', bn: '' },
      privacy: { en: '', bn: 'আপনার ফোন নম্বর শুধু অর্ডারের জন্য।' },
    },
    social: {
      facebook: 'https://facebook.com/bazar.shop',
      instagram: '',
      youtube: 'https://youtube.com/@bazar',
    },
  };

  it('are empty until written; an admin saves them, anyone reads them', async () => {
    const before = await client(t.app).get('/api/shop-pages');
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      pages: { about: { en: '', bn: '' }, terms: { en: '', bn: '' }, privacy: { en: '', bn: '' } },
      social: { facebook: '', instagram: '', youtube: '' },
    });
    const saved = await client(t.app).post('/api/shop-pages', set, admin);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(set);
    expect((await client(t.app).get('/api/shop-pages')).body.data).toEqual(set);
  });

  it('only an admin may change them, and a link must be a whole web address', async () => {
    const customer = await registerCustomer(t.app);
    expect((await client(t.app).post('/api/shop-pages', set, customer.token)).status).toBe(403);
    expect((await client(t.app).post('/api/shop-pages', set)).status).toBe(401);
    const bad = await client(t.app).post(
      '/api/shop-pages',
      { ...set, social: { ...set.social, instagram: 'javascript:alert(1)' } },
      admin,
    );
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('Write the whole address, starting with https://');
    const long = await client(t.app).post(
      '/api/shop-pages',
      { ...set, pages: { ...set.pages, terms: { en: 'x'.repeat(20_001), bn: '' } } },
      admin,
    );
    expect(long.status).toBe(422);
    expect((await client(t.app).get('/api/shop-pages')).body.data).toEqual(set);
  });

  it('/about, /terms and /privacy carry the text in the HTML (English, else Bangla)', async () => {
    await client(t.app).post('/api/shop-pages', set, admin);
    const about = await page('/about');
    expect(about.statusCode).toBe(200);
    expect(about.payload).toContain('<title>About Us – Bazar</title>');
    expect(about.payload).toContain(
      '<h1>About Us</h1><p>We are a family shop in Mirpur.</p><p>Open 8 am to 10 pm.</p>',
    );
    expect((await page('/terms')).payload).toContain(
      '<h1>Terms &amp; Conditions</h1><p>Check the product before receiving.</p>',
    );
    expect((await page('/privacy')).payload).toContain('<p>আপনার ফোন নম্বর শুধু অর্ডারের জন্য।</p>');
  });
});

describe('texts with the replacement patterns of String.prototype.replace', () => {
  // In a replacement string `$&` is the match, `` $` `` the text before it and `$'` the text after
  // it: each text must reach the page as it was typed, never as a piece of the page.
  const typed = "Oil $& more $` and $' end";

  it("a product's title, size and description appear exactly as typed", async () => {
    const brand = await makeBrand(t.app, admin, 'Dollar Brand');
    const [p] = await makeProduct(t.app, admin, brand, {
      title: typed,
      attri: '1 $& litre',
      price: '210',
      desc: `Pressed $' fresh $\` daily $&.`,
    });
    const html = (await page(`/product/${p!.id}`)).payload;
    expect(html).toContain('<title>Oil $&amp; more $` and $&#39; end (1 $&amp; litre) – Bazar</title>');
    expect(html).toContain('<meta name="description" content="Pressed $&#39; fresh $` daily $&amp;." />');
    expect(html).toContain(
      '<meta property="og:title" content="Oil $&amp; more $` and $&#39; end (1 $&amp; litre) – Bazar" />',
    );
    expect(html).toContain('<h1>Oil $&amp; more $` and $&#39; end</h1>');
    expect(html).toContain('<p>Pressed $&#39; fresh $` daily $&amp;.</p>');
    // One head, one title, one root: nothing of the page was copied into it.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it("a category's title appears exactly as typed", async () => {
    const id = await makeCategory(t.app, admin, null, typed);
    const html = (await page(`/category/${id}`)).payload;
    expect(html).toContain('<title>Oil $&amp; more $` and $&#39; end – Bazar</title>');
    expect(html).toContain(
      '<meta name="description" content="Oil $&amp; more $` and $&#39; end at Bazar. Groceries delivered to your door." />',
    );
    expect(html).toContain('<h1>Category: Oil $&amp; more $` and $&#39; end</h1>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('a footer page appears exactly as typed', async () => {
    const pages = { en: `Pay $& on delivery.\n\nReturns $\` within $' a day.`, bn: '' };
    const saved = await client(t.app).post(
      '/api/shop-pages',
      {
        pages: { about: pages, terms: { en: '', bn: '' }, privacy: { en: '', bn: '' } },
        social: { facebook: '', instagram: '', youtube: '' },
      },
      admin,
    );
    expect(saved.status).toBe(200);
    const html = (await page('/about')).payload;
    expect(html).toContain(
      '<meta name="description" content="Pay $&amp; on delivery. Returns $` within $&#39; a day." />',
    );
    expect(html).toContain(
      '<meta property="og:description" content="Pay $&amp; on delivery. Returns $` within $&#39; a day." />',
    );
    expect(html).toContain('<p>Pay $&amp; on delivery.</p><p>Returns $` within $&#39; a day.</p>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});
