'use client';

// Defines <repkit-widget> in the browser. On the server (this component is rendered there
// too) the import does nothing. The element renders into its own shadow root and never
// touches its light DOM, so the HTML the server sent is exactly what React hydrates, even
// when the element upgrades before hydration.
import 'repkit/embed';
import { useState } from 'react';
import { API_KEY, BASE_URL } from './config';

/** A client component with state, rendering the element; React sets its attributes. */
export function Reputation({ address }: { address: string }) {
  const [compact, setCompact] = useState(false);
  return (
    <section>
      <h2>In a client component</h2>
      <label>
        <input type="checkbox" checked={compact} onChange={(event) => setCompact(event.target.checked)} /> Compact
      </label>
      <repkit-widget type="reputation" address={address} api-key={API_KEY} base-url={BASE_URL} compact={compact} max-categories={4} />
    </section>
  );
}
