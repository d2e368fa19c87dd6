// The framework's floor for `npm run bench`: a bare root layout.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
