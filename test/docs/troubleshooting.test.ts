/**
 * docs/troubleshooting.md names every sentence a visitor can see: each message of the catalogue
 * (src/i18n/messages.ts) that is a sentence (ends with "." or "…") is on the page, its `$` read as
 * whatever the widget puts there. A sentence added to the catalogue without a line on the page
 * fails here.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { optionDocs } from '../../scripts/option-docs.mjs';
import { createProxy } from '../../src/proxy';

// happy-dom's URL is the global one here; a path keeps to node:fs's terms.
const PAGE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../docs/troubleshooting.md'), 'utf8');

/** The words of a page as shown: code marks and escapes dropped, spaces and line breaks as one space. */
const shown = (markdown: string): string => markdown.replace(/`/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ');

/** The parts of a message around its `$`, each of which the page must show. */
const fixedParts = (message: string): string[] =>
  message
    .split('$')
    .map((part) => part.trim())
    .filter(Boolean);

const SENTENCES = optionDocs()
  .messages.map((m) => m.name)
  .filter((name) => /[.…]$/.test(name));

describe('docs/troubleshooting.md', () => {
  it('has the sentences of the catalogue to check', () => {
    expect(SENTENCES.length).toBeGreaterThan(20);
    expect(SENTENCES).toContain('Invalid API key.');
  });

  it.each(SENTENCES)('names "%s"', (sentence) => {
    const text = shown(PAGE);
    for (const part of fixedParts(sentence)) expect(text, sentence).toContain(part);
  });
});

describe("docs/troubleshooting.md's operator section", () => {
  it('quotes the error createProxy throws for a missing key, word for word', () => {
    const quoted = /a missing `REPKIT_API_KEY` reads\s+`([^`]+)`/.exec(PAGE)?.[1];
    expect(quoted).toBeDefined();
    let thrown: unknown;
    try {
      createProxy({ upstream: 'https://api.example' } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(`${(thrown as Error).name}: ${(thrown as Error).message}`).toBe(quoted);
  });
});
