import type { ProductView, PublicProduct } from '@bazar/contracts/catalog';
import type { PageExtras } from '../../plugins/web-app';

/** Text made safe for HTML content and attribute values. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON inside a <script> element: `<` escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const taka = (amount: number) => `${amount.toLocaleString('en-US')} BDT`;

/** A description of at most ~160 characters, on one line. */
function shortText(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

const priceOf = (p: PublicProduct) => p.offprice ?? p.price;
const inStock = (p: PublicProduct) => p.stock_out !== 'on' && p.qty > 0;

/** Open Graph and Twitter tags, and the canonical link, shared by every page the server writes. */
function sharedHead(o: {
  url: string;
  title: string;
  description: string;
  image: string | null;
  type: string;
}) {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(o.url)}" />`,
    `<meta property="og:type" content="${o.type}" />`,
    `<meta property="og:url" content="${escapeHtml(o.url)}" />`,
    `<meta property="og:title" content="${escapeHtml(o.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(o.description)}" />`,
    `<meta name="twitter:card" content="${o.image ? 'summary_large_image' : 'summary'}" />`,
  ];
  if (o.image) tags.push(`<meta property="og:image" content="${escapeHtml(o.image)}" />`);
  return tags.join('\n    ');
}

/** An absolute address for a path or URL the shop gave (pictures may already be on a CDN). */
const absolute = (origin: string, url: string | null) =>
  url === null ? null : /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

/**
 * /product/{id}: the product's title, price, picture and description in the page the server sends,
 * with its Open Graph tags (a link shared on Facebook or Messenger shows the product) and its
 * structured data (schema.org Product with an Offer in BDT).
 */
export function productPage(view: ProductView, shop: string, origin: string): PageExtras {
  const p = view.product;
  const name = p.attri ? `${p.title} (${p.attri})` : p.title;
  const title = `${name} – ${shop}`;
  const description = shortText(
    p.desc || `${name}: ${taka(priceOf(p))} at ${shop}. Groceries delivered to your door.`,
  );
  const url = `${origin}/product/${p.id}`;
  const image = absolute(origin, p.image_large ?? p.image);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    description,
    sku: p.barcode || String(p.id),
    ...(image ? { image } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand.title } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'BDT',
      price: String(priceOf(p)),
      availability: `https://schema.org/${inStock(p) ? 'InStock' : 'OutOfStock'}`,
    },
  };
  const head = [
    sharedHead({ url, title, description, image, type: 'product' }),
    `<meta property="product:price:amount" content="${priceOf(p)}" />`,
    `<meta property="product:price:currency" content="BDT" />`,
    `<script type="application/ld+json">${scriptJson(data)}</script>`,
  ].join('\n    ');
  const old = p.offprice !== null && p.offprice !== p.price ? ` <del>${taka(p.price)}</del>` : '';
  const sizes =
    view.sizes.length > 1
      ? `<ul class="list-inline">${view.sizes
          .map(
            (s) => `<li class="list-inline-item"><a href="/product/${s.id}">${escapeHtml(s.attri)}</a></li>`,
          )
          .join('')}</ul>`
      : '';
  const body = `<main class="container py-4 server-page">
      <nav aria-label="breadcrumb"><a href="/">${escapeHtml(shop)}</a>${view.categories
        .map((c) => ` › <a href="/category/${c.id}">${escapeHtml(c.title)}</a>`)
        .join('')}</nav>
      <h1>${escapeHtml(p.title)}</h1>
      ${image ? `<img src="${escapeHtml(image)}" alt="${escapeHtml(p.title)}" width="600" height="600" class="img-fluid" />` : ''}
      ${p.attri ? `<p>${escapeHtml(p.attri)}</p>` : ''}
      ${sizes}
      <p><strong>${taka(priceOf(p))}</strong>${old}</p>
      <p>${inStock(p) ? 'In stock' : 'Stock Out'}</p>
      ${p.desc ? `<p>${escapeHtml(p.desc)}</p>` : ''}
    </main>`;
  return { title: escapeHtml(title), description: escapeHtml(description), head, body };
}

/** /category/{id}: the category's title and its products' names and prices in the page. */
export function categoryPage(
  category: { id: number; title: string },
  products: PublicProduct[],
  shop: string,
  origin: string,
): PageExtras {
  const title = `${category.title} – ${shop}`;
  const description = shortText(
    products.length
      ? `${category.title} at ${shop}: ${products
          .slice(0, 8)
          .map((p) => p.title)
          .join(', ')}. Groceries delivered to your door.`
      : `${category.title} at ${shop}. Groceries delivered to your door.`,
  );
  const url = `${origin}/category/${category.id}`;
  const image = absolute(origin, products.find((p) => p.image)?.image ?? null);
  const body = `<main class="container py-4 server-page">
      <h1>Category: ${escapeHtml(category.title)}</h1>
      <ul>${products
        .map(
          (p) =>
            `<li><a href="/product/${p.id}">${escapeHtml(p.title)}${p.attri ? ` (${escapeHtml(p.attri)})` : ''}</a> – ${taka(priceOf(p))}</li>`,
        )
        .join('')}</ul>
    </main>`;
  return {
    title: escapeHtml(title),
    description: escapeHtml(description),
    head: sharedHead({ url, title, description, image, type: 'website' }),
    body,
  };
}

/** A page the shop does not have (a product deleted since the link was shared). */
export function missingPage(shop: string, what: string): PageExtras {
  return {
    title: escapeHtml(`${what} – ${shop}`),
    description: escapeHtml(`${what}. ${shop}: groceries delivered to your door.`),
    head: '<meta name="robots" content="noindex" />',
    body: `<main class="container py-4 server-page"><h1>${escapeHtml(what)}</h1><p><a href="/">${escapeHtml(shop)}</a></p></main>`,
    status: 404,
  };
}

/** sitemap.xml: the public pages, each product and category with its last change where known. */
export function sitemap(origin: string, entries: Array<{ path: string; updated?: Date }>): string {
  const url = (e: { path: string; updated?: Date }) =>
    `  <url><loc>${escapeHtml(origin + e.path)}</loc>${e.updated ? `<lastmod>${e.updated.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.map(url).join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public may be read; the back office, accounts and the API may not. */
export const robots = (origin: string) =>
  [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /user',
    'Disallow: /api/',
    'Disallow: /invoice/',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

/** The footer's pages by key, as the storefront names them (spec: About Us, Terms & Conditions, Privacy Policy). */
export const FOOTER_PAGE_TITLES = {
  about: 'About Us',
  terms: 'Terms & Conditions',
  privacy: 'Privacy Policy',
} as const;

/** /about, /terms, /privacy: the owner's text, a paragraph per blank-line-separated block. */
export function footerPage(
  key: keyof typeof FOOTER_PAGE_TITLES,
  text: { en: string; bn: string },
  shop: string,
  origin: string,
): PageExtras {
  const heading = FOOTER_PAGE_TITLES[key];
  const body = text.en || text.bn;
  const title = `${heading} – ${shop}`;
  const description = shortText(body || `${heading} of ${shop}.`);
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br />')}</p>`)
    .join('');
  return {
    title: escapeHtml(title),
    description: escapeHtml(description),
    head: sharedHead({ url: `${origin}/${key}`, title, description, image: null, type: 'website' }),
    body: `<main class="container py-4 server-page"><h1>${escapeHtml(heading)}</h1>${paragraphs}</main>`,
  };
}
