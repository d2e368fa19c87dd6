import { HomeScreen } from '@/components/home/home-screen';

// / — home
export default function HomePage() {
  return <HomeScreen />;
}
