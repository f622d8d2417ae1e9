/**
 * The documentation's option tables are the JSDoc of the public options interfaces, word for
 * word: for each kind, for the options every kind accepts and for the client, docs/reference.md
 * has a table (found by its heading, wherever it sits) whose rows are generated from the
 * interface (name, type, `@default`, description), and docs/theming.md has the table of
 * messages generated from `Messages`. An option or message added, renamed or re-described
 * without `npm run docs:options -- --write` fails here. The documented defaults are also checked
 * against the values the widgets really apply.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  documentedTables,
  generatedPages,
  markdownTable,
  MESSAGES_PAGE,
  messagesTable,
  OPTIONS_PAGE,
  rewritePage,
  tableLines,
} from './option-tables';
import { WIDGET_TYPES } from '../../src/index';

// happy-dom's URL is the global one here; a path keeps to node:fs's terms.
const read = (page: string): string => readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../..', page), 'utf8');

const TABLES = documentedTables();

describe.each(TABLES)('$page, "$heading"', (table) => {
  it('is the table generated from the interface, row for row', () => {
    const found = tableLines(read(table.page), table.heading);
    expect(found, `${table.page} has no table under a heading "${table.heading}"`).toBeDefined();
    expect(found!.lines).toEqual(markdownTable(table).split('\n').slice(2));
  });

  it('describes every option, and documents the default each one really has', () => {
    for (const option of table.options) {
      expect(option.description, option.name).toMatch(/^\S[^\n]*\.$/);
      const applied = Object.hasOwn(table.table, option.name) ? table.table[option.name]!.default : undefined;
      expect(Object.hasOwn(table.table, option.name), `${option.name} has a runtime option`).toBe(true);
      if (applied !== undefined) expect(option.defaultValue, `${option.name}'s @default`).toEqual(applied);
    }
  });
});

describe('the tables', () => {
  it('cover every option of every kind, once', () => {
    for (const type of WIDGET_TYPES) {
      const kindTable = TABLES.find((t) => t.heading.toLowerCase().startsWith(type.replace(/s$/, '')));
      const names = [...TABLES[0]!.options, ...(kindTable?.options ?? [])].map((o) => o.name);
      expect(new Set(names).size, type).toBe(names.length);
      expect(names.sort(), type).toEqual(Object.keys(kindTable?.table ?? TABLES[0]!.table).sort());
    }
  });

  it('are on the option and message pages, each page rewritten from the interfaces being the page itself', () => {
    expect(generatedPages(TABLES)).toEqual(expect.arrayContaining([OPTIONS_PAGE, MESSAGES_PAGE]));
    for (const page of generatedPages(TABLES)) expect(rewritePage(page, read(page), TABLES), page).toBe(read(page));
  });

  it('list every message of the catalogue, each described', () => {
    const found = tableLines(read(MESSAGES_PAGE), 'Messages');
    expect(found?.lines).toEqual(messagesTable().split('\n').slice(2));
    expect(found!.lines.length).toBeGreaterThan(60);
    expect(messagesTable()).not.toMatch(/\|\s*\|\s*$/m);
  });

  it('gives a kind whose heading the page lacks (a new kind) a section of its own, after the kind before it', () => {
    const kindTables = TABLES.filter((t) => t.page == OPTIONS_PAGE && t.heading.endsWith(' widget options'));
    const last = kindTables.at(-1)!;
    const page = read(OPTIONS_PAGE);
    const found = tableLines(page, last.heading)!;
    const lines = page.split('\n');
    // The page as it was before that kind: its heading, blank line and table gone.
    lines.splice(found.start - 2, found.lines.length + 2);
    const without = lines.join('\n');
    expect(tableLines(without, last.heading)).toBeUndefined();
    const rewritten = rewritePage(OPTIONS_PAGE, without, TABLES);
    expect(tableLines(rewritten, last.heading)?.lines).toEqual(markdownTable(last).split('\n').slice(2));
    const headings = rewritten.split('\n').filter((line) => line.endsWith(' widget options'));
    const order = headings.map((line) => line.replace(/^#+ /, ''));
    expect([...order].sort()).toEqual(kindTables.map((t) => t.heading).sort());
    expect(order[order.indexOf(last.heading) - 1]).toBe(kindTables.at(-2)!.heading);
  });

  it('a changed description is seen: the rewrite differs', () => {
    const changed = TABLES.map((t) => ({ ...t, options: t.options.map((o) => ({ ...o, description: o.description + ' Changed.' })) }));
    expect(rewritePage(OPTIONS_PAGE, read(OPTIONS_PAGE), changed)).not.toBe(read(OPTIONS_PAGE));
  });
});
