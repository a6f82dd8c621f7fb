import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, LANGUAGES, type SystemAlert } from '@portal/contract';
import { systemAlert } from '../../test/fixtures';
import { AlertText } from './alertText';

const catalogues = import.meta.glob<object>('../../i18n/locales/*.json', { eager: true, import: 'default' });

async function rendered(language: string, alert: SystemAlert): Promise<string> {
  const i18n = i18next.createInstance().use(initReactI18next);
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: catalogues[`../../i18n/locales/${language}.json`]! } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AlertText alert={alert} language={language} />
    </I18nextProvider>,
  );
}

describe('system alert texts', () => {
  it("say what happened, the meter in bold, the time in the property's time zone", async () => {
    expect(await rendered('en', systemAlert({}))).toBe(
      '<b>Meter E000001</b> at Pine Lake / A-12 has not reported since Nov 10, 2026, 8:30 AM MST.',
    );
  });

  it('keep what users typed as text: markup in a name stays characters', async () => {
    const html = await rendered(
      'en',
      systemAlert({ params: { meter: 'E1', site: '<img src=x onerror=alert(1)>', location: 'l', since: null } }),
    );
    expect(html).toBe('<b>Meter E1</b> at &lt;img src=x onerror=alert(1)&gt; / l has not reported since —.');
  });

  it('say why a meter’s messages were refused in words', async () => {
    const html = await rendered(
      'en',
      systemAlert({
        kind: 'readingRefused',
        params: {
          meter: 'E1',
          site: 'S',
          location: 'L',
          count: 3,
          since: '2026-11-10T15:30:00Z',
          reason: 'clockAhead',
        },
      }),
    );
    expect(html).toBe(
      '<b>Meter E1</b> at S / L sent 3 messages that were refused since Nov 10, 2026, 8:30 AM MST (meter clock ahead of the server).',
    );
  });

  it.each([...LANGUAGES])('have a text for every kind in %s, with every name in it', async (language) => {
    for (const kind of ALERT_KINDS) {
      const params = {
        meter: 'M-7',
        site: 'S-7',
        location: 'L-7',
        since: null,
        total: 1,
        at: null,
        reference: 2,
        usage: 3,
        unit: 'kWh',
        hours: 24,
        day: '2026-11-25',
        multiple: 3,
        median: 4,
        command: 'ON',
        code: 5,
        count: 6,
        reason: 'malformed',
        dropped: 7_071,
        rise: 8,
        url: 'https://pms.example.com/hooks',
      };
      const html = await rendered(language, systemAlert({ kind, params }));
      if (kind === 'brokerDropped') {
        // of no meter nor property: the broker, and how many messages it dropped
        expect(html, kind).toMatch(/<b>[^<]*MQTT[^<]*<\/b>/);
        expect(html, kind).toMatch(/7[,.\s\u202f]?071/);
      } else if (kind === 'webhookDisabled') {
        // of a property, of no meter: the endpoint, and the property
        expect(html, kind).toMatch(/<b>[^<]*https:\/\/pms\.example\.com\/hooks[^<]*<\/b>/);
        expect(html, kind).toContain('S-7');
      } else {
        expect(html, kind).toMatch(/<b>[^<]*M-7[^<]*<\/b>/);
        expect(html, kind).toContain('S-7');
      }
      expect(html, kind).not.toMatch(/\{\{|msg\./);
    }
  });
});
