// A preset's exercise (presets.json, written by scripts/exercise-presets.py):
//   "objectives": ["Explain why ...", ...]
//   "predict": { "question": "...", "options": ["A", "B", ...], "answer": 1, "explain": "..." }
// answer is the index of the right option (or its text). A wrong exercise is left out
// with a message; the preset itself still opens.

export interface Prediction {
  question: string;
  options: string[];
  /** Index into options. */
  answer: number;
  explain: string;
}

const nonEmpty = (x: unknown): x is string => typeof x === 'string' && x.trim() !== '';

export function parseExercise(
  o: Record<string, unknown>,
  id: string,
): { objectives?: string[]; predict?: Prediction; problems: string[] } {
  const problems: string[] = [];
  let objectives: string[] | undefined;
  let predict: Prediction | undefined;
  if (o.objectives !== undefined) {
    if (Array.isArray(o.objectives) && o.objectives.every(nonEmpty)) objectives = o.objectives as string[];
    else problems.push(`preset "${id}": objectives must be a list of sentences — left out`);
  }
  if (o.predict !== undefined) {
    const p = (o.predict ?? {}) as Record<string, unknown>;
    const options = Array.isArray(p.options) && p.options.every(nonEmpty) ? (p.options as string[]) : null;
    const answer =
      typeof p.answer === 'number'
        ? p.answer
        : options && typeof p.answer === 'string'
          ? options.indexOf(p.answer)
          : -1;
    if (!nonEmpty(p.question) || !nonEmpty(p.explain) || !options || options.length < 2)
      problems.push(`preset "${id}": predict needs a question, at least two options and an explanation — left out`);
    else if (!Number.isInteger(answer) || answer < 0 || answer >= options.length)
      problems.push(
        `preset "${id}": predict's answer must be one of its ${options.length} options (0 to ${options.length - 1}) — left out`,
      );
    else predict = { question: p.question, options, answer, explain: p.explain };
  }
  return { objectives, predict, problems };
}
