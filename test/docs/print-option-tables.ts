/**
 * Prints README's option tables from the kind descriptors (`npm run docs:options`), to paste
 * into README; ./readme-options.test.ts checks that README's tables agree with them.
 */
import { DOCUMENTED_TABLES, markdownTable } from './option-tables';

process.stdout.write(DOCUMENTED_TABLES.map(markdownTable).join('\n\n') + '\n');
