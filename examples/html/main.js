// @ts-check: type-checked with repkit's declarations (npm run typecheck), run as it is.
import { createWidget } from 'repkit';

const container = /** @type {HTMLElement} */ (document.getElementById('profile'));
const { apiKey, baseUrl } = container.dataset;

const widget = createWidget({
  type: 'profile',
  address: '1bW2n31E8Sx3JaDBs39FF2Se4qbjvgE2BLtonvAcqDSCFa6',
  apiKey: apiKey ?? 'demo-key',
  baseUrl: baseUrl ?? 'http://127.0.0.1:8080',
  theme: 'auto',
}).mount(container);

// Events are typed: detail.data is the loaded profile (or null when there is none yet).
container.addEventListener('repkit:load', (event) => {
  container.title = event.detail.data && 'displayName' in event.detail.data ? `Profile of ${event.detail.data.displayName}` : '';
});

export { widget };
