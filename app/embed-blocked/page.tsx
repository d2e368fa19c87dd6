import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { EMBED_DECISION_HEADER } from '@/lib/domain/embedding';

// Where middleware.ts rewrites a frame of a disallowed parent, so that no page of the app is
// rendered (not even into the page's data) beside the red screen the root layout shows.
// Visited directly (not blocked), it does not exist.
export default async function EmbedBlockedPage() {
  if ((await headers()).get(EMBED_DECISION_HEADER) !== 'blocked') notFound();
  return null;
}
