// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { Pager } from './Pager';

describe('the pager', () => {
  it('names every control for screen readers, and says which page is asked for', async () => {
    const onChange = vi.fn();
    const { user } = renderWithApp(<Pager total={5} value={2} onChange={onChange} withEdges />);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page', 'Page 1', 'Page 5']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onChange.mock.calls).toEqual([[3], [5]]);
  });
});
