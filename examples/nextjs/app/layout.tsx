import type { ReactNode } from 'react';

// No favicon request (a 404 in the console otherwise).
export const metadata = { title: 'repkit in Next.js', icons: { icon: 'data:,' } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
