import { vi } from 'vitest';

/**
 * Catches the files lib/api `download` hands to the browser: each saved file's name and content
 * (object URLs and the link's click stubbed).
 */
export function catchDownloads() {
  const blobs: Blob[] = [];
  const saved: Array<{ name: string; blob: Blob }> = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return `blob:${blobs.length}`;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs[Number(this.href.split(':').at(-1)) - 1];
    if (blob) saved.push({ name: this.download, blob });
  });
  return { saved, restore: () => click.mockRestore() };
}

/** The export URLs a fetch mock was asked for, in order. */
export const exportCalls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/export/'));
