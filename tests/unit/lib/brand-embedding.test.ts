import { embeddingConfigFor, ownServerOrigin } from '@/lib/edge/brand-embedding';

// Middleware asks its own server for a brand's embedding settings, at the address Next.js names
// in the request URL (its listening hostname and port), not at a port the launcher must export.

describe('ownServerOrigin', () => {
  it('is the port Next.js serves on, whatever PORT says', () => {
    const before = process.env.PORT;
    process.env.PORT = '3000';
    try {
      expect(ownServerOrigin(new URL('http://localhost:4000/info/verify/abc?x=1'))).toBe('http://127.0.0.1:4000');
    } finally {
      if (before === undefined) delete process.env.PORT;
      else process.env.PORT = before;
    }
  });

  it('asks a server listening on every address on loopback, and a named address there', () => {
    expect(ownServerOrigin(new URL('http://0.0.0.0:4100/'))).toBe('http://127.0.0.1:4100');
    expect(ownServerOrigin(new URL('http://[::]:4100/'))).toBe('http://[::1]:4100');
    expect(ownServerOrigin(new URL('http://10.1.2.3:4100/'))).toBe('http://10.1.2.3:4100');
  });

  it('speaks plain http to itself even when a TLS proxy made the request URL https', () => {
    expect(ownServerOrigin(new URL('https://localhost:4000/login'))).toBe('http://127.0.0.1:4000');
  });
});

describe('embeddingConfigFor', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks the embedding-url endpoint at the origin it is given, once per host within the cache time', async () => {
    const fetched = jest.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      new Response(JSON.stringify([{ clientId: 'c1', embeddingURL: 'https://shop.example.com/app', isEmbeddingRequired: true }]), { status: 200 }),
    );
    const now = 5_000_000_000;
    await expect(embeddingConfigFor('shop-brand.test', 'http://127.0.0.1:4321', now)).resolves.toEqual({
      isEmbeddingRequired: true,
      embeddingURL: 'https://shop.example.com/app',
    });
    await embeddingConfigFor('shop-brand.test', 'http://127.0.0.1:4321', now + 1);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(String(fetched.mock.calls[0]![0])).toBe('http://127.0.0.1:4321/api/client/embedding-url?domain=shop-brand.test');
  });

  it('fails closed, and does not keep the failure, when its server does not answer', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetched = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    const now = 6_000_000_000;
    await expect(embeddingConfigFor('down-brand.test', 'http://127.0.0.1:1', now)).resolves.toBeUndefined();
    await expect(embeddingConfigFor('down-brand.test', 'http://127.0.0.1:1', now + 1)).resolves.toBeUndefined();
    expect(fetched).toHaveBeenCalledTimes(2);
  });
});
