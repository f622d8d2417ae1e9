import { ADDRESS, API_KEY, BASE_URL } from './config';
import { Reputation } from './Reputation';

/** A server component: the profile element is in the server's HTML; Reputation is a client component. */
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
      <Reputation address={ADDRESS} />
    </main>
  );
}
