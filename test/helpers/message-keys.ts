/**
 * The catalogue's messages as the `Messages` interface (src/i18n/messages.ts) lists them, in
 * its order: each one's key (its English text) and whether it is a plural. The catalogue is a
 * type only (English is its keys), so the tests that compare catalogues with English read the
 * interface itself.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

export interface MessageKey {
  /** The message's English text (for a plural, its `other` form). */
  key: string;
  /** A {@link import('../../src/i18n/messages').Plural}: one text per plural category. */
  plural: boolean;
}

const FILE = resolve(__dirname, '../../src/i18n/messages.ts');

export const MESSAGE_KEYS: readonly MessageKey[] = (() => {
  const source = ts.createSourceFile(FILE, readFileSync(FILE, 'utf8'), ts.ScriptTarget.ES2022, true);
  const messages = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text == 'Messages');
  if (!messages) throw new Error(`${FILE} declares no interface Messages`);
  return messages.members.filter(ts.isPropertySignature).map((member) => {
    if (!ts.isStringLiteral(member.name) && !ts.isIdentifier(member.name)) throw new Error(`unexpected key ${member.name.getText(source)}`);
    return { key: member.name.text, plural: member.type?.getText(source) == 'Plural' };
  });
})();
