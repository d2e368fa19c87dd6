import { HomeScreen } from '@/components/home/home-screen';
import { load } from '@/components/products/load.server';
import { ScreenMessages } from '@/components/shell/screen-messages.server';
import { callRoute } from '@/lib/server/call-route';
import { unreadCountRoute } from '@/lib/server/routes';

// / — home, with the count of unread messages (docs/messages.md); its texts for the browser:
// lib/shared/message-scopes.ts
export default async function HomePage() {
  const unread = await load(callRoute(unreadCountRoute));
  return (
    <ScreenMessages scope="home">
      <HomeScreen unread={unread.ok ? unread.data.unread : 0} />
    </ScreenMessages>
  );
}
