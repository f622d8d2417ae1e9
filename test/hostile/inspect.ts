/**
 * What the widget templates write, as data, and a check that a rendered view holds nothing
 * else. Shared by the happy-dom suite (called directly) and the Chromium suite (passed to
 * `page.evaluate`, so {@link inspectView} uses nothing from outside its own body). Not a test
 * file itself.
 *
 * The allowlists were read off the templates: each kind's tags are in its sample
 * (src/widgets/kinds/<kind>/sample.ts `tags`), read off its view.ts; the common ones off
 * base-widget.ts (`renderAddress`), host.ts (the view), messages.ts (the error view) and
 * src/render/identicon.ts. Data never chooses a tag or an attribute name; it only fills
 * text and the values of a few attributes (title, data-category, data-badge, data-platform,
 * datetime, href, src), and those are checked here or by the suites.
 */
import { WIDGET_PARTS } from '../../src/embed/element';
import { SAMPLES, type WidgetType } from '../helpers/kinds';

export type Kind = WidgetType;

export interface InspectRules {
  /** Tags the kind's templates write (the view's own `div` included). */
  tags: string[];
  /** Attribute names (lower case) each tag may carry. */
  attributes: Record<string, string[]>;
  /** Values of `part` the README documents. */
  parts: string[];
  /** Attributes whose value the template fixes. */
  fixed: Record<string, string[]>;
}

/** The error view (messages.ts), which any kind may show. */
const ERROR_TAGS = ['div', 'p', 'button'];

const ATTRIBUTES: Record<string, string[]> = {
  div: ['class', 'part', 'role', 'data-badge', 'data-tier', 'aria-busy', 'lang', 'dir'],
  span: ['class', 'part', 'title', 'aria-hidden', 'role', 'data-share', 'style', 'data-extra', 'hidden'],
  strong: ['class', 'part'],
  p: ['class', 'part', 'role', 'aria-live'],
  ul: ['class', 'part', 'aria-label'],
  ol: ['class', 'part', 'aria-label'],
  li: ['class', 'part', 'data-category', 'data-badge', 'data-tier', 'data-platform', 'aria-current'],
  time: ['datetime'],
  img: ['src', 'alt', 'loading', 'referrerpolicy'],
  a: ['href', 'target', 'rel'],
  button: ['type', 'class', 'part', 'data-action', 'aria-label', 'aria-expanded'],
  svg: ['class', 'viewbox', 'aria-hidden'],
  rect: ['x', 'y', 'width', 'height', 'fill'],
  g: ['fill'],
};

/** The parts a view may name: those <repkit-widget> forwards, so each stays styleable from the page. */
const PARTS = [...WIDGET_PARTS];

const FIXED: Record<string, string[]> = {
  target: ['_blank'],
  rel: ['noopener noreferrer nofollow'],
  loading: ['lazy'],
  referrerpolicy: ['no-referrer'],
  alt: [''],
  type: ['button'],
  'aria-hidden': ['true'],
  'aria-busy': ['true', 'false'],
  dir: ['', 'rtl', 'ltr'],
  'aria-current': ['step', 'true'],
  'aria-label': ['Score by category', 'Levels', 'Copy address', 'Social accounts', 'On-chain identities', 'Ways to score'],
  role: ['status', 'alert'],
  'data-action': ['copy', 'retry', 'more'],
  'aria-expanded': ['false'],
  'aria-live': ['polite'],
  'data-tier': ['bronze', 'silver', 'gold', 'platinum', 'diamond', 'none'],
  width: ['1', '7'],
  height: ['1', '7'],
};

/** The rules for one widget kind (its ready view, plus the error view). */
export const rulesFor = (kind: Kind): InspectRules => ({
  tags: [...new Set([...SAMPLES[kind].tags, ...ERROR_TAGS])],
  attributes: ATTRIBUTES,
  parts: PARTS,
  fixed: FIXED,
});

/**
 * Problems found in `view` (the `[part="widget"]` element): empty when every element is one
 * the templates write, with only the attributes they write, no event handler, and every
 * `href` / `src` an absolute http(s) URL (or `mailto:` an email address for `href`).
 * Self-contained: it runs in a browser page through `page.evaluate` as well.
 */
export const inspectView = (view: Element, rules: InspectRules): string[] => {
  const problems: string[] = [];
  const short = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
  const httpUrl = (value: string) => {
    try {
      const url = new URL(value);
      return (url.protocol == 'http:' || url.protocol == 'https:') && url.href == value;
    } catch {
      return false;
    }
  };
  const banned = [
    'script',
    'style',
    'iframe',
    'object',
    'embed',
    'link',
    'meta',
    'base',
    'form',
    'input',
    'textarea',
    'template',
    'math',
    'noscript',
    'foreignobject',
  ];
  for (const tag of banned) if (view.querySelector(tag)) problems.push(`a <${tag}> in the view`);
  for (const element of [view, ...Array.from(view.querySelectorAll('*'))]) {
    const tag = element.tagName.toLowerCase();
    if (!rules.tags.includes(tag)) problems.push(`<${tag}> is not written by the templates`);
    const allowed = rules.attributes[tag] ?? [];
    for (const { name: rawName, value } of Array.from(element.attributes)) {
      const name = rawName.toLowerCase();
      const where = `${name} on <${tag}>`;
      if (name.startsWith('on')) problems.push(`event handler attribute ${where}`);
      // The card's off-screen height, written by the scheduler from a measured number (scheduler.ts).
      if (element == view && name == 'style' && /^contain-intrinsic-height: auto [\d.]+px;$/.test(value)) continue;
      if (!allowed.includes(name)) problems.push(`attribute ${where} is not written by the templates`);
      const fixed = rules.fixed[name];
      if (fixed && !fixed.includes(value)) problems.push(`${where} has the value ${short(value)}`);
      if (name == 'class' && !value.split(' ').every((token) => /^rk(-{1,2}[a-z0-9]+)*$/.test(token))) {
        problems.push(`class ${short(value)} on <${tag}>`);
      }
      if (name == 'part' && !value.split(' ').every((token) => rules.parts.includes(token)))
        problems.push(`part ${short(value)} on <${tag}>`);
      if (name == 'style' && !(element.classList.contains('rk-fill') && /^--rk-share:\s*[\d.]+;?$/.test(value.trim()))) {
        problems.push(`style ${short(value)} on <${tag}>`);
      }
      if (name == 'data-share' && !/^(0|[01]\.\d{3})$/.test(value)) problems.push(`data-share ${short(value)}`);
      if ((name == 'fill' && !/^hsl\(\d+ \d+% \d+%\)$/.test(value)) || ((name == 'x' || name == 'y') && !/^-?\d$/.test(value))) {
        problems.push(`${where} has the value ${short(value)}`);
      }
      if (name == 'viewbox' && value != '-1 -1 7 7') problems.push(`${where} has the value ${short(value)}`);
      if (name == 'src' && !httpUrl(value)) problems.push(`src ${short(value)} is not an absolute http(s) URL`);
      if (name == 'href' && !httpUrl(value) && !/^mailto:[\w.+-]+@[a-z\d-]+(\.[a-z\d-]+)+$/i.test(value)) {
        problems.push(`href ${short(value)} is neither an absolute http(s) URL nor mailto: an email address`);
      }
    }
  }
  return problems;
};
