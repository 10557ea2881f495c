import { IMPORT_LIMITS } from '@bazar/contracts/imports';
import { label, say, type Message } from '@bazar/contracts/messages';
import { AppError } from './errors';
import { unpackEntry, zipBomb, zipDirectory, type ZipEntry } from './zip';

/** Folders and the files macOS adds to a ZIP (`__MACOSX/`, `._name`) are not pictures. */
const isJunk = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || (name.split('/').pop() ?? '').startsWith('._');

const keyOf = (name: string) => name.replaceAll('\\', '/').replace(/^\.\//, '').toLowerCase();
const baseOf = (key: string) => key.split('/').pop() ?? key;

/** Unpacked at once: pictures are taken out of the ZIP in batches of at most this many bytes. */
const BATCH_BYTES = 64 * 1024 * 1024;

/** Why a picture named in a row cannot be had from the ZIP, as the row's error says it. */
export const PICTURE_PROBLEMS = {
  noZip: { message: say('import.noZip') },
  missing: { message: say('import.pictureMissing') },
  ambiguous: { message: say('import.pictureAmbiguous') },
  tooLarge: {
    message: say('field.maxMegabytes', {
      field: label('picture'),
      max: IMPORT_LIMITS.pictureBytes / (1024 * 1024),
    }),
  },
  unreadable: { message: say('import.pictureUnreadable') },
} satisfies Record<string, { message: Message }>;
export type PictureProblem = keyof typeof PICTURE_PROBLEMS;

/**
 * The ZIP of pictures beside a product import. Its directory is checked before anything is
 * unpacked: at most IMPORT_LIMITS.zipEntries files that say they unpack to at most zipUnpackedBytes
 * together (413 otherwise: a zip bomb that says so is refused unopened). A picture is unpacked only
 * when a row names it, at most IMPORT_LIMITS.pictureBytes each, and its unpacking stops at the size
 * the directory gives (lib/zip.ts): one that would unpack to more is a directory that lies, and the
 * whole import is refused (422 on `images`) before anything is saved. So what is unpacked never
 * adds up to more than the directory declared. Names are matched without regard to case, by path
 * or, when only one file has it, by file name alone.
 */
export class PictureZip {
  private readonly byKey = new Map<string, ZipEntry>();
  private readonly byBase = new Map<string, ZipEntry | 'ambiguous'>();

  private constructor(private readonly body: Buffer) {}

  static open(body: Buffer): PictureZip {
    const entries = zipDirectory(body, 'images');
    if (entries.length > IMPORT_LIMITS.zipEntries)
      throw new AppError(413, 'too_large', say('import.zipTooManyFiles', { max: IMPORT_LIMITS.zipEntries }));
    const unpacked = entries.reduce((sum, e) => sum + e.originalSize, 0);
    if (unpacked > IMPORT_LIMITS.zipUnpackedBytes)
      throw new AppError(413, 'too_large', say('import.zipTooLarge'));
    const zip = new PictureZip(body);
    for (const entry of entries) {
      if (isJunk(entry.name)) continue;
      const key = keyOf(entry.name);
      zip.byKey.set(key, entry);
      const base = baseOf(key);
      zip.byBase.set(base, zip.byBase.has(base) ? 'ambiguous' : entry);
    }
    return zip;
  }

  /** The file a row's picture cell names, or why there is none. */
  find(name: string): ZipEntry | PictureProblem {
    const key = keyOf(name);
    const entry = this.byKey.get(key) ?? this.byBase.get(baseOf(key));
    if (entry === undefined) return 'missing';
    if (entry === 'ambiguous') return 'ambiguous';
    return entry.originalSize > IMPORT_LIMITS.pictureBytes ? 'tooLarge' : entry;
  }

  /**
   * Unpacks these files (found by `find`) a batch at a time and hands each batch to `use` before
   * the next is unpacked; a file that cannot be unpacked comes as 'unreadable'. A file that unpacks
   * to more than the directory says refuses the import (422).
   */
  async batches(
    entries: ZipEntry[],
    use: (files: Array<{ entry: ZipEntry; body: Buffer | 'unreadable' }>) => Promise<void>,
  ): Promise<void> {
    let batch: ZipEntry[] = [];
    let bytes = 0;
    const flush = async () => {
      const files = this.unpack(batch);
      await use(batch.map((entry) => ({ entry, body: files.get(entry.name) ?? 'unreadable' })));
      batch = [];
      bytes = 0;
    };
    for (const entry of entries) {
      if (bytes + entry.originalSize > BATCH_BYTES && batch.length > 0) await flush();
      batch.push(entry);
      bytes += entry.originalSize;
    }
    if (batch.length > 0) await flush();
  }

  private unpack(entries: ZipEntry[]): Map<string, Buffer> {
    const files = new Map<string, Buffer>();
    for (const entry of entries) {
      const body = unpackEntry(this.body, entry);
      if (body === 'overflow') throw zipBomb('images');
      if (body !== 'unreadable') files.set(entry.name, body);
    }
    return files;
  }
}
