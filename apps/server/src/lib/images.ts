import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { say } from '@bazar/contracts/messages';
import { AppError, Invalid } from './errors';
import type { Storage } from './storage';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Pictures larger than this (40 megapixels) are refused before they are decoded. */
const MAX_PIXELS = 40_000_000;
/** Card and detail sizes (longest side, px); the card size also suits story thumbnails. */
const IMAGE_SIZES = { card: 400, large: 1000 } as const;

const invalid = (field: string) => new Invalid(field, say('images.type'));

/** The key a picture is stored under: a hash of the bytes as they came (the same picture, the same key). */
const imageKey = (input: Buffer) => createHash('sha256').update(input).digest('hex').slice(0, 32);

/**
 * Checks, without decoding it, that `input` is a JPEG, PNG, WebP or GIF picture of at most 40
 * megapixels (a 422 on `field` otherwise); returns the key storeImage would keep it under.
 */
export async function checkImage(input: Buffer, field = 'image'): Promise<string> {
  let meta: Metadata;
  try {
    // limitInputPixels refuses decompression bombs before they are decoded.
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw invalid(field);
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw invalid(field);
  // metadata() reads the header only: the size a decode would refuse is judged here too.
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw invalid(field);
  return imageKey(input);
}

/**
 * Checks that the upload really is a picture (by its content, not its name), re-encodes it to WebP
 * in each size, and stores it under a content hash. Nothing uploaded is ever served as it came.
 * Returns the key to keep in the database.
 */
export async function storeImage(storage: Storage, input: Buffer, field = 'image'): Promise<string> {
  const key = await checkImage(input, field);
  let encoded: Array<{ size: number; body: Buffer }>;
  try {
    encoded = await Promise.all(
      Object.values(IMAGE_SIZES).map(async (size) => ({
        size,
        body: await sharp(input, { limitInputPixels: MAX_PIXELS, animated: false })
          .rotate()
          .resize(size, size, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(field);
  }
  // The store's own failures (a full disk, a bucket away) are not the picture's: they answer as such.
  await Promise.all(encoded.map(({ size, body }) => storage.put(`${key}-${size}.webp`, body, 'image/webp')));
  return key;
}

export function imageUrls(
  storage: Storage,
  key: string | null,
): { image: string | null; image_large: string | null } {
  if (!key) return { image: null, image_large: null };
  return {
    image: storage.url(`${key}-${IMAGE_SIZES.card}.webp`),
    image_large: storage.url(`${key}-${IMAGE_SIZES.large}.webp`),
  };
}
