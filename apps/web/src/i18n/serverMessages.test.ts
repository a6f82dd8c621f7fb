import i18next from 'i18next';
import { z } from 'zod';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { errorMessage, serverText } from './messages';
import { send } from '../lib/api';
import { ApiError } from '../lib/apiError';

/** A call as the table has it; fetch is replaced, so any path does. */
const route = (method: 'GET' | 'POST' | 'DELETE', name: string) =>
  ({ method, path: `/api/${name}`, key: ['test', name] }) as const;

/** The server's envelope as the web app's client reads it, and the text the user is shown. */
const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({
    resources: { en: { translation: en }, de: { translation: de }, fr: { translation: fr } },
    lng: 'de',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  }),
);
afterEach(() => vi.unstubAllGlobals());

function answering(status: number, envelope: object) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(envelope), { status }));
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const failure = {
  success: false,
  result: { code: 'notFound' },
  message: 'The requested location is not found',
  messageCode: 'requestedNotFound',
  messageParams: { name: 'Stellplatz' },
  statusCode: 404,
  exceptionMessage: null,
};

describe('a failed call', () => {
  it('carries the message code and parameters of the envelope, shown from the catalogue', async () => {
    answering(404, failure);
    const error = await failureOf(send(route('GET', 'DeleteLocation'), { anonymous: true }, z.null()));
    expect(error).toMatchObject({ status: 404, code: 'notFound', messageCode: 'requestedNotFound' });
    expect(error.params).toEqual({ name: 'Stellplatz' });
    expect(errorMessage(i18n.t, error)).toBe('Stellplatz wurde nicht gefunden');
  });

  it('keeps the field errors with their codes', async () => {
    const field = { field: 'legalName', code: 'provideBusinessName', message: 'Please provide Business Entity Name' };
    answering(400, {
      ...failure,
      result: { code: 'invalid', errors: [field] },
      message: field.message,
      messageCode: field.code,
      messageParams: {},
      statusCode: 400,
    });
    const error = await failureOf(
      send(route('POST', 'Business/CreateBusEntity'), { body: {}, anonymous: true }, z.null()),
    );
    expect(error).toMatchObject({ status: 400, code: 'invalid', messageCode: 'provideBusinessName', fields: [field] });
    expect(errorMessage(i18n.t, error)).toBe(de.msg.provideBusinessName);
  });

  it('never reads the code from the English text: without a code the text is shown as it came', async () => {
    answering(429, { ...failure, message: en.msg.tooManyAttempts, messageCode: undefined, messageParams: undefined });
    const error = await failureOf(send(route('GET', 'Anything'), { anonymous: true }, z.null()));
    expect(error.messageCode).toBeNull();
    expect(errorMessage(i18n.t, error)).toBe(en.msg.tooManyAttempts);
  });

  it('shows the text of a code this build does not know', async () => {
    answering(409, { ...failure, message: 'Something new', messageCode: 'somethingNew' });
    const error = await failureOf(send(route('GET', 'Anything'), { anonymous: true }, z.null()));
    expect(errorMessage(i18n.t, error)).toBe('Something new');
  });

  it('names a catalogue code for an answer that is no envelope', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502 }));
    const error = await failureOf(send(route('GET', 'Anything'), { anonymous: true }, z.null()));
    expect(error).toMatchObject({ status: 502, messageCode: 'serverError' });
    expect(errorMessage(i18n.t, error)).toBe(de.msg.serverError);
  });
});

describe('a success with a message', () => {
  it('is shown by its code and parameters in the user’s language', async () => {
    answering(200, {
      success: true,
      result: null,
      message: 'Location deleted successfully',
      messageCode: 'locationActionDone',
      messageParams: { action: 'supprimer' },
      statusCode: 200,
      exceptionMessage: null,
    });
    const answer = await send(route('DELETE', 'DeleteLocationWithSetting'), { anonymous: true }, z.null());
    expect(answer.message).toEqual({
      code: 'locationActionDone',
      params: { action: 'supprimer' },
      text: 'Location deleted successfully',
    });
    await i18n.changeLanguage('fr');
    expect(serverText(i18n.t, answer.message, 'serverError')).toBe(
      "Action « supprimer » effectuée avec succès sur l'emplacement",
    );
    await i18n.changeLanguage('de');
  });

  it('without a message, the fallback from the catalogue', async () => {
    answering(200, { success: true, result: null, message: null, statusCode: 200, exceptionMessage: null });
    const answer = await send(route('GET', 'Anything'), { anonymous: true }, z.null());
    expect(answer.message).toBeNull();
    expect(serverText(i18n.t, answer.message, 'passwordChanged')).toBe(de.msg.passwordChanged);
  });
});
