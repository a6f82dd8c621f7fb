import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';

/**
 * A form shows every field's error at once: a rule across fields (an object's or a list's
 * refinement) runs beside the other fields' problems, not only once every field parses.
 */

type Found = { where: string; when: boolean };

/** Every refinement of an object or a list reachable from a schema, and whether it says when it runs. */
function containerRules(schema: z.ZodType, where: string, seen: Set<unknown>, out: Found[]): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string; checks?: z.core.$ZodCheck[] };
  if (def.type === 'object' || def.type === 'array') {
    for (const check of def.checks ?? []) {
      const d = check._zod.def as { check: string; when?: unknown };
      if (d.check === 'custom') out.push({ where, when: d.when !== undefined });
    }
  }
  const shape = (def.shape ?? {}) as Record<string, z.ZodType>;
  for (const [name, field] of Object.entries(shape)) containerRules(field, `${where}.${name}`, seen, out);
  for (const key of ['element', 'innerType', 'in', 'out', 'keyType', 'valueType', 'left', 'right']) {
    if (def[key] instanceof z.ZodType) containerRules(def[key], `${where}<${key}>`, seen, out);
  }
  for (const option of (def.options ?? []) as z.ZodType[]) containerRules(option, `${where}|`, seen, out);
}

/** The contract's exported schemas, those of the route table's calls, and the schemas made by a function. */
function everySchema(): Array<[string, z.ZodType]> {
  const found: Array<[string, z.ZodType]> = [];
  const visit = (value: unknown, where: string) => {
    if (value instanceof z.ZodType) found.push([where, value]);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, `${where}.${k}`);
  };
  for (const [name, value] of Object.entries(contract)) {
    if (value instanceof z.ZodType) found.push([name, value]);
  }
  visit(contract.api, 'api');
  found.push(['userAccountForm(admin)', contract.userAccountForm({ businessRequired: true })]);
  found.push(['userAccountForm(owner)', contract.userAccountForm({ businessRequired: false })]);
  return found;
}

const issues = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('rules across fields', () => {
  it('every refinement of an object or a list says when it runs (whenValid), so a type error elsewhere does not hide it', () => {
    const seen = new Set<unknown>();
    const rules: Found[] = [];
    for (const [where, schema] of everySchema()) containerRules(schema, where, seen, rules);
    expect(rules.length).toBeGreaterThan(10);
    expect(rules.filter((r) => !r.when).map((r) => r.where)).toEqual([]);
  });

  const user = {
    roleID: null,
    busEntityID: null,
    siteIDs: [],
    firstName: 'Ann',
    middleName: '',
    lastName: 'Lee',
    email: 'ann@example.com',
    cellPhone: '',
    businessPhone: '',
    businessExt: '',
    active: true,
  };

  it.each([
    {
      form: 'registration, the terms not ticked',
      schema: contract.registrationForm,
      input: {
        email: 'a@example.com',
        fullname: 'A',
        username: 'abc',
        password: 'Abcdef#12345',
        cpassword: 'other',
        acceptTerms: false,
      },
      others: ['acceptTerms'],
      rule: 'cpassword: passwordsDontMatch',
    },
    {
      form: 'set password, the password too weak',
      schema: contract.setPasswordForm,
      input: { password: 'weak', confirmPassword: 'other' },
      others: ['password'],
      rule: 'confirmPassword: confirmPasswordMatch',
    },
    {
      form: 'guest, a name too long and no phone',
      schema: contract.guestInput,
      input: { firstName: 'S'.repeat(61) },
      others: ['firstName'],
      rule: 'mobileNumber: phoneRequired',
    },
    {
      form: 'change password, the current one missing',
      schema: contract.changePasswordForm,
      input: { newPassword: 'Abcdef#12345', confirmPassword: 'other' },
      others: ['currentPassword'],
      rule: 'confirmPassword: confirmPasswordMatch',
    },
    {
      form: 'user, a Site Manager without properties, the active switch not a boolean',
      schema: contract.userAccountForm({ businessRequired: false }),
      input: { ...user, roleID: contract.Role.SiteManager, active: 'yes' },
      others: ['active'],
      rule: 'siteIDs: selectProperties',
    },
    {
      form: 'user request, a Site Manager without properties, no contact',
      schema: contract.createUserAccountRequest,
      input: { roles: [{ roleID: contract.Role.SiteManager }] },
      others: ['contact'],
      rule: 'siteIDs: selectProperties',
    },
    {
      form: 'guest, a name but no phone, the guest id not a number',
      schema: contract.guestInput,
      input: { guestID: 'x', firstName: 'Sam' },
      others: ['guestID'],
      rule: 'mobileNumber: phoneRequired',
    },
    {
      form: 'tariff, blocks out of order, a block without its rate',
      schema: contract.tariffVersionRequest,
      input: {
        siteID: 1,
        electricRate: '0.2',
        waterRate: '0.01',
        electricBlocks: [
          { upToKwh: '10', rate: '0.1' },
          { upToKwh: '5', rate: null },
        ],
      },
      others: ['electricBlocks.1.rate'],
      rule: 'electricBlocks: blocksAscending',
    },
    {
      form: 'manual reading, both totals, no device key',
      schema: contract.manualReadingRequest,
      input: { kwHTotal: 1, totalGallons: 2 },
      others: ['deviceKey'],
      rule: 'kwHTotal: invalidValue',
    },
  ])('$form: the rule is reported beside the other problems', ({ schema, input, others, rule }) => {
    const found = issues(schema, input);
    expect(found).toContain(rule);
    expect(found.map((i) => i.split(':')[0]).sort()).toEqual([...others, rule.split(':')[0]].sort());
  });
});
