import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { ApiError, call } from './api';
import { setLanguage } from './i18n/i18n';

describe('api', () => {
  it('sends the XMLHttpRequest, JSON and bearer headers', async () => {
    localStorage.setItem('info', 'tok');
    const fetchMock = mockFetch({ 'POST /api/logout': { body: { message: 'ok' } } });
    await expect(call('POST /api/logout')).resolves.toEqual({ message: 'ok' });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(init?.body).toBe('{}');
  });

  it('asks for answers in the language on screen', async () => {
    const fetchMock = mockFetch({ 'GET /api/areas': { body: { data: [] } } });
    await call('GET /api/areas');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Accept-Language')).toBe('en');
    await setLanguage('bn');
    try {
      await call('GET /api/areas');
      expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Accept-Language')).toBe('bn');
    } finally {
      await setLanguage('en');
    }
  });

  it('sends no Authorization header without a token and no body type on GET', async () => {
    const fetchMock = mockFetch({ 'GET /api/areas': { body: { data: [] } } });
    await call('GET /api/areas');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('turns an error answer into an ApiError with the field messages', async () => {
    mockFetch({
      'POST /api/area/add': { status: 422, body: { message: 'Invalid', errors: { title: ['Required'] } } },
    });
    const error = await call('POST /api/area/add', { body: { title: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Invalid', errors: { title: ['Required'] } });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(call('GET /api/areas')).rejects.toMatchObject({ status: 0 });
  });
});
