import { brandApi } from '@/lib/api/app';

// Mounts the Brand API under /api; no logic here.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const handle = (req: Request) => brandApi().fetch(req);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
