/**
 * The failure chunk (src/widgets/messages.ts) and the key chunk's sentences
 * (src/widgets/key-suggestion.ts), called as the scripts call them: with what the script passes in.
 */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors';
import { wordsFor } from '../../src/i18n/locale';
import { html, renderInto } from '../../src/render/html';
import { describeFailure, staleNote } from '../../src/widgets/messages';
import { missingKeySentence } from '../../src/widgets/key-suggestion';
import { COULD_NOT_SHOW, quotaSentence } from '../../src/widgets/sentences';

const en = { ...wordsFor('en-US') };
const de = {
  ...wordsFor('en-US', {
    'As of $.': 'Stand: $.',
    'Timed out.': 'Zeitüberschreitung.',
    'There is no such badge: did you mean "$"?': 'Kein solches Abzeichen: „$“?',
  }),
};

describe('describeFailure (the failure chunk)', () => {
  it.each([
    [new ServiceError(400, 'GET x: HTTP 400'), 'This is not a valid address.', false],
    [new ServiceError(503, 'GET x: HTTP 503'), 'The service is having trouble.', true],
    [new ServiceError(0, 'GET x: timed out after 5 ms', { kind: 'timeout' }), 'Timed out.', true],
    [new ServiceError(0, 'GET x: invalid API key', { kind: 'invalid-key' }), 'Invalid API key.', false],
    [new Error('a view threw'), COULD_NOT_SHOW, true],
  ])('says %s as "%s" (retry: %s)', (error, sentence, retry) => {
    expect(describeFailure(error, 'none yet', en)).toMatchObject({ sentence, retry });
  });

  it("takes a 404's sentence from the widget, calmly", () => {
    expect(describeFailure(new ServiceError(404, 'GET x: HTTP 404'), 'No profile set up yet.', en)).toMatchObject({
      sentence: 'No profile set up yet.',
      empty: true,
      retry: false,
    });
  });

  it('says when a spent quota resets, in the locale', () => {
    const at = Date.UTC(2030, 0, 2, 3, 4, 5);
    const error = new ServiceError(429, 'GET x: quota used up', { kind: 'quota', retryAt: at });
    expect(describeFailure(error, '', en).sentence).toBe(quotaSentence(at, en));
    expect(quotaSentence(at, en)).toBe(`Quota used up: trying again at ${new Date(at).toLocaleString('en-US')}.`);
  });
});

describe('staleNote (the failure chunk)', () => {
  it('is markup of the html tag it is given: when the data was loaded and why it was not reloaded, in the words given', () => {
    const note = staleNote(html, new ServiceError(0, 'GET x: timed out', { kind: 'timeout' }), Date.now() - 5 * 60000, de);
    const view = document.createElement('div');
    renderInto(view, html`${note}`);
    const p = view.querySelector('[part="stale"]')!;
    expect(p.getAttribute('role')).toBe('status');
    expect(p.textContent).toBe('Stand: 5 minutes ago. Zeitüberschreitung.');
    expect(p.querySelector('time')?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('missingKeySentence (the key chunk)', () => {
  const explained = (details: { meant?: string; defined?: string[] }) => new ServiceError(404, 'GET x: HTTP 404', details);

  it('names the key a 404 probably meant, in the visitor’s words', () => {
    expect(missingKeySentence(explained({ meant: 'governance' }), en, 'category')).toBe(
      'There is no such category: did you mean "governance"?',
    );
    expect(missingKeySentence(explained({ meant: 'early' }), de, 'badge')).toBe('Kein solches Abzeichen: „early“?');
  });

  it('lists the defined keys when none is like it', () => {
    expect(missingKeySentence(explained({ defined: ['a', 'b'] }), en, 'badge')).toBe('There is no such badge. Defined badges: a, b.');
  });

  it('says nothing of a 404 it did not explain', () => {
    expect(missingKeySentence(explained({}), en, 'badge')).toBeUndefined();
  });
});
