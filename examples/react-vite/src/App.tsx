import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { RepkitWidgetElement } from 'repkit';
import type {} from 'repkit/react';
import { ADDRESSES, API_KEY, BASE_URL } from './config';
import { Reputation } from './Reputation';

/** A page with both ways to use repkit in React, and controls that change their props. */
export function App(): ReactElement {
  const [address, setAddress] = useState<string>(ADDRESSES[0]);
  const [dark, setDark] = useState(false);
  const [compact, setCompact] = useState(false);
  const [loaded, setLoaded] = useState(0);
  const badges = useRef<RepkitWidgetElement>(null);

  // Events are typed: event.detail.data is what the widget loaded.
  useEffect(() => {
    const element = badges.current!;
    const onLoad = (): void => setLoaded((n) => n + 1);
    element.addEventListener('repkit:load', onLoad);
    return () => element.removeEventListener('repkit:load', onLoad);
  }, []);

  return (
    <main>
      <h1>repkit in React</h1>
      <p>
        <button type="button" onClick={() => setAddress(ADDRESSES[address == ADDRESSES[0] ? 1 : 0])}>
          Other address
        </button>{' '}
        <label>
          <input type="checkbox" checked={dark} onChange={(e) => setDark(e.target.checked)} /> Dark
        </label>{' '}
        <label>
          <input type="checkbox" checked={compact} onChange={(e) => setCompact(e.target.checked)} /> Compact badges
        </label>
      </p>
      <h2>createWidget() and update()</h2>
      <Reputation address={address} theme={dark ? 'dark' : 'light'} maxCategories={compact ? 3 : undefined} />
      <h2>&lt;repkit-widget&gt;</h2>
      <repkit-widget
        ref={badges}
        type="badges"
        address={address}
        api-key={API_KEY}
        base-url={BASE_URL}
        theme={dark ? 'dark' : 'light'}
        max-badges={compact ? 2 : 6}
      />
      <p className="loads" aria-live="polite">
        Badge loads: <output>{loaded}</output>
      </p>
    </main>
  );
}
