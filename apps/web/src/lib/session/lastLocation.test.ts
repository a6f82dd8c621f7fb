import { describe, expect, it } from 'vitest';
import { isRestorablePath } from './lastLocation';

describe('the last location', () => {
  it.each([
    ['/MySites', true],
    ['/UserList', true],
    ['/profile', true],
    ['/', false],
    ['/auth', false],
    ['/auth/login', false],
    ['/Auth/Registration', false],
    ['/logout', false],
    ['/authority', true],
  ])('%s is remembered: %s', (path, expected) => {
    expect(isRestorablePath(path)).toBe(expected);
  });
});
