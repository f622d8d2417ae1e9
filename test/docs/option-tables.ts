/**
 * The documentation's generated tables (options in docs/reference.md, messages in
 * docs/theming.md), made from the one place each is described: the JSDoc of the public options
 * interfaces and of `Messages`, as scripts/option-docs.mjs reads it (the demo's option controls are
 * built from the same). ./readme-options.test.ts keeps each page equal to these tables, and
 * `npm run docs:options -- --write` rewrites the pages' tables from them.
 */
import { optionDocs, type DocumentedOption } from '../../scripts/option-docs.mjs';
import { CLIENT_LIMITS, DEFAULT_BASE_URL } from '../../src/client/options';
import { PROXY_OPTIONS, type ProxyOption } from '../../src/proxy/options';
import { CARD_OPTIONS } from '../../src/proxy/share/options';
import { COMMON_OPTIONS } from '../../src/widgets/common-options';
import { ALL_KINDS } from '../../src/widgets/create-widget';
import { ownValue } from '../../src/util/values';

export type { DocumentedOption };

/** One generated table: its page, its heading and the options it documents, in the interface's order. */
export interface DocumentedTable {
  heading: string;
  /** The page that holds it, relative to the repository root. */
  page: string;
  /** The kind's runtime option table, to check the documented defaults against. */
  table: Readonly<Record<string, { readonly default?: unknown }>>;
  options: DocumentedOption[];
  /** Rows the table has that are not options of the interface (`type` is createWidget's). */
  extra: readonly string[];
}

/** The defaults `new ServiceClient()` applies, by option (for the check of its `@default`s). */
const CLIENT_DEFAULTS: Record<string, { default?: unknown }> = {
  apiKey: {},
  baseUrl: { default: DEFAULT_BASE_URL },
  ...Object.fromEntries(Object.entries(CLIENT_LIMITS).map(([name, limits]) => [name, { default: limits.default }])),
  fetch: {},
};

/** The proxy's options, each with the default it applies when not given. */
const PROXY_DEFAULTS: Readonly<Record<string, ProxyOption<unknown>>> = PROXY_OPTIONS;

/** The page of every option table but the proxy's. */
export const OPTIONS_PAGE = 'docs/reference.md';

/** The page of the proxy's option table. */
export const PROXY_PAGE = 'docs/proxy.md';

/** The page of the table of messages, under "Languages". */
export const MESSAGES_PAGE = 'docs/theming.md';

/** The heading of a kind's own options: "Reputation widget options". */
const headingOf = (kind: string): string => `${kind[0]!.toUpperCase()}${kind.slice(1)} widget options`;

/** Every option table the documentation must have, found on its page by heading text wherever the heading sits. */
export const documentedTables = (): DocumentedTable[] => {
  const docs = optionDocs();
  return [
    { heading: 'Options every kind accepts', page: OPTIONS_PAGE, table: COMMON_OPTIONS, options: docs.common, extra: ['type'] },
    { heading: 'Client options', page: OPTIONS_PAGE, table: CLIENT_DEFAULTS, options: docs.client, extra: [] },
    { heading: 'Proxy options', page: PROXY_PAGE, table: PROXY_DEFAULTS, options: docs.proxy, extra: [] },
    { heading: 'Card options', page: PROXY_PAGE, table: CARD_OPTIONS, options: docs.card, extra: [] },
    // Every kind folder; an alias such as `badges` has no folder and no table of its own.
    ...Object.entries(docs.kinds).map(([kind, options]) => {
      const widgetClass = ownValue(ALL_KINDS.$byType, kind);
      if (!widgetClass) throw new Error(`src/widgets/kinds/${kind} is not in the registry (src/widgets/kinds/index.ts)`);
      return { heading: headingOf(kind), page: OPTIONS_PAGE, table: widgetClass.kind.options, options, extra: [] };
    }),
  ];
};

/** A markdown cell: pipes escaped, as they would end the cell. */
const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** A table's default cell: "required", the `@default` literal, or "none". */
export const defaultCell = (option: DocumentedOption): string =>
  option.required ? 'required' : option.default !== undefined ? '`' + option.default + '`' : 'none';

/** One option's row. */
export const markdownRow = (option: DocumentedOption): string =>
  `| \`${option.name}\` | ${cell('`' + option.type + '`')} | ${cell(defaultCell(option))} | ${cell(option.description)} |`;

/** The rows of `table` as markdown, under its heading (the `type` row of the common table first). */
export const markdownTable = (table: DocumentedTable): string =>
  [
    `#### ${table.heading}`,
    '',
    '| Option | Type | Default | Description |',
    '|---|---|---|---|',
    ...(table.extra.includes('type') ? [TYPE_ROW] : []),
    ...table.options.map(markdownRow),
  ].join('\n');

/** `createWidget`'s own option, which no interface of options holds (it picks the interface). */
export const TYPE_ROW = `| \`type\` | \`${Object.keys(ALL_KINDS.$byType)
  .map((type) => `'${type}'`)
  .join(' \\| ')}\` | required | Which widget to build (\`createWidget\` and the element; \`'badges'\` is an alias of \`'badge'\`). |`;

/**
 * The lines of the table under the heading whose text is `heading` (any level), before the next
 * heading; undefined when the page has no such heading or no table under it.
 */
export const tableLines = (page: string, heading: string): { start: number; lines: string[] } | undefined => {
  const lines = page.split('\n');
  const at = lines.findIndex((line) => /^#{1,6}\s/.test(line) && line.replace(/^#+\s*/, '').trim() == heading);
  if (at < 0) return undefined;
  let i = at + 1;
  while (i < lines.length && !/^#{1,6}\s/.test(lines[i]!) && !lines[i]!.trim().startsWith('|')) i++;
  if (i >= lines.length || !lines[i]!.trim().startsWith('|')) return undefined;
  const start = i;
  while (i < lines.length && lines[i]!.trim().startsWith('|')) i++;
  return { start, lines: lines.slice(start, i) };
};

/**
 * The table of messages (under "Messages", on MESSAGES_PAGE), generated from the JSDoc of `Messages`
 * (src/i18n/messages.ts): the English text a `messages` override or a catalogue keys it by, and
 * what it is for.
 */
export const messagesTable = (messages = optionDocs().messages): string =>
  [
    '#### Messages',
    '',
    '| Message (English, the key) | Form | Said |',
    '|---|---|---|',
    ...messages.map((m) => `| ${cell('`' + m.name + '`')} | ${m.type == 'string' ? 'text' : 'plural'} | ${cell(m.description)} |`),
  ].join('\n');

/** The lines of a generated table (its heading and blank line dropped) in place of the page's table under `heading`. */
const replaceTable = (page: string, heading: string, generated: string): string => {
  const found = tableLines(page, heading);
  if (!found) throw new Error(`no table under a heading "${heading}"`);
  const lines = page.split('\n');
  lines.splice(found.start, found.lines.length, ...generated.split('\n').slice(2));
  return lines.join('\n');
};

/** Every page that holds a generated table. */
export const generatedPages = (tables: DocumentedTable[]): string[] => [...new Set([...tables.map((t) => t.page), MESSAGES_PAGE])];

/**
 * `text`, the page at `path`, with each table that page holds (option tables, and the messages
 * table on MESSAGES_PAGE) replaced by the one generated from the interfaces.
 */
export const rewritePage = (path: string, text: string, tables: DocumentedTable[], messages = messagesTable()): string => {
  let page = path == MESSAGES_PAGE ? replaceTable(text, 'Messages', messages) : text;
  const onPage = tables.filter((t) => t.page == path);
  onPage.forEach((table, index) => {
    if (!tableLines(page, table.heading) && index > 0) page = addSection(page, onPage[index - 1]!.heading, table.heading);
    page = replaceTable(page, table.heading, markdownTable(table));
  });
  return page;
};

/**
 * `page` with a section headed `heading` (at the level of `after`'s heading, with a table header for
 * its rows) just before the heading that follows `after`'s section: a new kind's options table
 * gets its place after the kind before it, and its prose can be written there.
 */
const addSection = (page: string, after: string, heading: string): string => {
  const lines = page.split('\n');
  const at = lines.findIndex((line) => /^#{1,6}\s/.test(line) && line.replace(/^#+\s*/, '').trim() == after);
  if (at < 0) throw new Error(`no heading "${after}" to put a section "${heading}" after`);
  const next = lines.findIndex((line, i) => i > at && /^#{1,6}\s/.test(line));
  const level = /^#+/.exec(lines[at]!)![0];
  lines.splice(
    next < 0 ? lines.length : next,
    0,
    `${level} ${heading}`,
    '',
    '| Option | Type | Default | Description |',
    '|---|---|---|---|',
    '',
  );
  return lines.join('\n');
};
