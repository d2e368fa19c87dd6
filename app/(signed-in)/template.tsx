import { PageTransition } from '@/components/shell/page-transition';

// Re-mounted on every navigation: the 0.3 s page transition, from the second page on.
export default function Template({ children }: { children: React.ReactNode }) {
  return <PageTransition>{children}</PageTransition>;
}
