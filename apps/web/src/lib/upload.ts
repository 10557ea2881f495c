import type { AnswerOf, Api, ApiKey } from '@bazar/contracts/api';
import { ApiError, headersFor, toApiError } from './api';

/** The calls that take a multipart form (files). */
export type FormKey = { [K in ApiKey]: Api[K] extends { body: 'form' } ? K : never }[ApiKey];

/** How far an upload is: the share of the body sent (0 to 1), then `sent` while the server works. */
export type UploadProgress = { phase: 'sending'; fraction: number } | { phase: 'sent' };

/**
 * POSTs a form (files) with the session's headers and reports the upload's progress, which fetch
 * cannot: XMLHttpRequest's upload events. Resolves with the parsed JSON answer, or rejects with an
 * ApiError as `request` does (status 0 when the server could not be reached).
 */
export function uploadForm<K extends FormKey>(
  key: K,
  body: FormData,
  onProgress: (progress: UploadProgress) => void,
): Promise<AnswerOf<Api[K]>> {
  type T = AnswerOf<Api[K]>;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', key.slice(key.indexOf(' ') + 1));
    // The browser writes the multipart Content-Type with its boundary itself.
    headersFor(body).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress({ phase: 'sending', fraction: Math.min(1, event.loaded / event.total) });
    });
    xhr.upload.addEventListener('load', () => onProgress({ phase: 'sent' }));
    xhr.addEventListener('load', () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(toApiError(xhr.status, data));
    });
    const failed = () => reject(new ApiError(0, 'Network error'));
    xhr.addEventListener('error', failed);
    xhr.addEventListener('abort', failed);
    xhr.addEventListener('timeout', failed);
    xhr.send(body);
  });
}
