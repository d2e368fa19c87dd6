// Re-mounted on every navigation: the 0.3 s page transition (app/globals.css .page-enter).
export default function Template({ children }: { children: React.ReactNode }) {
  return <div className="page-enter">{children}</div>;
}
