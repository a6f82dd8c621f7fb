// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { PropertyDialog } from './PropertyDialog';

describe("a property's dialog", () => {
  it('opens with its title and intro, and closes by its labelled button, not by a click outside', async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <PropertyDialog title="Tariffs · Pine Lake" intro="Prices in the property's zone." onClose={onClose}>
        <p>the versions</p>
      </PropertyDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Tariffs · Pine Lake' });
    expect(dialog.textContent).toContain("Prices in the property's zone.");
    expect(dialog.textContent).toContain('the versions');

    await user.click(document.querySelector('.mantine-Modal-overlay')!);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
