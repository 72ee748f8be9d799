// Completion for `custom` programs: fields with their unit and meaning (and whether the
// program may write them, and in which handlers they mean something), built-in functions
// with their signatures, keywords, handlers, and the program's own `var`s. Everything
// but the user's variables comes from the schema (languageDecl.ts).
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { LanguageDecl } from './languageDecl';

function fieldInfo(help: string, writable: boolean, handlers: string[]): string {
  const where = handlers.length ? ` Meaningful in ${handlers.join(', ')}.` : '';
  return `${help}${help.endsWith('.') || help === '' ? '' : '.'}${writable ? ' The program may set it.' : ' Read-only.'}${where}`.trim();
}

/** Every completion the schema gives, in the order the list shows them. */
export function schemaCompletions(lang: LanguageDecl): Completion[] {
  return [
    ...lang.fields.map((f) => ({
      label: f.name,
      type: 'property',
      detail: [f.unit && `(${f.unit})`, f.writable ? 'writable' : ''].filter(Boolean).join(' '),
      info: fieldInfo(f.help, f.writable, f.handlers),
      boost: 2,
    })),
    ...lang.functions.map((f) => ({ label: f.name, type: 'function', detail: f.signature, info: f.help, boost: 1 })),
    ...lang.handlers.map((h) => ({ label: h.name, type: 'keyword', detail: 'handler', info: h.help })),
    ...lang.keywords.map((k) => ({ label: k, type: 'keyword' })),
  ];
}

/** The names the program declares with `var NAME`. */
export function userVariables(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/(?:^|[\s;{}])var\s+([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(m[1]);
  return [...names];
}

/** A completion source for CodeMirror's autocompletion(). */
export function programCompletions(lang: LanguageDecl) {
  const fromSchema = schemaCompletions(lang);
  const known = new Set(fromSchema.map((c) => c.label));
  return (context: CompletionContext): CompletionResult | null => {
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    if (before.includes('#')) return null; // in a comment
    const word = context.matchBefore(/[A-Za-z_][A-Za-z0-9_]*/);
    if (!word && !context.explicit) return null;
    if (word && /\d/.test(line.text[word.from - line.from - 1] ?? '')) return null; // inside 1e3
    const vars = userVariables(context.state.doc.toString())
      .filter((n) => !known.has(n))
      .map((n) => ({ label: n, type: 'variable', detail: 'your variable' }));
    return {
      from: word ? word.from : context.pos,
      options: [...fromSchema, ...vars],
      validFor: /^[A-Za-z_][A-Za-z0-9_]*$/,
    };
  };
}
