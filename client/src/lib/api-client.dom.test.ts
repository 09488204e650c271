import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  apiRequest,
  ApiError,
  callApi,
  callApiWithTotal,
  describeRefusal,
  urlOf,
} from './api-client';

function answerWith(response: Response) {
  // Each call gets its own copy: a body can only be read once.
  const fetchMock = vi
    .fn<typeof fetch>()
    .mockImplementation(() => Promise.resolve(response.clone()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function refusalFrom(response: Response): Promise<ApiError> {
  answerWith(response);
  const error: unknown = await apiRequest('GET', '/api/x').catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends cookies, JSON only with a body, and never a user id header', async () => {
    const fetchMock = answerWith(Response.json({ ok: true }));
    await apiRequest('PUT', '/api/users/7', { displayName: 'Sam' });
    await apiRequest('DELETE', '/api/users/7');

    const [withBody, withoutBody] = fetchMock.mock.calls.map(([, init]) => init);
    expect(withBody).toMatchObject({
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"displayName":"Sam"}',
    });
    expect(withoutBody).toMatchObject({ method: 'DELETE', credentials: 'include' });
    expect(withoutBody?.headers).toBeUndefined();
    expect(withoutBody?.body).toBeUndefined();
    for (const init of [withBody, withoutBody]) {
      expect(JSON.stringify(init?.headers ?? {}).toLowerCase()).not.toContain('x-user-id');
    }
  });

  it('parses JSON answers and gives undefined for 204', async () => {
    answerWith(Response.json({ user: { id: 1 } }));
    await expect(apiRequest('GET', '/api/auth/me')).resolves.toEqual({ user: { id: 1 } });
    answerWith(new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/api/users/1')).resolves.toBeUndefined();
  });

  it('uses the JSON message for the error and keeps status and field errors', async () => {
    const error = await refusalFrom(
      Response.json(
        { message: 'Username is required', fieldErrors: { username: ['Username is required'] } },
        { status: 400 },
      ),
    );
    // People read the words; the status is kept for the code and the log.
    expect(error.message).toBe('Username is required');
    expect(error.status).toBe(400);
    expect(describeRefusal(error)).toBe('400: Username is required');
    expect(error.body?.message).toBe('Username is required');
    expect(error.fieldErrors).toEqual({ username: ['Username is required'] });
  });

  it('falls back to the body text, then to the status text', async () => {
    const plain = await refusalFrom(new Response('Bad gateway upstream', { status: 502 }));
    expect(plain.message).toBe('Bad gateway upstream');
    expect(plain.body).toBeNull();
    expect(plain.fieldErrors).toEqual({});

    const empty = await refusalFrom(new Response(null, { status: 503, statusText: 'Unavailable' }));
    expect(empty.message).toBe('Unavailable');
  });
});

describe('callApi', () => {
  const contract = {
    method: 'GET',
    path: '/api/things/:id',
    params: z.object({ id: z.coerce.number() }),
    querystring: z.object({ sport: z.string().optional(), limit: z.number().optional() }),
    response: z.object({ id: z.number(), name: z.string() }),
  } as const;

  it('fills the path, leaves unset query values out and parses the answer', async () => {
    const fetchMock = answerWith(Response.json({ id: 7, name: 'Seven', extra: true }));
    const answer = await callApi(contract, {
      params: { id: 7 },
      query: { sport: 'NBA', limit: undefined },
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/things/7?sport=NBA', expect.anything());
    expect(answer).toEqual({ id: 7, name: 'Seven' });
  });

  it('sends no query string when every value is unset', async () => {
    const fetchMock = answerWith(Response.json({ id: 1, name: 'One' }));
    await callApi(contract, { params: { id: 1 }, query: { sport: '' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/things/1', expect.anything());
  });

  it('refuses an answer that does not match the contract', async () => {
    answerWith(Response.json({ id: 'not a number' }));
    await expect(callApi(contract, { params: { id: 1 } })).rejects.toThrow();
  });
});

describe('urlOf', () => {
  const stream = {
    method: 'GET',
    path: '/api/groups/:id/events',
    params: z.object({ id: z.coerce.number() }),
    querystring: z.object({ lastEventId: z.string().optional() }),
  } as const;

  it('fills the path and encodes the query, leaving unset values out', () => {
    expect(urlOf(stream, { params: { id: 3 }, query: { lastEventId: '41' } })).toBe(
      '/api/groups/3/events?lastEventId=41',
    );
    expect(urlOf(stream, { params: { id: 3 }, query: { lastEventId: undefined } })).toBe(
      '/api/groups/3/events',
    );
    expect(urlOf(stream, { params: { id: 'a b' } })).toBe('/api/groups/a%20b/events');
  });
});

describe('callApiWithTotal', () => {
  const contract = {
    method: 'GET',
    path: '/api/boards/:id',
    params: z.object({ id: z.coerce.number() }),
    querystring: z.object({ limit: z.number().optional(), offset: z.number().optional() }),
    response: z.array(z.object({ id: z.number() })),
  } as const;

  it('answers the page and the total from X-Total-Count', async () => {
    const fetchMock = answerWith(
      Response.json([{ id: 3 }, { id: 4 }], { headers: { 'X-Total-Count': '40' } }),
    );
    const answer = await callApiWithTotal(contract, {
      params: { id: 9 },
      query: { limit: 2, offset: 2 },
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/boards/9?limit=2&offset=2', expect.anything());
    expect(answer).toEqual({ data: [{ id: 3 }, { id: 4 }], total: 40 });
  });

  it('refuses an answer without a usable total', async () => {
    answerWith(Response.json([]));
    await expect(callApiWithTotal(contract, { params: { id: 1 } })).rejects.toThrow(
      /X-Total-Count/,
    );
  });
});

describe('the group page’s early reads (early-data.js)', () => {
  // The page's clock (time since it started loading) is set, not waited for: early reads
  // are used only in the first 10 s of a page's life.
  const pageAge = (ms: number) => vi.spyOn(performance, 'now').mockReturnValue(ms);
  beforeEach(() => pageAge(1_000));
  afterEach(() => {
    delete window.__pickemEarly;
    vi.unstubAllGlobals();
  });

  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

  it('answers the first GET of an address from the read already made, then asks the server', async () => {
    window.__pickemEarly = { '/api/groups/7': Promise.resolve(json({ from: 'early' })) };
    const network = answerWith(json({ from: 'server' }));

    expect(await apiRequest('GET', '/api/groups/7')).toEqual({ from: 'early' });
    expect(network).not.toHaveBeenCalled();
    expect(await apiRequest('GET', '/api/groups/7')).toEqual({ from: 'server' });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('asks the server again when the early read could not connect, and never for a write', async () => {
    window.__pickemEarly = {
      '/api/groups/7': Promise.reject(new TypeError('Failed to fetch')),
      '/api/groups/8': Promise.resolve(json({ from: 'early' })),
    };
    const network = answerWith(json({ from: 'server' }));

    expect(await apiRequest('GET', '/api/groups/7')).toEqual({ from: 'server' });
    expect(await apiRequest('PUT', '/api/groups/8', { name: 'x' })).toEqual({ from: 'server' });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('asks the server after a write: an early read may no longer be true', async () => {
    window.__pickemEarly = { '/api/groups/7/props': Promise.resolve(json({ from: 'early' })) };
    const network = answerWith(json({ from: 'server' }));

    await apiRequest('DELETE', '/api/groups/7/unlocked-props');
    expect(await apiRequest('GET', '/api/groups/7/props')).toEqual({ from: 'server' });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('asks the server when the page has been open for more than 10 s', async () => {
    window.__pickemEarly = { '/api/groups/7': Promise.resolve(json({ from: 'early' })) };
    const network = answerWith(json({ from: 'server' }));
    pageAge(10_001);

    expect(await apiRequest('GET', '/api/groups/7')).toEqual({ from: 'server' });
    expect(network).toHaveBeenCalledTimes(1);
  });
});
