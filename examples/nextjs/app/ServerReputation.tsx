import { fetchAndRender } from 'repkit/server';
import { API_KEY, BASE_URL } from './config';

/**
 * A server component that renders the widget itself (repkit/server): its data is in the page's
 * HTML, readable with JavaScript off. In the browser the element adopts it: no request, nothing
 * moves. The browser has turned the HTML's <template shadowrootmode> into the element's shadow
 * root before React hydrates, which is the one difference suppressHydrationWarning lets pass.
 */
export async function ServerReputation({ address }: { address: string }) {
  const widget = await fetchAndRender({ type: 'reputation', address, apiKey: API_KEY, baseUrl: BASE_URL, locale: 'en-US', maxCategories: 4 });
  return (
    <section className="server-rendered">
      <h2>Rendered on the server</h2>
      <div suppressHydrationWarning dangerouslySetInnerHTML={{ __html: widget }} />
    </section>
  );
}
