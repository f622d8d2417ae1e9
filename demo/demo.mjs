// @ts-check
/**
 * The repkit demo page.
 *
 * Loads the built library as a native ES module (no bundler) and builds every control with DOM
 * calls: the page has no inline scripts, no inline handlers, no style attributes and never
 * assigns innerHTML, so it works under the strict Content-Security-Policy of index.html.
 *
 * Map of this file:
 *   KIND_NAMES     the widget kinds (one per folder of src/widgets/kinds, as options.json lists them)
 *   DOCS           every option's JSDoc (/demo/options.json): the kinds' controls, hover texts, defaults
 *   FAILURES       the sandbox faults of the "Sandbox" panel
 *   CODE_FORMATS   the code generators of the code tabs, one function per format
 *   setupPlayground  kind tabs, the live widget (light and dark), the one data panel, options, code tabs
 *   setupGallery   one widget of each kind, theme 'auto'
 *   setupSandbox   global latency / failure / auto-theme controls
 *   setupLog       the event log (repkit:load / repkit:error on document)
 *   setupClient    the small ServiceClient playground
 */
import { createWidget, ServiceClient, DEFAULT_BASE_URL, snippet, WIDGET_TYPES } from '/dist/repkit.mjs';
import { ADDRESSES, ADDRESS_LABELS, API_KEY, BADGE_DEFINITIONS, CATEGORY_DEFINITIONS } from '/sandbox/fixtures.mjs';
import { faultBaseUrl } from '/sandbox/faults.mjs';

/** @typedef {import('/dist/repkit.mjs').WidgetConfig} WidgetConfig */
/** @typedef {string} Kind a kind the playground shows: the name of its folder in src/widgets/kinds */
/** @typedef {[value: string | undefined, label: string]} Choice one option of a select; `undefined` is "not set" */

/** @typedef {import('../scripts/option-docs.mjs').DocumentedOption} DocumentedOption */
/** @typedef {import('../scripts/option-docs.mjs').OptionDocs} OptionDocs */

/**
 * One option of a kind, as the playground shows it: made from its documentation.
 * @typedef {object} DemoOption
 * @property {string} key the option's name
 * @property {'checkbox' | 'number' | 'select' | 'text'} control
 * @property {string} label the name in words
 * @property {string} description the JSDoc text, shown as the control's hover text
 * @property {unknown} default the `@default` value; `undefined` means "not set"
 * @property {Choice[]} [choices] for a select
 * @property {number} [min] for a number: the range its description gives ("(0 to 50)")
 * @property {number} [max]
 * @property {boolean} required always passed, and always printed in the code
 */

/**
 * What the page needs of a widget, whatever its kind: the options it takes through update()
 * come from the controls, and the library checks them.
 * @typedef {object} DemoWidget
 * @property {(target: Element) => unknown} mount
 * @property {(changes: Record<string, unknown>) => unknown} update
 * @property {() => Promise<void>} refresh
 * @property {() => void} destroy
 * @property {HTMLElement | undefined} element
 * @property {{ baseUrl?: string }} options
 */

/**
 * One widget on the page and the figure that holds it.
 * @typedef {object} Instance
 * @property {string} theme
 * @property {HTMLElement} panel
 * @property {HTMLElement} mount
 * @property {HTMLElement} stateBadge
 * @property {DemoWidget | undefined} widget
 */

/** @typedef {{ type: Kind, instances: Instance[] }} Section a group of widgets of one kind */
/** @typedef {Section & { message: HTMLElement }} Playground */
/** @typedef {Node | string | undefined | null | false} Child */
/** @typedef {HTMLElement & { timer?: ReturnType<typeof setTimeout> }} StatusElement a live status line and its clearing timer */

// ---------------------------------------------------------------------------------------------
// DOM helpers
// ---------------------------------------------------------------------------------------------

/**
 * Creates an element. `props` are set as properties when the element has them (value, checked,
 * hidden, type...) and as attributes otherwise; children are nodes or strings (text nodes).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [props]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  /** The element's properties by name, for the props it has. */
  const properties = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (node));
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === 'class') node.className = String(value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key in node && !key.startsWith('aria-') && key !== 'for' && key !== 'role') properties[key] = value;
    else if (value !== false) node.setAttribute(key, value === true ? '' : String(value));
  }
  node.append(...children.flat().filter(/** @returns {c is Node | string} */ (c) => c !== undefined && c !== null && c !== false));
  return node;
}

let uid = 0;
/** @type {(prefix: string) => string} a page-unique id for label/aria wiring */
const nextId = (prefix) => `${prefix}-${++uid}`;

/** @type {(address: unknown) => string} a short form of an address for the log: first 6 and last 4 characters */
const short = (address) =>
  typeof address === 'string' && address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : String(address);

/** @type {(error: unknown) => string} the message of anything thrown */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------
// What the page demonstrates
// ---------------------------------------------------------------------------------------------

/** The container the printed code mounts a widget of `type` in. */
const targetOf = (/** @type {Kind} */ type) => `#repkit-${type}`;

/**
 * Values the demo offers for string options, by option name: the fixture definitions, and a key
 * the sandbox does not define, to show the widget's error state.
 * @type {Record<string, Choice[]>}
 */
const CHOICES = {
  badgeKey: [
    ...BADGE_DEFINITIONS.map((d) => /** @type {Choice} */ ([d.key, `${d.key}: ${d.title}`])),
    ['unknown_badge', 'unknown_badge (not defined: 404)'],
  ],
  categoryKey: [
    ...CATEGORY_DEFINITIONS.map((d) => /** @type {Choice} */ ([d.key, `${d.key}: ${d.displayName}`])),
    ['bridging', 'bridging (no definition)'],
  ],
};

/** @type {Choice} the choice that leaves an option out */
const NOT_SET = [undefined, '(not set)'];

/** @type {(name: string) => string} an option's name in words: `maxCategories` → "Max categories" */
const labelOf = (name) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The playground's control for a documented option, chosen by its TypeScript type: a checkbox,
 * a number (in the range its description gives), a select (the values of {@link CHOICES}, or the
 * members of a union of string literals) or a text field.
 * @param {DocumentedOption} doc
 * @returns {DemoOption}
 */
function demoOption(doc) {
  const option = {
    key: doc.name,
    label: labelOf(doc.name),
    description: doc.description,
    default: doc.defaultValue,
    required: doc.required,
  };
  if (doc.type === 'boolean') return { ...option, control: 'checkbox' };
  if (doc.type === 'number') {
    const range = /\((\d+) to (\d+)\)/.exec(doc.description);
    return { ...option, control: 'number', ...(range ? { min: Number(range[1]), max: Number(range[2]) } : {}) };
  }
  const members = doc.type.split(' | ');
  const literals = members.every((m) => /^'[^']*'$/.test(m)) ? members.map((m) => /** @type {Choice} */ ([m.slice(1, -1), m])) : undefined;
  const choices = CHOICES[doc.name] ?? literals;
  if (choices) {
    // An optional option without a default can be left out: the widget then does what its description says.
    const unset = !doc.required && doc.defaultValue === undefined ? [NOT_SET] : [];
    return { ...option, control: 'select', choices: [...unset, ...choices] };
  }
  if (doc.type === 'string') return { ...option, control: 'text' };
  throw new Error(`the playground has no control for ${doc.name}, of type ${doc.type}`);
}

/**
 * What the page knows of the options, from their documentation (scripts/option-docs.mjs, served by
 * the sandbox as /demo/options.json), or why it could not be had: the playground then says so,
 * and the rest of the page still works.
 * @typedef {object} DemoDocs
 * @property {Record<Kind, DemoOption[]>} kinds each kind's own options, as controls
 * @property {Record<string, DocumentedOption>} common the options every kind accepts, by name
 */
/** @type {DemoDocs | Error} */
const DOCS = await (async () => {
  try {
    const response = await fetch('/demo/options.json');
    if (!response.ok) throw new Error(`/demo/options.json answered ${response.status}`);
    const docs = /** @type {OptionDocs} */ (await response.json());
    const kinds = Object.entries(docs.kinds).map(([type, options]) => [type, options.map(demoOption)]);
    return {
      kinds: /** @type {Record<Kind, DemoOption[]>} */ (Object.fromEntries(kinds)),
      common: Object.fromEntries(docs.common.map((o) => [o.name, o])),
    };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
})();

/** @returns {DemoDocs} the options' documentation; throws when it could not be loaded */
const docs = () => {
  if (DOCS instanceof Error) throw new Error(`the options could not be loaded: ${DOCS.message}`);
  return DOCS;
};

/** @type {(type: Kind) => DemoOption[]} the options of `type` */
const kindOptions = (type) => docs().kinds[type];

/** @type {(name: string) => DemoOption} an option every kind accepts */
const commonOption = (name) => {
  const doc = docs().common[name];
  if (!doc) throw new Error(`/demo/options.json has no common option ${name}`);
  return demoOption(doc);
};

/**
 * Locales of the locale picker; the first leaves the option out.
 * @type {Choice[]}
 */
const LOCALES = [
  [undefined, "(not set: 'auto', the page's language)"],
  ['en-US', 'English (US): en-US'],
  ['de-DE', 'German: de-DE'],
  ['es', 'Spanish: es'],
  ['fr-FR', 'French: fr-FR'],
  ['pt-BR', 'Portuguese (Brazil): pt-BR'],
  ['ja-JP', 'Japanese: ja-JP'],
  ['zh-CN', 'Chinese (Simplified): zh-CN'],
  ['ko', 'Korean: ko'],
  ['ar-EG', 'Arabic (Egypt), right to left: ar-EG'],
  ['he', 'Hebrew, right to left: he'],
];

// Every shipped language, so the picker shows each in its words (a page loads only those it needs).
await Promise.all(['de', 'es', 'fr', 'pt-BR', 'ja', 'zh-CN', 'ko', 'ar', 'he'].map((tag) => import(`/dist/locales/${tag}.mjs`)));

/** The kinds in the registry's order: the `type` values with options of their own (an alias such as `badges` has none). */
const KIND_NAMES = DOCS instanceof Error ? [] : WIDGET_TYPES.filter((type) => Object.hasOwn(DOCS.kinds, type));

/**
 * Fixture addresses for the address pickers, in fixture order.
 * @type {Choice[]}
 */
const ADDRESS_CHOICES = Object.entries(ADDRESSES).map(([name, address]) => [
  address,
  ADDRESS_LABELS[/** @type {keyof ADDRESSES} */ (name)] ?? name,
]);
const CUSTOM_ADDRESS = '__custom__';

/**
 * Failures the sandbox can inject (items of a `/__fault/{spec}` prefix, see test/service/sandbox.mjs).
 * `timeoutMs` is passed to the widgets along with the fault (and left out, which puts it back to
 * its default, with any other).
 * @type {Record<string, { label: string, items: import('/sandbox/faults.mjs').FaultItems, timeoutMs?: number }>}
 */
const FAILURES = {
  none: { label: 'None: a healthy service', items: {} },
  unauthorized: { label: '401 Unauthorized (wrong key)', items: { status: 401 } },
  notFound: { label: '404 Not found', items: { status: 404 } },
  rateLimited: { label: '429 Too many requests (Retry-After: 2)', items: { status: 429, retryAfter: 2 } },
  quotaUsedUp: { label: 'Quota used up (429 as production sends it: resets in an hour)', items: { status: 429 } },
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
 * @type {{ latency: number, failure: string, viaProxy: boolean }}
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
 * @param {string} name
 * @param {number | string} [id]
 * @returns {{ baseUrl: string, timeoutMs: number | undefined }}
 */
function clientOptions(name, id = ++faultCounter) {
  // Through the proxy the sandbox's faults do not apply: it answers from its cache.
  if (sandbox.viaProxy) return { baseUrl: PROXY_BASE_URL, timeoutMs: undefined };
  const failure = FAILURES[sandbox.failure];
  const items = { latency: sandbox.latency || undefined, ...failure.items };
  const faulty = Object.values(items).some((v) => v !== undefined);
  return {
    baseUrl: faulty ? faultBaseUrl(location.origin, { ...items, id: `${name}-${PAGE_TOKEN}-${id}` }) : location.origin,
    timeoutMs: failure.timeoutMs,
  };
}

// ---------------------------------------------------------------------------------------------
// Code generators: one function per format. A new format is one more entry here.
// ---------------------------------------------------------------------------------------------

/** @type {(s: unknown) => string} a JavaScript string literal in single quotes; `<` is escaped so it is safe inside <script> */
const jsString = (s) =>
  `'${String(s)
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/</g, '\\x3C')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;

/**
 * An object literal, one property per line, indented by `indent`.
 * @param {Record<string, unknown>} config
 * @param {string} [indent]
 */
function objectLiteral(config, indent = '') {
  const lines = Object.entries(config).map(([k, v]) => `${indent}  ${k}: ${typeof v === 'string' ? jsString(v) : String(v)},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * Where the server of this page (`npm start`: demo/server.mjs, test/service/sandbox.mjs's `staticRoot`)
 * serves the built library: the repository's dist/ under /dist/. The printed code loads repkit
 * from here, so that it runs as is in any page of this origin.
 */
const DIST_URL = `${location.origin}/dist`;
/** The script tag's build: every kind, the `scriptUrl` the configurator's snippet() loads. */
const UMD_URL = `${DIST_URL}/repkit.umd.js`;

/**
 * Code generators keyed by format. Each receives `{ config, target }`: `config` holds `type`,
 * `apiKey`, `address`, `baseUrl` (unless it is the library's default) and the options that
 * differ from their defaults, in display order; `target` is a CSS id selector for the container.
 * @type {Record<string, { label: string, note: string, generate: (input: { config: Record<string, unknown>, target: string }) => string }>}
 */
const CODE_FORMATS = {
  esm: {
    label: 'ES module',
    note: 'In a <script type="module">, or with a bundler after npm install repkit',
    generate: ({ config, target }) =>
      `// This origin's build, so that the code runs here as is; with a bundler, write instead:\n` +
      `// import { createWidget } from 'repkit';\n` +
      `import { createWidget } from ${jsString(`${DIST_URL}/repkit.mjs`)};\n\n` +
      `// Mounts into <div id="${target.slice(1)}"></div>.\n` +
      `createWidget(${objectLiteral(config)}).mount(${jsString(target)});\n`,
  },
  script: {
    label: 'Script tag',
    note: 'No build step',
    generate: ({ config, target }) =>
      `<div id="${target.slice(1)}"></div>\n` +
      `<script src="${UMD_URL}"></script>\n` +
      `<script>\n  RepKit.createWidget(${objectLiteral(config, '  ')}).mount(${jsString(target)});\n</script>\n`,
  },
  snippet: {
    label: 'No-code snippet',
    note: 'Paste into any HTML page',
    // Exactly what repkit's own snippet() prints: the tests load the same output.
    // The config is the playground's, which the library checks: snippet() throws on a bad one.
    generate: ({ config }) => `${snippet(/** @type {WidgetConfig} */ (/** @type {unknown} */ (config)), { scriptUrl: UMD_URL })}\n`,
  },
};

/**
 * Copies `text`; when the Clipboard API is missing or refused, selects `pre` for a manual copy.
 * @param {string} text
 * @param {Node} pre
 * @param {StatusElement} status
 */
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
// The playground and the gallery
// ---------------------------------------------------------------------------------------------

/**
 * The one data panel's values (address, key, locale), shared by every widget on the page, and
 * each kind's own option values, kept while another kind is shown.
 */
/** @type {{ apiKey: string, address: string, locale: string | undefined }} */
const data = { apiKey: API_KEY, address: ADDRESSES.rich, locale: undefined };
const kindValues = /** @type {Record<Kind, Record<string, unknown>>} */ (
  Object.fromEntries(
    KIND_NAMES.map((type) => [
      type,
      // A required option has no default: it starts at the first value offered.
      Object.fromEntries((DOCS instanceof Error ? [] : DOCS.kinds[type]).map((o) => [o.key, o.required ? o.choices?.[0]?.[0] : o.default])),
    ]),
  )
);

/**
 * Every group of widgets, for the global controls: the playground (its kind changes with the
 * tabs; a light and a dark widget) and the gallery (one widget per kind, theme 'auto').
 */
/** @type {Section[]} */
const sections = [];
/** @type {Playground} */
let playground;
/**
 * What the code tabs print: the playground's kind, the theme picked for the code (left out when
 * it is the default, `undefined` until the code tabs are built), the tab.
 * @type {{ theme: unknown, format: string, blocks: Record<string, HTMLElement>, status: StatusElement | undefined }}
 */
const code = { theme: undefined, format: 'esm', blocks: {}, status: undefined };

/**
 * The widget config of one instance: shared data, the kind's options, its theme, the sandbox.
 * @param {Section} section
 * @param {Instance} instance
 */
function configFor(section, instance) {
  /** @type {Record<string, unknown>} */
  const config = { type: section.type, theme: instance.theme };
  for (const [key, value] of Object.entries({ ...data, ...kindValues[section.type] })) if (value !== undefined) config[key] = value;
  if (sandbox.viaProxy) delete config.apiKey;
  return { ...config, ...clientOptions(`${section.type}-${instance.theme}`) };
}

/**
 * Creates and mounts one instance's widget; a failure shows in place, not as a page error.
 * @param {Section} section
 * @param {Instance} instance
 */
function mountInstance(section, instance) {
  instance.mount.replaceChildren();
  try {
    // The config comes from the controls; createWidget() checks it and throws on a bad one.
    /** @type {DemoWidget} */
    const widget = createWidget(/** @type {WidgetConfig} */ (configFor(section, instance)));
    instance.widget = widget;
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
    instance.mount.append(el('p', { class: 'placeholder' }, `Not available: ${messageOf(error)}`));
    setState(instance, 'unavailable');
    return false;
  }
}

/** @param {Instance} instance */
function destroyInstance(instance) {
  instance.widget?.destroy();
  instance.widget = undefined;
  instance.mount.replaceChildren();
  setState(instance, 'off');
}

/**
 * Mirrors a host's data-state in the panel caption.
 * @param {Instance} instance
 * @param {string} state
 */
function setState(instance, state) {
  instance.stateBadge.textContent = state;
  instance.stateBadge.dataset.state = state;
}

/**
 * A figure holding one widget, its caption saying the theme and the widget's state.
 * @param {string} theme
 * @param {string} caption
 * @returns {Instance}
 */
function stagePanel(theme, caption) {
  const stateBadge = el('span', { class: 'state' });
  const mount = el('div', { class: 'mount' });
  const panel = el(
    'figure',
    { class: `stage-panel stage-${theme}`, dataset: { theme } },
    el('figcaption', {}, el('code', {}, caption), stateBadge),
    mount,
  );
  /** @type {Instance} */
  const instance = { theme, panel, mount, stateBadge, widget: undefined };
  setState(instance, 'loading');
  // The widget host carries data-state (loading / ready / error); show it in the caption.
  new MutationObserver(() => {
    const host = instance.widget?.element;
    if (host?.dataset.state) setState(instance, host.dataset.state);
  }).observe(mount, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
  return instance;
}

/**
 * Applies changes to the widgets they concern through update(): data changes to every widget,
 * a kind's options to the playground. A value the library rejects (TypeError) is reported
 * beside the controls and nothing changes.
 * @param {Record<string, unknown>} changes
 * @param {Element} [control]
 * @param {Kind} [type]
 */
function change(changes, control, type) {
  const target = type ? kindValues[type] : data;
  const previous = { ...target };
  Object.assign(target, changes);
  const live = sections
    .filter((s) => !type || s.type === type)
    .flatMap((s) => s.instances)
    .flatMap((i) => (i.widget ? [i.widget] : []));
  try {
    for (const widget of live) widget.update(changes);
  } catch (error) {
    Object.assign(target, previous);
    control?.setAttribute('aria-invalid', 'true');
    playground.message.textContent = `repkit refused this value: ${messageOf(error)}`;
    playground.message.hidden = false;
    return false;
  }
  control?.removeAttribute('aria-invalid');
  playground.message.hidden = true;
  playground.message.textContent = '';
  renderCode();
  return true;
}

/**
 * The `baseUrl` of the printed code: the sandbox on this origin, or the proxy in front of it. The
 * faults of the Sandbox panel are left out: they are the demo's, not the widget's.
 */
const codeBaseUrl = () => (sandbox.viaProxy ? PROXY_BASE_URL : location.origin);

/** The config printed in the code tabs: required options, `baseUrl`, then only what differs from the defaults. */
function codeConfig() {
  const { type } = playground;
  /** @type {Record<string, unknown>} */
  const config = sandbox.viaProxy ? { type, address: data.address } : { type, apiKey: data.apiKey, address: data.address };
  const baseUrl = codeBaseUrl();
  if (baseUrl !== DEFAULT_BASE_URL) config.baseUrl = baseUrl;
  for (const option of kindOptions(type)) {
    const value = kindValues[type][option.key];
    if (value !== undefined && (option.required || value !== option.default)) config[option.key] = value;
  }
  if (code.theme !== commonOption('theme').default) config.theme = code.theme;
  if (data.locale !== undefined) config.locale = data.locale;
  return config;
}

function renderCode() {
  const input = { config: codeConfig(), target: targetOf(playground.type) };
  for (const [format, { generate }] of Object.entries(CODE_FORMATS)) {
    const block = code.blocks[format];
    if (!block) continue;
    try {
      block.textContent = generate(input);
    } catch (error) {
      // snippet() refuses a config repkit would refuse: say why instead of printing broken code.
      block.textContent = `// ${messageOf(error)}`;
    }
  }
}

/**
 * A labelled select over `[value, label]` pairs; `undefined` values become ''.
 * @param {string} id
 * @param {Choice[]} choices
 * @param {string | undefined} current
 */
function selectControl(id, choices, current) {
  return el(
    'select',
    { id },
    choices.map(([value, label]) => el('option', { value: value ?? '', selected: value === current }, label)),
  );
}

/**
 * One control for one option of `type`, named after the option, its description as hover text.
 * @param {Kind} type
 * @param {DemoOption} option
 */
function optionControl(type, option) {
  const id = nextId(`${type}-${option.key}`);
  const props = { id, name: option.key, title: option.description };
  const label = el('label', { for: id, title: option.description }, option.label, ' ', el('code', { class: 'option-name' }, option.key));
  const current = kindValues[type][option.key];
  if (option.control === 'checkbox') {
    const input = el('input', { ...props, type: 'checkbox', checked: current });
    input.addEventListener('change', () => change({ [option.key]: input.checked }, input, type));
    return el('div', { class: 'field field-check' }, input, label);
  }
  if (option.control === 'number') {
    const fallback = option.default === undefined ? '' : String(option.default);
    const input = el('input', {
      ...props,
      type: 'number',
      min: option.min,
      max: option.max,
      step: 1,
      inputMode: 'numeric',
      value: current === undefined ? '' : String(current),
    });
    // While typing, apply whole values; an emptied field goes back to the default on change.
    input.addEventListener('input', () => {
      if (input.value.trim() !== '') change({ [option.key]: Number(input.value) }, input, type);
    });
    input.addEventListener('change', () => {
      if (input.value.trim() === '') {
        input.value = fallback;
        change({ [option.key]: option.default }, input, type);
      }
    });
    return el('div', { class: 'field' }, label, input);
  }
  if (option.control === 'text') {
    const input = el('input', { ...props, type: 'text', value: typeof current === 'string' ? current : '', spellcheck: false });
    input.addEventListener('change', () => change({ [option.key]: input.value || undefined }, input, type));
    return el('div', { class: 'field' }, label, input);
  }
  const select = selectControl(id, option.choices ?? [], typeof current === 'string' ? current : undefined);
  select.name = option.key;
  select.title = option.description;
  // update() puts an option given as undefined (the "(not set)" choice) back to its default.
  select.addEventListener('change', () => change({ [option.key]: select.value || undefined }, select, type));
  return el('div', { class: 'field' }, label, select);
}

/** The one data panel: address picker and free text, API key, locale and Refresh. */
function dataControls() {
  const pickId = nextId('address-pick');
  const textId = nextId('address');
  const keyId = nextId('apikey');
  const localeId = nextId('locale');
  const keyHelpId = nextId('apikey-help');

  const picker = selectControl(pickId, [...ADDRESS_CHOICES, [CUSTOM_ADDRESS, 'Custom address (type it below)']], data.address);
  const text = el('input', {
    type: 'text',
    id: textId,
    value: data.address,
    spellcheck: false,
    autocomplete: 'off',
    title: commonOption('address').description,
  });
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
    change({ address: picker.value }, text);
  });
  text.addEventListener('change', () => {
    const address = text.value.trim();
    text.value = address;
    syncPicker();
    change({ address }, text);
  });

  const apiKey = el('input', {
    type: 'text',
    id: keyId,
    value: data.apiKey,
    spellcheck: false,
    autocomplete: 'off',
    'aria-describedby': keyHelpId,
    title: commonOption('apiKey').description,
  });
  apiKey.addEventListener('change', () => change({ apiKey: apiKey.value }, apiKey));

  const locale = selectControl(localeId, LOCALES, data.locale);
  locale.title = commonOption('locale').description;
  locale.addEventListener('change', () => change({ locale: locale.value || undefined }, locale));

  const refresh = el('button', { type: 'button', class: 'button' }, 'Refresh');
  refresh.addEventListener('click', async () => {
    refresh.setAttribute('aria-busy', 'true');
    await Promise.all(sections.flatMap((s) => s.instances).map((i) => i.widget?.refresh()));
    refresh.removeAttribute('aria-busy');
  });

  const form = el(
    'form',
    { class: 'controls-group controls-data', 'aria-label': 'Data for every widget' },
    el('h3', {}, 'Data ', el('span', { class: 'h-note' }, 'every widget on the page')),
    el('div', { class: 'field' }, el('label', { for: pickId }, 'Sample address'), picker),
    el(
      'div',
      { class: 'field field-address' },
      el('label', { for: textId }, 'Address ', el('code', { class: 'option-name' }, 'address')),
      text,
    ),
    el(
      'div',
      { class: 'field' },
      el('label', { for: keyId }, 'API key ', el('code', { class: 'option-name' }, 'apiKey')),
      apiKey,
      el('p', { class: 'help', id: keyHelpId }, `The sandbox accepts ${API_KEY}; try another to see a 401.`),
    ),
    el('div', { class: 'field' }, el('label', { for: localeId }, 'Locale ', el('code', { class: 'option-name' }, 'locale')), locale),
    el('div', { class: 'field field-actions' }, refresh, el('span', { class: 'help' }, 'widget.refresh(), bypassing the cache')),
  );
  form.addEventListener('submit', (event) => event.preventDefault());
  return form;
}

/** The code: one tab per CODE_FORMATS entry (lines wrap), a Copy button for the tab shown, and Copy snippet. */
function codeTabs() {
  const themeId = nextId('code-theme');
  const themeOption = commonOption('theme');
  code.theme = themeOption.default;
  const theme = selectControl(
    themeId,
    (themeOption.choices ?? []).map(([value, label]) => [value, value === themeOption.default ? `${label} (default, left out)` : label]),
    String(themeOption.default),
  );
  theme.title = themeOption.description;
  theme.addEventListener('change', () => {
    code.theme = theme.value;
    renderCode();
  });
  code.status = el('span', { class: 'copy-status', role: 'status' });
  /** @type {HTMLElement[]} */
  const tabs = [];
  /** @type {HTMLElement[]} */
  const panels = [];
  /** @type {(format: string | undefined, focus?: boolean) => void} */
  const select = (format = 'esm', focus = false) => {
    code.format = format;
    for (const tab of tabs) {
      const on = tab.dataset.format === format;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      if (on && focus) tab.focus();
    }
    for (const panel of panels) panel.hidden = panel.dataset.format !== format;
  };
  for (const [format, { label, note }] of Object.entries(CODE_FORMATS)) {
    const tabId = nextId(`code-tab-${format}`);
    const panelId = nextId(`code-panel-${format}`);
    const tab = el(
      'button',
      { type: 'button', role: 'tab', id: tabId, 'aria-controls': panelId, class: 'code-tab', dataset: { format } },
      label,
    );
    tab.addEventListener('click', () => select(format));
    tabs.push(tab);
    code.blocks[format] = el('code', {});
    panels.push(
      el(
        'div',
        { role: 'tabpanel', id: panelId, 'aria-labelledby': tabId, class: 'code-panel', dataset: { format } },
        el('pre', { tabIndex: 0, 'aria-label': `${label}: ${note}` }, code.blocks[format]),
        el('p', { class: 'help' }, note),
      ),
    );
  }
  const tablist = el('div', { role: 'tablist', 'aria-label': 'Ways to embed', class: 'code-tablist' }, tabs);
  // Arrow keys move between tabs, as in every tab list.
  tablist.addEventListener('keydown', (event) => {
    const i = tabs.findIndex((t) => t.dataset.format === code.format);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    select(tabs[(i + step + tabs.length) % tabs.length]?.dataset.format, true);
  });
  const copy = el('button', { type: 'button', class: 'button button-small' }, 'Copy');
  /** @type {(format: string) => void} copies the code of one tab */
  const copyBlock = (format) => {
    const block = code.blocks[format];
    if (block?.parentElement && code.status) copyText(block.textContent ?? '', block.parentElement, code.status);
  };
  copy.addEventListener('click', () => copyBlock(code.format));
  const copySnippet = el('button', { type: 'button', class: 'button button-primary', id: 'copy-snippet' }, 'Copy snippet');
  copySnippet.addEventListener('click', () => {
    select('snippet');
    copyBlock('snippet');
  });
  select('esm');
  return el(
    'div',
    { class: 'code-box' },
    el('div', { class: 'code-box-head' }, tablist, el('div', { class: 'code-actions' }, copy, copySnippet)),
    panels,
    el(
      'div',
      { class: 'code-foot' },
      code.status,
      el('div', { class: 'field field-inline' }, el('label', { for: themeId }, 'Theme in the code'), theme),
    ),
    el(
      'p',
      { class: 'help' },
      'The code runs as is on this origin: ',
      el('code', {}, 'baseUrl'),
      " is this sandbox (without the Sandbox panel's faults) and repkit loads from ",
      el('code', {}, '/dist/'),
      '. For the real service leave ',
      el('code', {}, 'baseUrl'),
      ' out (',
      el('code', {}, DEFAULT_BASE_URL),
      '), use your own key, and load repkit from npm or a CDN.',
    ),
  );
}

/**
 * The playground: kind tabs, the live widget in both themes, the data and the kind's options, the code.
 * @param {HTMLElement} root
 */
function setupPlayground(root) {
  playground = {
    type: 'reputation',
    instances: [stagePanel('light', "theme: 'light'"), stagePanel('dark', "theme: 'dark'")],
    message: el('p', { class: 'notice notice-warn', role: 'alert', hidden: true }),
  };
  sections.push(playground);
  const options = el('form', { class: 'controls-group controls-kind', 'aria-label': 'Options of this kind' });
  options.addEventListener('submit', (event) => event.preventDefault());

  const kindTabs = KIND_NAMES.map((type) => {
    const tab = el(
      'button',
      { type: 'button', class: 'kind-tab', 'aria-pressed': 'false', dataset: { kind: type } },
      el('code', {}, `'${type}'`),
    );
    tab.addEventListener('click', () => showKind(type));
    return tab;
  });

  /** @type {(type: Kind) => void} */
  const showKind = (type) => {
    playground.type = type;
    for (const tab of kindTabs) tab.setAttribute('aria-pressed', String(tab.dataset.kind === type));
    options.replaceChildren(el('h3', {}, el('code', {}, type), ' options'), ...kindOptions(type).map((o) => optionControl(type, o)));
    for (const instance of playground.instances) {
      destroyInstance(instance);
      mountInstance(playground, instance);
    }
    renderCode();
  };

  root.append(
    el(
      'div',
      { class: 'playground-head' },
      el('p', { class: 'lede' }, 'Pick a kind, change its options, and copy the code for exactly what you see.'),
      el('div', { class: 'kind-tabs', role: 'group', 'aria-label': 'Widget kind' }, el('span', { class: 'label' }, 'type'), kindTabs),
    ),
    el(
      'div',
      { class: 'playground-body' },
      el(
        'div',
        { class: 'playground-main' },
        el(
          'div',
          { class: 'stage' },
          playground.instances.map((i) => i.panel),
        ),
        el('div', { class: 'playground-controls' }, dataControls(), options, playground.message),
        codeTabs(),
      ),
      // The Sandbox panel and the event log of index.html, beside the widget they act on.
      root.querySelector('.side'),
    ),
  );
  showKind(playground.type);
}

/**
 * One widget of each kind with theme 'auto', sharing the data panel's values.
 * @param {HTMLElement} root
 */
function setupGallery(root) {
  const grid = el('div', { class: 'gallery' });
  for (const type of KIND_NAMES) {
    const instance = stagePanel('auto', `type: '${type}'`);
    const section = { type, instances: [instance] };
    sections.push(section);
    grid.append(instance.panel);
    mountInstance(section, instance);
  }
  root.append(grid);
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

/**
 * The faults, in the Sandbox panel above the event log, and the base URL they make and the proxy
 * switch, in the panel below it: the log sits right under the fault that fills it.
 * @param {HTMLElement} root the Sandbox panel
 * @param {HTMLElement} proxyRoot the Base URL panel
 */
function setupSandbox(root, proxyRoot) {
  const latencyId = nextId('latency');
  const failureId = nextId('failure');
  const proxyId = nextId('via-proxy');
  const viaProxy = el('input', { type: 'checkbox', id: proxyId });

  const latency = selectControl(
    latencyId,
    LATENCIES.map((ms) => [String(ms), ms ? `${ms} ms` : 'None']),
    '0',
  );
  const failure = selectControl(
    failureId,
    Object.entries(FAILURES).map(([key, { label }]) => [key, label]),
    'none',
  );
  const again = el('button', { type: 'button', class: 'button' }, 'Inject again');
  const baseUrl = el('code', { class: 'base-url', id: nextId('base-url') });

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
    }
    renderCode();
    show();
    logNote(
      viaProxy.checked
        ? `widgets: through the proxy at ${PROXY_BASE_URL}, no API key on the page`
        : 'widgets: straight to the sandbox with the API key',
    );
  });

  const form = el(
    'form',
    { class: 'sandbox-controls' },
    el('div', { class: 'field-row' }, el('div', { class: 'field' }, el('label', { for: latencyId }, 'Latency'), latency), again),
    el('div', { class: 'field' }, el('label', { for: failureId }, 'Failure'), failure),
    el('p', { class: 'help' }, 'Inject again gives each widget a fresh fault id, restarting counters such as "503 once".'),
  );
  const proxyForm = el(
    'form',
    { class: 'sandbox-controls' },
    el('div', { class: 'field' }, el('span', { class: 'label' }, 'Base URL of the light reputation widget'), baseUrl),
    el(
      'div',
      { class: 'field field-check' },
      viaProxy,
      el(
        'label',
        { for: proxyId },
        'Through the proxy: ',
        el('code', {}, `baseUrl: '${PROXY_BASE_URL}'`),
        ', no ',
        el('code', {}, 'apiKey'),
        ' on the page',
      ),
    ),
    el(
      'p',
      { class: 'help' },
      "repkit/proxy holds the key on the server and caches answers (docs/proxy.md); the Sandbox panel's faults do not apply through it.",
    ),
  );
  for (const f of [form, proxyForm]) f.addEventListener('submit', (event) => event.preventDefault());
  root.append(form);
  proxyRoot.append(proxyForm);
  show();
}

// ---------------------------------------------------------------------------------------------
// Event log
// ---------------------------------------------------------------------------------------------

const LOG_LIMIT = 200;
/** @type {{ load: number, error: number, list: HTMLElement | undefined, counts: HTMLElement | undefined }} */
const logState = { load: 0, error: 0, list: undefined, counts: undefined };

const timeStamp = () => {
  const now = new Date();
  const pad = (/** @type {number} */ n, w = 2) => String(n).padStart(w, '0');
  return `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}.${pad(now.getMilliseconds(), 3)}`;
};

/**
 * @param {string} kind `load`, `error` or `note`: the entry's colour
 * @param {string} name
 * @param {string | undefined} source which widget
 * @param {unknown} status
 * @param {string} message
 */
function addLogEntry(kind, name, source, status, message) {
  const { list } = logState;
  if (!list) return;
  const entry = el(
    'li',
    { class: `log-entry log-${kind}` },
    el(
      'div',
      { class: 'log-line' },
      el('time', {}, timeStamp()),
      el('span', { class: 'log-name' }, name),
      // The status before the source: the line then fits the side column, leaving room for more entries.
      status !== undefined && el('span', { class: 'log-status' }, String(status)),
      source && el('span', { class: 'log-source' }, source),
    ),
    message && el('p', { class: 'log-message', title: message }, message),
  );
  list.prepend(entry);
  while (list.childElementCount > LOG_LIMIT) list.lastElementChild?.remove();
  const { load, error, counts } = logState;
  if (counts) counts.textContent = `${load} load${load === 1 ? '' : 's'}, ${error} error${error === 1 ? '' : 's'}`;
}

/** @param {string} message */
function logNote(message) {
  addLogEntry('note', 'note', undefined, undefined, message);
}

/**
 * Which section and theme a widget host belongs to.
 * @param {EventTarget | null} host
 */
function sourceOf(host) {
  if (!(host instanceof HTMLElement)) return '?';
  const panel = host.closest('.stage-panel');
  const type = host.dataset.type ?? '?';
  return panel instanceof HTMLElement ? `${type} · ${panel.dataset.theme}` : type;
}

/**
 * The `name` and `statusCode` of anything thrown, when it has them (a ServiceError has both).
 * @param {unknown} error
 * @returns {{ name?: string, statusCode?: number }}
 */
const errorFields = (error) => (typeof error === 'object' && error !== null ? error : {});

/**
 * The element of index.html with this id.
 * @param {string} id
 */
function byId(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`demo: index.html has no #${id}`);
  return found;
}

function setupLog() {
  const list = byId('log-list');
  const counts = byId('log-counts');
  logState.list = list;
  logState.counts = counts;
  byId('log-clear').addEventListener('click', () => {
    list.replaceChildren();
    logState.load = logState.error = 0;
    counts.textContent = 'No events yet';
  });
  document.addEventListener('repkit:load', (event) => {
    logState.load++;
    addLogEntry('load', 'repkit:load', sourceOf(event.target), undefined, `address ${short(data.address)}`);
  });
  document.addEventListener('repkit:error', (event) => {
    logState.error++;
    const error = event.detail?.error;
    const { statusCode, name } = errorFields(error);
    addLogEntry('error', 'repkit:error', sourceOf(event.target), statusCode ?? name, messageOf(error));
  });
  // A strict page policy is part of the demo: report anything it blocks.
  document.addEventListener('securitypolicyviolation', (event) => {
    addLogEntry('error', 'CSP violation', event.effectiveDirective, undefined, `blocked ${event.blockedURI || 'inline code'}`);
  });
}

// ---------------------------------------------------------------------------------------------
// Client playground
// ---------------------------------------------------------------------------------------------

/**
 * The client's operations: name, call, and the code that makes the call.
 * @type {Array<[name: string, invoke: (client: ServiceClient, address: string, signal: AbortSignal) => Promise<unknown>, text: (address: string) => string]>}
 */
const OPERATIONS = [
  ['getScores', (c, a, s) => c.getScores(a, s), (a) => `client.getScores(${jsString(a)})`],
  ['getBadges', (c, a, s) => c.getBadges(a, s), (a) => `client.getBadges(${jsString(a)})`],
  ['getProfile', (c, a, s) => c.getProfile(a, s), (a) => `client.getProfile(${jsString(a)})`],
  ['getCategoryScore', (c, a, s) => c.getCategoryScore(a, 'longevity', s), (a) => `client.getCategoryScore(${jsString(a)}, 'longevity')`],
  ['getBadge', (c, a, s) => c.getBadge(a, 'early_adopter', s), (a) => `client.getBadge(${jsString(a)}, 'early_adopter')`],
];

/** @param {string} name the operation of {@link OPERATIONS} with this name (the first for none) */
const operationOf = (name) => OPERATIONS.find(([n]) => n === name) ?? OPERATIONS[0];

/** @param {HTMLElement} root */
function setupClient(root) {
  const opId = nextId('client-op');
  const addrId = nextId('client-address');
  const op = selectControl(
    opId,
    OPERATIONS.map(([name]) => [name, name]),
    'getScores',
  );
  const address = selectControl(addrId, ADDRESS_CHOICES, ADDRESSES.rich);
  const run = el('button', { type: 'submit', class: 'button button-primary' }, 'Run');
  const call = el('code', {});
  const output = el('code', {});
  const outputPre = el('pre', { class: 'client-output', tabIndex: 0, 'aria-label': 'Result', hidden: true }, output);
  const status = el('p', { class: 'client-status', role: 'status' });
  /** @type {AbortController | undefined} */
  let controller;

  const showCall = () => {
    const [, , text] = operationOf(op.value);
    // The sandbox straight, as the widgets' code tabs print it: the code runs as is on this origin.
    call.textContent = `const client = new ServiceClient({ apiKey: ${jsString(API_KEY)}, baseUrl: ${jsString(location.origin)} });\nconst result = await ${text(address.value)};`;
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
    const [, invoke] = operationOf(op.value);
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
      const { name, statusCode } = errorFields(error);
      output.textContent = `${name ?? 'Error'}${statusCode !== undefined ? ` (statusCode ${statusCode})` : ''}: ${messageOf(error)}`;
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
// Badges for READMEs (the proxy's SVG routes)
// ---------------------------------------------------------------------------------------------

/**
 * The proxy's SVG badges of the chosen address, with the Markdown that embeds them, drawn on
 * request: only `npm start` runs the proxy on /rep (a bare sandbox has no such route).
 * @param {HTMLElement} root
 */
function setupReadmeBadges(root) {
  const images = el('div', { class: 'readme-badges' });
  const markdown = el('pre', { class: 'client-call', tabIndex: 0 });
  const status = el('p', { class: 'help', role: 'status' });
  const show = el('button', { type: 'button', class: 'button' }, 'Draw the badges');
  show.addEventListener('click', () => {
    const urls = ['reputation', 'badges'].map((kind) => `${location.origin}/rep/badge/${kind}/${encodeURIComponent(data.address)}.svg`);
    images.replaceChildren(
      ...urls.map((url, i) => {
        const img = el('img', { src: url, alt: i ? 'Badges' : 'Reputation' });
        img.addEventListener('error', () => (status.textContent = 'No proxy answers on /rep here: start the demo with npm start.'));
        return img;
      }),
    );
    markdown.textContent = urls.map((url, i) => `![${i ? 'Badges' : 'Reputation'}](${url})`).join('\n');
  });
  root.append(show, images, markdown, status);
}

// ---------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------

setupLog();
/** @type {Array<[string, (root: HTMLElement) => void]>} */
const PARTS = [
  ['playground', setupPlayground],
  ['gallery', setupGallery],
];
for (const [id, setup] of PARTS) {
  const root = byId(id);
  try {
    setup(root);
  } catch (error) {
    // Never let one part take the page down.
    root.append(el('p', { class: 'notice notice-error' }, `This part failed to start: ${messageOf(error)}`));
    console.error(error);
  }
}
setupSandbox(byId('sandbox'), byId('base-url'));
setupClient(byId('client'));
setupReadmeBadges(byId('readme-badges'));
