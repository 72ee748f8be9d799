// The editor's language mode for `custom` programs: a small stream tokenizer (no
// grammar; the engine's own parser checks the program, lint.ts shows what it says) that
// tells keywords, handlers, fields, built-in functions, numbers, comments and operators
// apart, with the word lists from the schema (languageDecl.ts). Only the editor's lazy
// chunk loads this file.
import { HighlightStyle, StreamLanguage, syntaxHighlighting, type StringStream } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import type { LanguageDecl } from './languageDecl';

/** What the tokenizer calls each kind of word (tag names of @lezer/highlight). */
export const TOKEN = {
  keyword: 'keyword',
  handler: 'definitionKeyword',
  field: 'propertyName',
  writableField: 'propertyName.special',
  function: 'variableName.standard',
  variable: 'variableName',
  number: 'number',
  comment: 'lineComment',
  operator: 'operator',
  paren: 'paren',
  brace: 'brace',
  invalid: 'invalid',
} as const;

export interface WordKinds {
  keywords: Set<string>;
  handlers: Set<string>;
  fields: Set<string>;
  writable: Set<string>;
  functions: Set<string>;
}

export function wordKinds(lang: LanguageDecl): WordKinds {
  return {
    keywords: new Set(lang.keywords),
    handlers: new Set(lang.handlers.map((h) => h.name)),
    fields: new Set(lang.fields.map((f) => f.name)),
    writable: new Set(lang.fields.filter((f) => f.writable).map((f) => f.name)),
    functions: new Set(lang.functions.map((f) => f.name)),
  };
}

const NUMBER = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/;
const WORD = /^[A-Za-z_][A-Za-z0-9_]*/;
const OPERATOR = /^(<=|>=|==|!=|[-+*/%<>=!])/;

/** One token of the line at `stream` (its style name, null for plain text). */
export function nextToken(stream: StringStream, kinds: WordKinds): string | null {
  if (stream.eatSpace()) return null;
  if (stream.peek() === '#') {
    stream.skipToEnd();
    return TOKEN.comment;
  }
  if (stream.match(NUMBER)) return TOKEN.number;
  const word = stream.match(WORD) as RegExpMatchArray | null;
  if (word) {
    const w = word[0];
    if (kinds.keywords.has(w)) return TOKEN.keyword;
    if (kinds.handlers.has(w)) return TOKEN.handler;
    if (kinds.writable.has(w)) return TOKEN.writableField;
    if (kinds.fields.has(w)) return TOKEN.field;
    if (kinds.functions.has(w)) return TOKEN.function;
    return TOKEN.variable;
  }
  if (stream.match(OPERATOR)) return TOKEN.operator;
  const c = stream.next();
  if (c === '(' || c === ')') return TOKEN.paren;
  if (c === '{' || c === '}') return TOKEN.brace;
  if (c === ',' || c === ';') return null;
  return TOKEN.invalid;
}

/** The stream language for `lang` (no state: every line stands alone). */
export function customLanguage(lang: LanguageDecl): StreamLanguage<null> {
  const kinds = wordKinds(lang);
  return StreamLanguage.define<null>({
    name: 'custom-cc',
    startState: () => null,
    token: (stream) => nextToken(stream, kinds),
    languageData: { commentTokens: { line: '#' } },
  });
}

// Colours with at least 4.5:1 contrast on the editor's white (the page's --panel), as
// axe checks text: each is darker than the page's accent.
export const programHighlight = syntaxHighlighting(
  HighlightStyle.define([
    { tag: t.keyword, color: '#7a1fa2', fontWeight: '600' },
    { tag: t.definitionKeyword, color: '#0b5394', fontWeight: '600' },
    { tag: t.propertyName, color: '#00696b' },
    { tag: t.special(t.propertyName), color: '#00696b', fontWeight: '600' },
    { tag: t.standard(t.variableName), color: '#8a4b00' },
    { tag: t.number, color: '#1a6b1a' },
    { tag: t.lineComment, color: '#5b6776', fontStyle: 'italic' },
    { tag: t.operator, color: '#1b2430' },
    { tag: t.invalid, color: '#b00020', textDecoration: 'underline wavy' },
  ]),
);
