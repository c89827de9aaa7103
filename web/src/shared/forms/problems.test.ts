import { COMPANY_NAME_MAX_LENGTH } from '@fleetport/contracts/companies';
import { textSchema } from '@fleetport/contracts/fields';
import { newTagSchema } from '@fleetport/contracts/tags';
import { EMAIL_MAX_LENGTH, emailSchema, inviteUserSchema } from '@fleetport/contracts/users';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { initI18n } from '../lib/i18n.ts';
import { contractErrors, problemOfIssue, withContractLimits } from './contract.ts';
import type { FieldSchema } from './field-schema.ts';
import { type Problem, problemMessage } from './problems.ts';
import { buildFormSchema } from './zod-schema.ts';

beforeAll(() => {
  if (!i18next.isInitialized) initI18n(['en']);
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

/** The engine problem of the first issue `schema` finds in `value`. */
function problemOf(schema: z.ZodType, value: unknown): Problem {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected an issue');
  return problemOfIssue(result.error.issues[0] as z.core.$ZodIssue);
}

/** The message of the contract's first issue on `field`, in the current language. */
const messageOn = (
  contract: z.ZodType,
  values: Record<string, unknown>,
  field: string,
  fields: FieldSchema[] = [],
) => contractErrors(contract, values, fields).find((error) => error.field === field)?.message;

/** Every rule a form checks, one problem each. */
const RULES: Problem[] = [
  { kind: 'required' },
  { kind: 'number' },
  { kind: 'integer' },
  { kind: 'email' },
  { kind: 'url' },
  { kind: 'choice' },
  { kind: 'controlCharacters' },
  { kind: 'unicode' },
  { kind: 'invalid' },
  { kind: 'pattern' },
  { kind: 'minLength', limit: 3 },
  { kind: 'maxLength', limit: 254 },
  { kind: 'min', limit: 1 },
  { kind: 'max', limit: 9 },
  { kind: 'step', limit: 0.01 },
  { kind: 'minItems', limit: 2 },
  { kind: 'maxItems', limit: 5 },
  { kind: 'fileSize', limit: 83_886_080 },
  { kind: 'fileName' },
];

describe('validation messages: each rule its own message (issue 30)', () => {
  it.each(['en', 'ja'])('in %s, no two rules share a message, and each names its limit', async (language) => {
    await i18next.changeLanguage(language);
    const messages = RULES.map((problem) => problemMessage(problem));
    expect(new Set(messages).size).toBe(RULES.length);
    expect(problemMessage({ kind: 'maxLength', limit: 254 })).toContain('254');
    expect(problemMessage({ kind: 'minItems', limit: 2 })).toContain('2');
  });

  it('an e-mail address: a missing @, a script tag and 300 characters are three different messages', () => {
    const missingAt = messageOn(
      inviteUserSchema,
      { company_id: 1, role: 2, email: 'name.example.com' },
      'email',
    );
    const script = messageOn(
      inviteUserSchema,
      { company_id: 1, role: 2, email: '<script>alert(1)</script>' },
      'email',
    );
    const long = messageOn(
      inviteUserSchema,
      { company_id: 1, role: 2, email: `${'a'.repeat(300)}@example.com` },
      'email',
    );
    expect(missingAt).toBe('Enter an address like name@example.com');
    expect(script).toBe('Enter an address like name@example.com');
    expect(long).toBe(`Enter at most ${EMAIL_MAX_LENGTH} characters`);
    expect(messageOn(inviteUserSchema, { company_id: 1, role: 2, email: '' }, 'email')).toBe(
      'This field is required',
    );
  });

  it('the same rules in Japanese', async () => {
    await i18next.changeLanguage('ja');
    expect(messageOn(inviteUserSchema, { company_id: 1, role: 2, email: 'x' }, 'email')).toBe(
      'name@example.com のような形式でメールアドレスを入力してください',
    );
    expect(
      messageOn(inviteUserSchema, { company_id: 1, role: 2, email: `${'a'.repeat(300)}@x.jp` }, 'email'),
    ).toBe(`${EMAIL_MAX_LENGTH}文字以内で入力してください`);
    expect(messageOn(inviteUserSchema, { company_id: 1, role: 2, email: '' }, 'email')).toBe(
      'この項目は必須です',
    );
    expect(problemMessage({ kind: 'integer' })).toBe('整数を入力してください');
  });

  it('maps each zod issue kind to its rule', () => {
    expect(problemOf(emailSchema, 'nobody')).toEqual({ kind: 'email' });
    expect(problemOf(z.url(), 'not a url')).toEqual({ kind: 'url' });
    expect(problemOf(z.string().regex(/^[a-z]+$/), 'A1')).toEqual({ kind: 'pattern' });
    expect(problemOf(z.string().max(5), 'too long')).toEqual({ kind: 'maxLength', limit: 5 });
    expect(problemOf(z.string().min(3), 'ab')).toEqual({ kind: 'minLength', limit: 3 });
    expect(problemOf(z.string().min(1), '')).toEqual({ kind: 'required' });
    expect(problemOf(z.number().min(1), 0)).toEqual({ kind: 'min', limit: 1 });
    expect(problemOf(z.number().max(9), 10)).toEqual({ kind: 'max', limit: 9 });
    expect(problemOf(z.number().int(), 1.5)).toEqual({ kind: 'integer' });
    expect(problemOf(z.number(), 'x')).toEqual({ kind: 'number' });
    expect(problemOf(z.number(), undefined)).toEqual({ kind: 'required' });
    expect(problemOf(z.number().multipleOf(0.01), 0.001)).toEqual({ kind: 'step', limit: 0.01 });
    expect(problemOf(z.enum(['company', 'subtree']), 'all')).toEqual({ kind: 'choice' });
    expect(problemOf(z.enum(['company', 'subtree']), undefined)).toEqual({ kind: 'required' });
    expect(problemOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toEqual({ kind: 'maxItems', limit: 2 });
    expect(problemOf(z.array(z.string()).min(2), ['a'])).toEqual({ kind: 'minItems', limit: 2 });
    expect(problemOf(textSchema(), 'tab\there')).toEqual({ kind: 'controlCharacters' });
    expect(problemOf(textSchema(), 'half \ud800 pair')).toEqual({ kind: 'unicode' });
    expect(
      problemOf(
        z.string().refine((text) => text !== 'no'),
        'no',
      ),
    ).toEqual({ kind: 'invalid' });
  });

  it("a union says what its first alternative asks: a tag's colour", () => {
    expect(messageOn(newTagSchema, { company_id: 1, name: 'Tag', color: 'red' }, 'color')).toBe(
      'The value does not match the required format',
    );
    expect(
      messageOn(newTagSchema, { company_id: 1, name: 'Tag', color: 'red' }, 'color', [
        { key: 'color', type: 'color' },
      ]),
    ).toBe('Enter a colour like #1a73e8');
  });

  it("a field's own pattern message words its pattern, from its rules and from the contract", () => {
    const serial: FieldSchema = { key: 'serial', pattern: '[A-Z0-9]{6,20}', patternMessage: 'Six to twenty' };
    const result = buildFormSchema([serial]).safeParse({ serial: 'ab' });
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe('Six to twenty');
    const contract = z.object({ serial: z.string().regex(/^[A-Z0-9]{6,20}$/) });
    expect(messageOn(contract, { serial: 'ab' }, 'serial', [serial])).toBe('Six to twenty');
    expect(messageOn(contract, { serial: 'ab' }, 'serial')).toBe(
      'The value does not match the required format',
    );
  });

  it('a number field stepping by whole numbers asks for a whole number', () => {
    const count: FieldSchema = { key: 'count', type: 'number', min: 1, step: 1 };
    const result = buildFormSchema([count]).safeParse({ count: '1.5' });
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe('Enter a whole number');
  });
});

describe('limits from the contract (one constant for the API and the form)', () => {
  it("gives each text field the contract's maximum length unless the field states one", () => {
    const contract = z.object({
      name: textSchema().min(3).max(COMPANY_NAME_MAX_LENGTH),
      email: emailSchema.optional(),
      note: z.string().max(10).nullish(),
      company_id: z.number(),
    });
    const fields = withContractLimits(
      [
        { key: 'name' },
        { key: 'email' },
        { key: 'note', type: 'textarea', maxlength: 5 },
        { key: 'company_id', component: 'ItemSelect', options: [] },
      ],
      contract,
    );
    expect(fields.map((field) => field.maxlength)).toEqual([
      COMPANY_NAME_MAX_LENGTH,
      EMAIL_MAX_LENGTH,
      5,
      undefined,
    ]);
    expect(withContractLimits([{ key: 'name' }], z.custom())).toEqual([{ key: 'name' }]);
  });
});
