import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError, Invalid } from './errors';
import type { Storage } from './storage';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Card and detail sizes (longest side, px); the card size also suits story thumbnails. */
export const IMAGE_SIZES = { card: 400, large: 1000 } as const;

const invalid = (field: string) => new Invalid(field, 'The image must be a JPEG, PNG, WebP or GIF picture.');

/**
 * Checks that the upload really is a picture (by its content, not its name), re-encodes it to WebP
 * in each size, and stores it under a content hash. Nothing uploaded is ever served as it came.
 * Returns the key to keep in the database.
 */
export async function storeImage(storage: Storage, input: Buffer, field = 'image'): Promise<string> {
  let format: string | undefined;
  try {
    // limitInputPixels refuses decompression bombs before they are decoded.
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw invalid(field);
  }
  if (!format || !ACCEPTED.has(format)) throw invalid(field);
  const key = createHash('sha256').update(input).digest('hex').slice(0, 32);
  try {
    await Promise.all(
      Object.values(IMAGE_SIZES).map(async (size) => {
        const body = await sharp(input, { limitInputPixels: 40_000_000, animated: false })
          .rotate()
          .resize(size, size, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        await storage.put(`${key}-${size}.webp`, body, 'image/webp');
      }),
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid(field);
  }
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
