import { Country } from '@portal/contract';

const ZIP_MAX = 20;
const POSTAL_PATTERN = [/[A-Z]/, /\d/, /[A-Z]/, /\d/, /[A-Z]/, /\d/];

/**
 * What a zip field holds after a keystroke. Country 236 follows the mask 99999-9999 (the
 * hyphen comes by itself after the fifth digit; a typed one is kept until blur trims it),
 * country 40 a Canadian postal code A1A 1A1 (upper case, the separator a space or a hyphen
 * or none), any other country free text.
 */
export function maskZip(countryId: number | null | undefined, raw: string): string {
  if (countryId === Country.UnitedStates) return maskUsZip(raw);
  if (countryId === Country.Canada) return maskPostalCode(raw);
  return raw.slice(0, ZIP_MAX);
}

function maskUsZip(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 9);
  if (digits.length > 5) return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  return digits.length === 5 && /-\s*$/.test(raw) ? `${digits}-` : digits;
}

function maskPostalCode(raw: string): string {
  let out = '';
  let count = 0;
  let separated = false;
  for (const char of raw.toUpperCase()) {
    if (count === 3 && !separated && (char === ' ' || char === '-')) {
      out += char;
      separated = true;
    } else if (count < POSTAL_PATTERN.length && POSTAL_PATTERN[count]!.test(char)) {
      out += char;
      count += 1;
    }
  }
  return out;
}
