/**
 * Prints README's option tables, generated from the JSDoc of the options interfaces
 * (`npm run docs:options`), or with `--write` puts them in README in place of the old ones;
 * ./readme-options.test.ts checks that README's tables are these.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { documentedTables, markdownTable, rewriteReadme } from './option-tables';

const tables = documentedTables();
if (process.argv.includes('--write')) {
  const path = new URL('../../README.md', import.meta.url);
  writeFileSync(path, rewriteReadme(readFileSync(path, 'utf8'), tables));
} else {
  console.log(tables.map(markdownTable).join('\n\n'));
}
