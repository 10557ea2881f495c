import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { client, postForm } from './helpers';

let n = 0;
/** A real PNG picture of the given size. */
export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
}

export async function makeBrand(app: FastifyInstance, admin: string, title = `Brand ${++n}`) {
  const res = await client(app).post('/api/brand/add', { title }, admin);
  if (res.status !== 201) throw new Error(`brand: ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: number }).id;
}

export async function makeCategory(
  app: FastifyInstance,
  admin: string,
  parent: number | null = null,
  title = `Cat ${++n}`,
) {
  const res = await client(app).post('/api/category/add', { title, parent }, admin);
  if (res.status !== 201) throw new Error(`category: ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: number }).id;
}

type ProductOpts = Partial<Record<string, string | string[] | Buffer>>;

/** Adds a product through the real multipart endpoint; returns the created rows. */
export async function makeProduct(
  app: FastifyInstance,
  admin: string,
  brandId: number,
  opts: ProductOpts = {},
) {
  const fields: Record<string, string | string[] | Buffer> = {
    title: `Product ${++n}`,
    price: '100',
    qty: '10',
    tags: 'test',
    brand_id: String(brandId),
    image: await pngImage(),
  };
  for (const [k, v] of Object.entries(opts)) if (v !== undefined) fields[k] = v;
  const res = await postForm(app, '/api/product/add', fields, admin);
  if (res.status !== 201) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Array<
    Record<string, unknown> & { id: number; qty: number; barcode: string; group_id: number }
  >;
}
