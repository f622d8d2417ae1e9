/**
 * Prints the documentation's option tables, generated from the JSDoc of the options interfaces
 * (`npm run docs:options`), or with `--write` puts them, and the messages table, in their pages
 * (docs/reference.md, docs/theming.md) in place of the old ones; ./readme-options.test.ts checks
 * that the pages' tables are these.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { documentedTables, generatedPages, markdownTable, rewritePage } from './option-tables';

const tables = documentedTables();
if (process.argv.includes('--write')) {
  for (const page of generatedPages(tables)) {
    const path = new URL(`../../${page}`, import.meta.url);
    writeFileSync(path, rewritePage(page, readFileSync(path, 'utf8'), tables));
  }
} else {
  console.log(tables.map(markdownTable).join('\n\n'));
}
