import './console.css';
import { notFound } from 'next/navigation';
import { isConsoleRequest } from '@/lib/server/console-session';

// The brand console's pages (docs/console.md): only on the console host (CONSOLE_HOST), where
// middleware shows them without the /console prefix. Anywhere else: 'Page not Found!'.
export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  if (!(await isConsoleRequest())) notFound();
  return children;
}
