// @vitest-environment node
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHIPPED_LOCALES } from '../../src/i18n/shipped';

describe('the catalogues repkit/server carries', () => {
  it('are every language in src/locales/', () => {
    const files = readdirSync(new URL('../../src/locales/', import.meta.url)).map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(SHIPPED_LOCALES).sort()).toEqual(files.sort());
  });
});
