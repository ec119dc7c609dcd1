// A whole-plant slice's time budget (docs/security.md "Probe data bounds"): once spent, a slice is told within
// a few items, so that items that turn slow (a collection's marking under way) cannot carry it far past it.
import { describe, expect, it } from 'vitest';
import { TurnBudget } from './event-loop-turns.js';

describe('TurnBudget', () => {
  it('tells a slice whose budget is already spent to stop within 8 items, and again at every 8th after', () => {
    const budget = new TurnBudget(0);
    const answers = Array.from({ length: 16 }, () => budget.spent());
    expect(answers.indexOf(true)).toBe(7);
    expect(answers.filter(Boolean)).toHaveLength(2);
  });

  it('lets a slice run while its budget lasts', () => {
    const budget = new TurnBudget(Number.POSITIVE_INFINITY);
    expect(Array.from({ length: 1000 }, () => budget.spent()).some(Boolean)).toBe(false);
    expect(budget.elapsed()).toBe(false);
  });
});
