import { ADDRESS, API_KEY, BASE_URL } from './config';
import { Reputation } from './Reputation';
import { ServerReputation } from './ServerReputation';

// Rendered for each request, so the server-rendered widget carries fresh data.
export const dynamic = 'force-dynamic';

/**
 * A server component: the profile element is in the server's HTML; ServerReputation renders its
 * widget on the server (repkit/server); Reputation is a client component.
 */
export default function Page() {
  return (
    <main>
      <h1>repkit in Next.js</h1>
      <section>
        <h2>In a server component</h2>
        <repkit-widget type="profile" address={ADDRESS} api-key={API_KEY} base-url={BASE_URL} theme="dark">
          <a href={`https://example.org/profile/${ADDRESS}`}>Profile</a>
        </repkit-widget>
      </section>
      <ServerReputation address={ADDRESS} />
      <Reputation address={ADDRESS} />
    </main>
  );
}
