/**
 * The repkit demo page.
 *
 * Loads the built library as a native ES module (no bundler) and builds every control with DOM
 * calls: the page has no inline scripts, no inline handlers, no style attributes and never
 * assigns innerHTML, so it works under the strict Content-Security-Policy of index.html.
 *
 * Map of this file:
 *   KINDS          the four widget kinds and their options (drives controls and code)
 *   FAILURES       the sandbox faults of the "Sandbox" panel
 *   CODE_FORMATS   the code generators of the "Code" boxes, one function per format
 *   setupSection   one widget section: controls, a light and a dark widget, code
 *   setupSandbox   global latency / failure / auto-theme controls
 *   setupLog       the event log (repkit:load / repkit:error on document)
 *   setupClient    the small ServiceClient playground
 */
import { createWidget, ServiceClient, DEFAULT_BASE_URL, snippet } from '/dist/repkit.mjs';
import { ADDRESSES, ADDRESS_LABELS, API_KEY, BADGE_DEFINITIONS, CATEGORY_DEFINITIONS } from '/demo/fixtures.mjs';
import { faultBaseUrl } from '/demo/faults.mjs';

// ---------------------------------------------------------------------------------------------
// DOM helpers
// ---------------------------------------------------------------------------------------------

/**
 * Creates an element. `props` are set as properties when the element has them (value, checked,
 * hidden, type...) and as attributes otherwise; children are nodes or strings (text nodes).
 */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === 'class') node.className = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key in node && !key.startsWith('aria-') && key !== 'for' && key !== 'role') node[key] = value;
    else if (value !== false) node.setAttribute(key, value === true ? '' : String(value));
  }
  node.append(...children.flat().filter((c) => c !== undefined && c !== null && c !== false));
  return node;
}

let uid = 0;
/** A page-unique id for label/aria wiring. */
const nextId = (prefix) => `${prefix}-${++uid}`;

/** A short form of an address for the log: first 6 and last 4 characters. */
const short = (address) => (typeof address === 'string' && address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : String(address));

/** The message of anything thrown. */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------
// What the page demonstrates
// ---------------------------------------------------------------------------------------------

const bool = (key, label, fallback) => ({ key, control: 'checkbox', label, default: fallback });
const count = (key, label, fallback) => ({ key, control: 'number', label, default: fallback });
const choice = (key, label, fallback, choices, required = false) => ({ key, control: 'select', label, default: fallback, choices, required });

/**
 * The widget kinds and their own options, with the defaults documented in
 * src/widgets/types.ts. `default: undefined` means "not set"; `required` options are always
 * passed (and always printed in the code).
 */
const KINDS = {
  reputation: {
    target: '#repkit-reputation',
    options: [
      bool('showCategories', 'Show categories', true),
      count('maxCategories', 'Max categories', 6),
      bool('compact', 'Compact (one line)', false),
    ],
  },
  badge: {
    target: '#repkit-badges',
    options: [
      choice('badgeKey', 'Badge', undefined, [
        [undefined, '(all badges)'],
        ...BADGE_DEFINITIONS.map((d) => [d.key, `${d.key}: ${d.title}`]),
        ['unknown_badge', 'unknown_badge (not defined: 404)'],
      ]),
      count('maxBadges', 'Max badges', 6),
      bool('showProgress', 'Show earned dates', false),
    ],
  },
  profile: {
    target: '#repkit-profile',
    options: [
      bool('showAvatar', 'Avatar', true),
      bool('showBio', 'Bio', true),
      bool('showSocials', 'Social links', true),
      bool('showIdentities', 'On-chain identities', true),
      bool('showNftCount', 'NFT count', true),
    ],
  },
  category: {
    target: '#repkit-category',
    options: [
      choice(
        'categoryKey',
        'Category',
        'longevity',
        [
          ...CATEGORY_DEFINITIONS.map((d) => [d.key, `${d.key}: ${d.displayName}`]),
          ['bridging', 'bridging (no definition)'],
        ],
        true,
      ),
      bool('showTitle', 'Title', true),
      bool('showDescription', 'Description', true),
      bool('showBreakdown', 'Breakdown', true),
      bool('showAdvice', 'Advice', true),
      bool('showScoreOnly', 'Score only', false),
      bool('compact', 'Compact (one line)', false),
    ],
  },
};

/** Locales of the locale picker; `undefined` leaves the option out (the browser's locale). */
const LOCALES = [
  [undefined, `Browser default (${navigator.language})`],
  ['en-US', 'English (US): en-US'],
  ['de-DE', 'German: de-DE'],
  ['ja-JP', 'Japanese: ja-JP'],
  ['ar-EG', 'Arabic (Egypt): ar-EG'],
];

/** Fixture addresses for the address pickers, in fixture order. */
const ADDRESS_CHOICES = Object.keys(ADDRESSES).map((name) => [ADDRESSES[name], ADDRESS_LABELS[name] ?? name]);
const CUSTOM_ADDRESS = '__custom__';

/** The client's documented default timeout; passed explicitly to undo the "hang" fault's 3 s. */
const DEFAULT_TIMEOUT_MS = 10000;

/**
 * Failures the sandbox can inject (items of a `/__fault/{spec}` prefix, see demo/sandbox.mjs).
 * `timeoutMs` is passed to the widgets along with the fault.
 */
const FAILURES = {
  none: { label: 'None: a healthy service', items: {} },
  unauthorized: { label: '401 Unauthorized (wrong key)', items: { status: 401 } },
  notFound: { label: '404 Not found', items: { status: 404 } },
  rateLimited: { label: '429 Too many requests (Retry-After: 2)', items: { status: 429, retryAfter: 2 } },
  serverError: { label: '500 Internal server error', items: { status: 500 } },
  unavailableOnce: { label: '503 once, then OK (the client retries)', items: { status: 503, times: 1 } },
  dropped: { label: 'Dropped connection', items: { drop: true } },
  hang: { label: 'Hang past the timeout (timeoutMs: 3000)', items: { hang: true }, timeoutMs: 3000 },
  malformed: { label: 'Malformed body (plain text)', items: { body: 'text' } },
  missingField: { label: 'Missing field: totalScore (reputation)', items: { patch: { totalScore: null } } },
};

const LATENCIES = [0, 300, 1500];

// ---------------------------------------------------------------------------------------------

/**
 * The faults in force, changed by the Sandbox panel. `viaProxy`: widgets call repkit's caching
 * proxy on /rep (demo/server.mjs) with no key on the page, the recommended production setup.
 */
const sandbox = { latency: 0, failure: 'none', viaProxy: false };

/** Where the demo server mounts repkit/proxy. */
const PROXY_BASE_URL = '/rep';
let faultCounter = 0;
/**
 * The sandbox keeps `times` counters for as long as it runs, across page loads: ids carry a
 * per-page-load token so that a reload does not reuse an id whose counter is already spent.
 */
const PAGE_TOKEN = Math.random().toString(36).slice(2, 8);

/**
 * Client options for one widget (or the client playground): the sandbox on this origin, behind
 * a fault prefix when a fault is chosen. Each call gets a unique `id` item, so a `times`
 * counter (503 once, then OK) starts afresh for every widget and every time it is applied.
 */
function clientOptions(name, id = ++faultCounter) {
  // Through the proxy the sandbox's faults do not apply: it answers from its cache.
  if (sandbox.viaProxy) return { baseUrl: PROXY_BASE_URL, timeoutMs: DEFAULT_TIMEOUT_MS };
  const failure = FAILURES[sandbox.failure];
  const items = { latency: sandbox.latency || undefined, ...failure.items };
  const faulty = Object.values(items).some((v) => v !== undefined);
  return {
    baseUrl: faulty ? faultBaseUrl(location.origin, { ...items, id: `${name}-${PAGE_TOKEN}-${id}` }) : location.origin,
    timeoutMs: failure.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
}

// ---------------------------------------------------------------------------------------------
// Code generators: one function per format. A new format is one more entry here.
// ---------------------------------------------------------------------------------------------

/** A JavaScript string literal in single quotes; `<` is escaped so it is safe inside <script>. */
const jsString = (s) =>
  `'${String(s)
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/</g, '\\x3C')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;

/** An object literal, one property per line, indented by `indent`. */
function objectLiteral(config, indent = '') {
  const lines = Object.entries(config).map(([k, v]) => `${indent}  ${k}: ${typeof v === 'string' ? jsString(v) : String(v)},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * Code generators keyed by format. Each receives `{ config, target }`: `config` holds `type`,
 * `apiKey`, `address` and the options that differ from their defaults, in display order;
 * `target` is a CSS id selector for the container.
 */
const CODE_FORMATS = {
  esm: {
    label: 'ES module',
    note: 'npm install repkit',
    generate: ({ config, target }) =>
      `import { createWidget } from 'repkit';\n\ncreateWidget(${objectLiteral(config)}).mount(${jsString(target)});\n`,
  },
  script: {
    label: 'Script tag',
    note: 'No build step',
    generate: ({ config, target }) =>
      `<div id="${target.slice(1)}"></div>\n` +
      `<script src="https://unpkg.com/repkit/dist/repkit.umd.js"></script>\n` +
      `<script>\n  RepKit.createWidget(${objectLiteral(config, '  ')}).mount(${jsString(target)});\n</script>\n`,
  },
  snippet: {
    label: 'No-code snippet',
    note: 'Paste into any HTML page',
    // Exactly what repkit's own snippet() prints: the tests load the same output.
    generate: ({ config }) => `${snippet(config)}\n`,
  },
};

/** Copies `text`; when the Clipboard API is missing or refused, selects `pre` for a manual copy. */
async function copyText(text, pre, status) {
  clearTimeout(status.timer);
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no Clipboard API');
    await navigator.clipboard.writeText(text);
    status.textContent = 'Copied.';
    status.dataset.tone = 'ok';
  } catch {
    const range = document.createRange();
    range.selectNodeContents(pre);
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    status.textContent = 'Could not copy automatically. The code is selected: press Ctrl+C (⌘C on a Mac).';
    status.dataset.tone = 'warn';
  }
  status.timer = setTimeout(() => {
    status.textContent = '';
    delete status.dataset.tone;
  }, 6000);
}

// ---------------------------------------------------------------------------------------------
// Widget sections
// ---------------------------------------------------------------------------------------------

/** Every section, for the global controls. */
const sections = [];

/** Theme instances per section: light and dark always, `auto` when the page toggle is on. */
const THEMES = [
  { theme: 'light', caption: "theme: 'light'" },
  { theme: 'dark', caption: "theme: 'dark'" },
  { theme: 'auto', caption: "theme: 'auto' (follows your system)", optional: true },
];

/** The widget config of one instance: the section's values, its theme, the sandbox. */
function configFor(section, instance) {
  const config = { type: section.type, theme: instance.theme };
  for (const [key, value] of Object.entries(section.values)) if (value !== undefined) config[key] = value;
  if (sandbox.viaProxy) delete config.apiKey;
  return { ...config, ...clientOptions(`${section.type}-${instance.theme}`) };
}

/** Creates and mounts one instance's widget; a failure shows in the section, not as a page error. */
function mountInstance(section, instance) {
  instance.mount.replaceChildren();
  try {
    instance.widget = createWidget(configFor(section, instance));
    instance.widget.mount(instance.mount);
    instance.widget.element?.classList.add('demo-widget');
    return true;
  } catch (error) {
    try {
      instance.widget?.destroy();
    } catch {
      /* already failing */
    }
    instance.widget = undefined;
    instance.mount.append(el('p', { class: 'placeholder' }, 'Not available'));
    setState(instance, 'unavailable');
    showUnavailable(section, error);
    return false;
  }
}

function destroyInstance(instance) {
  instance.widget?.destroy();
  instance.widget = undefined;
  instance.mount.replaceChildren();
  setState(instance, 'off');
}

/** Shows, in the section, that its kind cannot be created with this build. */
function showUnavailable(section, error) {
  section.root.classList.add('is-unavailable');
  section.notice.hidden = false;
  section.notice.replaceChildren(
    el('strong', {}, `The ${section.type} widget is not available in this build of repkit. `),
    'createWidget() said: ',
    el('code', {}, messageOf(error)),
    el('span', { class: 'notice-hint' }, ' Rebuild with npm run build and reload once it has been implemented; the other sections are unaffected.'),
  );
}

/** Mirrors a host's data-state in the panel caption. */
function setState(instance, state) {
  instance.stateBadge.textContent = state;
  instance.stateBadge.dataset.state = state;
}

/**
 * Applies option changes to every live widget of a section through update(). A value the
 * library rejects (TypeError) is reported beside the controls and nothing changes.
 *
 * update() skips `undefined` values, so it cannot put an option back to its default
 * (badgeKey back to "all badges", locale back to the browser's). Where that leaves a widget
 * showing a stale option, the widget is re-created as a fallback and the log says so.
 */
function change(section, changes, control) {
  const previous = { ...section.values };
  Object.assign(section.values, changes);
  const live = section.instances.filter((i) => i.widget);
  try {
    for (const instance of live) instance.widget.update(changes);
  } catch (error) {
    section.values = previous;
    control?.setAttribute('aria-invalid', 'true');
    section.message.textContent = `repkit refused this value: ${messageOf(error)}`;
    section.message.hidden = false;
    return false;
  }
  control?.removeAttribute('aria-invalid');
  section.message.hidden = true;
  section.message.textContent = '';
  const resets = Object.keys(changes).filter((key) => changes[key] === undefined);
  for (const instance of live) {
    const stuck = resets.filter((key) => instance.widget.options?.[key] !== undefined);
    if (!stuck.length) continue;
    destroyInstance(instance);
    mountInstance(section, instance);
    logNote(`${section.type} · ${instance.theme}: re-created, because update() cannot reset ${stuck.join(', ')} to the default`);
  }
  renderCode(section);
  return true;
}

/** The config printed in the Code box: required options, then only what differs from the defaults. */
function codeConfig(section) {
  const { values } = section;
  const config = sandbox.viaProxy
    ? { type: section.type, baseUrl: PROXY_BASE_URL, address: values.address }
    : { type: section.type, apiKey: values.apiKey, address: values.address };
  for (const option of KINDS[section.type].options) {
    const value = values[option.key];
    if (value !== undefined && (option.required || value !== option.default)) config[option.key] = value;
  }
  if (section.codeTheme !== 'light') config.theme = section.codeTheme;
  if (values.locale !== undefined) config.locale = values.locale;
  return config;
}

function renderCode(section) {
  const input = { config: codeConfig(section), target: KINDS[section.type].target };
  for (const [format, { generate }] of Object.entries(CODE_FORMATS)) {
    try {
      section.code[format].textContent = generate(input);
    } catch (error) {
      // snippet() refuses a config repkit would refuse: say why instead of printing broken code.
      section.code[format].textContent = `// ${error.message}`;
    }
  }
}

/** A labelled select over `[value, label]` pairs; `undefined` values become ''. */
function selectControl(id, choices, current) {
  return el(
    'select',
    { id },
    choices.map(([value, label]) => el('option', { value: value ?? '', selected: value === current }, label)),
  );
}

/** One control for one kind option. */
function optionControl(section, option) {
  const id = nextId(`${section.type}-${option.key}`);
  const name = el('code', { class: 'option-name' }, option.key);
  if (option.control === 'checkbox') {
    const input = el('input', { type: 'checkbox', id, checked: section.values[option.key] });
    input.addEventListener('change', () => change(section, { [option.key]: input.checked }, input));
    return el('div', { class: 'field field-check' }, input, el('label', { for: id }, option.label, ' ', name));
  }
  if (option.control === 'number') {
    const input = el('input', { type: 'number', id, min: 0, step: 1, inputMode: 'numeric', value: String(section.values[option.key]) });
    // While typing, apply whole values; an emptied field goes back to the default on change.
    input.addEventListener('input', () => {
      if (input.value.trim() !== '') change(section, { [option.key]: Number(input.value) }, input);
    });
    input.addEventListener('change', () => {
      if (input.value.trim() === '') {
        input.value = String(option.default);
        change(section, { [option.key]: option.default }, input);
      }
    });
    return el('div', { class: 'field' }, el('label', { for: id }, option.label, ' ', name), input);
  }
  const select = selectControl(id, option.choices, section.values[option.key]);
  select.addEventListener('change', () => change(section, { [option.key]: select.value || undefined }, select));
  return el('div', { class: 'field' }, el('label', { for: id }, option.label, ' ', name), select);
}

/** Address picker + free-text address, API key, locale and Refresh. */
function commonControls(section) {
  const pickId = nextId(`${section.type}-address-pick`);
  const textId = nextId(`${section.type}-address`);
  const keyId = nextId(`${section.type}-apikey`);
  const localeId = nextId(`${section.type}-locale`);
  const keyHelpId = nextId(`${section.type}-apikey-help`);

  const picker = selectControl(pickId, [...ADDRESS_CHOICES, [CUSTOM_ADDRESS, 'Custom address (type it below)']], section.values.address);
  const text = el('input', { type: 'text', id: textId, value: section.values.address, spellcheck: false, autocomplete: 'off' });
  text.setAttribute('autocapitalize', 'off');
  const syncPicker = () => {
    picker.value = ADDRESS_CHOICES.some(([a]) => a === text.value) ? text.value : CUSTOM_ADDRESS;
  };
  picker.addEventListener('change', () => {
    if (picker.value === CUSTOM_ADDRESS) {
      text.focus();
      text.select();
      return;
    }
    text.value = picker.value;
    change(section, { address: picker.value }, text);
  });
  text.addEventListener('change', () => {
    const address = text.value.trim();
    text.value = address;
    syncPicker();
    change(section, { address }, text);
  });

  const apiKey = el('input', { type: 'text', id: keyId, value: section.values.apiKey, spellcheck: false, autocomplete: 'off', 'aria-describedby': keyHelpId });
  apiKey.addEventListener('change', () => change(section, { apiKey: apiKey.value }, apiKey));

  const locale = selectControl(localeId, LOCALES, section.values.locale);
  locale.addEventListener('change', () => change(section, { locale: locale.value || undefined }, locale));

  const refresh = el('button', { type: 'button', class: 'button' }, 'Refresh');
  refresh.addEventListener('click', async () => {
    refresh.setAttribute('aria-busy', 'true');
    await Promise.all(section.instances.map((i) => i.widget?.refresh()));
    refresh.removeAttribute('aria-busy');
  });

  return el(
    'fieldset',
    { class: 'controls-group controls-common' },
    el('legend', {}, 'Data'),
    el('div', { class: 'field field-wide' }, el('label', { for: pickId }, 'Sample address'), picker),
    el('div', { class: 'field field-wide' }, el('label', { for: textId }, 'Address ', el('code', { class: 'option-name' }, 'address')), text),
    el(
      'div',
      { class: 'field' },
      el('label', { for: keyId }, 'API key ', el('code', { class: 'option-name' }, 'apiKey')),
      apiKey,
      el('p', { class: 'help', id: keyHelpId }, `The sandbox accepts ${API_KEY}; try another to see a 401.`),
    ),
    el('div', { class: 'field' }, el('label', { for: localeId }, 'Locale ', el('code', { class: 'option-name' }, 'locale')), locale),
    el('div', { class: 'field field-actions' }, refresh, el('p', { class: 'help' }, 'Calls widget.refresh(), bypassing the cache.')),
  );
}

/** The Code box: one block per CODE_FORMATS entry, each with a Copy button. */
function codeBox(section) {
  const themeId = nextId(`${section.type}-code-theme`);
  const theme = selectControl(themeId, [['light', "light (default, left out)"], ['dark', 'dark'], ['auto', 'auto']], 'light');
  theme.addEventListener('change', () => {
    section.codeTheme = theme.value;
    renderCode(section);
  });
  section.code = {};
  const blocks = Object.entries(CODE_FORMATS).map(([format, { label, note }]) => {
    const titleId = nextId(`${section.type}-code-${format}`);
    const code = el('code', {});
    const pre = el('pre', { tabIndex: 0, 'aria-labelledby': titleId }, code);
    const status = el('span', { class: 'copy-status', role: 'status' });
    const copy = el('button', { type: 'button', class: 'button button-small' }, 'Copy');
    copy.setAttribute('aria-describedby', titleId);
    copy.addEventListener('click', () => copyText(code.textContent, pre, status));
    section.code[format] = code;
    return el(
      'div',
      { class: 'code-block', dataset: { format } },
      el('div', { class: 'code-head' }, el('h4', { id: titleId }, label), el('span', { class: 'code-note' }, note), copy),
      pre,
      status,
    );
  });
  return el(
    'div',
    { class: 'code-box' },
    el(
      'div',
      { class: 'code-box-head' },
      el('h3', {}, 'Code'),
      el('div', { class: 'field field-inline' }, el('label', { for: themeId }, 'Theme in the code'), theme),
    ),
    el('div', { class: 'code-blocks' }, blocks),
    el(
      'p',
      { class: 'help' },
      'Generated from the controls above. This page also passes ',
      el('code', {}, 'baseUrl'),
      ' (the local sandbox) and, with faults, ',
      el('code', {}, 'timeoutMs'),
      '; leave them out to use the service at ',
      el('code', {}, DEFAULT_BASE_URL),
      '. Replace demo-key with your own key.',
    ),
  );
}

function setupSection(root) {
  const type = root.dataset.kind;
  const kind = KINDS[type];
  const section = {
    type,
    root,
    values: { apiKey: API_KEY, address: ADDRESSES.rich, locale: undefined },
    codeTheme: 'light',
    instances: [],
  };
  for (const option of kind.options) section.values[option.key] = option.default;
  sections.push(section);

  section.notice = el('div', { class: 'notice notice-error', hidden: true });
  section.message = el('p', { class: 'notice notice-warn', role: 'alert', hidden: true });

  const controls = el(
    'form',
    { class: 'controls', 'aria-label': `${type} widget options` },
    commonControls(section),
    el('fieldset', { class: 'controls-group controls-kind' }, el('legend', {}, `${type} options`), kind.options.map((o) => optionControl(section, o))),
  );
  controls.addEventListener('submit', (event) => event.preventDefault());

  const stage = el('div', { class: 'stage' });
  for (const { theme, caption, optional } of THEMES) {
    const stateBadge = el('span', { class: 'state' });
    const mount = el('div', { class: 'mount' });
    const panel = el(
      'figure',
      { class: `stage-panel stage-${theme}`, hidden: optional, dataset: { theme } },
      el('figcaption', {}, el('code', {}, caption), stateBadge),
      mount,
    );
    const instance = { theme, optional, panel, mount, stateBadge, widget: undefined };
    setState(instance, optional ? 'off' : 'loading');
    // The widget host carries data-state (loading / ready / error); show it in the caption.
    new MutationObserver(() => {
      const host = instance.widget?.element;
      if (host?.dataset.state) setState(instance, host.dataset.state);
    }).observe(mount, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
    section.instances.push(instance);
    stage.append(panel);
  }

  root.append(section.notice, controls, section.message, stage, codeBox(section));
  renderCode(section);
  for (const instance of section.instances) if (!instance.optional) mountInstance(section, instance);
}

// ---------------------------------------------------------------------------------------------
// Sandbox panel (global)
// ---------------------------------------------------------------------------------------------

/** Points every widget at the current faults, with a fresh fault id each. */
function applySandbox() {
  for (const section of sections) {
    for (const instance of section.instances) {
      if (!instance.widget) continue;
      try {
        instance.widget.update(clientOptions(`${section.type}-${instance.theme}`));
      } catch (error) {
        logNote(`${section.type} · ${instance.theme}: update() refused the sandbox options: ${messageOf(error)}`);
      }
    }
  }
}

function setupSandbox(root) {
  const latencyId = nextId('latency');
  const failureId = nextId('failure');
  const autoId = nextId('auto-theme');
  const proxyId = nextId('via-proxy');
  const viaProxy = el('input', { type: 'checkbox', id: proxyId });

  const latency = selectControl(latencyId, LATENCIES.map((ms) => [String(ms), ms ? `${ms} ms` : 'None']), '0');
  const failure = selectControl(failureId, Object.entries(FAILURES).map(([key, { label }]) => [key, label]), 'none');
  const again = el('button', { type: 'button', class: 'button' }, 'Inject again');
  const baseUrl = el('code', { class: 'base-url', id: nextId('base-url') });
  const auto = el('input', { type: 'checkbox', id: autoId });

  const show = () => {
    // The real base URL of the first widget on the page (light reputation), as an example.
    const first = sections[0]?.instances[0];
    baseUrl.textContent = first?.widget?.options.baseUrl ?? clientOptions('example', 'n').baseUrl;
    again.disabled = sandbox.viaProxy || (sandbox.failure === 'none' && sandbox.latency === 0);
  };
  const apply = () => {
    sandbox.latency = Number(latency.value);
    sandbox.failure = failure.value;
    applySandbox();
    show();
    logNote(`sandbox: ${FAILURES[sandbox.failure].label}${sandbox.latency ? `, ${sandbox.latency} ms latency` : ''}`);
  };
  latency.addEventListener('change', apply);
  failure.addEventListener('change', apply);
  again.addEventListener('click', apply);

  // The key cannot be taken away with update(): every widget is re-created.
  viaProxy.addEventListener('change', () => {
    sandbox.viaProxy = viaProxy.checked;
    latency.disabled = failure.disabled = viaProxy.checked;
    for (const section of sections) {
      for (const instance of section.instances) {
        if (!instance.widget) continue;
        destroyInstance(instance);
        mountInstance(section, instance);
      }
      renderCode(section);
    }
    show();
    logNote(viaProxy.checked ? `widgets: through the proxy at ${PROXY_BASE_URL}, no API key on the page` : 'widgets: straight to the sandbox with the API key');
  });

  auto.addEventListener('change', () => {
    for (const section of sections) {
      for (const instance of section.instances) {
        if (!instance.optional) continue;
        instance.panel.hidden = !auto.checked;
        if (auto.checked) mountInstance(section, instance);
        else destroyInstance(instance);
      }
    }
  });

  const form = el(
    'form',
    { class: 'sandbox-controls' },
    el('div', { class: 'field' }, el('label', { for: latencyId }, 'Latency'), latency),
    el('div', { class: 'field' }, el('label', { for: failureId }, 'Failure'), failure),
    el(
      'div',
      { class: 'field field-actions' },
      again,
      el('p', { class: 'help' }, 'A fresh fault id per widget restarts counters such as "503 once".'),
    ),
    el(
      'div',
      { class: 'field field-check' },
      viaProxy,
      el('label', { for: proxyId }, 'Through the proxy: ', el('code', {}, `baseUrl: '${PROXY_BASE_URL}'`), ', no ', el('code', {}, 'apiKey'), ' on the page'),
    ),
    el('p', { class: 'help' }, 'repkit/proxy holds the key on the server and caches answers (README "Production setup"); the faults above do not apply through it.'),
    el('div', { class: 'field' }, el('span', { class: 'label' }, 'Base URL of the light reputation widget'), baseUrl),
    el('div', { class: 'field field-check' }, auto, el('label', { for: autoId }, 'Add a third copy of each widget with ', el('code', {}, "theme: 'auto'"))),
  );
  form.addEventListener('submit', (event) => event.preventDefault());
  root.append(form);
  show();
}

// ---------------------------------------------------------------------------------------------
// Event log
// ---------------------------------------------------------------------------------------------

const LOG_LIMIT = 200;
const logState = { load: 0, error: 0, list: undefined, counts: undefined };

const timeStamp = () => {
  const now = new Date();
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}.${pad(now.getMilliseconds(), 3)}`;
};

function addLogEntry(kind, name, source, status, message) {
  const { list } = logState;
  if (!list) return;
  const entry = el(
    'li',
    { class: `log-entry log-${kind}` },
    el('div', { class: 'log-line' }, el('time', {}, timeStamp()), el('span', { class: 'log-name' }, name), source && el('span', { class: 'log-source' }, source), status !== undefined && el('span', { class: 'log-status' }, String(status))),
    message && el('p', { class: 'log-message' }, message),
  );
  list.prepend(entry);
  while (list.childElementCount > LOG_LIMIT) list.lastElementChild.remove();
  const { load, error } = logState;
  logState.counts.textContent = `${load} load${load === 1 ? '' : 's'}, ${error} error${error === 1 ? '' : 's'}`;
}

function logNote(message) {
  addLogEntry('note', 'note', undefined, undefined, message);
}

/** Which section and theme a widget host belongs to. */
function sourceOf(host) {
  const panel = host?.closest?.('.stage-panel');
  const type = host?.dataset?.type ?? '?';
  return panel ? `${type} · ${panel.dataset.theme}` : type;
}

function setupLog() {
  logState.list = document.getElementById('log-list');
  logState.counts = document.getElementById('log-counts');
  document.getElementById('log-clear').addEventListener('click', () => {
    logState.list.replaceChildren();
    logState.load = logState.error = 0;
    logState.counts.textContent = 'No events yet';
  });
  document.addEventListener('repkit:load', (event) => {
    logState.load++;
    const address = sections.find((s) => s.root.contains(event.target))?.values.address;
    addLogEntry('load', 'repkit:load', sourceOf(event.target), undefined, address ? `address ${short(address)}` : '');
  });
  document.addEventListener('repkit:error', (event) => {
    logState.error++;
    const error = event.detail?.error;
    const status = error?.statusCode;
    addLogEntry('error', 'repkit:error', sourceOf(event.target), status ?? error?.name, messageOf(error));
  });
  // A strict page policy is part of the demo: report anything it blocks.
  document.addEventListener('securitypolicyviolation', (event) => {
    addLogEntry('error', 'CSP violation', event.effectiveDirective, undefined, `blocked ${event.blockedURI || 'inline code'}`);
  });
}

// ---------------------------------------------------------------------------------------------
// Client playground
// ---------------------------------------------------------------------------------------------

const OPERATIONS = [
  ['getScores', (c, a, s) => c.getScores(a, s), (a) => `client.getScores(${jsString(a)})`],
  ['getBadges', (c, a, s) => c.getBadges(a, s), (a) => `client.getBadges(${jsString(a)})`],
  ['getProfile', (c, a, s) => c.getProfile(a, s), (a) => `client.getProfile(${jsString(a)})`],
  ['getCategoryScore', (c, a, s) => c.getCategoryScore(a, 'longevity', s), (a) => `client.getCategoryScore(${jsString(a)}, 'longevity')`],
  ['getBadge', (c, a, s) => c.getBadge(a, 'early_adopter', s), (a) => `client.getBadge(${jsString(a)}, 'early_adopter')`],
];

function setupClient(root) {
  const opId = nextId('client-op');
  const addrId = nextId('client-address');
  const op = selectControl(opId, OPERATIONS.map(([name]) => [name, name]), 'getScores');
  const address = selectControl(addrId, ADDRESS_CHOICES, ADDRESSES.rich);
  const run = el('button', { type: 'submit', class: 'button button-primary' }, 'Run');
  const call = el('code', {});
  const output = el('code', {});
  const outputPre = el('pre', { class: 'client-output', tabIndex: 0, 'aria-label': 'Result', hidden: true }, output);
  const status = el('p', { class: 'client-status', role: 'status' });
  let controller;

  const showCall = () => {
    const [, , text] = OPERATIONS.find(([name]) => name === op.value);
    call.textContent = `const client = new ServiceClient({ apiKey: ${jsString(API_KEY)} });\nconst result = await ${text(address.value)};`;
  };
  op.addEventListener('change', showCall);
  address.addEventListener('change', showCall);

  const form = el(
    'form',
    { class: 'controls client-controls', 'aria-label': 'Client call' },
    el('div', { class: 'field' }, el('label', { for: opId }, 'Operation'), op),
    el('div', { class: 'field field-wide' }, el('label', { for: addrId }, 'Address'), address),
    el('div', { class: 'field field-actions' }, run),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    controller?.abort();
    const mine = (controller = new AbortController());
    const [, invoke] = OPERATIONS.find(([name]) => name === op.value);
    status.textContent = 'Loading…';
    status.dataset.tone = '';
    const started = performance.now();
    try {
      const client = new ServiceClient({ ...(sandbox.viaProxy ? {} : { apiKey: API_KEY }), ...clientOptions('client') });
      const result = await invoke(client, address.value, mine.signal);
      if (mine !== controller) return;
      outputPre.hidden = false;
      output.textContent = JSON.stringify(result, null, 2);
      status.textContent = `Resolved in ${Math.round(performance.now() - started)} ms.`;
      status.dataset.tone = 'ok';
    } catch (error) {
      if (mine !== controller) return;
      outputPre.hidden = false;
      output.textContent = `${error?.name ?? 'Error'}${error?.statusCode !== undefined ? ` (statusCode ${error.statusCode})` : ''}: ${messageOf(error)}`;
      status.textContent = `Rejected after ${Math.round(performance.now() - started)} ms.`;
      status.dataset.tone = 'warn';
    }
  });

  root.append(
    form,
    el('pre', { class: 'client-call', tabIndex: 0, 'aria-label': 'Call' }, call),
    status,
    outputPre,
    el('p', { class: 'help' }, 'Uses the sandbox faults chosen in the Sandbox panel, like the widgets.'),
  );
  showCall();
}

// ---------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------

setupLog();
for (const root of document.querySelectorAll('.demo-section[data-kind]')) {
  try {
    setupSection(root);
  } catch (error) {
    // Never let one section take the page down.
    root.append(el('p', { class: 'notice notice-error' }, `This section failed to start: ${messageOf(error)}`));
    console.error(error);
  }
}
setupSandbox(document.getElementById('sandbox'));
setupClient(document.getElementById('client'));
