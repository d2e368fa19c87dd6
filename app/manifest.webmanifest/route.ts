import { readBrand } from '@/lib/server/tenant';
import { webAppManifest } from '@/lib/domain/web-app-manifest';

// GET /manifest.webmanifest — the brand's installable app (lib/domain/web-app-manifest.ts): its
// name, colours and icons from its settings, so a customer can put it on the home screen.
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const result = await readBrand();
  if (!result.ok) return Response.json({ errorMessage: 'No App data found.' }, { status: 404 });
  return new Response(JSON.stringify(webAppManifest(result.brand)), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
