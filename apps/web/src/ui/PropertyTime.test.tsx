// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { PropertyTime, propertyTimeText } from './PropertyTime';

describe("a time in the property's zone", () => {
  it('names the zone, and follows its daylight saving time', () => {
    expect(propertyTimeText('2026-11-05T18:00:00Z', 'America/Denver', 'en')).toBe('Nov 5, 2026, 11:00 AM MST');
    expect(propertyTimeText('2026-07-05T18:00:00Z', 'America/Denver', 'en')).toBe('Jul 5, 2026, 12:00 PM MDT');
    expect(propertyTimeText('2026-07-05T18:00:00Z', 'America/Phoenix', 'en')).toBe('Jul 5, 2026, 11:00 AM MST');
  });

  it('says the seconds when asked, in the language given', () => {
    expect(propertyTimeText('2026-11-05T18:00:07Z', 'Europe/Berlin', 'de', { seconds: true })).toBe(
      '5. Nov. 2026, 19:00:07 MEZ',
    );
  });

  it('shows the instant as a time element, and none as dashes', () => {
    const { container } = renderWithApp(
      <>
        <PropertyTime iso="2026-11-05T18:00:00Z" timeZone="America/Denver" />
        <span data-testid="none">
          <PropertyTime iso={null} timeZone="America/Denver" />
        </span>
      </>,
    );
    const time = container.querySelector('time')!;
    expect(time.getAttribute('dateTime')).toBe('2026-11-05T18:00:00Z');
    expect(time.textContent).toBe('Nov 5, 2026, 11:00 AM MST');
    expect(screen.getByTestId('none').textContent).toBe('-----');
  });
});
