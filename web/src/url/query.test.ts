import { describe, expect, it } from 'vitest';
import { queryAsHash } from './query';

describe('a link with a query string', () => {
  it('is read as the hash it meant, with the version', () => {
    expect(queryAsHash('?f0.protocol=sack', '')?.hash).toBe('#v=3&f0.protocol=sack');
  });
  it('keeps the hash and lets it win a key both name', () => {
    expect(queryAsHash('?f0.protocol=sack&seed=3', '#v=2&f0.protocol=cubic')?.hash).toBe(
      '#v=2&f0.protocol=cubic&seed=3',
    );
  });
  it('is nothing to move when there is no query', () => {
    expect(queryAsHash('', '#v=2')).toBeNull();
    expect(queryAsHash('?', '#v=2')).toBeNull();
  });
});
