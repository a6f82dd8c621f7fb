// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ErrorPage } from './ErrorPage';

function Path() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function errorPage(route: string) {
  renderWithApp(
    <>
      <Routes>
        <Route path="/error" element={<ErrorPage />} />
        <Route path="/error/:variant" element={<ErrorPage />} />
      </Routes>
      <Path />
    </>,
    { route },
  );
}

describe('the error pages', () => {
  it.each([
    ['/error', 'Something unexpected happened', 'Go back to the home page and try again.'],
    ['/error/error-v1', 'How did you get here', null],
    ['/error/ERROR-V5', 'Service unavailable', 'The portal is being updated. Please come back in a few minutes.'],
  ])('%s says what happened, with a way back home', (route, title, text) => {
    errorPage(route);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    if (text) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(document.title).toContain(title);
  });

  it('sends an unknown error page to the page-not-found one', () => {
    errorPage('/error/error-v9');
    expect(screen.getByTestId('path').textContent).toBe('/error/error-v1');
    expect(screen.getByRole('heading', { level: 1, name: 'How did you get here' })).toBeTruthy();
  });
});
