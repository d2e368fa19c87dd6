import { HomeScreen } from '@/components/home/home-screen';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { customerMessagesRoute } from '@/lib/server/routes';

// / — home, with the count of unread messages (docs/messages.md)
export default async function HomePage() {
  const messages = await load(callRoute(customerMessagesRoute));
  return <HomeScreen unread={messages.ok ? messages.data.unread : 0} />;
}
