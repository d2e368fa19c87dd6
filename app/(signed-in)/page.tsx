import { HomeScreen } from '@/components/home/home-screen';
import { load } from '@/components/products/load.server';
import { ScreenMessages } from '@/components/shell/screen-messages.server';
import { callRoute } from '@/lib/server/call-route';
import { customerMessagesRoute } from '@/lib/server/routes';

// / — home, with the count of unread messages (docs/messages.md); its texts for the browser:
// lib/shared/message-scopes.ts
export default async function HomePage() {
  const messages = await load(callRoute(customerMessagesRoute));
  return (
    <ScreenMessages scope="home">
      <HomeScreen unread={messages.ok ? messages.data.unread : 0} />
    </ScreenMessages>
  );
}
