import { describe, expect, it } from 'vitest';
import { todayIn } from './period';

describe('todayIn', () => {
  it('takes the date in the property’s zone', () => {
    const now = new Date('2026-11-01T05:30:00Z');
    expect(todayIn('America/Denver', now)).toBe('2026-10-31');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-11-01');
    expect(todayIn('Not/AZone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
