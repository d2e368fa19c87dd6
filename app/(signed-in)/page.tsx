import { HomeScreen } from '@/components/home/home-screen';
import { ScreenMessages } from '@/components/shell/screen-messages.server';

// / — home (its texts for the browser: lib/shared/message-scopes.ts)
export default function HomePage() {
  return (
    <ScreenMessages scope="home">
      <HomeScreen />
    </ScreenMessages>
  );
}
