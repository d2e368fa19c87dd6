import './console.css';
import { notFound } from 'next/navigation';
import { isConsoleRequest } from '@/lib/server/console-session';
import { HydratedMark } from '@/components/console/hydrated-mark';

// The brand console's pages (docs/console.md): only on the console host (CONSOLE_HOST), where
// middleware shows them without the /console prefix. Anywhere else: 'Page not Found!'. The mark
// of an interactive page is here, not in the root layout: there it was in every customer page's
// first-load JavaScript.
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  if (!(await isConsoleRequest())) notFound();
  return (
    <>
      <HydratedMark />
      {children}
    </>
  );
}
