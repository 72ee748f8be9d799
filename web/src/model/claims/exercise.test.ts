import { describe, expect, it } from 'vitest';
import presetsJson from '../../../../public/presets/presets.json?raw';
import { parseExercise } from './exercise';
import { parsePresets } from './presets';

const good = { question: 'Which first?', options: ['A', 'B'], answer: 1, explain: 'B, because.' };

describe('preset exercises', () => {
  it('reads objectives and a prediction; the answer may be given as the option text', () => {
    expect(parseExercise({ objectives: ['Explain X.'], predict: good }, 'x')).toEqual({
      objectives: ['Explain X.'],
      predict: good,
      problems: [],
    });
    expect(parseExercise({ predict: { ...good, answer: 'A' } }, 'x').predict?.answer).toBe(0);
  });

  it('leaves a wrong exercise out and says why', () => {
    expect(parseExercise({ predict: { ...good, answer: 2 } }, 'x')).toEqual({
      objectives: undefined,
      predict: undefined,
      problems: ['preset "x": predict\'s answer must be one of its 2 options (0 to 1) — left out'],
    });
    expect(parseExercise({ predict: { ...good, options: ['only'] } }, 'x').problems[0]).toContain(
      'at least two options',
    );
    expect(parseExercise({ objectives: 'learn' }, 'x').problems[0]).toContain('objectives must be a list');
  });

  it('the presets file carries valid exercises', () => {
    const { presets, problems } = parsePresets(JSON.parse(presetsJson));
    expect(problems).toEqual([]);
    const withPredict = presets.filter((p) => p.predict);
    expect(withPredict.map((p) => p.id)).toEqual(expect.arrayContaining(['fall-floyd-drops', 'le-fig4']));
    for (const p of withPredict) expect(p.objectives?.length).toBeGreaterThan(0);
  });
});
